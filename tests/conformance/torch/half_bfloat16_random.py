# uniform_ and normal_ on float16 and bfloat16 tensors draw what PyTorch 1.13's CPU kernels
# draw after manual_seed: uniform_real_distribution<Half> keeps 11 (bfloat16: 8) bits of each
# draw; normal_fill runs Box-Muller in c10's Half / BFloat16 arithmetic. nn.Linear(dtype=)
# initialises through them.
import torch
from torch import nn

for dt in (torch.half, torch.bfloat16):
    torch.manual_seed(0)
    m = nn.Linear(5, 3, dtype=dt)
    print(m.weight, m.bias)
    torch.manual_seed(1)
    print(torch.empty(7, dtype=dt).uniform_(-2, 3), torch.empty(2, 3, dtype=dt).uniform_())
    print(torch.empty(5, dtype=dt).normal_(), torch.empty(20, dtype=dt).normal_(), torch.empty(32, dtype=dt).normal_(1.5, 0.3))
    print(torch.empty(4, 5, dtype=dt).normal_(0.5, 2.0), torch.empty(3, 4, dtype=dt).t().normal_())
    print(torch.rand(3).tolist())
    torch.manual_seed(2)
    print(nn.init.kaiming_normal_(torch.empty(4, 6, dtype=dt)), nn.init.xavier_uniform_(torch.empty(2, 3, dtype=dt)))
    torch.manual_seed(3)
    print(torch.rand(5, dtype=dt), torch.rand(2, 2, dtype=dt, requires_grad=True), torch.randn(20, dtype=dt),
          torch.randn((3,), dtype=dt), torch.rand(3).dtype, torch.randn(2, dtype=torch.float64))
