# MmBackward0, BmmBackward0 and AddmmBackward0 compute mat1/mat2's gradients before
# self's (sorted input names): under create_graph that orders the nodes the next backward
# runs and how its gradients are summed. (The order of the saved-tensor hooks inside
# TanhBackwardBackward0's formula still differs: not checked here.)
import torch

torch.manual_seed(0)
a = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
c = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
cases = {
    "mm": lambda: a.mm(b).tanh(),
    "bmm": lambda: torch.bmm(a[None], b[None]).tanh(),
    "addmm": lambda: torch.addmm(c, a, b).tanh(),
    "chain": lambda: a.mm(b).mm(a).sin(),
}
for name, f in cases.items():
    out = f()
    grads = torch.autograd.grad(out.sum(), [a, b, c], create_graph=True, allow_unused=True)
    loss = sum((g * g.sin()).sum() for g in grads if g is not None)
    order, seen = [], set()

    def walk(fn):
        if fn is None or fn in seen:
            return
        seen.add(fn)
        fn.register_hook(lambda gi, go, n=type(fn).__name__: order.append(n))
        for f2, _ in fn.next_functions:
            walk(f2)

    walk(loss.grad_fn)

    second = torch.autograd.grad(loss, [a, b], create_graph=True)
    print(name, order)
    third = torch.autograd.grad(sum(s.sum() for s in second), [a, b])
    print("  third:", [t.sum().item() for t in third])
