a = 1
b = [1, 2, 3, 4]
d = {"k": 1, "j": 2}
del a
del b[0], d["k"]
print(b, d)
try:
    print(a)
except NameError as e:
    print(e)

class Box:
    pass

box = Box()
box.x = 1
box.y = 2
del box.x
print(hasattr(box, "x"), box.y)

def f():
    try:
        print(v)
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    v = 1
    return v

f()
counter = 0
def bump():
    global counter
    counter += 1
bump()
bump()
print(counter)

def outer():
    value = "outer"
    def inner():
        nonlocal value
        value = "changed by inner"
    inner()
    return value
print(outer())
del b[1:]
print(b)
x = 10
def uses_global():
    return x * 2
print(uses_global())
