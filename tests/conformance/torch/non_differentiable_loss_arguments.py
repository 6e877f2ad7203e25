# Arguments derivatives.yaml marks non-differentiable are refused under grad mode when
# they require grad (check_no_requires_grad), before the kernel's own checks; under
# no_grad they are accepted.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.rand(3, dtype=torch.float64, requires_grad=True)
y = torch.rand(3, dtype=torch.float64)
w = torch.rand(3, dtype=torch.float64, requires_grad=True)
m = torch.rand(4, 3, dtype=torch.float64, requires_grad=True)
t = torch.tensor([0, 2, 1, 1])
cases = [
    ("binary_cross_entropy weight", lambda: F.binary_cross_entropy(x, y, weight=w)),
    ("binary_cross_entropy weight, input out of range", lambda: F.binary_cross_entropy(x * 3, y, weight=w)),
    ("binary_cross_entropy target", lambda: F.binary_cross_entropy(x, w)),
    ("binary_cross_entropy_with_logits weight", lambda: F.binary_cross_entropy_with_logits(x, y, weight=w)),
    ("binary_cross_entropy_with_logits pos_weight",
     lambda: F.binary_cross_entropy_with_logits(x, y, pos_weight=w)),
    ("nll_loss weight", lambda: F.nll_loss(m, t, weight=w)),
    ("cross_entropy weight", lambda: F.cross_entropy(m, t, weight=w)),
    ("batch_norm running_mean", lambda: F.batch_norm(m, w, None, training=True)),
    ("batch_norm running_var", lambda: F.batch_norm(m, torch.zeros(3, dtype=torch.float64), w, training=True)),
    ("batch_norm wrong size first", lambda: F.batch_norm(m, w[:2], w, training=True)),
    ("instance_norm running_mean",
     lambda: F.instance_norm(m[None].transpose(1, 2), w, torch.ones(3, dtype=torch.float64),
                             use_input_stats=True)),
]
for label, f in cases:
    for grad_mode in (True, False):
        try:
            with torch.set_grad_enabled(grad_mode):
                r = f()
            print(label, grad_mode, type(r.grad_fn).__name__, r.requires_grad, r.sum().item())
        except RuntimeError as e:
            print(label, grad_mode, "RuntimeError:", e)
print(w)
