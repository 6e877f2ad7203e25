# torch.nn.utils.rnn.pad_sequence: time-major and batch-first layouts, trailing dimensions,
# padding values (cast to the first sequence's dtype), gradients through the CopySlices chain,
# a tensor or generator as the sequences, and the errors of its argument checks.
import torch
from torch.nn.utils.rnn import pad_sequence

torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    a = torch.randn(4, 3, dtype=dtype, requires_grad=True)
    b = torch.randn(2, 3, dtype=dtype)
    c = torch.randn(5, 3, dtype=dtype, requires_grad=True)
    for batch_first in (False, True):
        for padding_value in (0.0, -1, 2.5):
            out = pad_sequence([a, b, c], batch_first=batch_first, padding_value=padding_value)
            print(batch_first, padding_value, out.shape, out.dtype, out._version, out.tolist())
    out = pad_sequence([a, b, c], True)
    print(out)
    print(out.grad_fn, out.grad_fn.next_functions[0][0], out.grad_fn.next_functions[1])
    (out * torch.arange(out.numel(), dtype=dtype).view_as(out)).sum().backward()
    print(a.grad.tolist(), c.grad.tolist(), b.grad)

print(pad_sequence([torch.tensor([1, 2, 3]), torch.tensor([4])], padding_value=-7))
print(pad_sequence([torch.tensor([1, 2]), torch.tensor([3.5, 4.5, 5.5])], False, 1.5))
print(pad_sequence([torch.tensor([1.0]), torch.tensor([2, 3])], True, True))
print(pad_sequence([torch.tensor([True]), torch.tensor([False, True])], padding_value=0))
print(pad_sequence([torch.ones(2, 2, 2), torch.zeros(3, 2, 2)], True, torch.tensor(9.0)).tolist())
print(pad_sequence(torch.arange(6.0).view(2, 3)))
print(pad_sequence(t for t in [torch.ones(1), torch.ones(3)]))
print(pad_sequence((torch.ones(2, 3), torch.zeros(3))))
print(pad_sequence([torch.zeros(0, 2), torch.zeros(0, 2)]).shape)
print(pad_sequence([torch.zeros(2, 0), torch.zeros(3, 0)], True).shape)
print(pad_sequence([torch.ones(3)], True), pad_sequence([torch.ones(3)] * 4)._version)

cases = [
    ([],), (5,), (None,), ([torch.tensor(1.0), torch.tensor(2.0)],), ([torch.ones(2), torch.tensor(2.0)],),
    ([torch.zeros(2, 3), torch.zeros(3, 2)],), ([torch.zeros(2), torch.zeros(3, 2)],),
    ([torch.zeros(2), 1.0],), (['x', torch.zeros(2)],), ("ab",),
    ([torch.zeros(2)], False, None), ([torch.zeros(2)], 1, 0), ([torch.zeros(2)], 'x', 0),
    ([torch.zeros(2)], False, 'a'), ([torch.zeros(2)], None, 1), ([torch.zeros(2)], False, 1 + 2j),
    ([torch.zeros(2)], False, torch.tensor([1.0])), ([torch.zeros(2)], False, torch.tensor(1.0, requires_grad=True)),
    ([1.0], 'x', None), ([], 'x', 0), ([], False, None),
]
for args in cases:
    try:
        print(pad_sequence(*args))
    except (RuntimeError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
