# torch.dropout(_), feature_dropout(_), alpha_dropout(_), feature_alpha_dropout(_), and
# F.alpha_dropout / F.feature_alpha_dropout / nn.AlphaDropout / nn.FeatureAlphaDropout:
# the masks drawn for a seed, the graphs (MulBackward0, AddBackward0 for alpha), gradients.
import torch
import torch.nn.functional as F

torch.set_printoptions(precision=10)


def names(t):
    f = t.grad_fn
    return None if f is None else (f.name(), [n.name() if n is not None else None for n, _ in f.next_functions])


x = torch.linspace(-2, 2, 24, requires_grad=True)
for name in ["dropout", "feature_dropout", "alpha_dropout", "feature_alpha_dropout"]:
    for p in [0.0, 0.3, 0.5, 1.0]:
        torch.manual_seed(7)
        y = getattr(torch, name)(x.view(2, 3, 4), p, True)
        print(name, p, y is x, y.double().tolist(), names(y))
        x.grad = None
        (y * torch.arange(24.0).view(2, 3, 4)).sum().backward()
        print("  grad", x.grad.tolist())
    y = getattr(torch, name)(x.view(2, 3, 4), 0.5, False)
    print(name, "eval", names(y), y._base is x)
    h = x.detach().view(2, 3, 4) * 1.0
    torch.manual_seed(7)
    r = getattr(torch, name + "_")(h, 0.4, True)
    print(name + "_", r is h, h.tolist())
    hx = x * 1.0
    torch.manual_seed(7)
    r = getattr(torch, name + "_")(hx.view(4, 6), 0.4, True)
    print(name + "_ graph", names(hx))

torch.manual_seed(3)
print("F.alpha_dropout", F.alpha_dropout(x, 0.2, True).tolist())
print("F.alpha_dropout default", F.alpha_dropout(x) is x)
torch.manual_seed(3)
print("F.feature_alpha_dropout", F.feature_alpha_dropout(x.view(4, 3, 2), 0.25, True).tolist())
h = x.detach() * 1
torch.manual_seed(3)
print("F.alpha_dropout inplace", F.alpha_dropout(h, 0.2, True, True) is h, h.tolist())
m = torch.nn.AlphaDropout(0.3)
print(m, torch.nn.FeatureAlphaDropout(0.1, inplace=True))
torch.manual_seed(5)
print("AlphaDropout", m(x).tolist())
m.eval()
print("AlphaDropout eval", m(x) is x)
torch.manual_seed(5)
print("FeatureAlphaDropout", torch.nn.FeatureAlphaDropout(0.5)(x.view(2, 12, 1)).tolist())
d = torch.randn(3, 5, dtype=torch.float64)
torch.manual_seed(9)
print("alpha_dropout double", torch.alpha_dropout(d, 0.35, True).tolist())
print("alpha_dropout empty", torch.alpha_dropout(torch.ones(0, 3), 0.5, True).shape)

for f in [lambda: torch.dropout(x, 1.5, True), lambda: torch.dropout_(x * 1, -0.1, True),
          lambda: torch.feature_dropout(x, 0.5, True), lambda: torch.feature_dropout(x, 2.0, True),
          lambda: torch.alpha_dropout(x, 1.5, True), lambda: torch.feature_alpha_dropout(x, 0.5, True),
          lambda: F.alpha_dropout(x, 1.5, True), lambda: F.feature_alpha_dropout(x, -1, True),
          lambda: torch.nn.AlphaDropout(2), lambda: torch.alpha_dropout_(x, 0.5, True),
          lambda: torch.feature_alpha_dropout(x, 1.0, True)]:
    try:
        r = f()
        print(r.tolist(), names(r))
    except Exception as e:
        print(type(e).__name__, e)

# p printed as C++ streams a double
for p in [2, 2.0, -0.25, 1.0000001]:
    try:
        torch.alpha_dropout(x, p, True)
    except Exception as e:
        print(type(e).__name__, e)
    try:
        torch.dropout_(x * 1, p, True)
    except Exception as e:
        print(type(e).__name__, e)

# F.dropout(inplace=True) and nn.Dropout(inplace=True) write into the input
h = x * 1.0
torch.manual_seed(11)
r = F.dropout(h, 0.5, True, True)
print("F.dropout inplace", r is h, h.tolist(), names(h))
h = x.detach() * 1.0
torch.manual_seed(11)
r = torch.nn.Dropout(0.25, inplace=True)(h)
print("Dropout inplace", r is h, h.tolist())
torch.manual_seed(11)
print("Dropout", torch.nn.Dropout(0.25)(x.detach()).tolist())
