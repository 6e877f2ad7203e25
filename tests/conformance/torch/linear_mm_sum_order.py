# Linear / addmm / mm forward and backward to the last bit: the bias joins the GEMM (beta = 1),
# column-major operands get PyTorch's transposed gradient products, and bias gradients are
# PyTorch's column sums (vectorized_outer_sum).
import math, torch
def fixed(*shape, mult=37, mod=101):
    n = math.prod(shape)
    return torch.tensor([(i * mult % mod) / mod - 0.5 for i in range(n)]).reshape(shape)
x = fixed(64, 1000); w = fixed(100, 1000, mult=53, mod=97); b = fixed(100, mult=7, mod=13)
print(math.fsum(torch.nn.functional.linear(x, w, b).flatten().tolist()))
print(math.fsum(torch.nn.functional.linear(x, w, b).flatten().tolist()))
print(math.fsum(torch.mm(x, w.t()).flatten().tolist()))
print(math.fsum(x.mm(w.t()).t().mm(fixed(64, 10)).flatten().tolist()))
h = fixed(64, 100).requires_grad_(); w2 = fixed(10, 100).requires_grad_(); b2 = fixed(10).requires_grad_()
y = torch.nn.functional.linear(h, w2, b2); y.backward(fixed(64, 10, mult=29, mod=89))
print(math.fsum(h.grad.flatten().tolist()), math.fsum(w2.grad.flatten().tolist()), math.fsum(b2.grad.flatten().tolist()))
for shape in [(5, 3), (40, 7), (33, 8), (9, 40), (100, 37), (3, 4, 70)]:
    t = fixed(*shape, mult=31, mod=83)
    print(shape, t.sum(0).tolist()[:5], math.fsum(t.sum(0).flatten().tolist()), math.fsum(t.mean(0).flatten().tolist()))
print(math.fsum(fixed(3, 4, 70).sum((0, 1)).tolist()))
