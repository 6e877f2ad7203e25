# Float formatting with a long precision read past a fixed 512/4096-byte buffer
# (garbage or missing digits), round() parsed an unterminated buffer, and '*'
# widths were truncated to int and never bounded.
# expect: 5002 000 3006 5302
# expect: True
# expect: '1   |' '1   |'
# expect: MemoryError string too large
# expect: 2000
print(len(f'{1.0:.5000f}'), f'{1.0:.5000f}'[-3:], len(f'{1.5:.3000e}'), len('%.5000f' % 1e300))
print(round(1e308, 100) == 1e308)
print(repr('%*d|' % (-4, 1)), repr('%-4d|' % 1))
for make in [lambda: '%*d' % (10**15, 1), lambda: 'a'.center(10**15), lambda: 'a'.zfill(10**15)]:
    try:
        make()
    except MemoryError as e:
        print('MemoryError', e)
print(len('a'.ljust(2000)))
