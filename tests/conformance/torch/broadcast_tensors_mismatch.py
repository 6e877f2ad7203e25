# torch.broadcast_tensors refuses shapes that do not broadcast with at::infer_size's text
# (the shapes folded left to right), torch.broadcast_shapes with its own 1.13 text; both
# are what Normal(loc, scale) and Uniform(low, high) raise for mismatched parameters.
import torch
from torch.distributions import Normal

for shapes in (((2,), (3,)), ((2, 3), (4, 3)), ((2, 1), (3, 4, 5)), ((1,), (2, 1), (3, 3)), ((3,), (1,), (4,))):
    try:
        torch.broadcast_tensors(*[torch.zeros(s) for s in shapes])
    except RuntimeError as e:
        print(shapes, e)
    try:
        torch.broadcast_shapes(*shapes)
    except RuntimeError as e:
        print(shapes, e)
print([t.shape for t in torch.broadcast_tensors(torch.zeros(2, 1), torch.zeros(3), torch.zeros(()))])
print(torch.broadcast_tensors())
try:
    Normal(torch.zeros(2), torch.ones(3))
except RuntimeError as e:
    print(e)
