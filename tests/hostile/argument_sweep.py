# Hostile: Every Tensor method, torch.* function and torch.nn.functional function called with wrong, missing, huge and odd arguments (310 combinations each), on a 2-d, a 0-d and an empty tensor: each call returns or raises, none crashes or hangs the host.
# expect-exit: 0
# expect: every call returned or raised
import sys

import torch
import torch.nn.functional as F

# Calls that would run for a very long time, wait for a GPU, or change the process.
SKIP = {'backward', 'register_hook', 'cuda', 'pin_memory', 'share_memory_', 'numpy', 'storage', 'untyped_storage',
        'resize_', 'set_', 'apply_', 'map_', 'map2_', 'data', 'grad', 'requires_grad', 'save', 'load', 'manual_seed',
        'set_default_dtype', 'set_printoptions', 'set_grad_enabled', 'set_num_threads', 'set_default_tensor_type',
        'use_deterministic_algorithms', 'set_anomaly_enabled', 'set_warn_always', 'compile', 'from_file'}
leaf = torch.ones(2, 3, requires_grad=True)
argument_sets = [(), ('a',), (None,), (leaf,), (1, 2, 3, 4, 5, 6, 7), ([1, 2],), (-1,), (2**70,), (float('nan'),),
                 (leaf, leaf, leaf), ((),), (torch.ones(0),), (torch.float64,), (True,), ([[1, 2], [3]],),
                 (leaf, -2**63), (leaf, 2**63), (leaf, 0.5), (leaf, None, None), ("cpu",),
                 (torch.ones(2, 3, dtype=torch.int64),), (torch.ones(3, 2), 1), (torch.ones(0, 3),),
                 (torch.tensor(2.0),), (leaf, leaf), ((2, 3),), ([leaf, leaf],), (slice(0, 1),), (leaf, "a"),
                 (-2**63,), (10**6, 10**6)]
keyword_sets = [{}, {'foo': 1}, {'dim': None}, {'dtype': 'x'}, {'out': None}, {'dim': 5}, {'dim': -100},
                {'keepdim': 'x'}, {'dtype': torch.int64}, {'input': leaf}]
targets = [(lambda x, n=n: getattr(x, n)) for n in sorted(dir(torch.Tensor))
           if not n.startswith('_') and n not in SKIP]
targets += [(lambda x, n=n: getattr(torch, n)) for n in sorted(dir(torch)) if not n.startswith('_') and n not in SKIP]
targets += [(lambda x, n=n: getattr(F, n)) for n in sorted(dir(F)) if not n.startswith('_')]
# The receiver of a method (torch.* and F.* ignore it): x.stride(0) of a 0-d tensor once
# read past the end of its strides.
receivers = [lambda: torch.ones(2, 3), lambda: torch.tensor(1.5), lambda: torch.ones(0, 3)]
for make in receivers:
    for target in targets:
        for args in argument_sets:
            for kwargs in keyword_sets:
                x = make()
                try:
                    target(x)(*args, **kwargs)
                except Exception:
                    pass
print("every call returned or raised", file=sys.stderr)
