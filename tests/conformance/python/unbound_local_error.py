total = 0
def add(v):
    total += v
add(1)
