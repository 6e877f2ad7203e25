# disable_saved_tensors_hooks(msg): pushing hooks under it raises RuntimeError(msg); entering it while hooks are active raises too.
import torch

msg = "saved tensors default hooks are disabled here"
x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.autograd.graph.disable_saved_tensors_hooks(msg):
    y = x.exp()
    print(y)
    try:
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
            print("not reached")
    except RuntimeError as e:
        print(type(e).__name__, e)
    try:
        with torch.autograd.graph.save_on_cpu():
            print("not reached")
    except RuntimeError as e:
        print(type(e).__name__, e)
    with torch.autograd.graph.disable_saved_tensors_hooks("inner message"):
        try:
            with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
                pass
        except RuntimeError as e:
            print(type(e).__name__, e)
    try:
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
            pass
    except RuntimeError as e:
        print(type(e).__name__, e)
try:
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
        with torch.autograd.graph.disable_saved_tensors_hooks(msg):
            print("not reached")
except RuntimeError as e:
    print(type(e).__name__, e)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    z = x.exp()
z.sum().backward()
print("hooks usable again", x.grad)
