# Found by the differential fuzzer: lerp with a Python-number weight differentiates as
# grad * (1 - weight) and grad * weight with the Scalar overload of mul, so under
# create_graph the gradients' grad_fn is MulBackward1.
import torch

start = torch.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
end = torch.tensor([[0.0, 4.0], [-1.0, 2.0]], requires_grad=True)
for w in (0.5, 0.25, 2.0):
    out = torch.lerp(start, end, w)
    gs, ge = torch.autograd.grad((out ** 2).sum(), [start, end], create_graph=True)
    print(w, type(gs.grad_fn).__name__, gs.tolist(), type(ge.grad_fn).__name__, ge.tolist())
    print(' ', [(type(n).__name__ if n is not None else None, i) for n, i in gs.grad_fn.next_functions])
    g2, = torch.autograd.grad(gs.sum(), [start])
    print(' ', g2.tolist())
