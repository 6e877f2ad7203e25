# backward(inputs=...) and autograd.grad run only the nodes leading to their inputs. A leaf
# written in place into a view (CopySlices) gets its AccumulateGrad run anyway in 1.13, with
# only the gradient that arrives through the write: the gradient computed earlier toward it
# (no node was going to run it then) is not added. Found by the differential fuzzer.
import torch

for extra_use in (True, False):
    t1 = torch.tensor(1.0, requires_grad=True)
    t12 = t1 * torch.ones(1, 4)
    t17 = torch.tensor(2.0, requires_grad=True)
    t12[0] = t17
    t21 = (t12 * t17).sum() if extra_use else (t12 * 3).sum()
    t21.backward(inputs=[t1])
    print(extra_use, t1.grad, t17.grad)

w = torch.tensor([1.0, -2.0], requires_grad=True)
leaf = torch.tensor(0.5, requires_grad=True)
base = w * 2
base[1] = leaf
out = (base * leaf).sum() + (w * leaf).sum()
g, = torch.autograd.grad(out, [w], retain_graph=True)
print(g, w.grad, leaf.grad)
out.backward(inputs=[w], retain_graph=True)
print(w.grad, leaf.grad)
out.backward(inputs=[leaf])
print(w.grad, leaf.grad)
