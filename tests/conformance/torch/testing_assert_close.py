# torch.testing.assert_close: default tolerances per dtype, the flags, nested inputs and
# PyTorch 1.13's failure messages; assert_allclose with its FutureWarning.
import warnings
from collections import OrderedDict

import torch
from torch.testing import assert_close


def attempt(*args, **kwargs):
    try:
        assert_close(*args, **kwargs)
        print('close')
    except (AssertionError, TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
    print('--')


expected = torch.tensor([1.0, 2.0, 3.0])
attempt(expected + 1e-6, expected)
attempt(torch.tensor([1.0, 4.0, 5.0]), expected)
attempt(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([[1.0, 2.5], [3.0, 0.0]]))
attempt(torch.tensor([1, 2, 3]), torch.tensor([1, 2, 4]))
attempt(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.1]), rtol=0.1, atol=0.0)
attempt(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.1]), rtol=0.01, atol=0.0)
attempt(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.1]), rtol=0.1)
attempt(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.1]), atol=0.1)
attempt(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0]), rtol=0, atol=0)
attempt(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 3.0]), rtol=0, atol=0)

# NaN
nan = torch.tensor([1.0, float('nan')])
attempt(nan, nan.clone())
attempt(nan, nan.clone(), equal_nan=True)
attempt(torch.tensor(float('nan')), torch.tensor(float('nan')))
attempt(torch.tensor([float('inf')]), torch.tensor([float('inf')]))
attempt(torch.tensor([float('inf')]), torch.tensor([float('-inf')]))

# 0-dim tensors report like scalars
attempt(torch.tensor(1.0), torch.tensor(1.5))
attempt(torch.tensor(2.0), torch.tensor(0.0))

# attributes
attempt(torch.zeros(2, 3), torch.zeros(3, 2))
attempt(torch.zeros(2, dtype=torch.float64), torch.zeros(2))
attempt(torch.zeros(2, dtype=torch.float64), torch.zeros(2), check_dtype=False)
attempt(torch.tensor([1, 2]), torch.tensor([1.0, 2.0]), check_dtype=False)
attempt(torch.tensor([1, 2]), torch.tensor([1.0, 2.5]), check_dtype=False)
attempt(torch.ones(2, 3).t(), torch.ones(3, 2))
attempt(torch.ones(2, 3).t(), torch.ones(3, 2), check_stride=True)
attempt(torch.ones(2, 3), torch.ones(2, 3), check_device=False, check_layout=False)
attempt(torch.tensor([True, False]), torch.tensor([True, True]))
attempt(torch.tensor([1.0, 2.0], dtype=torch.float64), torch.tensor([1.0, 2.0 + 1e-8], dtype=torch.float64))
attempt(torch.tensor([1.0, 2.0], dtype=torch.float64), torch.tensor([1.0, 2.0 + 1e-5], dtype=torch.float64))

# msg
attempt(torch.tensor([1.0, 4.0, 5.0]), expected, msg='Argh, the tensors are not close!')
attempt(torch.tensor([1.0, 4.0, 5.0]), expected, msg=lambda m: f'Header\n\n{m}\n\nFooter')
attempt(torch.zeros(2), torch.zeros(3), msg='custom')

# Python numbers and bools
attempt(1.0, 1.0 + 1e-9)
attempt(1.0, 1.1)
attempt(1e-9, 1e-10, rtol=0, atol=0)
attempt(1, 2)
attempt(1.0, 1)
attempt(1.0, 1, check_dtype=False)
attempt(float('nan'), float('nan'))
attempt(float('nan'), float('nan'), equal_nan=True)
attempt(3.0, 0.0)
attempt(True, True)
attempt(True, False)
attempt(None, None)
attempt(None, 1.0)
attempt(torch.tensor(1.0), 1.0)
attempt('a', 'a')

# sequences and mappings
attempt([torch.tensor([1.0]), 2.0], (torch.tensor([1.0]), 2.0))
attempt([torch.tensor([1.0]), 2.0], [torch.tensor([1.0]), 2.5])
attempt([1.0, 2.0], [1.0])
attempt([[1.0, 2.0], [torch.tensor([3.0, 4.0])]], [[1.0, 2.0], [torch.tensor([3.0, 4.5])]])
attempt(OrderedDict([('foo', torch.tensor(1.0)), ('bar', 2.0)]), {'bar': 2.0, 'foo': torch.tensor(1.0)})
attempt({'a': 1.0, 'b': torch.tensor([1.0, 2.0])}, {'a': 1.0, 'b': torch.tensor([1.0, 3.0])})
attempt({'a': 1.0, 'b': 2.0}, {'a': 1.0, 'c': 2.0})
attempt({'a': 1.0}, {'a': 1.5}, msg=lambda m: m.upper())

# Parameters are Tensors unless allow_subclasses=False
p = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
attempt(p, torch.tensor([1.0, 2.0]))
attempt(p, torch.tensor([1.0, 2.0]), allow_subclasses=False)

# percentages and indices in larger tensors
a = torch.arange(24.0).reshape(2, 3, 4)
b = a.clone()
b[1, 2, 3] = 100.0
b[0, 1, 1] = 5.5
attempt(a, b)
attempt(torch.zeros(7), torch.tensor([0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]))

# the deprecated assert_allclose: looser defaults, equal_nan=True, no dtype check
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    torch.testing.assert_allclose(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0001]))
    torch.testing.assert_allclose(torch.tensor([1.0, float('nan')]), [1.0, float('nan')])
    torch.testing.assert_allclose([1.0, 2.0], torch.tensor([1.0, 2.0], dtype=torch.float64))
    try:
        torch.testing.assert_allclose(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.1]))
    except AssertionError as e:
        print(e)
    try:
        torch.testing.assert_allclose(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.1]), msg='mine')
    except AssertionError as e:
        print(e)
    torch.testing.assert_allclose(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.1]), rtol=0.1, atol=0)
for w in caught:
    print(w.category.__name__, w.message)
