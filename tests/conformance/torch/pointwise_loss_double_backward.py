# mse_loss, smooth_l1_loss and huber_loss differentiate their backward ops
# (MseLossBackwardBackward0, ...) with FunctionsManual's *_double_backward formulas:
# gradient penalties through these losses give PyTorch's graph, values and saves.
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def pack_log(log):
    def pack(t):
        log.append((tuple(t.shape), round(float(t.double().sum()), 4)))
        return t
    return torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t)


for loss in (F.mse_loss, F.smooth_l1_loss, F.huber_loss):
    for reduction in ("mean", "sum", "none"):
        x = torch.randn(5, dtype=torch.float64, requires_grad=True)
        y = torch.randn(5, dtype=torch.float64, requires_grad=True)
        y2 = (y * 0.3).detach().requires_grad_()
        out = loss(x * 2, y2 + x.detach() * 1.5, reduction=reduction)
        log = []
        with pack_log(log):
            gx, gy = torch.autograd.grad(out.sum(), [x, y2], create_graph=True)
        print(loss.__name__, reduction, type(gx.grad_fn).__name__, type(gy.grad_fn).__name__)
        print("  grads:", gx.tolist(), gy.tolist())
        print("  saved:", log)
        fn = gx.grad_fn
        while fn is not None and not type(fn).__name__.endswith("BackwardBackward0"):
            fn = fn.next_functions[0][0]
        print("  node:", type(fn).__name__, [type(f).__name__ if f else None for f, _ in fn.next_functions])
        penalty = (gx * gx).sum() + (gy * gy.sin()).sum()
        log = []
        with pack_log(log):
            hx, hy = torch.autograd.grad(penalty, [x, y2], create_graph=True)
        print("  second:", hx.tolist(), hy.tolist())
        print("  saved:", log)
        third = torch.autograd.grad((hx * hy).sum(), [x, y2], allow_unused=True)
        print("  third:", [None if t is None else t.tolist() for t in third])

# equal input and target: the target's gradient is +0, not -0
x = torch.tensor([1.5, -2.0, 0.25], requires_grad=True)
y = torch.tensor([1.5, 1.0, 0.25], requires_grad=True)
for loss in (F.mse_loss, F.smooth_l1_loss, F.huber_loss):
    gx, gy = torch.autograd.grad(loss(x, y), [x, y])
    print(loss.__name__, gx, gy)
