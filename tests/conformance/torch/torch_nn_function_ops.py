# torch.conv1d, torch.max_pool2d, torch.constant_pad_nd, torch.binary_cross_entropy_with_logits,
# ...: the ATen ops behind torch.nn.functional in the torch namespace, with their signatures
# (stride=() for the kernel size, reduction as an int) and ATen's argument checks.
import torch

torch.set_printoptions(precision=10)


def names(t):
    f = t.grad_fn
    return None if f is None else (f.name(), [n.name() if n is not None else None for n, _ in f.next_functions])


def run(name, f, *leaves):
    try:
        r = f()
        if isinstance(r, tuple):
            print(name, [t.tolist() for t in r], names(r[0]))
            r = r[0]
        else:
            print(name, r.dtype, list(r.shape), r.double().tolist(), names(r))
        if r.requires_grad:
            for leaf in leaves:
                leaf.grad = None
            (r * torch.arange(1, r.numel() + 1, dtype=r.dtype).view(r.shape)).sum().backward()
            print("  grads", [leaf.grad.double().tolist() for leaf in leaves])
    except Exception as e:
        print(name, type(e).__name__, e)


torch.manual_seed(0)
x1 = torch.randn(2, 3, 7, requires_grad=True)
w1 = torch.randn(4, 3, 3, requires_grad=True)
b1 = torch.randn(4, requires_grad=True)
x2 = torch.randn(1, 2, 5, 6, requires_grad=True)
w2 = torch.randn(3, 2, 2, 3, requires_grad=True)
wt1 = torch.randn(3, 2, 3, requires_grad=True)
wt2 = torch.randn(2, 3, 3, 2, requires_grad=True)

run("conv1d", lambda: torch.conv1d(x1, w1, b1, 2, 1), x1, w1, b1)
run("conv1d same", lambda: torch.conv1d(x1, w1, None, 1, "same", 2), x1, w1)
run("conv2d", lambda: torch.conv2d(x2, w2, None, (1, 2), (1, 0)), x2, w2)
run("conv2d groups", lambda: torch.conv2d(x2, w2[:2, :1], None, 1, 0, 1, 2), x2)
run("conv_transpose1d", lambda: torch.conv_transpose1d(x1, wt1, None, 2, 1, 1), x1, wt1)
run("conv_transpose2d", lambda: torch.conv_transpose2d(x2, wt2, None, 2), x2, wt2)

run("max_pool1d", lambda: torch.max_pool1d(x1, 3), x1)
run("max_pool1d stride ()", lambda: torch.max_pool1d(x1, 2, (), 1, 2, True), x1)
run("max_pool1d_with_indices", lambda: torch.max_pool1d_with_indices(x1, 3, 2), x1)
run("F.max_pool1d_with_indices", lambda: torch.nn.functional.max_pool1d_with_indices(x1, 2), x1)
run("max_pool2d", lambda: torch.max_pool2d(x2, 2), x2)
run("max_pool2d args", lambda: torch.max_pool2d(x2, (2, 3), [1, 2], 1, 1, True), x2)
run("avg_pool1d", lambda: torch.avg_pool1d(x1, 3), x1)
run("avg_pool1d args", lambda: torch.avg_pool1d(x1, 2, 1, 1, True, False), x1)
run("adaptive_avg_pool1d", lambda: torch.adaptive_avg_pool1d(x1, 3), x1)
run("adaptive_avg_pool1d list", lambda: torch.adaptive_avg_pool1d(x1, [4]), x1)

v = torch.tensor([1.5, -2.0, 3.0], requires_grad=True)
run("constant_pad_nd", lambda: torch.constant_pad_nd(x2, [1, 2, 0, 1]), x2)
run("constant_pad_nd value", lambda: torch.constant_pad_nd(v, (2, 1), 2.5), v)
run("constant_pad_nd int value", lambda: torch.constant_pad_nd(torch.tensor([1, 2]), [1, 1], value=7))
run("constant_pad_nd negative", lambda: torch.constant_pad_nd(x2, [-1, -2]), x2)

t = torch.tensor([1.0, 0.0, 0.5])
wt = torch.tensor([0.5, 2.0, 1.0])
pw = torch.tensor([3.0, 1.0, 0.25])
run("bce_with_logits default", lambda: torch.binary_cross_entropy_with_logits(v, t), v)
for reduction in [0, 1, 2, 3]:
    run(f"bce_with_logits {reduction}", lambda: torch.binary_cross_entropy_with_logits(v, t, wt, pw, reduction), v)
run("bce_with_logits kw", lambda: torch.binary_cross_entropy_with_logits(v, t, pos_weight=pw, reduction=1), v)

# misuse
run("constant_pad_nd odd", lambda: torch.constant_pad_nd(v, [1]))
run("constant_pad_nd long", lambda: torch.constant_pad_nd(v, [1, 2, 3, 4]))
run("constant_pad_nd too negative", lambda: torch.constant_pad_nd(v, [-2, -2]))
run("bce_with_logits str", lambda: torch.binary_cross_entropy_with_logits(v, t, reduction="sum"))
run("bce_with_logits sizes", lambda: torch.binary_cross_entropy_with_logits(v, torch.ones(2)))
run("max_pool1d return_indices", lambda: torch.max_pool1d(x1, 2, return_indices=True))
run("max_pool2d too small", lambda: torch.max_pool2d(v.view(1, 1, 3), 2))
run("conv1d bad weight", lambda: torch.conv1d(x1, w2))
