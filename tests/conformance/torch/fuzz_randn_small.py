# Found by the differential fuzzer: torch.randn of fewer than 16 elements draws one Box-Muller
# pair per two values with r = sqrt(-2 * log(1 - u2)) (1.13's normal_distribution; log1p
# differs in the last bit), float64 values printed exactly.
import torch

for seed in (0, 1, 7, 1234):
    torch.manual_seed(seed)
    print(seed, [repr(v) for v in torch.randn(15, dtype=torch.float64).tolist()])
    print(seed, [repr(v) for v in torch.randn(3, 4).flatten().tolist()])
    print(seed, [repr(v) for v in torch.randn(5, dtype=torch.float64).tolist()])
