# Forward-over-reverse through the activations whose backward kernels are linear in the
# incoming gradient (relu's threshold_backward, leaky_relu, hardtanh/relu6, hard and soft
# shrink, threshold): the gradient's tangent under a dual level, signed zeros included.
import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD

x0 = torch.tensor([-1.5, -0.0, 0.0, 0.5, 2.0, -0.25, 1.0, 3.0, 6.5, -6.0])
v = torch.tensor([1.0, -2.0, 0.5, -0.0, 0.0, 3.0, -1.0, 0.25, -0.75, 2.0])


def hvp(name, f, dtype):
    with fwAD.dual_level():
        x = fwAD.make_dual(x0.to(dtype).requires_grad_(), v.to(dtype))
        g = torch.autograd.grad(f(x), x, create_graph=True)[0]
        t = fwAD.unpack_dual(g).tangent
        print(name, g.tolist())
        print("  tangent", None if t is None else (t.tolist(), t.requires_grad))


for dtype in (torch.float32, torch.float64):
    print(dtype)
    hvp("relu_sum", lambda x: F.relu(x).sum(), dtype)
    hvp("relu_sq", lambda x: F.relu(x).pow(2).sum(), dtype)
    hvp("relu_neg", lambda x: (F.relu(x) * -x).sum(), dtype)
    hvp("relu_module", lambda x: torch.nn.ReLU()(x * 1.5).pow(3).sum(), dtype)
    hvp("leaky", lambda x: F.leaky_relu(x, 0.1).pow(2).sum(), dtype)
    hvp("leaky_sum", lambda x: F.leaky_relu(x, 0.1).sum(), dtype)
    hvp("hardtanh", lambda x: F.hardtanh(x).pow(2).sum(), dtype)
    hvp("hardtanh_range", lambda x: F.hardtanh(x, -0.3, 2.5).pow(2).sum(), dtype)
    hvp("relu6", lambda x: F.relu6(x).pow(2).sum(), dtype)
    hvp("hardshrink", lambda x: F.hardshrink(x, 0.3).pow(2).sum(), dtype)
    hvp("softshrink", lambda x: F.softshrink(x, 0.3).pow(2).sum(), dtype)
    hvp("threshold", lambda x: F.threshold(x, 0.2, -1.0).pow(2).sum(), dtype)
    hvp("mlp", lambda x: torch.tanh(F.relu(x * 0.7 - 0.1) * x).sum(), dtype)
