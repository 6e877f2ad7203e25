import torch

# sum and mean are bound by 1.13's three overloads each (all dims; dims; dims by name),
# as method and as torch.* function.
x = torch.arange(6.).reshape(2, 3)
xi = torch.arange(6).reshape(2, 3)
for name in ("sum", "mean"):
    for c in ["x.{n}(1, axis=0)", "torch.{n}(x, foo=1)", "x.{n}(foo=1)", "torch.{n}(x, 1, foo=2)", "x.{n}('a')",
              "x.{n}(['a', 'b'])", "x.{n}(1, 2, 3)", "x.{n}(dim=1.5)", "x.{n}(dtype=1)", "x.{n}(1, keepdim=1)",
              "x.{n}((0, 1))", "x.{n}([0])", "x.{n}(None)", "x.{n}(dim=None)", "x.{n}(0, True, dtype=torch.float64)",
              "torch.{n}(x, 0, True, dtype=torch.float64)", "x.{n}(dtype=torch.float32)", "torch.{n}(x, dim=(1,), keepdim=True)",
              "torch.{n}(input=x)", "torch.{n}()", "torch.{n}(5)", "x.{n}(-1)", "x.{n}(2)", "x.{n}([])", "x.{n}(out=None)",
              "torch.{n}(x, 0, out=None)", "xi.{n}()", "xi.{n}(dtype=torch.float64)", "xi.{n}(0, dtype=torch.float32)",
              "x.{n}(torch.tensor(1))", "x.{n}(dim=(0, 0))", "x.{n}(True)"]:
        c = c.format(n=name)
        try:
            print(c, '->', eval(c))
        except Exception as e:
            print(c, '!!', type(e).__name__, e)
