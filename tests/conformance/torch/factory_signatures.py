import torch

# Factories are bound by 1.13's signatures: keywords are checked, and a call that
# matches no overload gets the argument parser's message (one overload raises its own
# problem; several are listed). Each case prints the result's dtype, shape and
# requires_grad, or the exception.
cases = [
 "torch.zeros(2, requires_grad=1)", "torch.zeros(2, dtype=float)", "torch.zeros(2, dtype=int)", "torch.zeros(2, dtype=bool)",
 "torch.zeros(2, pin_memory=None)", "torch.zeros(2, names=None)", "torch.zeros((2, 'a'))", "torch.zeros(2, 'a')", "torch.zeros('a')",
 "torch.zeros(2.0)", "torch.zeros([2, 3.0])", "torch.zeros(True)", "torch.zeros((True, 2))", "torch.zeros()", "torch.zeros(size=(2,))", "torch.zeros(size=2)",
 "torch.zeros(2, size=3)", "torch.zeros((2,), (3,))", "torch.zeros(2, device='cpu', requires_grad=True)", "torch.zeros(2, layout=torch.strided)",
 "torch.zeros(2, layout=1)", "torch.zeros(2, device=1.5)", "torch.zeros(2, requires_grad=None)", "torch.zeros(torch.tensor(2))", "torch.zeros(torch.tensor([2,3]))",
 "torch.zeros((torch.tensor(2), 3))", "torch.ones(2, dtype=None)", "torch.ones(2, out=None)", "torch.empty(2, memory_format=torch.contiguous_format)",
 "torch.full((2,), 1.5, foo=1)", "torch.full(2, 1.5)", "torch.full((2,), 'a')", "torch.full((2,), 1.5, dtype='x')", "torch.full((2,), torch.tensor(3.))",
 "torch.full((2,))", "torch.full()", "torch.full((2,), 1, 2)",
 "torch.zeros_like(torch.ones(2), foo=1)", "torch.zeros_like(torch.ones(2), dtype='x')", "torch.zeros_like(2)", "torch.zeros_like()", "torch.zeros_like(torch.ones(2), torch.float64)",
 "torch.ones_like(torch.ones(2), requires_grad=1)", "torch.full_like(torch.ones(2))", "torch.full_like(torch.ones(2), 'a')", "torch.full_like(torch.ones(2), 2, foo=3)",
 "torch.rand(2, foo=1)", "torch.rand(2, generator=1)", "torch.randn(2, 3, dtype=torch.int64)", "torch.rand(size=(2,), generator=None)",
 "torch.randint(5, (2,), foo=1)", "torch.randint(5)", "torch.randint(1, 5, 2)", "torch.randint(5, (2,), dtype=float)", "torch.randint(low=1, high=5, size=(2,))",
 "torch.randperm(3, foo=1)", "torch.randperm('a')", "torch.randperm()",
 "torch.arange(3, foo=1)", "torch.arange('a')", "torch.arange(1, 2, 3, 4)", "torch.arange()", "torch.arange(end=3)", "torch.arange(start=1, end=3)", "torch.arange(1, end=3)", "torch.arange(3, dtype='x')",
 "torch.linspace(0, 1, 5, foo=1)", "torch.linspace(0, 1)", "torch.linspace(0, 1, 2.5)", "torch.linspace('a', 1, 3)",
 "torch.eye(2, foo=1)", "torch.eye(2.5)", "torch.eye()", "torch.eye(2, 3, 4)",
 "torch.tensor([1.], foo=1)", "torch.tensor()", "torch.tensor([1.], dtype='x')", "torch.tensor([1.], torch.float64)", "torch.tensor([1.], requires_grad=1)", "torch.tensor([1], dtype=float)",
 "torch.empty(2, foo=3)", "torch.empty(2, 3, memory_format=1)",
 "torch.zeros(2**70)", "torch.zeros((2, True))", "torch.zeros(torch.Size([2, 3]))", "torch.ones([])", "torch.ones(())", "torch.ones(0)",
 "torch.ones(2, 3, dtype=torch.float64, device='cpu')", "torch.ones(2, device=torch.device('cpu'))", "torch.zeros(2, dtype=torch.Size([1]))",
 "torch.zeros_like(torch.nn.Parameter(torch.ones(2)))", "torch.zeros_like(input=torch.ones(2), dtype=torch.int64)", "torch.zeros_like(torch.ones(2), input=torch.ones(2))",
 "torch.full(size=(2,), fill_value=3)", "torch.full((2,), True)", "torch.full((2,), 2, dtype=torch.float64)",
 "torch.rand(2, generator=torch.Generator().manual_seed(0))", "torch.randn(2, 3, generator=torch.Generator().manual_seed(0), dtype=torch.float64)",
 "torch.randint(3, 10, (2, 2), generator=torch.Generator().manual_seed(0))", "torch.randperm(4, generator=torch.Generator().manual_seed(0))",
 "torch.arange(0, 1, 0.25)", "torch.arange(5, dtype=float)", "torch.arange(torch.tensor(3))", "torch.arange(1, 4, step=2)",
 "torch.linspace(start=0, end=1, steps=3)", "torch.linspace(0, 1, steps=torch.tensor(4))", "torch.eye(n=2, m=3)", "torch.eye(2, m=3)",
 "torch.tensor([1.], requires_grad=None)", "torch.tensor([1.], device='cpu', requires_grad=True)", "torch.tensor(data=[1, 2])", "torch.tensor([1.], names=None)",
 "torch.empty(2, 3, requires_grad=True)", "torch.empty(size=(1,), dtype=torch.int64)",
 "torch.zeros(2, layout=torch.strided).layout",
 "torch.zeros(2, names=None, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=None, foo=1)",
 "torch.zeros('a', 'b', dtype=None, layout=None, device=None, pin_memory=None, requires_grad=None, out=None)",
 "torch.eye(2, 3, 4, 5, 6, 7, 8, 9)", "torch.strided", "torch.ones(1).layout",
]
for c in cases:
    try:
        r = eval(c)
        if isinstance(r, torch.Tensor):
            print(c, '->', r.dtype, tuple(r.shape), r.requires_grad)
        else:
            print(c, '->', r)
    except Exception as e:
        print(c, '!!', type(e).__name__, e)

# The keywords in the message come in the order of PyTorch's hash map (13 buckets,
# then 29 and 59 as it grows).
import random
rng = random.Random(5)
words = ["dtype", "device", "foo", "bar", "requires_grad", "layout", "pin_memory", "names", "out", "size",
         "generator", "alpha", "beta", "gamma", "x", "y", "z", "memory_format", "input", "other"]
for count in (2, 5, 9, 13, 14, 20, 30, 40):
    names = [rng.choice(words) + str(i) for i in range(count)]
    try:
        torch.zeros(2, **{n: None for n in names})
    except TypeError as e:
        print(str(e).splitlines()[0])
