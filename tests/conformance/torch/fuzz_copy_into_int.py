# Found by the differential fuzzer: copy_ (and x[:] = t) into an integer tensor from a tensor that
# requires grad records nothing: the integer tensor stays a leaf that does not require grad;
# fill_ from a 0-d tensor that requires grad does record FillBackward3, as PyTorch does.
import torch
x = torch.tensor([1.6, -2.7], requires_grad=True)
for make in [lambda: torch.zeros(2, dtype=torch.int64), lambda: torch.zeros(2, dtype=torch.bool)]:
    i = make()
    i.copy_(x * 2)
    print(i, i.requires_grad, i.grad_fn, i.is_leaf, i._version)
    j = make()
    j.fill_(x[0] * 3)
    print(j, j.requires_grad, j.grad_fn, j._version)
    k = make()
    k[0] = x[1]
    print(k, k.requires_grad, k.grad_fn, k._version)
    m = make()
    m[:] = x * 5
    print(m, m.requires_grad, m.grad_fn, m._version)
