# torch.isin: membership in the common dtype (NaN never a member, -0.0 == 0.0), scalars on
# either side, invert, and assume_unique taking the sort path with repeated values.
import torch
nan = float("nan")
a = torch.tensor([[1.0, 2.0, nan], [-0.0, 3.5, 2.0]])
cases = [(a, torch.tensor([2.0, 0.0, nan])), (a, torch.tensor([1, 3])), (torch.tensor([1, 2, 3, 4]), torch.tensor([2.5, 3.0])),
         (torch.tensor([1, 2, 3, 4]), 3), (2, torch.tensor([1, 2])), (2.5, torch.tensor([1, 2])), (torch.arange(10), torch.arange(5, 40)),
         (torch.tensor([1, 1, 2, 2, 3]), torch.arange(2, 60)), (torch.tensor([5, 1, 1, 2, 5]), torch.tensor([1, 1, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7])),
         (torch.zeros(0, 3), torch.tensor([1.0])), (torch.tensor([1, 2], dtype=torch.uint8), torch.tensor([-254, 2])),
         (torch.tensor([0.1, 0.2], dtype=torch.float64), torch.tensor([0.1, 0.2])), (torch.tensor([True]), torch.tensor([1])),
         (True, torch.tensor([1])), (torch.tensor([1.0], dtype=torch.bfloat16), torch.tensor([1.0])), (torch.tensor([1, 2]), torch.tensor([True]))]
for e, t in cases:
    for kw in [{}, {"invert": True}, {"assume_unique": True}, {"assume_unique": True, "invert": True}]:
        try:
            r = torch.isin(e, t, **kw)
            print(kw, r.dtype, list(r.shape), r.tolist())
        except Exception as ex:
            print(kw, type(ex).__name__, ex)
