# index_select's CPU kernel words a bad index by path: a self of two or more dims that is
# empty, or indexed along dim 1, checks the index up front ("INDICES element is out of DATA
# bounds"); other shapes fail as they copy (IndexError "index out of range in self").
import torch
cases = [((3,), 0), ((2, 3), 0), ((2, 3), 1), ((2, 3, 4), 1), ((2, 3, 4), 2), ((2, 3, 4), 0), ((), 0), ((0, 3), 1), ((3, 0), 0), ((0, 3), 0), ((2, 0, 3), 1)]
for shape, d in cases:
    x = torch.rand(shape)
    n = x.shape[d] if x.dim() else 1
    for idx in ([n], [-1], [0]):
        try:
            r = x.index_select(d, torch.tensor(idx))
            print(shape, d, idx, tuple(r.shape))
        except Exception as e:
            print(shape, d, idx, type(e).__name__, e)
x = torch.rand(2, 3).t()
try:
    x.index_select(1, torch.tensor([5]))
except Exception as e:
    print('t', type(e).__name__, e)
try:
    torch.ones([]).index_select(0, torch.tensor([0, 0]))
except Exception as e:
    print(type(e).__name__, e)
