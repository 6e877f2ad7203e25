def risky(kind):
    if kind == 1:
        raise ValueError("bad value")
    if kind == 2:
        return {}["missing"]
    if kind == 3:
        return [1][5]
    if kind == 4:
        return 1 / 0
    if kind == 5:
        return undefined_name
    if kind == 6:
        return "a" + 1
    if kind == 7:
        return (5).foo
    if kind == 8:
        return int("xyz")
    return "ok"

for k in range(9):
    try:
        print(k, risky(k))
    except ValueError as e:
        print(k, "ValueError:", e)
    except (KeyError, IndexError) as e:
        print(k, type(e).__name__, e, repr(e), e.args)
    except ZeroDivisionError as e:
        print(k, "ZeroDivisionError", e)
    except Exception as e:
        print(k, type(e).__name__, str(e))
    else:
        print(k, "no exception")
    finally:
        print(k, "finally")

def with_finally():
    try:
        return "from try"
    finally:
        print("finally runs before return")

print(with_finally())

class AppError(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code

try:
    raise AppError(42, "custom failure")
except AppError as e:
    print(e, e.code, e.args, isinstance(e, Exception))

try:
    try:
        raise RuntimeError("inner")
    except RuntimeError:
        print("caught inner, re-raising")
        raise
except RuntimeError as e:
    print("outer caught:", e)

try:
    raise KeyError("k")
except LookupError as e:
    print("LookupError catches KeyError:", e)

try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print("assert:", e)

try:
    assert False
except AssertionError as e:
    print("bare assert:", repr(e))

try:
    raise ValueError
except ValueError as e:
    print("class raise:", repr(e), str(e) == "")

err = None
try:
    1 / 0
except Exception as e:
    err = e
print(type(err).__name__, err.args)

try:
    raise TypeError("a", 1)
except TypeError as e:
    print(e)

def nested_finally():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
        finally:
            print("finally", i)
nested_finally()
try:
    raise NotImplementedError("todo")
except RuntimeError as e:
    print("NotImplementedError is a RuntimeError:", e)
print(issubclass(RecursionError, RuntimeError), issubclass(ModuleNotFoundError, ImportError))
try:
    raise ValueError("x") from KeyError("y")
except ValueError as e:
    print("from:", e)
