try:
    [].pop()
except IndexError:
    print("handling")
    raise
