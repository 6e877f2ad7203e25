# Uncaught: using saved_tensors_hooks inside disable_saved_tensors_hooks raises the given message.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.autograd.graph.disable_saved_tensors_hooks("my feature does not support saved tensor hooks"):
    print(x.exp())
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
        y = x.exp()
