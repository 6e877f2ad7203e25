def level3(x):
    return x["key"]

def level2(x):
    return level3(x) + 1

def level1(x):
    return level2(x) * 2

print(level1({"key": 1}))
print(level1([1, 2]))
