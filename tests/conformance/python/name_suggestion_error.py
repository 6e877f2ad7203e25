# CPython 3.11 suggests a close name for an uncaught NameError: locals first, then globals.
counter = 0


def total(values):
    result = 0
    for value in values:
        result += value
    return reslt


try:
    print(countr)
except NameError as e:
    print(e)
print(total([1, 2]))
