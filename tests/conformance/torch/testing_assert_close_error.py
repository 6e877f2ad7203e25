# An uncaught torch.testing.assert_close failure ends the script with its AssertionError.
import torch

expected = torch.arange(6.0).reshape(2, 3)
actual = expected.clone()
actual[1, 2] += 0.5
print('comparing')
torch.testing.assert_close(actual, expected)
