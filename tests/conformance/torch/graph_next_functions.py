# Walking the graph through next_functions, down to AccumulateGrad and its .variable.
import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = torch.tensor(4.0)
d = a * b
e = d + c
f = e * a
print(f.grad_fn)
print(f.grad_fn.next_functions)
print(f.grad_fn.next_functions[0][0].next_functions)
acc = f.grad_fn.next_functions[1][0]
print(acc, acc.variable is a, acc.variable)
print(acc.next_functions)


def walk(fn, depth=0):
    print("  " * depth + fn.name())
    for child, _ in fn.next_functions:
        if child is not None:
            walk(child, depth + 1)


walk(f.grad_fn)
print(d.grad_fn == f.grad_fn.next_functions[0][0].next_functions[0][0])
