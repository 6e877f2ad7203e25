t = (1, 2, 3)
print(t, t[0], t[-1], t[1:], len(t), (1,), (), 2 in t)
a, b, c = t
print(a, b, c)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = "abc"
print(init, last)
(x, y), z = (1, 2), 3
print(x, y, z)
a, b = b, a
print(a, b)
print(t + (4,), t * 2, t.index(2), t.count(1), tuple([1, 2]), (1, 2) < (1, 3))
s = {3, 1, 2}
s.add(4)
s.discard(1)
print(len(s), 2 in s, 1 in s, sorted(s))
print(sorted({1, 2} | {3}), sorted({1, 2} & {2, 3}), sorted({1, 2} - {2}), set())
print(sorted(set([1, 1, 2, 2, 3])), {1, 2} == {2, 1}, {1} < {1, 2})
print(sorted({x % 3 for x in range(10)}))
