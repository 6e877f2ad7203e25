# The arithmetic aliases (true_divide, multiply, subtract, divide, absolute, negative,
# square, fix, greater / less ...) as torch functions and Tensor methods: values,
# dtypes and the grad_fn of the op they stand for; div / divide with rounding_mode
# (DivBackward2, zero gradients), fmod (FmodBackward0 / 1), remainder, floor_divide;
# errors word for word.
import torch

x = torch.tensor([1.5, -2.25, 0.7, -0.5], requires_grad=True)
y = torch.tensor([0.5, 1.2, -0.4, 3.0], requires_grad=True)

def show(name, t):
    print(name, t, t.dtype, type(t.grad_fn).__name__ if t.grad_fn is not None else None)

show("true_divide", torch.true_divide(x, y))
show("true_divide_m", x.true_divide(2))
show("multiply", torch.multiply(x, y))
show("multiply_m", x.multiply(3))
show("subtract", torch.subtract(x, y, alpha=2))
show("subtract_m", x.subtract(y))
show("divide", torch.divide(x, y))
show("divide_trunc", torch.divide(x, y, rounding_mode='trunc'))
show("divide_floor_m", x.divide(y, rounding_mode='floor'))
show("div_trunc", torch.div(x, 0.3, rounding_mode='trunc'))
show("div_floor", x.div(-0.3, rounding_mode='floor'))
show("div_none", torch.div(x, y, rounding_mode=None))
show("absolute", torch.absolute(x))
show("absolute_m", x.absolute())
show("negative", torch.negative(x))
show("square", torch.square(x))
show("square_m", x.square())
show("fix", torch.fix(x))
show("fix_m", x.fix())
show("greater", torch.greater(x, y))
show("greater_equal", x.greater_equal(0.7))
show("less", torch.less(x, 0))
show("less_equal", torch.less_equal(x, y))
show("clip", torch.clip(x, -1, 1))
show("clip_m", x.clip(min=0))
show("fmod", torch.fmod(x, y))
show("fmod_s", torch.fmod(x, 0.4))
show("fmod_m", x.fmod(-1))
show("remainder", torch.remainder(x, y))
show("remainder_s", x.remainder(0.4))

z = torch.fmod(x, y).sum() + torch.div(x, y, rounding_mode='floor').sum() + torch.remainder(x, y).sum()
z.backward()
print("grads", x.grad, y.grad)
x.grad = None
y.grad = None
(torch.square(x).sum() + torch.multiply(x, y).sum() + torch.subtract(x, y, alpha=3).sum() + torch.true_divide(x, y).sum()).backward()
print("grads2", x.grad, y.grad)

i = torch.tensor([7, -7, 5, -5])
j = torch.tensor([2, 2, -3, -3])
print(torch.div(i, j, rounding_mode='trunc'), torch.div(i, j, rounding_mode='floor'), torch.divide(i, j))
print(torch.fmod(i, j), torch.remainder(i, j), torch.floor_divide(i, j), i.floor_divide(2), torch.fmod(i, 2.5))
print(torch.square(i), torch.absolute(i), torch.negative(i), torch.fix(i))
print(torch.fmod(torch.tensor([5.0, -5.0, float('inf'), 1.0]), torch.tensor([0.0, 3.0, 2.0, float('inf')])))
h = torch.tensor([1.5, -2.5, 7.0], dtype=torch.float16)
print(torch.fmod(h, 2), torch.div(h, 3, rounding_mode='trunc'), torch.div(h, 3, rounding_mode='floor'))

for f in (lambda: torch.div(i, 2, rounding_mode='xx'),
          lambda: torch.div(i, 0, rounding_mode='trunc'),
          lambda: torch.fmod(i, 0),
          lambda: torch.fmod(torch.tensor([True]), torch.tensor([True])),
          lambda: torch.div(torch.tensor([True]), torch.tensor([True]), rounding_mode='floor'),
          lambda: torch.fmod(x, "a")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
