print("before")
def f():
    return undefined_variable + 1
f()
