d = {"a": 1, "b": 2}
d["c"] = 3
print(d, len(d), d["a"], "a" in d, "z" in d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.get("a"), d.get("z"), d.get("z", 0))
print(d.pop("b"), d)
d.update({"x": 10}, y=20)
print(d)
print(d.setdefault("a", 5), d.setdefault("new", []), d)
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(f"{k}={v}", end=" ")
print()
del d["x"]
print(d)
e = dict(a=1, b=2)
f = dict([("k", "v"), ("k2", "v2")])
print(e, f, dict(), {})
print({1: "int", 1.0: "float", True: "bool"})
print({(1, 2): "tuple key"}[(1, 2)])
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print(sorted(counts.items(), key=lambda kv: kv[1]))
g = {**e, "c": 3}
print(g, e == {"b": 2, "a": 1}, e | {"z": 0})
print(d.copy(), dict(zip("ab", [1, 2])))
nested = {"outer": {"inner": [1, 2]}}
print(nested["outer"]["inner"][1])
