import torch
import torch.nn.functional as F

# 1.13's argument parser takes numpy's names too: axis for dim, keepdims for keepdim,
# x / a / x1 for input, x2 for other. A numpy name whose parameter is already given is an
# unexpected keyword; Python-level functions (torch.nn.functional) do not take them.
x = torch.arange(6.).reshape(2, 3)
cases = ["x.sum(axis=1)", "torch.sum(x, axis=0, keepdims=True)", "x.mean(axis=1)", "x.max(axis=1)", "x.argmax(axis=1)",
         "torch.argmax(x, axis=1)", "x.std(axis=0)", "torch.cat([x, x], axis=0)", "x.softmax(axis=1)",
         "torch.softmax(x, axis=1)", "x.cumsum(axis=1)", "x.squeeze(axis=0)", "x.unsqueeze(axis=0)",
         "torch.stack([x, x], axis=1)", "x.min(axis=0)", "x.prod(axis=1)", "x.any(axis=1)", "x.all(axis=1)",
         "torch.add(x, x2=x)", "torch.exp(x=x)", "torch.sum(a=x)", "x.var(axis=1, keepdims=True)",
         "x.norm(dim=1, keepdims=True)", "x.logsumexp(axis=1)", "torch.mean(x, axis=(0, 1))", "x.sort(axis=1)",
         "x.topk(1, axis=1)", "torch.where(x > 2)", "torch.where(condition=x > 2)", "x.count_nonzero(axis=1)",
         "x.sum(1, axis=0)", "x.sum(dim=1, axis=0)", "x.sum(axis=0, dim=1)", "torch.zeros_like(x=x)",
         "F.softmax(x, axis=1)", "F.relu(x=x)", "torch.mul(x1=x, other=x)", "x.sum(axiss=1)"]
for c in cases:
    try:
        r = eval(c)
        print(c, '->', r)
    except Exception as e:
        print(c, '!!', type(e).__name__, str(e).splitlines()[0])
