# Batch norm of inputs with one element per (sample, channel), (N, C) and (N, C, 1): PyTorch 1.13
# runs its channels-last kernels there (statistics in the tensor's dtype, fused multiply-adds).
# Outputs, gradients of input, weight and bias, and running statistics in training and evaluation
# mode, to the last bit (float64 training with a channel count that leaves a partial vector: not yet).
import math, struct, torch

def values(n, seed, scale, shift=0.0):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(shift + scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%r %s" % (math.fsum(vals), bits)

cases = {torch.float32: [(10, 128, ()), (10, 13, ()), (7, 5, ()), (4, 9, (1,)), (2, 3, ())],
         torch.float64: [(10, 128, ()), (7, 5, ())]}
for dtype in (torch.float32, torch.float64):
    for n, c, extra in cases[dtype]:
        bn = torch.nn.BatchNorm1d(c).to(dtype)
        with torch.no_grad():
            bn.weight.copy_(torch.tensor(values(c, c, 0.5, 1.0), dtype=dtype))
            bn.bias.copy_(torch.tensor(values(c, c + 1, 0.5), dtype=dtype))
        x = torch.tensor(values(n * c, n, 3.0, 1.0), dtype=dtype).reshape((n, c) + extra).requires_grad_()
        g = torch.tensor(values(n * c, n + 5, 1.0), dtype=dtype).reshape((n, c) + extra)
        for step in range(2):
            y = bn(x)
            y.backward(g)
            print(dtype, (n, c) + extra, step, digest(y), digest(x.grad), digest(bn.weight.grad),
                  digest(bn.bias.grad))
            print('   running', digest(bn.running_mean), digest(bn.running_var))
            x.grad = None
            bn.zero_grad()
        bn.eval()
        y = bn(x)
        y.backward(g)
        print('   eval', digest(y), digest(x.grad), digest(bn.weight.grad), digest(bn.bias.grad))
