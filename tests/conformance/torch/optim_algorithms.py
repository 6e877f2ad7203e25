# RMSprop, Adagrad, AdamW, Adam and SGD options bit for bit: parameters after 5 steps with hand-set gradients, printed in full.
import torch


def run(make, steps=5):
    w = torch.nn.Parameter(torch.tensor([[0.5, -1.25, 2.0], [1.5, 0.75, -0.3]]))
    b = torch.nn.Parameter(torch.tensor([0.1, -0.2]))
    tw = torch.tensor([[1.0, 0.0, -2.0], [0.25, 3.0, 1.0]])
    tb = torch.tensor([-1.0, 0.7])
    opt = make([w, b])
    for k in range(steps):
        opt.zero_grad()
        # Gradients by hand, from elementwise operations only, so that only the optimizer's
        # own arithmetic is compared.
        with torch.no_grad():
            w.grad = (w - tw) * (1.5 - 0.25 * k) + 0.01 * w * w
            b.grad = (b - tb) * 0.75 - 0.3 * k
        opt.step()
    print(type(opt).__name__, w.tolist(), b.tolist())
    return opt


run(lambda p: torch.optim.RMSprop(p))
run(lambda p: torch.optim.RMSprop(p, lr=0.05, alpha=0.9, momentum=0.8))
run(lambda p: torch.optim.RMSprop(p, lr=0.05, centered=True, weight_decay=0.1))
run(lambda p: torch.optim.RMSprop(p, lr=0.02, centered=True, momentum=0.5, maximize=True))
run(lambda p: torch.optim.Adagrad(p))
run(lambda p: torch.optim.Adagrad(p, lr=0.1, lr_decay=0.05, weight_decay=0.01, initial_accumulator_value=0.3))
run(lambda p: torch.optim.AdamW(p))
run(lambda p: torch.optim.AdamW(p, lr=0.05, betas=(0.8, 0.9), weight_decay=0.2, amsgrad=True))
run(lambda p: torch.optim.Adam(p, lr=0.05))
run(lambda p: torch.optim.Adam(p, lr=0.05, weight_decay=0.1, amsgrad=True, maximize=True))
run(lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01))
run(lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.5, dampening=0.1))
