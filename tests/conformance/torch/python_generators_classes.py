# Real Python: generators, yield from, classes with super(), __del__, global and nonlocal.
import torch


def powers(t, n):
    for i in range(n):
        yield t ** i


def twice(t):
    yield from powers(t, 2)
    yield from powers(t * 2, 2)


x = torch.tensor(3.0, requires_grad=True)
terms = list(twice(x))
print(terms)
sum(terms).backward()
print(x.grad)


class Base:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, t):
        return t * self.scale


class Shifted(Base):
    def __init__(self, scale, shift):
        super().__init__(scale)
        self.shift = shift

    def __call__(self, t):
        return super().__call__(t) + self.shift

    def __del__(self):
        print("Shifted freed")


f = Shifted(2.0, 1.0)
print(f(torch.tensor([1.0, 2.0])))
del f

counter = 0


def bump():
    global counter
    counter += 1


def make_acc():
    total = 0

    def add(v):
        nonlocal total
        total += v
        return total

    return add


bump()
bump()
acc = make_acc()
acc(1)
print(counter, acc(2))
gen = (i * i for i in range(4))
print(next(gen), list(gen))
