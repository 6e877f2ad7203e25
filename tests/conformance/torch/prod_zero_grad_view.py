# prod's gradient where the input holds a zero is prod_safe_zeros_backward over
# input.contiguous().view(-1), then .view_as(input): under create_graph its grad_fn is
# ViewBackward0 (and the double backward goes through it).
import torch

t5 = torch.tensor([[[0.75], [-2.25], [1.5], [2.25]]], requires_grad=True)
t6 = t5 * 1
t6[0].relu_()
t9 = t6.prod()
g = torch.autograd.grad(t9, [t5, t6], create_graph=True)
for x in g:
    print(x, type(x.grad_fn).__name__, x._is_view())
gg = torch.autograd.grad(g[1].sum(), [t5])
print(gg)
z = torch.tensor([[1.5, 0.0], [2.0, 3.0]], dtype=torch.float64, requires_grad=True)
gz, = torch.autograd.grad(z.t().prod(), z, create_graph=True)
print(gz, type(gz.grad_fn).__name__)
with torch.no_grad():
    pass
w = torch.tensor([0.0, 2.0, 0.0], requires_grad=True)
w.prod().backward()
print(w.grad)
