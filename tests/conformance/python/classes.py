class Animal:
    kingdom = "animalia"
    count = 0

    def __init__(self, name, sound="..."):
        self.name = name
        self.sound = sound
        Animal.count += 1

    def speak(self):
        return f"{self.name} says {self.sound}"

    def __repr__(self):
        return f"Animal({self.name!r})"


class Dog(Animal):
    def __init__(self, name):
        super().__init__(name, "woof")
        self.tricks = []

    def speak(self):
        return super().speak() + "!"

    def add_trick(self, trick):
        self.tricks.append(trick)
        return self


a = Animal("cat", "meow")
d = Dog("rex")
print(a.speak(), d.speak(), Animal.count, d.kingdom)
print(d.add_trick("sit").add_trick("roll").tricks)
print(a, repr(d), str(d), [a, d])
print(isinstance(d, Animal), isinstance(a, Dog), issubclass(Dog, Animal), type(d).__name__)
print(isinstance(d, (int, Dog)), type(a) is Animal, Dog.__mro__ == (Dog, Animal, object))
print(hasattr(d, "tricks"), hasattr(d, "nope"), getattr(d, "name"), getattr(d, "x", "default"))
setattr(d, "age", 3)
print(d.age, d.__dict__ == {"name": "rex", "sound": "woof", "tricks": ["sit", "roll"], "age": 3})


class Vector:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    def __mul__(self, k):
        return Vector(self.x * k, self.y * k)

    def __rmul__(self, k):
        return self * k

    def __eq__(self, other):
        return isinstance(other, Vector) and (self.x, self.y) == (other.x, other.y)

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return (self.x, self.y)[i]

    def __str__(self):
        return f"<{self.x}, {self.y}>"

    def __neg__(self):
        return Vector(-self.x, -self.y)

    def __iadd__(self, other):
        self.x += other.x
        self.y += other.y
        return self


v = Vector(1, 2) + Vector(3, 4)
print(v, v * 2, 3 * v, -v, len(v), v[0], list(v), v == Vector(4, 6), v != Vector(0, 0))
w = v
v += Vector(1, 1)
print(v, w is v)


class Counter:
    def __init__(self):
        self.n = 0

    def __call__(self, step=1):
        self.n += step
        return self.n

    def __bool__(self):
        return self.n > 0


c = Counter()
print(bool(c), c(), c(5), bool(c))


class Temperature:
    def __init__(self, c):
        self._c = c

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @fahrenheit.setter
    def fahrenheit(self, f):
        self._c = (f - 32) * 5 / 9


t = Temperature(100)
print(t.fahrenheit)
t.fahrenheit = 32
print(t._c)


class Base:
    def hello(self):
        return "base " + self.kind()

    def kind(self):
        return "Base"


class Derived(Base):
    def kind(self):
        return "Derived"


print(Derived().hello(), Base().hello())


class Node:
    def __init__(self, value, children=None):
        self.value = value
        self.children = children or []

    def __iter__(self):
        yield_list = [self.value]
        for child in self.children:
            yield_list.extend(list(child))
        return iter(yield_list)


tree = Node(1, [Node(2, [Node(3)]), Node(4)])
print(list(tree), sum(tree))
print(Animal.speak(a), Animal.kingdom)
