# copy_ from a view of the written tensor itself. 1.13 refuses a source that partially
# overlaps the destination when both are non-overlapping and dense; otherwise (an expanded
# or strided source) TensorIterator copies element after element in its loop order, reading
# elements it has already written, with its vectorized loop reading 16 floats (8 doubles)
# ahead, and a broadcast scalar once per row.
import torch


def attempt(label, f):
    try:
        r = f()
        print(label, r.tolist())
    except Exception as e:
        print(label, type(e).__name__, e)


def run(label, make, dtype=torch.float32):
    attempt(label, lambda: make(dtype))


def seq(n, dt):
    # distinct values where the dtype has them (bool: a pattern)
    return torch.arange(n) % 3 == 0 if dt is torch.bool else torch.arange(n, dtype=dt)


def c1(dt):
    a = seq(4, dt); a[1:].copy_(a[0:1].expand(3)); return a
def c2(dt):
    x = seq(6, dt).view(2, 3); x.copy_(x[0].expand_as(x)); return x
def c3(dt):
    x = seq(4, dt).view(2, 2); x.copy_(x[:, 0].expand(2, 2)); return x
def c4(dt):
    x = seq(9, dt).view(3, 3); x.copy_(x[:, 1].expand(3, 3)); return x
def c5(dt):
    x = seq(12, dt).view(3, 4); x.t().copy_(x[0:1, :].t().expand(4, 3)); return x
def c6(dt):
    x = seq(6, dt); x[1::2].copy_(x[0:1].expand(3)); return x
def c7(dt):
    a = seq(8, dt); a[:4].copy_(a[1::2]); return a
def c8(dt):
    a = seq(8, dt); a[2:6].copy_(a[::2]); return a
def c9(dt):
    a = seq(40, dt); a[1:].copy_(a[:-1]); return a
def c10(dt):
    # dense and shifted by one: refused
    a = seq(50, dt); a[1:41].copy_(a[:40]); return a
def c11(dt):
    x = seq(60, dt).view(3, 20)
    x[1:].copy_(x.view(-1)[5:].unfold(0, 20, 10)[:2]); return x
def c12(dt):
    x = seq(60, dt).view(3, 20)
    x.copy_(x.view(-1)[7:27].expand(3, 20)); return x
def c13(dt):
    x = seq(60, dt).view(20, 3)
    x.copy_(x.view(-1)[2:22].unsqueeze(1).expand(20, 3)); return x
def c14(dt):
    x = seq(50, dt)
    x[:45].copy_(x[30:31].expand(45)); return x
def c15(dt):
    x = seq(64, dt).view(4, 16)
    x.copy_(x[:, 3:4].expand(4, 16)); return x
def c16(dt):
    x = seq(64, dt).view(4, 16)
    x.t().copy_(x[2].unsqueeze(1).expand(16, 4)); return x
def c17(dt):
    x = seq(24, dt).view(2, 3, 4)
    x.copy_(x[:, 1:2, :].expand(2, 3, 4)); return x
def c18(dt):
    x = seq(24, dt).view(2, 3, 4)
    x.permute(2, 0, 1).copy_(x[0, :, 1].expand(4, 2, 3)); return x


cases = [c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18]
for dt in [torch.float32, torch.float64, torch.int64, torch.int32, torch.uint8, torch.bool]:
    print(dt)
    for c in cases:
        run(c.__name__, c, dt)

# Refused: both dense and partially overlapping.
attempt("shifted", lambda: torch.arange(5.0)[1:].copy_(torch.arange(5.0)[:-1]))
a = torch.arange(5.0)
attempt("shifted self", lambda: a[1:].copy_(a[:-1]))
a = torch.arange(4.0)
attempt("scalar of self", lambda: a.copy_(a[0]))
x = torch.arange(9.0).view(3, 3)
attempt("transpose", lambda: x.copy_(x.t()))
a = torch.arange(4.0)
attempt("disjoint scalar", lambda: a[1:].copy_(a[0]))
a = torch.arange(4.0)
attempt("same elements", lambda: a.copy_(a.view(2, 2).view(4)))

# With autograd: CopySlices over a base whose view copies from its own broadcast row.
w = torch.arange(6.0, requires_grad=True)
b = w * 1
b.view(2, 3).copy_(b[2:3].expand(2, 3))
print(b, b.grad_fn)
b.sum().backward()
print(w.grad)
