# torch.nn.utils.rnn's PackedSequence: pack_padded_sequence (enforce_sorted True and
# False, batch_first), pad_packed_sequence (padding_value, total_length), pack_sequence,
# unpack_sequence, unpad_sequence, invert_permutation; reprs, the PackedSequence's
# conversions and queries; the kernels torch._pack_padded_sequence and
# torch._pad_packed_sequence with their saved attributes, versions and errors; gradients
# through packing and padding (PackPaddedSequenceBackward0, CopySlices).
import torch
from torch.nn.utils.rnn import (PackedSequence, invert_permutation, pack_padded_sequence, pad_packed_sequence,
                                pack_sequence, unpack_sequence, unpad_sequence, pad_sequence)


def attempt(label, fn):
    try:
        result = fn()
        print(label, 'ok', result)
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
x = torch.randn(4, 3, 2, requires_grad=True)
packed = pack_padded_sequence(x, [4, 2, 1])
print(packed)
print(type(packed).__name__, isinstance(packed, tuple), len(packed), packed._fields)
print(packed.data.grad_fn.name(), packed.data.grad_fn._saved_input_sizes, packed.data.grad_fn._saved_batch_first,
      packed.data.grad_fn._saved_result1)
print(packed.batch_sizes.dtype, packed.batch_sizes.requires_grad, packed.data._version, packed.batch_sizes._version)
print(packed.is_cuda, packed.is_pinned())

padded, lengths = pad_packed_sequence(packed)
print(padded, lengths)
print(padded.grad_fn.name(), padded._version, torch.equal(padded, x * torch.tensor([[1, 1, 1], [1, 1, 0], [1, 0, 0], [1, 0, 0]]).unsqueeze(-1)))
padded.sum().backward()
print(x.grad)

# batch_first, unsorted lengths, padding_value and total_length
x.grad = None
xb = x.detach().transpose(0, 1).contiguous().requires_grad_()
packed = pack_padded_sequence(xb, torch.tensor([2, 4, 1]), batch_first=True, enforce_sorted=False)
print(packed)
print(packed.sorted_indices.dtype, packed.unsorted_indices.dtype)
out, lens = pad_packed_sequence(packed, batch_first=True, padding_value=-1.5, total_length=6)
print(out, lens)
g = out.grad_fn
while g is not None:
    print(' ', g.name())
    g = g.next_functions[0][0] if g.next_functions else None
(out * torch.arange(1., 37.).view(3, 6, 2)).sum().backward()
print(xb.grad)

out, lens = pad_packed_sequence(packed)
print(out.shape, lens, out.grad_fn.name())

# equal lengths: the order torch.sort(descending=True) leaves them in
ties = pack_padded_sequence(torch.arange(20.).view(5, 4), [2, 5, 2, 5], enforce_sorted=False)
print(ties)
print(pad_packed_sequence(ties))

# pack_sequence / unpack_sequence / unpad_sequence
a = torch.tensor([1, 2, 3])
b = torch.tensor([4, 5])
c = torch.tensor([6])
p = pack_sequence([a, b, c])
print(p)
print(unpack_sequence(p))
p = pack_sequence([b, a, c], enforce_sorted=False)
print(p)
print(unpack_sequence(p))
attempt('pack_sequence unsorted', lambda: pack_sequence([b, a, c]))
seqs = [torch.randn(3, 2), torch.randn(1, 2), torch.randn(2, 2)]
padded = pad_sequence(seqs)
print(unpad_sequence(padded, torch.tensor([3, 1, 2])))
print(padded.shape)
print(unpad_sequence(pad_sequence(seqs, batch_first=True), torch.tensor([3, 1, 2]), batch_first=True))
print(invert_permutation(torch.tensor([2, 0, 3, 1])), invert_permutation(None))

# conversions and construction
p = pack_sequence([torch.randn(3, 2), torch.randn(2, 2)], enforce_sorted=False)
print(p.double())
print(p.to(torch.float64).data.dtype, p.to(torch.float32) is p, p.float() is p, p.long().data.dtype,
      p.int().data.dtype, p.cpu() is p)
print(p.double().sorted_indices.dtype, p.half().data.dtype)
q = PackedSequence(p.data, p.batch_sizes, p.sorted_indices)
print(q.unsorted_indices, q.data is p.data)
q = PackedSequence((p.data, p.batch_sizes))
print(q.sorted_indices, q.unsorted_indices)
data, batch_sizes, sorted_indices, unsorted_indices = p
print(batch_sizes, sorted_indices, unsorted_indices)

# the kernels
y = torch.randn(3, 2, 2)
print(torch._pack_padded_sequence(y, torch.tensor([3, 1]), False))
print(torch._pad_packed_sequence(torch.arange(6.).view(3, 2), torch.tensor([2, 1]), False, 9, 0))
print(torch._pad_packed_sequence(torch.arange(4), torch.tensor([2, 1, 1]), True, 0, 5))

# errors
attempt('unsorted', lambda: pack_padded_sequence(y, torch.tensor([1, 3])))
attempt('zero length', lambda: pack_padded_sequence(y, [3, 0]))
attempt('zero length unsorted', lambda: pack_padded_sequence(y, [0, 3], enforce_sorted=False))
attempt('negative length', lambda: pack_padded_sequence(y, [3, -1]))
attempt('too many lengths', lambda: pack_padded_sequence(y, [3, 2, 1]))
attempt('empty', lambda: pack_padded_sequence(torch.zeros(0, 2, 2), [1, 1]))
attempt('int32 lengths', lambda: torch._pack_padded_sequence(y, torch.tensor([3, 1], dtype=torch.int32), False))
attempt('float lengths', lambda: torch._pack_padded_sequence(y, torch.tensor([3., 1.]), False))
attempt('2-D lengths', lambda: torch._pack_padded_sequence(y, torch.tensor([[3, 1]]), False))
attempt('1-D input', lambda: torch._pack_padded_sequence(torch.zeros(3), torch.tensor([3]), False))
attempt('float lengths via python', lambda: pack_padded_sequence(y, torch.tensor([3., 1.])).batch_sizes)
attempt('missing', lambda: torch._pack_padded_sequence(y, torch.tensor([3, 1])))
p = pack_padded_sequence(y, [3, 1])
attempt('total_length too small', lambda: pad_packed_sequence(p, total_length=2))
attempt('kernel total_length', lambda: torch._pad_packed_sequence(p.data, p.batch_sizes, False, 0.0, 2))
attempt('int32 batch_sizes', lambda: torch._pad_packed_sequence(p.data, p.batch_sizes.int(), False, 0.0, 0))
