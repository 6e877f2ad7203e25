# A shape whose element count overflows int64 made an empty storage for a
# "huge" tensor (and signed-overflow UB). PyTorch raises instead.
# expect: Storage size calculation overflowed with sizes=[4611686018427387904, 4]
# expect: Storage size calculation overflowed with sizes=[2147483648, 2147483648, 4]
# expect: numel: integer multiplication overflow
# expect: empty ok
# expect: tensor([], size=(0, 4611686018427387904, 4))
# expect: Storage size calculation overflowed with sizes=[4611686018427387904, 4, 0]
import torch

for shape in [(2**62, 4), (2**31, 2**31, 4)]:
    try:
        torch.ones(*shape)
    except RuntimeError as e:
        print(e)
try:
    torch.ones(1).expand(2**62, 4)
except RuntimeError as e:
    print(e)
print("empty ok", torch.zeros(0, 2**62, 4).shape)
print(torch.zeros(0, 2**62, 4))
try:
    torch.zeros(2**62, 4, 0)
except RuntimeError as e:
    print(e)
