# grad_fn.register_prehook and grad_fn.register_hook: hooks on the node itself see
# (and may replace) the gradients flowing in and the gradients it computes.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = x * w
z = y.sum()


def pre(grad_outputs):
    print("pre", grad_outputs)
    return (grad_outputs[0] * 2,)


def post(grad_inputs, grad_outputs):
    print("post", grad_inputs, grad_outputs)
    return (grad_inputs[0], None)


y.grad_fn.register_prehook(pre)
handle = y.grad_fn.register_hook(post)
z.backward(retain_graph=True)
print(x.grad, w.grad)
handle.remove()
x.grad = None
w.grad = None
z.backward()
print(x.grad, w.grad)
print(type(y.grad_fn).__name__, y.grad_fn.name())
