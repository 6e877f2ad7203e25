# copy_ from a float64 source into a broadcast float32 destination: the gradient is cast
# to float64 first (CopyBackwards: grad.to(src_options)), then summed to the source shape.
import torch
torch.manual_seed(30673)
t1 = torch.rand((), dtype=torch.float64, requires_grad=True)
t3 = torch.zeros(2, 2, 3)
t3.copy_(t1)
(t3 * torch.rand(2, 2, 3, dtype=torch.float64)).sum().backward()
print(t1.grad.item())
# a view of a float32 base, copied from a float64 source: CopySlices
b = torch.zeros(4, 3)
v = b[1:3]
src = torch.rand(3, dtype=torch.float64, requires_grad=True)
v.copy_(src)
(b * torch.rand(4, 3, dtype=torch.float64)).sum().backward()
print(src.grad.tolist())
g, = torch.autograd.grad((torch.zeros(5, 7).copy_(t1) * torch.rand(5, 7, dtype=torch.float64)).sum(), t1, create_graph=True)
print(g.item(), g.grad_fn)
