# Found by the differential fuzzer: a CopySlices that ran without retain_graph lets go of
# its in-place op, and with it of the view's history before that op. A result saved on
# the view by an earlier in-place op then names that op in its version error (the view's
# old AsStridedBackward0 is gone), and a later backward through the CopySlices is refused
# as a second backward before anything behind it is unpacked.
import torch


def attempt(label, f):
    try:
        f()
        print(label, 'ok')
    except RuntimeError as e:
        print(label, e)


leaf = torch.tensor(1.827, requires_grad=True)
base = leaf.norm()
view = base.unsqueeze(0)
view.sigmoid_()
view.pow_(2)
print(type(view.grad_fn).__name__, view._version)
attempt('backward', lambda: view.backward())
attempt('again', lambda: view.backward())

# The first backward fails behind the CopySlices (a stale saved result); the second one
# is refused at the CopySlices.
x = torch.tensor([[0.5, 1.0], [1.5, 2.0], [-1.0, 0.25]], dtype=torch.float64, requires_grad=True)
y = x.logsumexp(0)
y[1] = 0.1
attempt('grad', lambda: torch.autograd.grad(y.sum(), [x]))
part = y.unbind(0)[0]
attempt('backward through the released CopySlices', lambda: part.sum().backward(retain_graph=True))

# With retain_graph nothing is released: the view's old history stays and is named.
leaf2 = torch.tensor([0.5, -0.25], requires_grad=True)
base2 = leaf2 * 2
view2 = base2[:1]
view2.exp_()
view2.mul_(3)
attempt('retained', lambda: base2.sum().backward(retain_graph=True))
attempt('retained again', lambda: base2.sum().backward())
