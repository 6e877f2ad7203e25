# float16 ops that PyTorch 1.13 has no CPU kernel for raise its "not implemented for 'Half'" error, named
# after its kernel (addmm_impl_cpu_, exp_vml_cpu, clamp_min_cpu, ...).
import torch
import torch.nn.functional as F
a = torch.tensor([0.1, 0.7, 0.3, 0.9, 0.45, 0.2], dtype=torch.half)
b = torch.tensor([0.5, 0.6, 0.35, 0.8, 0.4, 0.25], dtype=torch.half)
ops = {
 'mm': lambda: a.reshape(2, 3) @ b.reshape(3, 2), 'mm2': lambda: torch.mm(a.reshape(2, 3), b.reshape(3, 2)),
 'linear': lambda: F.linear(a.reshape(2, 3), b.reshape(2, 3)), 'dot': lambda: torch.dot(a, b), 'matmul1d': lambda: a @ b,
 'mv': lambda: a.reshape(2, 3).mv(b[:3]), 'bmm': lambda: torch.bmm(a.reshape(1, 2, 3), b.reshape(1, 3, 2)),
 'exp': lambda: a.exp(), 'log': lambda: a.log(), 'sin': lambda: a.sin(), 'cos': lambda: a.cos(), 'tanh': lambda: a.tanh(),
 'sigmoid': lambda: a.sigmoid(), 'sqrt': lambda: a.sqrt(), 'relu': lambda: a.relu(), 'F.relu': lambda: F.relu(a),
 'rsqrt': lambda: a.rsqrt(), 'clamp': lambda: a.clamp(0.1, 0.5), 'softmax': lambda: a.softmax(0),
 'log_softmax': lambda: a.log_softmax(0), 'cross_entropy': lambda: F.cross_entropy(a.reshape(2, 3), torch.tensor([0, 1])),
 'nll': lambda: F.nll_loss(a.reshape(2, 3), torch.tensor([0, 1])),
 'batch_norm': lambda: F.batch_norm(a.reshape(2, 3), None, None, training=True),
 'max_pool2d': lambda: F.max_pool2d(a.reshape(1, 1, 2, 3), 2), 'avg_pool2d': lambda: F.avg_pool2d(a.reshape(1, 1, 2, 3), 2),
 'conv2d': lambda: F.conv2d(a.reshape(1, 1, 2, 3), b.reshape(1, 1, 2, 3)),
 'leaky_relu': lambda: F.leaky_relu(a), 'gelu': lambda: F.gelu(a), 'bce': lambda: F.binary_cross_entropy(a, b),
 'Linear': lambda: torch.nn.Linear(3, 2, dtype=torch.half)(a.reshape(2, 3)),
 'sigmoid_': lambda: a.clone().sigmoid_(), 'relu_': lambda: a.clone().relu_(), 'exp_': lambda: a.clone().exp_(),
 'tanh_': lambda: a.clone().tanh_(), 'clamp_': lambda: a.clone().clamp_(0, 1),
 'topk': lambda: a.topk(2), 'topk_bf16': lambda: a.bfloat16().topk(2),
 'uniform_long': lambda: torch.zeros(2, dtype=torch.long).uniform_(),
}
for name, f in ops.items():
    try:
        f()
        print(name, 'OK')
    except Exception as e:
        print(name, type(e).__name__ + ':', e)
