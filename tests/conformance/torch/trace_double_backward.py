# Double backward through torch.trace (create_graph=True). In 1.13 TraceBackward0's formula
# is trace_backward, a composite of recorded ops: zeros(n * m), index_fill_ with the
# gradient at every (m + 1)-th index (IndexFillBackward1), view to the matrix's sizes
# (ViewBackward0). The gradient's grad_fn chain and second-order gradients.
import torch

def chain(fn):
    names = []
    while fn is not None:
        names.append(type(fn).__name__)
        nexts = [f for f, _ in fn.next_functions if f is not None]
        fn = nexts[0] if nexts else None
    return names

torch.manual_seed(0)
for shape in ((3, 3), (2, 4), (4, 2), (1, 1)):
    for dtype in (torch.float64, torch.float32):
        a = torch.randn(shape, dtype=dtype, requires_grad=True)
        y = torch.trace(a) ** 3
        g, = torch.autograd.grad(y, a, create_graph=True)
        print(shape, dtype, g.tolist())
        print("  ", chain(g.grad_fn))
        print("  ", g.grad_fn._saved_self_sym_sizes, g.grad_fn.next_functions[0][0]._saved_dim,
              g.grad_fn.next_functions[0][0]._saved_index.tolist())
        h, = torch.autograd.grad((g * g).sum(), a)
        print("  ", h.tolist())

# trace of a product: a Hessian-vector product
a = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, 3, dtype=torch.float64)
g, = torch.autograd.grad(torch.trace(a @ a @ b), a, create_graph=True)
print(type(g.grad_fn).__name__)
v = torch.randn(3, 3, dtype=torch.float64)
hv, = torch.autograd.grad((g * v).sum(), a)
print(hv.tolist())
# The scale that multiplies trace's gradient gets its gradient through index_fill_'s value.
s = torch.tensor(2.5, requires_grad=True)
m = torch.randn(2, 3, requires_grad=True)
g, = torch.autograd.grad(torch.trace(m) * s, m, create_graph=True)
print(g, torch.autograd.grad(g.sum(), s))
# trace's gradient under create_graph without a differentiable incoming gradient
g, = torch.autograd.grad(torch.trace(m), m, create_graph=True)
print(g, g.requires_grad)
print("gradgradcheck", torch.autograd.gradgradcheck(torch.trace, (torch.randn(3, 4, dtype=torch.float64, requires_grad=True),)))
# First order, no create_graph: 1.13's gradient of a tall matrix's trace (see the formula
# above: every (cols + 1)-th element, not only the diagonal)
t = torch.ones(5, 2, requires_grad=True)
torch.trace(t * 2).backward()
print(t.grad)
