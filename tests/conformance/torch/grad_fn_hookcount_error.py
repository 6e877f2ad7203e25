# A grad_fn hook must return as many gradients as the node has inputs.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.exp()


def bad(grad_inputs, grad_outputs):
    return (grad_inputs[0], grad_inputs[0])


y.grad_fn.register_hook(bad)
y.sum().backward()
