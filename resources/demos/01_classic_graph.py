# Title: The classic graph
# Watch: every op adds a grad_fn node (MulBackward0, AddBackward0, MeanBackward0) and
#        keeps the tensors its backward needs as saved-tensor badges. During backward
#        the nodes run in reverse, gradients travel along the edges and fill w1.grad,
#        w2.grad and w3.grad.
# Level: beginner
import torch

input = torch.ones(2, 2)
w1 = torch.tensor(2.0, requires_grad=True)
w2 = torch.tensor(3.0, requires_grad=True)
w3 = torch.tensor(4.0, requires_grad=True)
l1 = input * w1
l2 = l1 + w2
l3 = l1 * w3
l4 = l2 * l3
loss = l4.mean()
loss.backward()
print(w1.grad, w2.grad, w3.grad)
