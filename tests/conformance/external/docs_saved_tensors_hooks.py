# Source: pytorch/pytorch/torch/autograd/graph.py (docstring examples of saved_tensors_hooks, save_on_cpu, disable_saved_tensors_hooks; https://pytorch.org/docs/1.13/autograd.html#saved-tensors-default-hooks)
# Changed: doctest sessions turned into a script; the save_on_cpu example runs on CPU (device="cuda" dropped) with fixed tensors instead of torch.randn, and prints the resulting gradients (added); the RuntimeError expected from disable_saved_tensors_hooks is caught and printed.
import torch

# --- saved_tensors_hooks ---
def pack_hook(x):
    print("Packing", x)
    return x

def unpack_hook(x):
    print("Unpacking", x)
    return x

a = torch.ones(5, requires_grad=True)
b = torch.ones(5, requires_grad=True) * 2
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = a * b
y.sum().backward()

# --- save_on_cpu ---
a = torch.tensor([0.5, -1.0, 2.0, 1.5, -0.25], requires_grad=True)
b = torch.tensor([1.0, 0.5, -2.0, 0.75, 3.0], requires_grad=True)
c = torch.tensor([-0.5, 2.0, 1.0, -1.0, 0.5], requires_grad=True)

def f(a, b, c):
    prod_1 = a * b           # a and b are saved on GPU
    with torch.autograd.graph.save_on_cpu():
        prod_2 = prod_1 * c  # prod_1 and c are saved on CPU
    y = prod_2 * a           # prod_2 and a are saved on GPU
    return y

y = f(a, b, c)
ga, gb, gc = a, b, c  # (added) keep references for printing
del a, b, c  # for illustration only
# the content of a, b, and prod_2 are still alive on GPU
# the content of prod_1 and c only live on CPU
y.sum().backward()  # all CPU tensors are moved back to GPU, for backward
# all intermediary tensors are released (deleted) after the call to backward
print(y)  # (added)
print(ga.grad, gb.grad, gc.grad)  # (added)

# --- disable_saved_tensors_hooks ---
message = "saved tensors default hooks are disabled"
try:
    with torch.autograd.graph.disable_saved_tensors_hooks(message):
        # Raises RuntimeError: saved tensors default hooks are disabled
        with torch.autograd.graph.save_on_cpu():
            pass
except RuntimeError as e:
    print("RuntimeError:", e)
