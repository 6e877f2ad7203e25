# Regression: the optimisers whose second moment uses addcmul_ (Adam, AdamW, RMSprop,
# Adadelta, Adagrad) on float64 parameters, bit for bit. Their shared helper once summed
# value * t1 * t2 with three roundings in float64, where PyTorch's kernel rounds otherwise;
# a few elements of 64 came out one ulp away after a handful of steps.
import torch


def run(make, steps=10):
    torch.manual_seed(0)
    w = torch.randn(64, dtype=torch.float64, requires_grad=True)
    opt = make([w])
    for k in range(steps):
        with torch.no_grad():
            w.grad = w * (1.5 - 0.1 * k) - 0.3 * k + 0.01 * w * w
        opt.step()
    print(type(opt).__name__, w.tolist())


run(lambda p: torch.optim.Adam(p, lr=0.05))
run(lambda p: torch.optim.Adam(p, lr=0.05, betas=(0.8, 0.9), amsgrad=True, weight_decay=0.1))
run(lambda p: torch.optim.AdamW(p, lr=0.05))
run(lambda p: torch.optim.RMSprop(p, lr=0.01))
run(lambda p: torch.optim.RMSprop(p, lr=0.01, centered=True, momentum=0.5))
run(lambda p: torch.optim.Adadelta(p))
run(lambda p: torch.optim.Adagrad(p, lr=0.1))
