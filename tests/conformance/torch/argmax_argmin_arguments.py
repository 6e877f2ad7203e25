import torch

# argmax and argmin are bound by 1.13's signatures, as method and as torch.* function:
# each counts argument positions its own way.
x = torch.tensor([[1., 5., 2.], [7., 0., 3.]])
for name in ("argmax", "argmin"):
    for c in ["x.{n}()", "x.{n}(1)", "x.{n}(dim=0, keepdim=True)", "x.{n}(None)", "x.{n}(x)", "x.{n}(0, 1)",
              "x.{n}(foo=1)", "x.{n}(0, True, 3)", "x.{n}(torch.tensor(1))", "x.{n}(1.5)", "x.{n}(-3)",
              "torch.{n}(x)", "torch.{n}(x, 1)", "torch.{n}(x, x)", "torch.{n}(x, 0, 1)", "torch.{n}(input=x, dim=1)",
              "torch.{n}(x, foo=1)", "torch.{n}(1)", "torch.{n}()", "torch.{n}(x, dim=1, out=None)"]:
        c = c.format(n=name)
        try:
            print(c, '->', eval(c))
        except Exception as e:
            print(c, '!!', type(e).__name__, e)
