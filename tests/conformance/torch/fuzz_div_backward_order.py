# Found by the differential fuzzer: the gradient of a / b with respect to b is
# -grad * ((a / b) / b), evaluated in that order (div_tensor_other_backward): the last bit
# and, under create_graph, the nodes of the gradient's own graph are PyTorch's.
import math

import torch

a = torch.tensor([1.3, -0.7, 0.0, 2.9, 1e-3], requires_grad=True)
b = torch.tensor([0.3, -2.9, -1.1, 0.7, 3.3], requires_grad=True)
ga, gb = torch.autograd.grad(a / b, [a, b], torch.ones(5), create_graph=True)
print([repr(v) for v in gb.tolist()])
print(type(gb.grad_fn).__name__, [type(f).__name__ for f, _ in gb.grad_fn.next_functions])
print(type(ga.grad_fn).__name__)

# The second derivative of sum(0 / b) keeps its zeros' signs.
z = torch.zeros(1, 4, requires_grad=True)
w = torch.tensor([[-1.5], [0.25], [2.0]], dtype=torch.float64, requires_grad=True)
g1, = torch.autograd.grad((z / w).sum(), [w], create_graph=True)
g2, = torch.autograd.grad(g1.sum(), [w])
print(g1, g2)
print([math.copysign(1.0, v) for v in g2.flatten().tolist()])

# In place as well.
c = torch.tensor([0.1, 0.2, 0.7], dtype=torch.float64, requires_grad=True)
d = torch.tensor([0.3, 0.9, -0.11], dtype=torch.float64, requires_grad=True)
e = c * 1
e.div_(d)
e.sum().backward()
print([repr(v) for v in d.grad.tolist()])
