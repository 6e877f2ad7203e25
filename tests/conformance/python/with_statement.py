class Managed:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return self.suppress


with Managed("a") as m:
    print("inside", m.name)

with Managed("outer") as o, Managed("inner") as i:
    print("both", o.name, i.name)

with Managed("suppressing", suppress=True):
    raise ValueError("swallowed")
print("after suppressed")

try:
    with Managed("propagating"):
        raise KeyError("k")
except KeyError as e:
    print("propagated", e)

def early_return():
    with Managed("ret"):
        return "returned"

print(early_return())
for i in range(3):
    with Managed(f"loop{i}"):
        if i == 1:
            break
print("done")
