import torch
torch.manual_seed(0)


def graph(fn):
    if fn is None:
        return "None"
    kids = [graph(f) for f, _ in fn.next_functions]
    return type(fn).__name__ + ("(" + ",".join(kids) + ")" if kids else "")


def show(name, make, *inputs):
    """Prints the result's graph, values and shape, then the gradients (full precision)
    of a weighted sum of every output."""
    try:
        result = make()
    except Exception as e:  # noqa: BLE001  the error text is part of the expected output
        print(name, "raises", type(e).__name__, e)
        return
    outputs = list(result) if isinstance(result, (tuple, list)) else [result]
    for out in outputs:
        print(name, graph(out.grad_fn), tuple(out.shape), out.dtype, out.tolist())
    total = sum((out.double() * torch.arange(out.numel(), dtype=torch.float64).view(out.shape).cos()).sum()
                for out in outputs if out.requires_grad)
    if isinstance(total, torch.Tensor):
        for g in torch.autograd.grad(total, inputs, allow_unused=True):
            print("  grad", None if g is None else g.tolist())


import torch.nn as nn
import torch.nn.functional as F

x = torch.randn(4, 3, requires_grad=True)
y = torch.randn(4, 3, requires_grad=True)
z = torch.randn(4, 3, requires_grad=True)
sign = torch.tensor([1.0, -1, 1, -1])
labels = torch.tensor([[1.0, -1, 1], [-1, -1, 1], [1, 1, 1], [-1, 1, -1]])

for reduction in ("mean", "sum", "none"):
    show("margin_ranking " + reduction, lambda: F.margin_ranking_loss(x[:, 0], y[:, 0], sign, margin=0.3,
                                                                       reduction=reduction), x, y)
    show("hinge_embedding " + reduction, lambda: F.hinge_embedding_loss(x, labels, reduction=reduction), x)
    show("cosine_embedding " + reduction, lambda: F.cosine_embedding_loss(x, y, sign, margin=0.2,
                                                                          reduction=reduction), x, y)
    show("triplet " + reduction, lambda: F.triplet_margin_loss(x, y, z, reduction=reduction), x, y, z)
    show("poisson_nll " + reduction, lambda: F.poisson_nll_loss(x, y.abs(), reduction=reduction), x, y)
    show("gaussian_nll " + reduction, lambda: F.gaussian_nll_loss(x, y, z.abs(), reduction=reduction), x, y, z)
    show("multilabel_soft_margin " + reduction,
         lambda: F.multilabel_soft_margin_loss(x, (y > 0).float(), reduction=reduction), x)

show("cosine_embedding 1-d", lambda: F.cosine_embedding_loss(x[0], y[0], torch.tensor(-1.0)), x, y)
show("cosine_embedding bad target", lambda: F.cosine_embedding_loss(x, y, torch.ones(4, 1)))
show("cosine_embedding bad inputs", lambda: F.cosine_embedding_loss(x[0], y[0], sign))
show("triplet swap p=1", lambda: F.triplet_margin_loss(x, y, z, margin=0.5, p=1, swap=True), x, y, z)
show("triplet dims", lambda: F.triplet_margin_loss(x, y[0], z))
show("margin_ranking dims", lambda: F.margin_ranking_loss(x, y[:, 0], sign))
show("poisson_nll full", lambda: F.poisson_nll_loss(x.abs(), 3 * y.abs(), log_input=False, full=True), x, y)
show("poisson_nll bad reduction", lambda: F.poisson_nll_loss(x, y, reduction="avg"))
show("gaussian_nll full", lambda: F.gaussian_nll_loss(x, y, z.abs(), full=True, eps=0.5), x, y, z)
show("gaussian_nll homoscedastic", lambda: F.gaussian_nll_loss(x, y, z[:, 0].abs()), x, y, z)
show("gaussian_nll column", lambda: F.gaussian_nll_loss(x, y, z[:, :1].abs()), x, y, z)
show("gaussian_nll bad var", lambda: F.gaussian_nll_loss(x, y, z[:2]))
show("gaussian_nll negative var", lambda: F.gaussian_nll_loss(x, y, -z.abs()))
show("multilabel_soft_margin weight",
     lambda: F.multilabel_soft_margin_loss(x, (y > 0).float(), weight=torch.tensor([1.0, 2, 0.5])), x)
show("hinge legacy", lambda: F.hinge_embedding_loss(x, labels, size_average=False), x)

img = torch.randn(1, 2, 4, 4, requires_grad=True)
show("lp_pool2d", lambda: F.lp_pool2d(img, 2, 2), img)
show("lp_pool2d p=3 stride", lambda: F.lp_pool2d(img, 3, (2, 3), stride=1), img)
show("lp_pool1d", lambda: F.lp_pool1d(img[0], 2, 2), img)

# the modules
for module, args in ((nn.MarginRankingLoss(margin=0.1), (x[:, 0], y[:, 0], sign)),
                     (nn.HingeEmbeddingLoss(margin=2.0, reduction="sum"), (x, labels)),
                     (nn.CosineEmbeddingLoss(), (x, y, sign)),
                     (nn.TripletMarginLoss(margin=0.5, swap=True), (x, y, z)),
                     (nn.PoissonNLLLoss(log_input=False), (x.abs(), y.abs())),
                     (nn.GaussianNLLLoss(full=True), (x, y, z.abs())),
                     (nn.MultiLabelSoftMarginLoss(), (x, (y > 0).float())),
                     (nn.LPPool2d(2, 2), (img,)),
                     (nn.LPPool1d(1.5, 3, stride=1), (img[0],))):
    print(module)
    show(type(module).__name__, lambda: module(*args), x, y, z, img)
print(torch.margin_ranking_loss(x[:, 0], y[:, 0], sign, 0.0, 1).item(), torch.hinge_embedding_loss(x, labels, 1.0, 2).item())
