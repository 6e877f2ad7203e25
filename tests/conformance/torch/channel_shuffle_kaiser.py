# torch.channel_shuffle / F.channel_shuffle / nn.ChannelShuffle (values, 3-D to 6-D inputs,
# strided and channels_last layouts, dtypes, 1.13's NotImplemented node and its backward
# error, argument errors) and torch.kaiser_window (periodic, beta, dtypes, lengths 0 and 1,
# requires_grad, errors), whose values rest on i0.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

def attempt(f):
    try:
        print(f())
    except (TypeError, RuntimeError, IndexError, NotImplementedError) as e:
        print(type(e).__name__, e)

x = torch.arange(12.).reshape(1, 6, 2)
print(F.channel_shuffle(x, 3), torch.channel_shuffle(x, 2).tolist(), torch.channel_shuffle(x, 1).tolist(), torch.channel_shuffle(x, 6).tolist())
r = torch.randn(2, 12, 3, 2)
print(F.channel_shuffle(r, 4).flatten().tolist() == r.reshape(2, 4, 3, 3, 2).transpose(1, 2).reshape(2, 12, 3, 2).flatten().tolist())
print(F.channel_shuffle(r, 3)[1, :, 2, 1].tolist())
print(F.channel_shuffle(torch.ones(1, 6, 2, 2), 3).shape, F.channel_shuffle(torch.ones(1, 6, 2, 2, 2, 2), 3).shape, F.channel_shuffle(torch.ones(0, 6, 2), 3).shape)
print(F.channel_shuffle(torch.ones(1, 0, 2), 2).shape)
print(F.channel_shuffle(torch.ones(2, 6, 2)[:, :, :1], 3).stride(), F.channel_shuffle(r.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2), 3).stride())
print(F.channel_shuffle(r, 2).stride(), F.channel_shuffle(r.transpose(2, 3), 2).stride(), F.channel_shuffle(r.transpose(2, 3), 2).tolist() == F.channel_shuffle(r, 2).transpose(2, 3).tolist())
cl = r.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)  # channels_last strides
print(F.channel_shuffle(cl, 6).tolist() == F.channel_shuffle(r, 6).tolist())
print(F.channel_shuffle(torch.arange(12).reshape(1, 6, 2), 3).tolist(), F.channel_shuffle(torch.tensor([True, False] * 6).reshape(1, 6, 2), 3).dtype)
print(F.channel_shuffle(torch.arange(12.).half().reshape(1, 6, 2), 3).dtype, F.channel_shuffle(x, 1) is x, F.channel_shuffle(x, 1)._base is None, F.channel_shuffle(x, 3)._version)
attempt(lambda: F.channel_shuffle(torch.ones(6), 2))
attempt(lambda: F.channel_shuffle(torch.ones(1, 6), 0))
attempt(lambda: F.channel_shuffle(torch.ones(1, 6, 2), 4))
attempt(lambda: F.channel_shuffle(torch.ones(1, 6, 2), 0))
attempt(lambda: F.channel_shuffle(torch.ones(1, 6, 2), -3))
attempt(lambda: F.channel_shuffle(torch.ones(1, 6), 2.0))
attempt(lambda: F.channel_shuffle(torch.tensor(1.), 1))

w = torch.randn(1, 4, 2, requires_grad=True)
y = F.channel_shuffle(w, 2)
print(y.grad_fn.name(), y.grad_fn.next_functions, y.requires_grad, [a for a in dir(y.grad_fn) if a.startswith('_saved')])
attempt(lambda: y.sum().backward())
z = F.channel_shuffle(w * 2, 2)
print(z.grad_fn.name(), z.grad_fn.next_functions[0][0].name())
with torch.no_grad():
    print(F.channel_shuffle(w, 2).requires_grad)
print(F.channel_shuffle(torch.ones(1, 4, 2), 2).grad_fn)
m = nn.ChannelShuffle(2)
print(m, m.groups, m(x).tolist(), m(w).grad_fn.name(), list(m.parameters()))
print(nn.ChannelShuffle(3).extra_repr(), F.channel_shuffle is torch.channel_shuffle)

print(torch.kaiser_window(5).tolist(), torch.kaiser_window(5, False).tolist())
print(torch.kaiser_window(6, True, 3.5).tolist(), torch.kaiser_window(6, beta=8., periodic=False, dtype=torch.float64).tolist())
print(torch.kaiser_window(33).tolist())
print(torch.kaiser_window(20, False, 0.5, dtype=torch.float64).tolist(), torch.kaiser_window(17, True, 30.).tolist())
print(torch.kaiser_window(9, dtype=torch.bfloat16).tolist(), torch.kaiser_window(8, False, 5., dtype=torch.bfloat16).tolist())
print(torch.kaiser_window(4, True, 0.).tolist(), torch.kaiser_window(4, True, -2.).tolist(), torch.kaiser_window(3, False, 2).tolist())
print(torch.kaiser_window(2, False).tolist(), torch.kaiser_window(0), torch.kaiser_window(1), torch.kaiser_window(1, False, dtype=torch.float64))
print(torch.kaiser_window(1, dtype=torch.half), torch.kaiser_window(4, requires_grad=True), torch.kaiser_window(4, layout=torch.strided, device='cpu').dtype)
attempt(lambda: torch.kaiser_window(-1))
attempt(lambda: torch.kaiser_window(4, dtype=torch.int64))
attempt(lambda: torch.kaiser_window(4, dtype=torch.half))
attempt(lambda: torch.kaiser_window(4.))
torch.set_default_dtype(torch.float64)
print(torch.kaiser_window(7).dtype, torch.kaiser_window(7).tolist())
torch.set_default_dtype(torch.float32)
