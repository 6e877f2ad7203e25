# squeeze's gradient is unsqueeze_to(grad, self.sizes()): the gradient itself when no dim was
# squeezed (no reshape view under create_graph).
import torch
x = torch.rand(2, 1, 3, requires_grad=True)
for f in [lambda t: t.squeeze(), lambda t: t.squeeze(1), lambda t: t.squeeze(0), lambda t: t[0].squeeze()]:
    y = f(x)
    g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
    print(y.grad_fn.name(), g.grad_fn.name(), g._base is not None, g.shape)
z = torch.rand(2, 2, 4).requires_grad_()
g, = torch.autograd.grad((z.squeeze() * z.squeeze()).sum(), z, create_graph=True)
print(g.grad_fn.name(), g._base is not None)
