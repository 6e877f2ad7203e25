print(type(1), type(1.0), type("s"), type([]), type({}), type(()), type(None), type(True), type(range(1)))
print(isinstance(True, int), isinstance(1, (str, float)), isinstance(1.0, float))
print(len([1, 2]), len("abc"), len({1: 2}), len(range(10)), len(range(0, 10, 3)))
print(sorted([3, 1, 2], reverse=True), list(reversed([1, 2, 3])), list(reversed("abc")))
print(min("b", "a", "c"), max([1, 5, 3], key=lambda v: -v), min([], default=None), max(1, 2, key=None))
print(bool(0), bool(""), bool([]), bool([0]), bool(None), bool(0.0), bool("False"))
print(repr(1.5), repr("x"), repr([1, "2"]), repr(None), repr((1,)))
print(list(enumerate(["a", "b"])), list(zip([1, 2], [3, 4], [5, 6])))
print(round(3.14159, 3), round(-0.5), round(0.5), round(1.5))
print(abs(-0.0), int(True), float(False), str(3.0), int("  12  "))
print(range(5), range(1, 5), range(1, 10, 2), range(10)[2], range(10)[::2], 5 in range(10))
it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, "done"))
print(hasattr([], "append"), callable(print), callable(len), callable(1))
print(list(map(str, [1, 2])), list(map(lambda a, b: a + b, [1, 2], [10, 20])))
print(divmod(-7, 2), pow(3, 4), pow(-2, 3), 10 ** -2)
print(str.upper("abc"), "".join(sorted("hello")))
x = 5
x -= 2
x *= 3
x //= 2
x **= 2
x %= 7
print(x)
y = 10.0
y /= 4
print(y)
print(print)
print(len)
print(int, str, Exception, ValueError)
print(slice(1, 2), slice(None, 5, 2))
print(format(3.14159, ".2f"), format(42, "05d"), format("x", ">3"))
print(None is None, x is not None, [] is [])
print(id(x) == id(x))
print(NotImplemented, Ellipsis, ...)
