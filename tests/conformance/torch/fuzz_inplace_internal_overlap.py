# Found by the differential fuzzer: an in-place op writing through an expanded tensor (a dim
# of size > 1 with stride 0) is refused (assert_no_internal_overlap), after autograd's
# checks and before any shape check; fill_ and zero_ are idempotent and allowed.
import torch

def attempt(label, f):
    try:
        f()
        print(label, 'ok')
    except RuntimeError as e:
        print(label, e)

ops = {
    'add_': lambda x: x.add_(1), 'mul_': lambda x: x.mul_(torch.ones(5)), 'div_': lambda x: x.div_(2),
    'clamp_': lambda x: x.clamp_(0, 1), 'relu_': lambda x: x.relu_(), 'exp_': lambda x: x.exp_(),
    'sigmoid_': lambda x: x.sigmoid_(), 'pow_': lambda x: x.pow_(2), 'copy_': lambda x: x.copy_(torch.ones(2, 3)),
    '+=': lambda x: x.__iadd__(1), 'x[0] = 5': lambda x: x.__setitem__(0, 5.0),
    'index_add_': lambda x: x.index_add_(0, torch.tensor([0]), torch.ones(1, 3)),
    'zero_': lambda x: x.zero_(), 'fill_': lambda x: x.fill_(3),
}
for name, op in ops.items():
    attempt(name, lambda: op(torch.tensor([1.0, 2.0, 3.0]).expand(2, 3)))
base = torch.ones(3, requires_grad=True) * 1
e = base.expand(2, 3)
attempt('expanded non-leaf', lambda: e.add_(1))
attempt('expanded leaf view', lambda: torch.ones(1, 3, requires_grad=True).expand(2, 3).mul_(2))
