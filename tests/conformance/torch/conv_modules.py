# nn.Conv1d / nn.Conv2d / nn.ConvTranspose2d: reprs, default init (from the seeded RNG),
# unbatched input, padding modes 'same' and 'valid', the saved attributes of the node.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
conv = nn.Conv2d(1, 6, 5)
print(conv)
print(nn.Conv2d(3, 8, kernel_size=(3, 5), stride=2, padding=(1, 2), dilation=1, groups=1, bias=False))
print(nn.Conv2d(4, 8, 3, padding="same", groups=2, padding_mode="zeros"))
print(nn.Conv1d(3, 5, 4, stride=2))
print(nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1, output_padding=1))
print(conv.weight.shape, conv.bias.shape)
print(conv.weight[0, 0, 0])
print(conv.bias)

x = torch.ones(1, 1, 8, 8)
y = conv(x)
print(y.shape, y.grad_fn.name())
f = y.grad_fn
for name in ["bias_sym_sizes_opt", "dilation", "groups", "output_padding", "padding", "stride", "transposed"]:
    print(name, repr(getattr(f, "_saved_" + name)))
print(f._saved_input.shape, f._saved_weight is conv.weight)
print(F.conv2d(x, conv.weight).grad_fn._saved_bias_sym_sizes_opt)

# unbatched input
print(conv(torch.ones(1, 8, 8)).shape)
# padding strings
w = torch.ones(2, 3, 3, 3)
print(F.conv2d(torch.ones(1, 3, 6, 6), w, padding="same").shape)
print(F.conv2d(torch.ones(1, 3, 6, 6), w, padding="valid").shape)
print(F.conv2d(torch.ones(1, 3, 6, 6), torch.ones(2, 3, 4, 4), padding="same")[0, 0])
print(nn.Conv1d(2, 2, 3, padding="same", dilation=2)(torch.ones(1, 2, 7)).shape)

# transposed
t = nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1)
z = t(torch.ones(1, 2, 4, 4))
print(z.shape, z.grad_fn.name(), z.grad_fn._saved_transposed, z.grad_fn._saved_output_padding)
print(F.conv_transpose2d(torch.ones(1, 2, 3, 3), torch.ones(2, 1, 2, 2), stride=2)[0, 0])

# a tiny LeNet step
torch.manual_seed(1)
net = nn.Sequential(nn.Conv2d(1, 2, 3), nn.ReLU(), nn.Conv2d(2, 3, 3), nn.Flatten(), nn.Linear(3 * 4 * 4, 2))
out = net(torch.linspace(-1, 1, 64).reshape(1, 1, 8, 8))
print(out)
out.sum().backward()
print(net[0].weight.grad[0])
print(net[2].bias.grad)
