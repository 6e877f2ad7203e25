# Hostile: A tensor larger than memory.
# expect-exit: 1
# expect: RuntimeError: [enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate 4000000000000 bytes. Error code 12 (Cannot allocate memory)
import torch
torch.zeros(10**6, 10**6)
