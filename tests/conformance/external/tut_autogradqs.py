# Source: pytorch/tutorials/beginner_source/basics/autogradqs_tutorial.py
# Changed: torch.randn weights replaced by fixed tensors; `{z.grad_fn}` in the two f-strings (object addresses) replaced by `{z.grad_fn.name()}`; prose comments trimmed.
"""
Automatic Differentiation with ``torch.autograd``
=================================================
"""

import torch

x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.tensor([[ 0.2, -0.5,  1.1],
                  [-0.3,  0.8,  0.4],
                  [ 1.5, -0.1, -0.7],
                  [ 0.05, 0.6, -1.2],
                  [-0.9,  0.3,  0.25]], requires_grad=True)
b = torch.tensor([0.1, -0.2, 0.3], requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)

print(f"Gradient function for z = {z.grad_fn.name()}")
print(f"Gradient function for loss = {loss.grad_fn.name()}")

######################################################################
# Computing Gradients
# -------------------

loss.backward()
print(w.grad)
print(b.grad)

######################################################################
# Disabling Gradient Tracking
# ---------------------------

z = torch.matmul(x, w)+b
print(z.requires_grad)

with torch.no_grad():
    z = torch.matmul(x, w)+b
print(z.requires_grad)

######################################################################
# Another way to achieve the same result is to use the ``detach()`` method
# on the tensor:

z = torch.matmul(x, w)+b
z_det = z.detach()
print(z_det.requires_grad)

######################################################################
# Optional Reading: Tensor Gradients and Jacobian Products
# --------------------------------------------------------

inp = torch.eye(4, 5, requires_grad=True)
out = (inp+1).pow(2).t()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call\n{inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nSecond call\n{inp.grad}")
inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nCall after zeroing gradients\n{inp.grad}")
