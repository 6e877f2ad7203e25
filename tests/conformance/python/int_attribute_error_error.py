x = 5
x.foo()
