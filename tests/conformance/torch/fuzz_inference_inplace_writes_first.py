# An in-place op on an inference tensor outside inference mode raises only when its
# version is bumped (VariableVersion::bump), after the kernel has written: the values
# change although the op fails (a differential fuzzer find, seed 1313 program 428).
import torch

t1 = torch.tensor([[-0.486, 1.782], [-1.629, 0.447]], dtype=torch.float64, requires_grad=True)
with torch.inference_mode():
    t4 = t1 * 2
for name, op in [("fill_", lambda t: t.fill_(-2)), ("add_", lambda t: t.add_(1)),
                 ("mul_ of a view", lambda t: t[0].mul_(10)), ("zero_", lambda t: t.zero_())]:
    try:
        op(t4)
    except RuntimeError as e:
        print(name, "RuntimeError:", str(e)[:60])
    print(t4, t4.is_inference())
print(t4.abs().log1p())
# a kernel error comes first: nothing is written, the kernel's message is raised
try:
    t4.add_(torch.ones(3))
except RuntimeError as e:
    print("RuntimeError:", e)
print(t4)
