# Found by the differential fuzzer: when two tensors a node saved are both stale, 1.13
# reports the one its generated apply() unpacks first (self before result, in the order of
# the formula), not whichever a C++ call happens to evaluate first.
import torch


def attempt(label, f):
    try:
        f()
        print(label, 'ok')
    except RuntimeError as e:
        print(label, e)


def stale_both(make):
    t1 = torch.tensor([[-1.455, -0.596, -0.628, 1.317], [-1.567, -1.047, -0.059, 1.6]], requires_grad=True)
    t2 = t1.permute(0, 1)
    out = make(t2)
    out.relu_()  # the saved result is stale
    t1.detach().mul_(0.5)  # and so is the saved input, a view of the leaf
    return out


for name, make in (('norm', lambda t: t.norm()), ('norm dim', lambda t: t.norm(dim=1)),
                   ('vector_norm', lambda t: torch.linalg.vector_norm(t)), ('prod', lambda t: t.prod()),
                   ('prod dim', lambda t: t.prod(1)), ('std', lambda t: t.std()), ('cumprod', lambda t: t.cumprod(1))):
    out = stale_both(make)
    attempt(name, lambda: out.sum().backward())
