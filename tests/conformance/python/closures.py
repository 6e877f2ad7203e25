def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc

c = counter()
print(c(), c(), c())
c2 = counter()
print(c2(), c())

def make_adders():
    return [lambda x, i=i: x + i for i in range(3)]

print([f(10) for f in make_adders()])

def late_binding():
    fs = [lambda: i for i in range(3)]
    return [f() for f in fs]

print(late_binding())

x = "global"
def read_global():
    return x

def write_global():
    global x
    x = "changed"

print(read_global())
write_global()
print(x)

def outer():
    a = 1
    def middle():
        def inner():
            return a + 1
        return inner()
    a = 10
    return middle()

print(outer())

def shadow():
    x = "local"
    return x

print(shadow(), x)
def accumulate():
    items = []
    def add(v):
        items.append(v)
        return items
    return add
acc = accumulate()
acc(1)
print(acc(2))
