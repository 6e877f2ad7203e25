a = [3, 1, 2]
a.append(5)
a.extend([7, 6])
a.insert(0, 9)
print(a, len(a), a.index(5), a.count(1))
print(a.pop(), a.pop(0), a)
a.sort()
print(a)
a.sort(reverse=True)
print(a)
a.reverse()
print(a)
words = ["banana", "Apple", "cherry", "date"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len, reverse=True))
print(a[1:3], a[::-1], a[-2:], a[:-1])
a[0] = 100
a[1:3] = [20, 30, 40]
print(a)
del a[0]
del a[-1]
print(a)
b = a
b += [1]
print(a is b, a)
print([1, 2] + [3], [0] * 3, [[1, 2], [3]], [] == [], [1, 2] < [1, 3])
nested = [[1, 2], [3, 4]]
nested[1][0] = 99
print(nested)
a.remove(40)
print(a, 20 in a, 5 not in a)
c = a.copy()
c.clear()
print(c, a)
print(list(range(5)), list(range(2, 10, 3)), list(range(5, 0, -1)), list("abc"))
x = [1, 2, 3]
print(x * 2, min(x), max(x), sum(x), any(x), all([1, 0]), any([]), all([]))
s = [5, 2, 8]
print(sorted(s), s)
print([1, [2, [3, [4]]]])
l = [1]
l.append(l)
print(l)
