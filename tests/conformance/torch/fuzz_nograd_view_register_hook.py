# A view made under no_grad of a leaf that requires grad, whose base then changes in place
# (through a detached alias): 1.13's register_hook reads grad_fn at the first registration
# and raises the view error there; requires_grad and retain_grad do not (fuzzer seed 2502,
# index 3607).
import torch
t2 = torch.rand(3, 2, requires_grad=True)
with torch.no_grad():
    t4 = t2[..., :1]
t2.detach().add_(1)
for what in ["t4.grad_fn", "t4.requires_grad", "t4.register_hook(lambda g: g) is not None", "t4.is_leaf",
             "t4.retain_grad()"]:
    try:
        print(what, eval(what))
    except Exception as e:
        print(what, type(e).__name__, e)
# A hook registered before the base changed: the next registration does not read grad_fn.
a = torch.rand(3, requires_grad=True)
with torch.no_grad():
    v = a[:2]
h = v.register_hook(lambda g: g)
a.detach().mul_(2)
try:
    print(v.register_hook(lambda g: g) is not None)
except Exception as e:
    print(type(e).__name__, e)
