# copy_ into an integer tensor records nothing even from a source that requires grad
# (requires_grad &= isDifferentiableType(self)), so a multi-output view of an integer
# tensor, or an integer leaf, takes the copy without any view or leaf check.
import torch
torch.manual_seed(0)

x = torch.tensor([1.5, -2.25], requires_grad=True)
base = torch.tensor([[[-2, 9], [-1, -5], [-1, 6]], [[-2, 8], [-5, 0], [9, 9]]])
chunk = base.chunk(2, 0)[0]
chunk.copy_(x)
print(chunk, chunk.requires_grad, chunk.grad_fn, chunk._version, base._version)
part = base.unbind(0)[1]
part.copy_(x[0])
print(base, part.requires_grad, part._version)
with torch.no_grad():
    v = base.split(1, 1)[0]
v.copy_(x)
print(base, v.requires_grad)
f = torch.zeros(2, 3).chunk(3, 1)[0]
try:
    f.copy_(x.view(2, 1))
except RuntimeError as e:
    print(e)
