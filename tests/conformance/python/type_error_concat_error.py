count = 3
print("count: " + count)
