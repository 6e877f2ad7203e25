# torch.cuda's streams and events on a machine without a GPU (CPU-only PyTorch): the
# classes exist but cannot be made, and what asks for the current stream sets CUDA up and
# fails.
import torch

print(torch.cuda.Stream.__name__, torch.cuda.Event.__name__, torch.cuda.StreamContext.__name__)
for make in (lambda: torch.cuda.Stream(), lambda: torch.cuda.Stream(priority=-1),
             lambda: torch.cuda.Event(), lambda: torch.cuda.Event(enable_timing=True)):
    try:
        make()
    except TypeError as e:
        print(type(e).__name__, e)
for fn in (torch.cuda.current_stream, torch.cuda.default_stream, torch.cuda.synchronize):
    try:
        fn()
    except AssertionError as e:
        print(fn.__name__, type(e).__name__, e)
try:
    with torch.cuda.stream(None):
        print("inside stream(None)")
except AssertionError as e:
    print("stream(None)", type(e).__name__, e)
try:
    with torch.cuda.device(0):
        print("inside device(0)")
except AssertionError as e:
    print("device(0)", type(e).__name__, e)
with torch.cuda.device(-1):
    print("device(-1) is a no-op")
try:
    with torch.cuda.device(None):
        print("inside device(None)")
except AssertionError as e:
    print("device(None)", type(e).__name__, e)
print(torch.cuda.device(None).idx, torch.cuda.device(-1).idx, torch.cuda.device(3).idx)
# The device helpers scripts call beside streams.
for call in (lambda: torch.cuda.set_device(0), lambda: torch.cuda.get_device_properties(0),
             lambda: torch.cuda.get_device_capability(), lambda: torch.cuda.set_stream(None)):
    try:
        print(call())
    except (AssertionError, AttributeError) as e:
        print(type(e).__name__, e)
torch.cuda.set_device(-1)
print(torch.cuda.device_of(torch.ones(2)).idx)
