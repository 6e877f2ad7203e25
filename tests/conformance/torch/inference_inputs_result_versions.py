# Results of ops whose tensor inputs are all inference tensors, used outside
# inference_mode: normal tensors whose _version counts the in-place and out= calls of the
# kernel (Note [Versions of results computed from inference tensors]). This script is
# also where the table in core/ops/inference_versions.cpp was read from.
import torch
import torch.nn.functional as F
with torch.inference_mode():
    x = torch.rand(2, 3) + 0.5
    xi = torch.arange(6).reshape(2, 3)
    y = torch.rand(2, 3) + 0.5
    v = torch.rand(3) + 0.5
    m = torch.rand(3, 2)
ops = {
 'neg': lambda: -x, 'add': lambda: x + y, 'add_s': lambda: x + 1, 'mul': lambda: x * y, 'mul_s': lambda: x * 2, 'div': lambda: x / y, 'div_s': lambda: x / 2, 'sub': lambda: x - y, 'pow_s': lambda: x ** 2, 'pow_t': lambda: x ** y, 'rsub': lambda: 1 - x,
 'exp': lambda: x.exp(), 'log': lambda: x.log(), 'sin': lambda: x.sin(), 'cos': lambda: x.cos(), 'tanh': lambda: x.tanh(), 'sigmoid': lambda: x.sigmoid(), 'relu': lambda: x.relu(), 'abs': lambda: x.abs(), 'sqrt': lambda: x.sqrt(), 'rsqrt': lambda: x.rsqrt(), 'log1p': lambda: x.log1p(), 'expm1': lambda: x.expm1(), 'erf': lambda: x.erf(), 'atan2': lambda: torch.atan2(x, y), 'clamp': lambda: x.clamp(0, 1), 'clamp_min': lambda: x.clamp(min=0), 'square': lambda: x.square(), 'reciprocal': lambda: x.reciprocal(), 'sign': lambda: x.sign(), 'floor': lambda: x.floor(),
 'sum': lambda: x.sum(), 'sum_dim': lambda: x.sum(0), 'mean': lambda: x.mean(), 'mean_dim': lambda: x.mean(1), 'prod': lambda: x.prod(), 'prod_dim': lambda: x.prod(0), 'max': lambda: x.max(), 'min': lambda: x.min(), 'max_dim': lambda: x.max(0)[0], 'max_dim_i': lambda: x.max(0)[1], 'amax': lambda: x.amax(0), 'std': lambda: x.std(), 'var': lambda: x.var(), 'std_dim': lambda: x.std(0), 'var_dim': lambda: x.var(0), 'norm': lambda: x.norm(), 'norm_dim': lambda: x.norm(dim=0), 'logsumexp': lambda: x.logsumexp(0), 'cumsum': lambda: x.cumsum(0), 'cumprod': lambda: x.cumprod(0), 'argmax': lambda: x.argmax(), 'argmin_dim': lambda: x.argmin(0), 'median': lambda: x.median(), 'sort': lambda: x.sort(0)[0], 'topk': lambda: x.topk(2)[0], 'cummax': lambda: x.cummax(0)[0],
 'softmax': lambda: x.softmax(0), 'log_softmax': lambda: x.log_softmax(1), 'leaky': lambda: F.leaky_relu(x), 'elu': lambda: F.elu(x), 'silu': lambda: F.silu(x), 'mse': lambda: F.mse_loss(x, y), 'l1': lambda: F.l1_loss(x, y), 'bce': lambda: F.binary_cross_entropy(x.sigmoid(), y.sigmoid()) if False else None,
 'mm': lambda: x @ m, 'mv': lambda: x @ v, 'dot': lambda: v.dot(v), 'matmul': lambda: torch.matmul(x, m), 'outer': lambda: torch.outer(v, v),
 'clone': lambda: x.clone(), 'contiguous_t': lambda: x.t().contiguous(), 'double': lambda: x.double(), 'float_i': lambda: xi.float(), 'to': lambda: x.to(torch.float64), 'flip': lambda: x.flip(0), 'roll': lambda: x.roll(1, 1), 'cat': lambda: torch.cat([x, y]), 'stack': lambda: torch.stack([x, y]), 'where': lambda: torch.where(x > 0.7, x, y), 'maximum': lambda: torch.maximum(x, y), 'minimum': lambda: torch.minimum(x, y), 'lerp': lambda: torch.lerp(x, y, 0.5), 'tril': lambda: x.tril(), 'triu': lambda: x.triu(), 'repeat': lambda: x.repeat(2, 1), 'gather': lambda: x.gather(0, torch.zeros(2, 3, dtype=torch.long)), 'index_select': lambda: x.index_select(0, torch.tensor([1, 0])), 'masked_fill': lambda: x.masked_fill(x > 0.7, 0.0), 'index': lambda: x[torch.tensor([1, 0])], 'bool_index': lambda: x[x > 0.7], 'masked_select': lambda: x.masked_select(x > 0.7), 'reshape_copy': lambda: x.t().reshape(6), 'flatten_t': lambda: x.t().flatten(), 'zeros_like': lambda: torch.zeros_like(x), 'ones_like': lambda: torch.ones_like(x), 'rand_like': lambda: torch.rand_like(x), 'full_like': lambda: torch.full_like(x, 2.0), 'gt': lambda: x > y, 'eq': lambda: x == y, 'isnan': lambda: x.isnan(), 'addcmul': lambda: torch.addcmul(x, x, y), 'addmm': lambda: torch.addmm(v.expand(2,3) if False else torch.zeros(2, 2), x, m), 'cumsum_i': lambda: xi.cumsum(0), 'sum_i': lambda: xi.sum(), 'mean_keep': lambda: x.mean(0, keepdim=True), 'trunc': lambda: x.trunc(), 'round': lambda: x.round(), 'frac': lambda: x.frac(), 'hardtanh': lambda: F.hardtanh(x), 'softplus': lambda: F.softplus(x), 'dropout_eval': lambda: F.dropout(x, 0.5, False), 'diag': lambda: v.diag(), 'trace': lambda: torch.eye(3).trace() if False else m.t().matmul(m).trace(), 'sort_i': lambda: x.sort(0)[1], 'cummax_i': lambda: x.cummax(0)[1], 'topk_i': lambda: x.topk(2)[1], 'median_i': lambda: x.median(0)[1], 'min_dim_i': lambda: x.min(0)[1], 'amin': lambda: x.amin(0), 'cummin': lambda: x.cummin(0)[0], 'std_all_dims': lambda: x.std((0, 1)), 'sum_two_dims': lambda: x.sum((0, 1)), 'kthvalue': lambda: x.kthvalue(1, 0)[0], 'mode': lambda: x.mode(0)[0], 'unique': lambda: x.unique(), 'cross_entropy': lambda: F.cross_entropy(x, torch.tensor([0, 2])), 'nll': lambda: F.nll_loss(x.log_softmax(1), torch.tensor([0, 2])), 'normalize': lambda: F.normalize(x), 'cosine': lambda: F.cosine_similarity(x, y), 'layer_norm': lambda: F.layer_norm(x, (3,)), 'linear': lambda: F.linear(x, m.t()), 'einsum': lambda: torch.einsum('ij,jk->ik', x, m),
}
for name, f in ops.items():
    try:
        r = f()
        if r is None:
            continue
        print(name, torch.is_inference(r), r._version if not torch.is_inference(r) else 'inf')
    except Exception as e:
        print(name, 'ERR', type(e).__name__, str(e)[:60])
