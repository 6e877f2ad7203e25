# expm1_, erf_, erfc_, log1p_, log2_, log10_ and exp2_ (method and torch.* forms): the
# out-of-place kernel written into self, the node of the out-of-place op rebased onto
# self's history, the version bump, and the errors for leaves and integer tensors.
import torch

for name in ['expm1_', 'erf_', 'erfc_', 'log1p_', 'log2_', 'log10_', 'exp2_']:
    a = torch.tensor([0.25, 0.5, 1.5, 3.0], requires_grad=True)
    b = a * 1
    v = b._version
    r = getattr(b, name)()
    print(name, r is b, b._version - v, type(b.grad_fn).__name__, b)
    b.sum().backward()
    print('  grad', a.grad)
    c = torch.tensor([0.125, 0.75, 2.0], dtype=torch.float64)
    getattr(torch, name)(c)
    print('  torch.' + name, c.tolist())
    try:
        getattr(torch.tensor([0.5], requires_grad=True), name)()
    except RuntimeError as e:
        print('  leaf:', e)
    try:
        getattr(torch.tensor([1, 2]), name)()
    except RuntimeError as e:
        print('  int:', e)
    h = torch.tensor([0.5, 1.0], dtype=torch.float16)
    try:
        print('  half', getattr(h.clone(), name)())
    except RuntimeError as e:
        print('  half:', e)

# The saved tensor is the one the formula reads: expm1_ and exp2_ save the result, the
# others a copy of self from before the write, so a later in-place op breaks backward
# only for the first kind.
for name in ['expm1_', 'exp2_', 'log1p_', 'erf_']:
    a = torch.tensor([0.5, 1.0], requires_grad=True)
    b = a * 1
    getattr(b, name)()
    b.mul_(2)
    try:
        b.sum().backward()
        print(name, 'then mul_: grad', a.grad)
    except RuntimeError as e:
        print(name, 'then mul_:', str(e).split('; ')[0])

# On a view: the base's history gets a CopySlices node.
base = torch.zeros(2, 3, requires_grad=True) * 1
base[0].log1p_()
print(type(base.grad_fn).__name__, base)
x = torch.linspace(-2, 2, 9, dtype=torch.float64, requires_grad=True)
y = x * 1
y.erfc_()
y.backward(torch.ones(9, dtype=torch.float64))
print(y.tolist())
print(x.grad.tolist())
