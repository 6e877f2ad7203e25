for i in range(10):
    if i == 2:
        continue
    if i == 5:
        break
    print(i, end=" ")
print()
for i in range(3):
    pass
else:
    print("for-else ran", i)
for i in range(3):
    if i == 1:
        break
else:
    print("not printed")
n = 0
while n < 5:
    n += 1
    if n == 3:
        continue
    print("n =", n)
else:
    print("while-else")
while True:
    n -= 1
    if n < 0:
        break
print("after loop", n)
x = 15
if x < 10:
    print("small")
elif x < 20:
    print("medium")
else:
    print("large")
print("yes" if x > 10 else "no")
print(1 and 2, 0 and 2, 1 or 2, 0 or "", None or "default", not 0, not [1])
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 == 2)
for i, ch in enumerate("abc", start=1):
    print(i, ch)
for a, b in zip([1, 2, 3], "xy"):
    print(a, b)
for k in {"one": 1, "two": 2}:
    print(k)
total = 0
for i in range(100):
    for j in range(100):
        if j > i:
            break
        total += j
print(total)
