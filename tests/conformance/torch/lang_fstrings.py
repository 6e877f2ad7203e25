# f-strings and str.format with tensors and their Python numbers.
import torch

x = torch.tensor([1.5, 2.25], requires_grad=True)
loss = (x ** 2).sum()
print(f"loss = {loss}")
print(f"loss = {loss.item()}")
print(f"loss = {loss.item():.3f}")
print(f"loss = {loss:.2f}")
print(f"x = {x}")
print(f"{x.shape} {x.dtype} {x.requires_grad} {x.is_leaf}")
print("shape {} dtype {}".format(x.shape, x.dtype))
print("%d elements, first %.2f" % (x.numel(), x[0].item()))
print(f"{x.grad_fn} {loss.grad_fn.name()}")
print(str(loss), repr(loss))
print(f"{torch.tensor(7)} {torch.tensor(7).item():04d}")
