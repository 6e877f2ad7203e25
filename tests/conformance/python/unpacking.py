a, (b, c), d = 1, (2, 3), 4
print(a, b, c, d)
[x, y] = "hi"
print(x, y)
head, *middle, tail = range(6)
print(head, middle, tail)
*nothing, = []
print(nothing)
for i, (k, v) in enumerate({"a": 1, "b": 2}.items()):
    print(i, k, v)
p = q = r = 0
q = 5
print(p, q, r)
l = m = []
l.append(1)
print(m)
def pair():
    return 1, 2
one, two = pair()
print(one + two)
print(*[1, 2, 3])
print(*"abc", sep=",")
def f(a, b, c):
    return a * 100 + b * 10 + c
print(f(*[1, 2], 3), f(**{"a": 1, "b": 2, "c": 3}), f(1, *(2,), **{"c": 4}))
first, second = {"x": 1, "y": 2}
print(first, second)
print([*range(3), *"ab"], (*[1], 2), {**{"a": 1}, "b": 2})
