import torch

# A chunk of a tensor modified in place: its grad_fn cannot be rebuilt. 1.13's
# Tensor.register_hook makes the hook dict before it asks for grad_fn, so the first call
# raises and a second one is accepted, its hook kept where no node will call it.
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x * 2
part = y.chunk(2)[0]
y.mul_(3)
for attempt in range(3):
    try:
        handle = part.register_hook(lambda g: print('hook called', g))
        print('registered', attempt)
    except RuntimeError as e:
        print('refused', attempt, str(e)[:60])
y.sum().backward()
print(x.grad)

# A non-leaf's .grad set by hand is returned without the warning (TensorBody.h warns only
# when there is no gradient to return).
z = x * 2
z.grad = torch.zeros(4)
print(z.grad)
w = x * 3
print(w.grad)
