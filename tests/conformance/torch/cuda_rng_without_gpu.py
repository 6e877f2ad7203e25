# torch.cuda's random functions on a machine without a GPU (CPU-only PyTorch): what only
# sets the generator up is queued for CUDA's lazy set-up and never runs; what reads it
# sets CUDA up and fails. torch.manual_seed still seeds the CPU.
import torch

torch.cuda.manual_seed(0)
torch.cuda.manual_seed_all(1)
torch.cuda.seed()
torch.cuda.seed_all()
torch.cuda.set_rng_state(torch.zeros(16, dtype=torch.uint8))
torch.cuda.set_rng_state_all([])
print(torch.cuda.get_rng_state_all())
# The device objects torch.cuda.get_rng_state(0) builds.
print(torch.device('cuda', 0), repr(torch.device('cuda', 1)))
try:
    torch.device('cuda:0', 0)
except RuntimeError as e:
    print(e)
for fn in (torch.cuda.get_rng_state, torch.cuda.initial_seed):
    try:
        fn()
    except AssertionError as e:
        print(fn.__name__, type(e).__name__, e)
print(torch.cuda.is_initialized())
torch.manual_seed(3)
print(torch.randn(3))
with torch.random.fork_rng(devices=[]):
    torch.rand(2)
print(torch.rand(2))
# The GPUs' generator objects: none without a GPU.
print(torch.cuda.default_generators)
try:
    torch.Generator(device='cuda')
except RuntimeError as e:
    print(e)
