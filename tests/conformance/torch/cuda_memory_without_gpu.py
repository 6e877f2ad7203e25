# torch.cuda's memory functions on a machine without a GPU: what CPU-only PyTorch answers
# (autogradviz --gpu auto there, or --gpu none anywhere).
import torch

print(torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.is_initialized())
print(torch.cuda.memory_allocated(), torch.cuda.max_memory_allocated())
print(torch.cuda.memory_reserved(), torch.cuda.max_memory_reserved())
print(torch.cuda.memory_stats(), torch.cuda.memory_stats_as_nested_dict())
print(torch.cuda.memory_cached(), torch.cuda.max_memory_cached())
print(torch.cuda.memory_allocated("cuda:1"), torch.cuda.memory_allocated(torch.device("cpu")))
torch.cuda.empty_cache()

calls = [
    ("memory_summary", lambda: torch.cuda.memory_summary()),
    ("reset_peak_memory_stats", lambda: torch.cuda.reset_peak_memory_stats()),
    ("reset_accumulated_memory_stats", lambda: torch.cuda.reset_accumulated_memory_stats()),
    ("reset_max_memory_allocated", lambda: torch.cuda.reset_max_memory_allocated()),
    ("synchronize", lambda: torch.cuda.synchronize()),
    ("current_device", lambda: torch.cuda.current_device()),
    ("get_device_name", lambda: torch.cuda.get_device_name()),
    ("mem_get_info", lambda: torch.cuda.mem_get_info()),
    ("init", lambda: torch.cuda.init()),
    ("Tensor.cuda", lambda: torch.ones(2).cuda()),
    ("Tensor.to", lambda: torch.ones(2).to("cuda:0")),
    ("zeros(device=cuda)", lambda: torch.zeros(2, device="cuda")),
    ("Module.cuda", lambda: torch.nn.Linear(2, 2).cuda()),
]
for name, call in calls:
    try:
        print(name, call())
    except Exception as e:
        print(name, type(e).__name__, e)
print(torch.cuda.is_initialized())

device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.ones(3, device=device, requires_grad=True)
(x * 2).sum().backward()
print(device, x.grad, torch.cuda.memory_allocated())
