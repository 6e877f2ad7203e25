# lerp_, addcmul_, addcdiv_ and xlogy_ refuse an input that partially overlaps self (both
# non-overlapping and dense, not the same elements), as TensorIterator's
# assert_no_partial_overlap does for each input, before any shape check.
import torch


def attempt(label, f):
    try:
        s = f()
        base = s._base if s._base is not None else s
        print(label, [round(v, 4) for v in base.flatten().tolist()])
    except Exception as e:
        print(label, type(e).__name__, e)


ops = {
    "lerp_": lambda s, o: s.lerp_(o, 0.5),
    "lerp_ weight": lambda s, o: s.lerp_(torch.ones(1), o),
    "addcmul_": lambda s, o: s.addcmul_(o, torch.ones(1)),
    "addcmul_ tensor2": lambda s, o: s.addcmul_(torch.ones(1), o),
    "addcdiv_": lambda s, o: s.addcdiv_(torch.ones(1), o),
    "xlogy_": lambda s, o: s.xlogy_(o),
}
geometries = {
    "transpose": lambda: (lambda x: (x, x.t()))(torch.arange(1.0, 10.0).view(3, 3)),
    "shift": lambda: (lambda a: (a[1:], a[:-1]))(torch.arange(1.0, 6.0)),
    "row": lambda: (lambda x: (x, x[0]))(torch.arange(1.0, 7.0).view(2, 3)),
    "scalar": lambda: (lambda a: (a, a[0]))(torch.arange(1.0, 5.0)),
    "strided": lambda: (lambda a: (a[:3], a[::2]))(torch.arange(1.0, 7.0)),
    "expand": lambda: (lambda a: (a[1:], a[0:1].expand(3)))(torch.arange(1.0, 5.0)),
    "disjoint": lambda: (lambda a: (a[:3], a[3:]))(torch.arange(1.0, 7.0)),
    "same": lambda: (lambda a: (a, a.view(2, 2).view(4)))(torch.arange(1.0, 5.0)),
}
for gname, make in geometries.items():
    for name, op in ops.items():
        def run():
            s, o = make()
            op(s, o)
            return s
        attempt(gname + " " + name, run)

# The overlap is found before the shapes are compared.
a = torch.arange(1.0, 7.0)
attempt("overlap before shape", lambda: a[:3].addcmul_(a[1:3], torch.ones(1)))
attempt("overlap before shape lerp_", lambda: a[:3].lerp_(a[1:3], 0.5))
x = torch.arange(1.0, 10.0).view(3, 3)
attempt("not dense: shape error", lambda: x[:2].addcmul_(x[1:, :2], torch.ones(1)))
