# sigmoid and tanh to the last bit in float32 and float64: PyTorch 1.13's AVX2 kernels (tanh
# through SLEEF everywhere; sigmoid's vector body with SLEEF's exp on whole pairs of vectors of
# each inner run, its scalar body with glibc's exp on the rest), contiguous, strided, transposed
# and in place on views; and their backward kernels (sigmoid_backward, tanh_backward).
import math, struct, torch

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

for dtype in (torch.float32, torch.float64):
    print(dtype)
    for n in [1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 23, 31, 33, 100, 1001]:
        for scale in [0.01, 1.0, 8.0, 40.0, 800.0]:
            x = torch.tensor(values(n, n, scale), dtype=dtype)
            print(n, scale, "sigmoid", digest(torch.sigmoid(x)), "tanh", digest(torch.tanh(x)))
    x = torch.tensor(values(12 * 40, 5, 6.0), dtype=dtype).reshape(12, 40)
    print("rows", digest(x.sigmoid()), digest(x.tanh()))
    print("column slice", digest(x[:, 3:29].sigmoid()), digest(x[:, 3:29].tanh()))
    print("step slice", digest(x[:, ::2].sigmoid()), digest(x[::3, 1:].tanh()))
    print("transposed", digest(x.t().sigmoid()), digest(x.t().tanh()))
    print("expanded", digest(x[:1].expand(5, 40).sigmoid()))
    for width in [5, 12, 13, 20, 51]:
        gates = torch.tensor(values(3 * 4 * width, width, 3.0), dtype=dtype).reshape(3, 4 * width)
        chunks = gates.unsafe_chunk(4, 1)
        chunks[0].sigmoid_()
        chunks[2].tanh_()
        print("in place on chunks", width, digest(gates))
        y = gates.clone()
        y.t().sigmoid_()
        print("in place transposed", width, digest(y))
    # the backward kernels: grad * (1 - y) * y and grad * (1 - y * y)
    for n in [7, 16, 37]:
        x = torch.tensor(values(n, 3 * n, 4.0), dtype=dtype, requires_grad=True)
        g = torch.tensor(values(n, 7 * n, 2.0), dtype=dtype)
        torch.sigmoid(x).backward(g)
        print("sigmoid grad", n, digest(x.grad))
        x.grad = None
        torch.tanh(x).backward(g)
        print("tanh grad", n, digest(x.grad))
        x.grad = None
        y = x * 1
        y.sigmoid_()
        z = y * 1
        z.tanh_()
        z.backward(g)
        print("in-place grads", n, digest(x.grad))

x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
for f in (torch.sigmoid, torch.tanh):
    y = f(x)
    gx, = torch.autograd.grad(y.sum(), x, create_graph=True)
    print(y.grad_fn.name(), gx.grad_fn.name(), gx.grad_fn.next_functions[1][0].name())
    gx.sum().backward()
    print(x.grad)
    x.grad = None
print(torch.tensor([0.0, -0.0, 1e-30, -800.0, 800.0, float('inf'), float('-inf'), float('nan')]).sigmoid())
print(torch.tensor([0.0, -0.0, 1e-30, -800.0, 800.0, float('inf'), float('-inf'), float('nan')]).tanh())
print(torch.sigmoid(torch.tensor([1, 2, 3])), torch.tanh(torch.tensor([True, False])))
