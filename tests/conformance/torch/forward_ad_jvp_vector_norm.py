# Forward-mode AD through torch.linalg.vector_norm and torch.norm of every order (norm_jvp:
# 0, 1, 2, the general formulas below 1, between 1 and 2 and from 2 on, and the infinite
# orders that share the tangent among tied extremes), whole tensors and along a dim, with
# zero rows and zero elements, in float32 and float64. Tangents printed to the last bit.
import torch
import torch.autograd.forward_ad as fwAD


def show(name, out):
    primal, t = fwAD.unpack_dual(out)
    print(name, primal.tolist())
    print("  tangent", None if t is None else (tuple(t.shape), t.tolist()))


def values(n, scale, shift, step=7, mod=11):
    return [((i * step + 3) % mod - mod // 2) * scale + shift for i in range(n)]


for dtype in (torch.float32, torch.float64):
    print(dtype)
    a = torch.tensor(values(20, 0.37, 0.1), dtype=dtype).reshape(4, 5)
    ta = torch.tensor(values(20, -0.21, 0.3, 5, 13), dtype=dtype).reshape(4, 5)
    z = torch.tensor([[0.0, 0.0, 0.0], [0.0, 1.5, -2.0], [2.0, -2.0, 1.0]], dtype=dtype)
    tz = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.25, 1.0], [0.7, -0.3, 0.2]], dtype=dtype)
    with fwAD.dual_level():
        da, dz = fwAD.make_dual(a, ta), fwAD.make_dual(z, tz)
        for p in (0, 1, 2, 3, 4.5, 1.5, 1.25, 0.5, -1, float("inf"), -float("inf")):
            show(f"vector_norm {p}", torch.linalg.vector_norm(da, p))
            show(f"vector_norm {p} dim 1", torch.linalg.vector_norm(da, p, dim=1))
            show(f"vector_norm {p} dim 0 keepdim", torch.linalg.vector_norm(da, p, dim=0, keepdim=True))
            show(f"vector_norm {p} zeros", torch.linalg.vector_norm(dz, p, dim=1))
        show("norm 3", da.norm(3))
        show("norm 3 dim", torch.norm(da, 3, dim=1))
        show("norm inf", da.norm(float("inf"), dim=0))
