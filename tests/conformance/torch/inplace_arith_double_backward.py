# Second derivatives through the first gradients of in-place remainder_/fmod_/pow_/cumprod_
# (each input and the other operand), with the nodes the first gradients carry.
import torch
for name in ["remainder_", "fmod_", "pow_", "cumprod_"]:
    x = torch.tensor([1.5, -2.25], requires_grad=True)
    o = torch.tensor([0.7, 0.9], requires_grad=True)
    y = x * 1
    if name == "cumprod_":
        y.cumprod_(0); y = y * o
    else:
        getattr(y, name)(o)
    gs = torch.autograd.grad((y * y).sum(), [x, o], create_graph=True)
    print(name, gs, [g.grad_fn for g in gs])
    for g in gs:
        try:
            print(" gg", torch.autograd.grad(g.sum(), [x, o], allow_unused=True, retain_graph=True))
        except Exception as e:
            print(" ", type(e).__name__, e)
