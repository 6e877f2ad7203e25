# save_on_cpu() on CPU tensors: same results and grads as without it; nesting with saved_tensors_hooks (innermost wins).
import torch


def f(a, b):
    return ((a * b).tanh() * a.exp()).sum()


a = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
b = torch.tensor([1.0, 0.5, 0.25], requires_grad=True)
ref = f(a, b)
ref.backward()
ga, gb = a.grad.clone(), b.grad.clone()
for ctx in [torch.autograd.graph.save_on_cpu(), torch.autograd.graph.save_on_cpu(pin_memory=False)]:
    a.grad = None
    b.grad = None
    with ctx:
        out = f(a, b)
    out.backward()
    print(out, out.equal(ref), a.grad, b.grad, a.grad.equal(ga), b.grad.equal(gb))


def pack(t):
    print("printing pack", t.detach())
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    with torch.autograd.graph.save_on_cpu():
        y = a.exp()
    print("save_on_cpu exited")
    z = b.sin()
print(y.grad_fn._saved_result, z.grad_fn._saved_self)
with torch.autograd.graph.save_on_cpu():
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        w = a.cos()
    v = w * 2
(y.sum() + z.sum() + v.sum()).backward()
print(a.grad, b.grad)
