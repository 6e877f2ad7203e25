values = [1, 2, 0]
for v in values:
    print(10 / v)
