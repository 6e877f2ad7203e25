# In-place arithmetic on an integer tensor: the error names the result type of the operation
# (true division of an integer by a double is Double).
import torch
for a, b in [(torch.arange(4).reshape(2, 2), torch.tensor([[-0.352, 1.828]], dtype=torch.float64)),
             (torch.arange(4), torch.tensor(2.5, dtype=torch.float64)),
             (torch.arange(4), torch.tensor([2.5, 1, 1, 1], dtype=torch.float64)),
             (torch.arange(4, dtype=torch.int32), torch.tensor([2, 1, 1, 1])),
             (torch.arange(4), 2.5)]:
    for op in ['div_', 'mul_', 'add_', 'sub_']:
        try:
            getattr(a.clone(), op)(b)
            print(op, 'ok')
        except RuntimeError as e:
            print(op, e)
