# backward(inputs=...) accumulates into .grad as AccumulateGrad does: a copy of the first
# gradient (sum's gradient is an expanded view: it must not become .grad), then in place;
# found by the differential fuzzer (a second plain backward gave 4 instead of 2).
import torch

a = torch.ones(3, requires_grad=True)
s = a.sum()
s.backward(inputs=[a])
first = a.grad
print(a.grad, a.grad.stride())
s.backward()
print(a.grad, a.grad is first)
s.backward(inputs=a)
print(a.grad, a.grad is first)

t1 = torch.ones(3, dtype=torch.float64, requires_grad=True)
t2 = torch.ones(2, requires_grad=True)
t13 = t1.sum()
t13.backward(inputs=[t1, t2])
print(t1.grad, t2.grad)
t13.backward()
print(t1.grad)

# A non-leaf input gets a .grad of its own; the leaf behind it none.
w = torch.tensor([1.0, 2.0], requires_grad=True)
h = w * 3
loss = (h * h).sum()
loss.backward(inputs=[h], retain_graph=True)
print(h.grad, w.grad)
loss.backward(inputs=[h, w])
print(h.grad, w.grad, h.retains_grad)

# Every input is told to retain its gradient first, so a tensor that does not require
# grad fails with retain_grad's message.
try:
    (w * 2).sum().backward(inputs=[w, torch.ones(2)])
except RuntimeError as e:
    print('RuntimeError:', e)
print(w.grad)

# create_graph: the accumulated gradient keeps a graph.
x = torch.tensor([1.5, -0.5], requires_grad=True)
y = (x ** 3).sum()
y.backward(inputs=[x], create_graph=True)
print(x.grad, x.grad.grad_fn is not None)
x.grad.sum().backward(inputs=[x])
print(x.grad)
