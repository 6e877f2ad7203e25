import torch

# Methods that take no arguments refuse any (CPython's words for 1.13's METH_NOARGS
# methods), torch.<fn> of them is the argument parser's, and the conversions check their
# keywords: none of these silently ignore an argument.
x = torch.ones(2, 3)
names = ["is_floating_point", "is_complex", "element_size", "storage_offset", "retain_grad", "detach", "detach_",
         "t", "neg", "reciprocal", "exp", "log", "sqrt", "rsqrt", "abs", "sin", "cos", "tanh", "sigmoid", "relu",
         "zero_", "relu_", "sigmoid_", "tanh_", "exp_", "is_contiguous", "contiguous", "float", "double", "half",
         "bfloat16", "long", "int", "short", "char", "byte", "bool", "cpu"]
for n in names:
    for call in ["x.{n}(foo=1)", "x.{n}(5)", "x.{n}(5, 6)", "torch.{n}(x, foo=1)", "torch.{n}(x, 5)", "torch.{n}(5)",
                 "torch.{n}(input=x).shape", "x.{n}(memory_format=torch.contiguous_format).shape",
                 "x.{n}(memory_format=5)"]:
        c = call.format(n=n)
        # torch.float is a dtype and torch.cpu a module: only functions are called
        if c.startswith("torch.") and (not callable(getattr(torch, n, None)) or isinstance(getattr(torch, n), torch.dtype)):
            continue
        try:
            r = eval(c)
            print(c, '->', r)
        except Exception as e:
            print(c, '!!', type(e).__name__, e)
try:
    torch.float(2)
except TypeError as e:
    print(e)
