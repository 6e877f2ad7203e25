print('%*d|%-5s|%.*f|%x|%r' % (4, 7, 'ab', 3, 2.5, 255, [1]))
print(f'{3.14159:>10.3f}|{42:08b}|{"x":^7}|{1e300:.5e}|{-0.0}')
print(round(2.675, 2), round(1e308, 100), round(-7, -1), divmod(-7, 2), 7 // -2, -7 % 3)
print('abc'.center(9, '*'), 'x'.zfill(5), 'a,b,,c'.split(','), ' '.join(map(str, range(5))))
print(sorted([3, 1, 2], key=lambda v: -v), min([], default=0), max('hello'), sum([0.1] * 10))
print(int('ff', 16), float('1e-5'), str(10**18), hex(-1), abs(-2**63 + 1), 2**62 * 2 - 1)
d = {i: i * i for i in range(5)}
s = {x % 3 for x in range(10)}
print(d, s, list(zip('ab', [1, 2, 3])), list(enumerate('xy', 1)), [c for c in 'hey' if c != 'e'])
print('ab' * 3, [0] * 4, (1, 2) + (3,), 'a' in 'cat', 3 in d, isinstance(True, int))
a = list(range(10))
print(a[::-3], a[-2:], a[100:], a[2:8:2], 'hello'[::-1], a[slice(1, 4)])
del a[::2]
a[1:3] = [9, 9, 9]
print(a, len(a), a.index(9), a.count(9))
x, *rest = [1, 2, 3]
(p, q), r = (4, 5), 6
print(x, rest, p, q, r)
g = lambda *args, **kw: (args, kw)
print(g(1, 2, k=3), (lambda a, b=2: a + b)(1))
try:
    {}['missing']
except KeyError as e:
    print(repr(e))
finally:
    print('done')
assert 1 < 2 < 3, 'chain'
print(1 if None else 2, not [], [] or 'empty', 0 and 1)
