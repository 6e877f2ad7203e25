"""Writes integer_dtypes_reference.txt for tst_integer_dtypes from real PyTorch 1.13:
   /usr/bin/python3 tests/core/generate_integer_dtypes_reference.py
Lines:
  promote A B RESULT                     torch.promote_types
  convert VALUE DTYPE RESULT             torch.tensor([VALUE]).to(DTYPE) (float32 VALUE)
  bitwise OP DTYPE A B RESULT            torch.tensor([A], dtype) OP torch.tensor([B], dtype)
"""
import os
import torch

DTYPES = [torch.bool, torch.int64, torch.float32, torch.float64, torch.float16, torch.bfloat16,
          torch.int32, torch.int16, torch.int8, torch.uint8]
INTS = [torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8]
name = lambda d: str(d)[len('torch.'):]

lines = []
for a in DTYPES:
    for b in DTYPES:
        lines.append(f'promote {name(a)} {name(b)} {name(torch.promote_types(a, b))}')
for v in [-3.7, -1.0, -0.5, 0.5, 2.9, 127.5, 128.0, 200.0, 255.9, 256.0, 300.0, 32768.0, 70000.0,
          2147483648.0, -2147483904.0, 1e10, -1e10, float('inf'), float('-inf'), float('nan')]:
    for d in INTS:
        r = torch.tensor([v]).to(d).item()
        lines.append(f'convert {v!r} {name(d)} {r}')
OPS = {'and': lambda a, b: a & b, 'or': lambda a, b: a | b, 'xor': lambda a, b: a ^ b,
       'lshift': lambda a, b: a << b, 'rshift': lambda a, b: a >> b}
for op, f in OPS.items():
    for d in INTS:
        info = torch.iinfo(d)
        for a in sorted({1, -8, 100, info.min, info.max, 200 if d == torch.uint8 else -1}):
            if not (info.min <= a <= info.max):
                continue
            for b in [0, 1, 3, 7, 8, 9, 31, 32, 33, 63, 64, 65, -1]:
                if not (info.min <= b <= info.max):
                    continue
                r = f(torch.tensor([a], dtype=d), torch.tensor([b], dtype=d)).item()
                lines.append(f'bitwise {op} {name(d)} {a} {b} {r}')

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, 'integer_dtypes_reference.txt'), 'w') as out:
    out.write('# Written by generate_integer_dtypes_reference.py from PyTorch ' + torch.__version__ + '\n')
    out.write('\n'.join(lines) + '\n')
