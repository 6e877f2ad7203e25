def greet(name, greeting="Hello", *args, punct="!", **kwargs):
    return f"{greeting}, {name}{punct} {args} {sorted(kwargs.items())}"

print(greet("Ann"))
print(greet("Bob", "Hi", 1, 2, punct="?", x=1, y=2))
print(greet(greeting="Yo", name="Cy"))
args = ("Dee", "Hey")
kw = {"punct": "."}
print(greet(*args, **kw))

def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

print(fact(10), fact(20))

def fib():
    a, b = 0, 1
    out = []
    for _ in range(10):
        out.append(a)
        a, b = b, a + b
    return out

print(fib())
square = lambda x: x * x
add = lambda a, b=10: a + b
print(square(7), add(1), add(1, 2), (lambda: "no args")())
print(list(map(square, [1, 2, 3])), list(filter(lambda v: v % 2, range(6))))

def kwonly(a, *, b, c=3):
    return a + b + c

print(kwonly(1, b=2), kwonly(1, b=2, c=10))

def noreturn():
    pass

print(noreturn())
def multi():
    return 1, "two", [3]
a, b, c = multi()
print(a, b, c)
print(greet.__name__, callable(greet), callable(5))

def deco(fn):
    def wrapper(*a, **k):
        print("calling", fn.__name__)
        return fn(*a, **k)
    return wrapper

@deco
def hello(x):
    return x * 2

print(hello(21))

def repeat(n):
    def decorator(fn):
        def inner(*a):
            return [fn(*a) for _ in range(n)]
        return inner
    return decorator

@repeat(3)
def one():
    return 1

print(one())
def defaults_eval(x=[]):
    x.append(1)
    return x
print(defaults_eval(), defaults_eval())
