# Tensor.new, the legacy constructor: x's dtype always; sizes give an uninitialised
# tensor (only its shape is printed), sequences give data, a tensor of x's dtype is
# returned under a new name; no dtype= keyword, with PyTorch 1.13's parser messages.
import torch

x = torch.tensor([1.5, 2.5])
xi = torch.tensor([1, 2])


def show(call, values=True):
    try:
        r = call()
        print(repr(r) if values else '(uninitialised)', r.shape, r.dtype, r.device, r.requires_grad)
    except Exception as e:
        print(type(e).__name__ + ':', e)


# data, converted to x's dtype
show(lambda: x.new())
show(lambda: x.new([1, 2]))
show(lambda: xi.new((1.5,)))
show(lambda: xi.new([1.7, -2.7]))
show(lambda: x.new([[1, 2], [3, 4]]))
show(lambda: x.new([]))
show(lambda: x.new(()))
show(lambda: x.new(range(3)))
show(lambda: x.new([torch.tensor(1.0), 2]))
show(lambda: x.new([2, 3.5]))
show(lambda: torch.tensor([True]).new([1, 0, 2]))
show(lambda: torch.tensor([1.0], dtype=torch.float64).new([1, 2]))
show(lambda: x.new(data=[1, 2]))
show(lambda: x.new([1, 2], device='cpu'))
show(lambda: x.new([1, 2], device=torch.device('cpu')))
show(lambda: x.new(device=None))
show(lambda: x.new(device='cpu'))

# sizes
show(lambda: x.new(2, 3), values=False)
show(lambda: x.new(torch.Size([2, 3])), values=False)
show(lambda: x.new(torch.Size([])), values=False)
show(lambda: x.new(3), values=False)
show(lambda: x.new(0))
show(lambda: x.new(2, 3, 4, device='cpu'), values=False)
show(lambda: x.new(size=(2,)), values=False)
show(lambda: x.new(2, True), values=False)
show(lambda: x.new(torch.tensor(3), 2), values=False)
show(lambda: xi.new(2, 2), values=False)
show(lambda: x.new(-1))
show(lambda: x.new(2, -1))
show(lambda: x.new(2, 3.0))
show(lambda: x.new(2, [3]))
show(lambda: x.new(size=(2, 2.5)))

# another tensor
o = torch.tensor([1.0, 2.0])
r = x.new(o)
print(r, r is o)
r[0] = 10.0
print(o)
show(lambda: x.new(torch.tensor(2.0)))
show(lambda: x.new(other=o))
show(lambda: x.new(torch.tensor([1, 2])))
show(lambda: x.new(torch.tensor(2)))
show(lambda: x.new(torch.tensor([1.0], dtype=torch.float64)))
show(lambda: xi.new(torch.zeros(1)))
show(lambda: torch.tensor([True]).new(torch.zeros(1, dtype=torch.uint8)))
for dtype in [torch.float16, torch.bfloat16, torch.int8, torch.int16, torch.int32]:
    show(lambda: x.new(torch.zeros(1, dtype=dtype)))
show(lambda: x.new(o, device='cpu'))
show(lambda: x.new(o, device=None))
p = torch.nn.Parameter(torch.ones(2))
print(type(p.new([1, 2])).__name__, type(p.new(2)).__name__)

# not data
show(lambda: x.new(2.5))
show(lambda: x.new(True))
show(lambda: x.new(None))
show(lambda: x.new(torch.float16))
show(lambda: x.new({1: 2}))
show(lambda: x.new('ab'))
show(lambda: x.new(b'ab'))
show(lambda: x.new(float('nan')))
show(lambda: x.new([[1, 2], [3]]))

# devices
show(lambda: x.new([1, 2], device='cuda'))
show(lambda: x.new(2, 3, 4, device='meta'))
show(lambda: x.new(device=0))
show(lambda: x.new(2, device='foo'))

# no overload matches
show(lambda: x.new([1, 2], dtype=torch.int64))
show(lambda: x.new(dtype=torch.int64))
show(lambda: x.new(2, dtype=torch.int64))
show(lambda: x.new([1, 2], requires_grad=True))
show(lambda: x.new([1, 2], foo=1))
show(lambda: x.new([1, 2], [3]))
show(lambda: x.new(o, o))
show(lambda: x.new(2, size=(2,)))
show(lambda: x.new(1, 2, dtype=torch.float64, device='cpu'))
show(lambda: x.new([1, 2], dtype=torch.float64, device=torch.device('cpu')))
show(lambda: x.new([1, 2], dtype='float'))
show(lambda: x.new(o, dtype=torch.float32))
show(lambda: x.new(2, 3, out=None))
show(lambda: x.new(True, 2))
show(lambda: x.new((1, 2.5), dtype=None))
show(lambda: x.new(dtype=None))
show(lambda: x.new(size=[2], data=[1]))
show(lambda: x.new([1, 2], [3], device='cpu'))
show(lambda: x.new(1.5, 2, device=torch.device('cpu')))
show(lambda: x.new(a=1, b=2, c=3))
show(lambda: x.new([1], zz=1, aa=2))
show(lambda: x.new([1], dtype=1, device=2, layout=3, requires_grad=4, pin_memory=5, names=6))
