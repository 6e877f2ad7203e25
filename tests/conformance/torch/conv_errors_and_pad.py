# Convolution's checks, each with PyTorch's own message.
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


x = torch.ones(1, 3, 8, 8)
w = torch.ones(4, 3, 3, 3)
attempt("channels", lambda: F.conv2d(x, torch.ones(4, 2, 3, 3)))
attempt("groups", lambda: F.conv2d(x, torch.ones(4, 3, 3, 3), groups=2))
attempt("groups0", lambda: F.conv2d(x, torch.ones(3, 1, 3, 3), groups=0))
attempt("bias", lambda: F.conv2d(x, w, torch.ones(3)))
attempt("kernel", lambda: F.conv2d(x, torch.ones(4, 3, 9, 9)))
attempt("dims", lambda: F.conv2d(torch.ones(3, 8), w))
attempt("dims5", lambda: F.conv2d(torch.ones(1, 1, 3, 8, 8), w))
attempt("weightdims", lambda: F.conv2d(torch.ones(2, 1, 3, 8, 8), torch.ones(4, 3, 3)))
attempt("dtype", lambda: F.conv2d(x, w.double()))
attempt("stride0", lambda: F.conv2d(x, w, stride=0))
attempt("padneg", lambda: F.conv2d(x, w, padding=-1))
attempt("strides3", lambda: F.conv2d(x, w, stride=(1, 2, 3)))
attempt("same-stride", lambda: F.conv2d(x, w, stride=2, padding="same"))
attempt("bad-pad", lambda: F.conv2d(x, w, padding="full"))
attempt("int", lambda: F.conv2d(torch.ones(1, 3, 8, 8, dtype=torch.long), torch.ones(4, 3, 3, 3, dtype=torch.long)))
attempt("module-groups", lambda: nn.Conv2d(3, 4, 3, groups=2))
attempt("module-outgroups", lambda: nn.Conv2d(4, 3, 3, groups=2))
attempt("module-same-stride", lambda: nn.Conv2d(4, 4, 3, stride=2, padding="same"))
attempt("conv1d-4d", lambda: F.conv1d(x, torch.ones(4, 3, 3)))
attempt("transpose-channels", lambda: F.conv_transpose2d(x, torch.ones(2, 3, 3, 3)))
attempt("pad-odd", lambda: F.pad(x, (1,)))
attempt("pad-long", lambda: F.pad(x, (1,) * 10))
attempt("pad-crop", lambda: F.pad(torch.ones(2, 3), (-2, -2)))
attempt("pad-mode", lambda: F.pad(x, (1, 1), mode="bogus"))
attempt("transpose-out", lambda: nn.ConvTranspose2d(3, 2, 3, stride=2)(x, output_size=[30, 30]))
attempt("transpose-mode", lambda: nn.ConvTranspose2d(3, 2, 3, padding_mode="reflect"))
y = F.pad(torch.ones(2, 3, requires_grad=True), (1, 2, 0, 1), value=0.5)
print(y, y.grad_fn.name(), y.grad_fn._saved_pad)
y.backward(torch.arange(18.).reshape(3, 6))
print(y.grad_fn.next_functions[0][0].variable.grad)
print(F.pad(torch.arange(6.).reshape(2, 3), (-1, 0)))
import torch, torch.nn.functional as F
y=F.conv2d(torch.ones(2,0,4,4), torch.ones(3,0,3,3), torch.tensor([1.,2.,3.])); print(y.shape, y)
x=torch.ones(0,2,4,4, requires_grad=True); y=F.conv2d(x, torch.ones(3,2,3,3)); print(y.shape, y.grad_fn.name())
y.sum().backward(); print(x.grad.shape)
