class A:
    def who(self):
        return "A"

class B(A):
    def who(self):
        return "B>" + super().who()

class C(A):
    def who(self):
        return "C>" + super().who()

class D(B, C):
    def who(self):
        return "D>" + super().who()

print(D().who(), [k.__name__ for k in D.__mro__])

class Lazy:
    def __init__(self):
        self.real = 1

    def __getattr__(self, name):
        return f"computed {name}"

l = Lazy()
print(l.real, l.anything)

class Logged:
    def __setattr__(self, name, value):
        print("set", name, value)
        object.__setattr__(self, name, value)

lg = Logged()
lg.x = 5
print(lg.x)

class Shape:
    sides = 0

    def describe(self):
        return f"{type(self).__name__} with {self.sides} sides"

class Triangle(Shape):
    sides = 3

class Square(Shape):
    sides = 4

for s in [Triangle(), Square(), Shape()]:
    print(s.describe())
Triangle.sides = 30
print(Triangle().sides, Shape.sides)

class MyError(ValueError):
    pass

class DetailedError(MyError):
    def __str__(self):
        return "detailed: " + str(self.args[0])

try:
    raise DetailedError("oops")
except ValueError as e:
    print(type(e).__name__, e, isinstance(e, MyError))

class Stack:
    def __init__(self):
        self._items = []

    def push(self, x):
        self._items.append(x)

    def __len__(self):
        return len(self._items)

    def __contains__(self, x):
        return x in self._items

    def __iter__(self):
        return iter(reversed(self._items))

    def __repr__(self):
        return f"Stack({self._items})"

st = Stack()
for i in range(3):
    st.push(i)
print(st, len(st), 1 in st, 5 in st, list(st), bool(Stack()))

class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __lt__(self, other):
        return (self.x, self.y) < (other.x, other.y)

    def __repr__(self):
        return f"P({self.x},{self.y})"

pts = [Point(2, 1), Point(1, 5), Point(1, 2)]
print(sorted(pts), Point(1, 1) == Point(1, 1), max(pts))
print(Point(0, 0) > Point(-1, 0))

class WithClassAttr:
    registry = []

    def __init__(self):
        WithClassAttr.registry.append(self)

WithClassAttr()
WithClassAttr()
print(len(WithClassAttr.registry))
print(Point.__name__, Point.__qualname__)
class Outer:
    class Inner:
        pass
print(Outer.Inner.__qualname__, Outer.Inner().__class__.__name__)
