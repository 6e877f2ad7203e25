# torch.nn.utils.parameters_to_vector / vector_to_parameters: the flat vector (a cat of
# views, so it has a grad_fn), parameters given views of the vector as their data, and
# the errors for a non-tensor vector or one too short.
import torch
from torch import nn
from torch.nn.utils import parameters_to_vector, vector_to_parameters

for dtype in (torch.float32, torch.float64):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2)).to(dtype)
    vec = parameters_to_vector(model.parameters())
    print(vec.shape, vec.dtype, vec.grad_fn, vec.requires_grad, vec.is_leaf)
    print(vec.tolist())
    vec.sum().backward()
    print([p.grad.tolist() for p in model.parameters()])

    new = torch.arange(vec.numel(), dtype=dtype) / 7
    print(vector_to_parameters(new, model.parameters()))
    for name, p in model.named_parameters():
        print(name, p.shape, p.requires_grad, type(p).__name__, p.tolist())
    # The parameters now share the vector's storage.
    new[0] = 100.0
    print(model[0].weight[0, 0].item(), model[0].weight._version)
    print(model(torch.ones(5, 3, dtype=dtype)).tolist())

# A longer vector leaves its tail unused; plain tensors work as parameters too.
a, b = torch.zeros(2, 2), torch.zeros(3)
vector_to_parameters(torch.arange(9.0), [a, b])
print(a, b)
print(parameters_to_vector([a, b, torch.tensor(5.0)]))
print(parameters_to_vector(iter([torch.ones(1, 2, requires_grad=True)])))

for vec, params in ((torch.arange(4.0).tolist(), [a]), (torch.arange(6.0), [a, b]), ((1.0, 2.0), [a]),
                    (torch.arange(3.0), [a])):
    try:
        vector_to_parameters(vec, params)
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
for params in ([], [1.0, 2.0]):
    try:
        parameters_to_vector(params)
    except (TypeError, RuntimeError, AttributeError) as e:
        print(type(e).__name__, e)
