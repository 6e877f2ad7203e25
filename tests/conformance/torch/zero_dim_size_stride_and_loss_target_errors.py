# Errors found while adding torch.distributions: x.size(d) / x.stride(d) of a 0-d tensor
# (x.stride(0) crashed the host), dot of bool vectors naming its own kernel,
# broadcast_tensors given a list, and binary_cross_entropy_with_logits with an integer or
# bool target (1.13's first step is (1 - target).mul_(input)).
import torch
import torch.nn.functional as F

checks = [
    ('size(0)', lambda: torch.tensor(1.).size(0)),
    ('size(-1)', lambda: torch.tensor(1.).size(-1)),
    ('stride(0)', lambda: torch.tensor(1.).stride(0)),
    ('stride(-1)', lambda: torch.tensor(2).stride(-1)),
    ('size() of 0-d', lambda: torch.tensor(1.).size()),
    ('stride() of 0-d', lambda: torch.tensor(1.).stride()),
    ('ones(2).size(2)', lambda: torch.ones(2).size(2)),
    ('ones(2, 3).stride(-2)', lambda: torch.ones(2, 3).stride(-2)),
    ('dot bool', lambda: torch.tensor([True]).dot(torch.tensor([True]))),
    ('dot long', lambda: torch.dot(torch.tensor([1, 2]), torch.tensor([3, 4]))),
    ('broadcast_tensors list', lambda: torch.broadcast_tensors([torch.ones(2)])),
    ('broadcast_tensors number', lambda: torch.broadcast_tensors(torch.ones(2), 3)),
    ('broadcast_tensors', lambda: torch.broadcast_tensors(torch.ones(2, 1), torch.zeros(3))),
    ('bce long target', lambda: F.binary_cross_entropy_with_logits(torch.ones(2), torch.ones(2, dtype=torch.long))),
    ('bce uint8 target', lambda: F.binary_cross_entropy_with_logits(torch.ones(2).double(), torch.ones(2, dtype=torch.uint8))),
    ('bce bool target', lambda: F.binary_cross_entropy_with_logits(torch.ones(2), torch.ones(2, dtype=torch.bool))),
    ('bce float target', lambda: F.binary_cross_entropy_with_logits(torch.ones(2), torch.ones(2))),
]
for name, f in checks:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
