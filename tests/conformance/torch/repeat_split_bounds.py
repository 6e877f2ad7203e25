import torch

# Counts past int64, or past what a std::vector can hold, are refused before any work;
# a huge repeat total fails allocating its index, with its size in bytes.
x = torch.ones(2, 3)
cases = ["x.repeat_interleave(2**70)", "x.tensor_split(2**70)", "torch.tensor_split(x, 2**62)",
         "x.repeat_interleave(2**40)", "x.repeat_interleave(-1)", "torch.repeat_interleave(torch.tensor([2**40]))",
         "torch.repeat_interleave(torch.tensor([1, 0, 2]))", "torch.repeat_interleave(torch.tensor([1, 2], dtype=torch.int32))",
         "torch.repeat_interleave(torch.tensor([[1, 2]]))", "torch.repeat_interleave(torch.tensor([1., 2.]))",
         "torch.repeat_interleave(torch.tensor([1, -2]))", "x.repeat_interleave(torch.tensor([1, 2]), dim=0)",
         "x.repeat_interleave(torch.tensor([1, 2, 3]), dim=0)", "x.argmax(x)", "x.argmax(torch.tensor(1))",
         "torch.tril_indices(10**6, 10**6)", "torch.triu_indices(10**6, 10**6)", "torch.tril_indices(5, 2, -7)",
         "torch.triu_indices(5, 2, 7)", "torch.tril_indices(3, 3, 10)"]
for c in cases:
    try:
        r = eval(c)
        print(c, '->', r if isinstance(r, torch.Tensor) and r.numel() < 20 else (r.shape if hasattr(r, 'shape') else len(r)))
    except Exception as e:
        print(c, '!!', type(e).__name__, e)
