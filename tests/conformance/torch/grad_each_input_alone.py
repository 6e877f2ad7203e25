# autograd.grad toward each input alone, and toward all: every formula must give the same
# gradient whichever other gradients the task asks for.
import torch
import torch.nn.functional as F
torch.manual_seed(0)

lstm = torch.nn.LSTM(3, 2).double()
gru = torch.nn.GRU(3, 2).double()

def T(*shape):
    return (torch.rand(*shape, dtype=torch.float64) + 0.5).requires_grad_()

cases = {
    "add": (lambda a, b: a + b, [T(3), T(3)]),
    "sub": (lambda a, b: a - b, [T(3), T(3)]),
    "mul": (lambda a, b: a * b, [T(3), T(3)]),
    "div": (lambda a, b: a / b, [T(3), T(3)]),
    "div_floor": (lambda a, b: torch.div(a, b, rounding_mode="floor"), [T(3), T(3)]),
    "pow": (lambda a, b: a ** b, [T(3), T(3)]),
    "atan2": (torch.atan2, [T(3), T(3)]),
    "hypot": (torch.hypot, [T(3), T(3)]),
    "maximum": (torch.maximum, [T(3), T(3)]),
    "fmod": (torch.fmod, [T(3), T(3)]),
    "remainder": (torch.remainder, [T(3), T(3)]),
    "copysign": (torch.copysign, [T(3), T(3)]),
    "xlogy": (torch.xlogy, [T(3), T(3)]),
    "lerp": (torch.lerp, [T(3), T(3), T(3)]),
    "addcmul": (lambda a, b, c: torch.addcmul(a, b, c, value=0.5), [T(3), T(3), T(3)]),
    "addcdiv": (lambda a, b, c: torch.addcdiv(a, b, c, value=0.5), [T(3), T(3), T(3)]),
    "mm": (torch.mm, [T(2, 3), T(3, 4)]),
    "matmul_bcast": (torch.matmul, [T(2, 2, 3), T(3, 4)]),
    "bmm": (torch.bmm, [T(2, 2, 3), T(2, 3, 2)]),
    "addmm": (torch.addmm, [T(2, 4), T(2, 3), T(3, 4)]),
    "baddbmm": (torch.baddbmm, [T(2, 2, 2), T(2, 2, 3), T(2, 3, 2)]),
    "addmv": (torch.addmv, [T(2), T(2, 3), T(3)]),
    "addr": (torch.addr, [T(2, 3), T(2), T(3)]),
    "dot": (torch.dot, [T(3), T(3)]),
    "outer": (torch.outer, [T(2), T(3)]),
    "cross": (lambda a, b: torch.linalg.cross(a, b), [T(2, 3), T(2, 3)]),
    "where": (lambda a, b: torch.where(a > 1, a, b), [T(4), T(4)]),
    "cat": (lambda a, b: torch.cat([a, b]), [T(2), T(3)]),
    "linear": (F.linear, [T(2, 3), T(4, 3), T(4)]),
    "bilinear": (F.bilinear, [T(2, 3), T(2, 2), T(4, 3, 2), T(4)]),
    "conv2d": (lambda x, w, b: F.conv2d(x, w, b, padding=1), [T(1, 2, 4, 4), T(3, 2, 3, 3), T(3)]),
    "conv_transpose2d": (lambda x, w, b: F.conv_transpose2d(x, w, b), [T(1, 2, 3, 3), T(2, 3, 2, 2), T(3)]),
    "conv1d_groups": (lambda x, w: F.conv1d(x, w, groups=2), [T(1, 4, 5), T(4, 2, 3)]),
    "layer_norm": (lambda x, w, b: F.layer_norm(x, (3,), w, b), [T(2, 3), T(3), T(3)]),
    "group_norm": (lambda x, w, b: F.group_norm(x, 2, w, b), [T(2, 4, 3), T(4), T(4)]),
    "batch_norm": (lambda x, w, b: F.batch_norm(x, None, None, w, b, training=True), [T(3, 2), T(2), T(2)]),
    "instance_norm": (lambda x, w, b: F.instance_norm(x, weight=w, bias=b), [T(2, 2, 4), T(2), T(2)]),
    "prelu": (F.prelu, [T(2, 3) - 1, T(3)]),
    "mse": (F.mse_loss, [T(3), T(3)]),
    "l1": (F.l1_loss, [T(3), T(3) + 2]),
    "smooth_l1": (F.smooth_l1_loss, [T(3), T(3)]),
    "huber": (F.huber_loss, [T(3), T(3)]),
    "bce": (lambda x, y, w: F.binary_cross_entropy(x * 0.5, y * 0.5, w), [T(3), T(3), T(3)]),
    "bce_logits": (lambda x, y, w, p: F.binary_cross_entropy_with_logits(x, y * 0.5, w, pos_weight=p), [T(3), T(3), T(3), T(3)]),
    "kl_div": (lambda x, y: F.kl_div(x, y, reduction="batchmean"), [T(2, 3), T(2, 3)]),
    "cosine": (F.cosine_similarity, [T(2, 3), T(2, 3)]),
    "cdist": (torch.cdist, [T(2, 3), T(4, 3)]),
    "dist": (torch.dist, [T(3), T(3)]),
    "poisson_nll": (F.poisson_nll_loss, [T(3), T(3)]),
    "gaussian_nll": (F.gaussian_nll_loss, [T(3), T(3), T(3)]),
    "margin_ranking": (lambda a, b: F.margin_ranking_loss(a, b, torch.tensor([1., -1., 1.], dtype=torch.float64)), [T(3), T(3)]),
    "triplet": (F.triplet_margin_loss, [T(2, 3), T(2, 3), T(2, 3)]),
    "cosine_embedding": (lambda a, b: F.cosine_embedding_loss(a, b, torch.tensor([1., -1.], dtype=torch.float64)), [T(2, 3), T(2, 3)]),
    "hinge_embedding": (lambda a: F.hinge_embedding_loss(a, torch.tensor([1., -1., 1.], dtype=torch.float64)), [T(3)]),
    "index_add": (lambda a, s: a.index_add(0, torch.tensor([0, 2]), s), [T(3, 2), T(2, 2)]),
    "index_copy": (lambda a, s: a.index_copy(0, torch.tensor([0, 2]), s), [T(3, 2), T(2, 2)]),
    "scatter": (lambda a, s: a.scatter(0, torch.tensor([[0, 1]]), s), [T(2, 2), T(1, 2)]),
    "scatter_add": (lambda a, s: a.scatter_add(0, torch.tensor([[0, 1]]), s), [T(2, 2), T(1, 2)]),
    "index_put": (lambda a, v: a.index_put((torch.tensor([0, 2]),), v), [T(3), T(2)]),
    "masked_fill_t": (lambda a, v: a.masked_fill(torch.tensor([True, False, True]), v), [T(3), T(())]),
    "clamp_t": (lambda a, lo, hi: torch.clamp(a, lo, hi), [T(4), T(4), T(4) + 0.3]),
    "lstm": (lambda x, h: lstm(x, (h, h))[0], [T(2, 1, 3), T(1, 1, 2)]),
    "gru": (lambda x, h: gru(x, h)[0], [T(2, 1, 3), T(1, 1, 2)]),
    "solve": (torch.linalg.solve, [T(3, 3) + torch.eye(3, dtype=torch.float64) * 3, T(3, 2)]),
    "triangular_solve": (lambda b, a: torch.linalg.solve_triangular(a.triu() + torch.eye(3, dtype=torch.float64), b, upper=True), [T(3, 2), T(3, 3)]),
    "cholesky_solve": (lambda b, a: torch.cholesky_solve(b, torch.linalg.cholesky(a @ a.mT + torch.eye(3, dtype=torch.float64))), [T(3, 2), T(3, 3)]),
    "lu_solve": (lambda a, b: torch.linalg.lu_solve(*torch.linalg.lu_factor(a + 3 * torch.eye(3, dtype=torch.float64)), b), [T(3, 3), T(3, 2)]),
    "lstsq": (lambda a, b: torch.linalg.lstsq(a, b, driver="gelsd").solution, [T(4, 3), T(4, 2)]),
    "grid_sample": (lambda x, g: F.grid_sample(x, g * 0.5 - 0.5, align_corners=False), [T(1, 1, 3, 3), T(1, 2, 2, 2)]),
    "affine_grid": (lambda t: F.affine_grid(t, (1, 1, 2, 2), align_corners=False), [T(1, 2, 3)]),
    "embedding": (lambda w, x: F.embedding(torch.tensor([0, 2]), w) * x, [T(3, 2), T(2, 2)]),
    "ctc": (lambda lp: F.ctc_loss(lp.log_softmax(2), torch.tensor([[1, 2]]), torch.tensor([4]), torch.tensor([2])), [T(4, 1, 3)]),
    "special_zeta": (torch.special.zeta, [T(3) + 1.5, T(3)]),
    "igamma": (torch.igamma, [T(3), T(3)]),
    "polar_like_atan2_mul": (lambda a, b: torch.atan2(a, b) * a * b, [T(3), T(3)]),
    "einsum": (lambda a, b: torch.einsum("ij,jk->ik", a, b), [T(2, 3), T(3, 2)]),
    "tensordot": (lambda a, b: torch.tensordot(a, b, dims=1), [T(2, 3), T(3, 2)]),
    "kron": (torch.kron, [T(2, 2), T(2, 1)]),
    "dropout_mul": (lambda a, b: F.dropout(a, 0.0) * b, [T(3), T(3)]),
    "softmax_mul": (lambda a, b: a.softmax(0) * b.log_softmax(0), [T(3), T(3)]),
    "mha": (lambda q, k: F.multi_head_attention_forward(q, k, k, 4, 2, torch.eye(12, 4, dtype=torch.float64), None, None, None, False, 0.0, torch.eye(4, dtype=torch.float64), None, training=False)[0], [T(2, 1, 4), T(3, 1, 4)]),
}

def grads(f, inputs, wanted, create):
    out = f(*inputs)
    loss = (out * out).sum() if out.dim() else out * out
    return torch.autograd.grad(loss, [inputs[i] for i in wanted], create_graph=create, allow_unused=True)

for name, (f, inputs) in cases.items():
    for create in (False, True):
        try:
            full = grads(f, inputs, list(range(len(inputs))), create)
            for i in range(len(inputs)):
                alone = grads(f, inputs, [i], create)[0]
                same = (alone is None and full[i] is None) or (
                    alone is not None and full[i] is not None and torch.equal(alone, full[i]))
                print(name, create, i, "same" if same else "DIFFERENT",
                      None if alone is None else alone.flatten()[:3].tolist())
        except Exception as e:
            print(name, create, type(e).__name__, str(e)[:100])
