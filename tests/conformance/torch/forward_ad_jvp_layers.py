# Forward-mode AD through the layers of a small network: layer_norm (with and without
# weight and bias, tangents on any of them), conv1d / conv2d (input, weight and bias
# tangents), embedding, and max / avg / adaptive-average pooling (1-d and 2-d), in
# float32 and float64. Tangents printed to the last bit (tolist).
import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD


def show(name, out):
    t = fwAD.unpack_dual(out).tangent
    print(name, tuple(t.shape), t.tolist())


def values(n, scale, shift, step=7, mod=11):
    return [((i * step + 3) % mod - mod // 2) * scale + shift for i in range(n)]


def tensor(shape, scale, shift, dtype, step=7, mod=11):
    n = 1
    for s in shape:
        n *= s
    return torch.tensor(values(n, scale, shift, step, mod), dtype=dtype).reshape(shape)


for dtype in (torch.float32, torch.float64):
    print(dtype)
    x = tensor((2, 3, 5), 0.37, 0.1, dtype)
    tx = tensor((2, 3, 5), -0.21, 0.3, dtype, step=5, mod=13)
    w = tensor((5,), 0.4, 1.0, dtype)
    tw = tensor((5,), 0.3, -0.2, dtype, step=3)
    b = tensor((5,), 0.2, -0.1, dtype, step=2)
    tb = tensor((5,), -0.5, 0.05, dtype, step=4)
    with fwAD.dual_level():
        dx, dw, db = fwAD.make_dual(x, tx), fwAD.make_dual(w, tw), fwAD.make_dual(b, tb)
        show("layer_norm", F.layer_norm(dx, (5,)))
        show("layer_norm affine", F.layer_norm(dx, (5,), dw, db))
        show("layer_norm plain weight", F.layer_norm(dx, (5,), w, b))
        show("layer_norm weight tangent only", F.layer_norm(x, (5,), dw, b))
        show("layer_norm bias tangent only", F.layer_norm(x, (5,), w, db))
        show("layer_norm 2 dims", F.layer_norm(dx, (3, 5), eps=1e-3))
        ln = torch.nn.LayerNorm(5).to(dtype)
        show("nn.LayerNorm", ln(dx))
        out = F.layer_norm(dx, (5,), dw, db)
        print("layer_norm primal", fwAD.unpack_dual(out).primal.tolist())

    img = tensor((2, 3, 5, 6), 0.3, -0.05, dtype, step=5, mod=17)
    timg = tensor((2, 3, 5, 6), 0.11, 0.2, dtype, step=3, mod=19)
    k = tensor((4, 3, 3, 3), 0.2, 0.01, dtype, step=7, mod=13)
    tk = tensor((4, 3, 3, 3), -0.15, 0.1, dtype, step=11, mod=17)
    kb = tensor((4,), 0.5, 0.0, dtype)
    tkb = tensor((4,), 0.25, 0.5, dtype, step=3)
    seq = tensor((2, 3, 7), 0.45, 0.2, dtype, step=4, mod=9)
    tseq = tensor((2, 3, 7), -0.3, 0.1, dtype, step=5, mod=7)
    k1 = tensor((2, 3, 2), 0.6, -0.1, dtype)
    tk1 = tensor((2, 3, 2), 0.2, 0.3, dtype, step=3)
    with fwAD.dual_level():
        dimg, dk, dkb = fwAD.make_dual(img, timg), fwAD.make_dual(k, tk), fwAD.make_dual(kb, tkb)
        show("conv2d", F.conv2d(dimg, k))
        show("conv2d all dual", F.conv2d(dimg, dk, dkb, padding=1))
        show("conv2d weight only", F.conv2d(img, dk, kb, stride=2))
        show("conv2d bias only", F.conv2d(img, k, dkb))
        show("conv1d", F.conv1d(fwAD.make_dual(seq, tseq), fwAD.make_dual(k1, tk1), stride=2, padding=1))
        conv = torch.nn.Conv2d(3, 4, 3).to(dtype)
        with torch.no_grad():
            conv.weight.copy_(k)
            conv.bias.copy_(kb)
        show("nn.Conv2d", conv(dimg))
        show("max_pool2d", F.max_pool2d(dimg, 2))
        show("max_pool2d stride 1 padding", F.max_pool2d(dimg, 3, stride=1, padding=1))
        show("max_pool1d", F.max_pool1d(fwAD.make_dual(seq, tseq), 2))
        show("avg_pool2d", F.avg_pool2d(dimg, 2))
        show("avg_pool2d padding", F.avg_pool2d(dimg, 3, stride=2, padding=1, count_include_pad=False))
        show("avg_pool1d", F.avg_pool1d(fwAD.make_dual(seq, tseq), 3))
        show("adaptive_avg_pool2d", F.adaptive_avg_pool2d(dimg, (2, 4)))
        show("adaptive_avg_pool2d 1", F.adaptive_avg_pool2d(dimg, 1))
        show("adaptive_avg_pool1d", F.adaptive_avg_pool1d(fwAD.make_dual(seq, tseq), 3))
        out, idx = F.max_pool2d(dimg, 2, return_indices=True)
        print("max_pool2d indices", idx.tolist(), fwAD.unpack_dual(idx).tangent)

    table = tensor((5, 3), 0.5, 0.1, dtype)
    ttable = tensor((5, 3), -0.25, 0.2, dtype, step=4)
    ids = torch.tensor([[0, 4, 2], [2, 2, 1]])
    with fwAD.dual_level():
        dtable = fwAD.make_dual(table, ttable)
        show("embedding", F.embedding(ids, dtable))
        show("embedding padding_idx", F.embedding(ids, dtable, padding_idx=2))
        show("embedding 1-d indices", F.embedding(torch.tensor([3, 0]), dtable))
