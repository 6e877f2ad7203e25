# Hostile: Unbounded recursion ends in RecursionError.
# expect-exit: 1
# expect: RecursionError: maximum recursion depth exceeded
def f(n):
    return f(n + 1)
f(0)
