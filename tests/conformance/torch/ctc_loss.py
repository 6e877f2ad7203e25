# F.ctc_loss / nn.CTCLoss: losses, input gradients and grad_fn chains for padded and
# concatenated targets, every reduction, zero_infinity, unbatched input, float32 and
# float64, 1.13's errors, and a short training loop.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_printoptions(precision=10)
torch.manual_seed(0)


def chain(fn):
    return f"{fn.name()} <- {[next_fn.name() if next_fn else None for next_fn, _ in fn.next_functions]}"


def log_probs(T, N, C, dtype=torch.float32):
    return torch.randn(T, N, C, dtype=dtype).log_softmax(2).detach().requires_grad_()


T, N, C = 12, 3, 6
padded = torch.tensor([[1, 2, 2, 3], [4, 5, 1, 0], [3, 3, 0, 0]])
target_lengths = [4, 3, 2]
input_lengths = [12, 10, 7]
concatenated = torch.cat([padded[i, :n] for i, n in enumerate(target_lengths)])

for dtype in (torch.float32, torch.float64):
    x = log_probs(T, N, C, dtype)
    for reduction in ('none', 'sum', 'mean'):
        for name, targets in (('padded', padded), ('concatenated', concatenated)):
            x.grad = None
            loss = F.ctc_loss(x, targets, input_lengths, target_lengths, reduction=reduction)
            print(dtype, reduction, name, loss, chain(loss.grad_fn))
            loss.sum().backward()
            print(x.grad)

# lengths given as tensors, and int32 targets
x = log_probs(T, N, C)
loss = F.ctc_loss(x, padded.int(), torch.tensor(input_lengths), torch.tensor(target_lengths), reduction='none')
print(loss, loss.grad_fn.name())
loss.sum().backward()
print(x.grad)

# the raw kernel and its node
nll, log_alpha = torch._ctc_loss(x, padded, input_lengths, target_lengths)
print(nll, log_alpha.shape, log_alpha[1, :3, :7].detach(), nll.grad_fn.name())
node = nll.grad_fn
print(node._saved_blank, node._saved_input_lengths, node._saved_target_lengths, node._saved_zero_infinity)
print(torch.equal(node._saved_result0, nll), node._saved_targets.dtype)
nll, _ = torch._ctc_loss(x, padded, torch.tensor(input_lengths), torch.tensor(target_lengths))
print(nll.grad_fn.name(), nll.grad_fn._saved_input_lengths)
print(torch.ctc_loss(x, padded, input_lengths, target_lengths))  # its default reduction reads as 0
print(torch.ctc_loss(x, padded, input_lengths, target_lengths, 0, 1))

# a target longer than its input cannot be aligned: an infinite loss, NaN gradients;
# zero_infinity gives zero for both
impossible = [12, 3, 7]
for zero_infinity in (False, True):
    x.grad = None
    loss = F.ctc_loss(x, padded, impossible, target_lengths, reduction='none', zero_infinity=zero_infinity)
    print(zero_infinity, loss, chain(loss.grad_fn))
    loss.sum().backward()
    print(x.grad)
x.grad = None
loss = F.ctc_loss(x, padded, impossible, target_lengths, zero_infinity=True)
print(loss, chain(loss.grad_fn), chain(loss.grad_fn.next_functions[0][0]))
loss.backward()
print(x.grad[:, 1])

# empty targets and a blank other than 0; mean divides by target lengths clamped to 1
x = log_probs(8, 2, 5, torch.float64)
loss = F.ctc_loss(x, torch.tensor([[1, 2], [0, 0]]), [8, 6], [2, 0], blank=4, reduction='mean')
print(loss)
loss.backward()
print(x.grad)

# unbatched input
x = log_probs(9, 1, 4)[:, 0].detach().requires_grad_()
for reduction in ('none', 'sum', 'mean'):
    x.grad = None
    loss = F.ctc_loss(x, torch.tensor([1, 3, 3]), [9], [3], reduction=reduction)
    print(reduction, loss, chain(loss.grad_fn))
    loss.backward()
    print(x.grad)

# a bigger one
torch.manual_seed(1)
T2, N2, C2, S2 = 50, 16, 20, 30
x = log_probs(T2, N2, C2)
targets = torch.randint(1, C2, (N2, S2), dtype=torch.long)
in_lengths = torch.randint(T2 // 2, T2 + 1, (N2,), dtype=torch.long)
tg_lengths = torch.randint(10, S2 // 2 + 10, (N2,), dtype=torch.long)
loss = nn.CTCLoss()(x, targets, in_lengths, tg_lengths)
print(loss)
loss.backward()
print(x.grad[::7])
print(x.grad.sum(), x.grad.abs().sum())

# errors
x = log_probs(T, N, C)
for call in (lambda: F.ctc_loss(x, padded, [12, 10], target_lengths),
             lambda: F.ctc_loss(x, padded, input_lengths, [4, 3]),
             lambda: F.ctc_loss(x, padded, [13, 10, 7], target_lengths),
             lambda: F.ctc_loss(x, padded, input_lengths, [5, 3, 2]),
             lambda: F.ctc_loss(x, concatenated, input_lengths, [4, 3, 3]),
             lambda: F.ctc_loss(x, padded.view(3, 2, 2), input_lengths, target_lengths),
             lambda: F.ctc_loss(x, padded, input_lengths, target_lengths, blank=6),
             lambda: F.ctc_loss(x, padded, input_lengths, target_lengths, blank=-1),
             lambda: F.ctc_loss(x.long(), padded, input_lengths, target_lengths),
             lambda: F.ctc_loss(x[:, 0, 0], padded[0], [12], [4]),
             lambda: F.ctc_loss(x, padded, torch.tensor(input_lengths, dtype=torch.float), torch.tensor(target_lengths)),
             lambda: F.ctc_loss(x, padded, input_lengths, torch.tensor(target_lengths, dtype=torch.float)),
             lambda: F.ctc_loss(x, padded, torch.tensor(input_lengths), target_lengths),
             lambda: F.ctc_loss(x, padded, input_lengths, target_lengths, reduction='average'),
             lambda: torch._ctc_loss(x, padded.float(), input_lengths, target_lengths),
             lambda: torch._ctc_loss(x[:, 0], padded, input_lengths, target_lengths)):
    try:
        call()
    except Exception as e:
        print(type(e).__name__, e)

# no double backward: _ctc_loss_backward has no derivative in 1.13, nor a torch.* binding
x = log_probs(T, N, C)
grad, = torch.autograd.grad(F.ctc_loss(x, padded, input_lengths, target_lengths), x, create_graph=True)
print(grad.grad_fn.name(), grad.requires_grad, hasattr(torch, '_ctc_loss_backward'))
try:
    grad.sum().backward()
except RuntimeError as e:
    print(e)

# a tiny model trained for three steps
torch.manual_seed(2)
model = nn.Linear(8, 6)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
criterion = nn.CTCLoss(blank=0)
features = torch.randn(15, 4, 8)
targets = torch.randint(1, 6, (4, 5))
for step in range(3):
    optimizer.zero_grad()
    loss = criterion(model(features).log_softmax(2), targets, [15, 14, 12, 10], [5, 4, 3, 5])
    loss.backward()
    optimizer.step()
    print(step, loss.item())
print(criterion, nn.CTCLoss(blank=2, reduction='sum', zero_infinity=True).zero_infinity)
