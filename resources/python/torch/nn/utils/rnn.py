"""torch.nn.utils.rnn as PyTorch 1.13 has it: variable-length sequences padded into one
tensor (pad_sequence, unpad_sequence) or packed step by step into a PackedSequence
(pack_padded_sequence, pack_sequence, pad_packed_sequence, unpack_sequence), which
nn.RNN, nn.LSTM and nn.GRU take as input. The packing itself is done by the engine's
torch._pack_padded_sequence and torch._pad_packed_sequence."""

from collections import abc as container_abcs
from collections import namedtuple

import _agv_torch as _C
import torch

__all__ = ['PackedSequence', 'invert_permutation', 'pack_padded_sequence', 'pad_packed_sequence', 'pad_sequence',
           'unpad_sequence', 'pack_sequence', 'unpack_sequence']

PackedSequence_ = namedtuple('PackedSequence_', ['data', 'batch_sizes', 'sorted_indices', 'unsorted_indices'])


def _apply_to_optional(tensor, fn):
    return None if tensor is None else fn(tensor)


class PackedSequence(PackedSequence_):
    """The data of a batch of sequences laid out step by step (step 0 of every sequence,
    then step 1 of those still running, ...), and batch_sizes: how many sequences run at
    each step. sorted_indices is the order (longest first) the sequences were packed in,
    unsorted_indices its inverse. Made by pack_padded_sequence and pack_sequence, not by hand.

    data may live on any device and have any dtype; batch_sizes is always a CPU int64
    tensor, and the index tensors are int64 on data's device."""

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        return super().__new__(cls, *_packed_sequence_init_args(data, batch_sizes, sorted_indices,
                                                                unsorted_indices))

    # The conversions below change data (and move the index tensors along with it), never
    # batch_sizes, which stays on the CPU.
    def pin_memory(self):
        return type(self)(self.data.pin_memory(), self.batch_sizes,
                          _apply_to_optional(self.sorted_indices, lambda t: t.pin_memory()),
                          _apply_to_optional(self.unsorted_indices, lambda t: t.pin_memory()))

    def cuda(self, *args, **kwargs):
        # Does .to(*args, **kwargs) already name a CUDA device? Otherwise add one.
        probe = torch.tensor((), dtype=self.data.dtype, device=self.data.device).to(*args, **kwargs)
        if probe.is_cuda:
            return self.to(*args, **kwargs)
        return self.to(*args, device='cuda', **kwargs)

    def cpu(self, *args, **kwargs):
        probe = torch.tensor((), dtype=self.data.dtype, device=self.data.device).to(*args, **kwargs)
        if probe.device.type == 'cpu':
            return self.to(*args, **kwargs)
        return self.to(*args, device='cpu', **kwargs)

    def double(self):
        return self.to(dtype=torch.double)

    def float(self):
        return self.to(dtype=torch.float)

    def half(self):
        return self.to(dtype=torch.half)

    def long(self):
        return self.to(dtype=torch.long)

    def int(self):
        return self.to(dtype=torch.int)

    def short(self):
        return self.to(dtype=torch.short)

    def char(self):
        return self.to(dtype=torch.int8)

    def byte(self):
        return self.to(dtype=torch.uint8)

    def to(self, *args, **kwargs):
        """data.to(*args, **kwargs); self itself when data does not change. Options such as
        non_blocking and copy reach the index tensors only when given as keywords."""
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        # The index tensors follow data's device; their dtype stays int64.
        kwargs = {k: v for k, v in kwargs.items() if k != 'device' and k != 'dtype'}
        sorted_indices = _apply_to_optional(self.sorted_indices, lambda t: t.to(data.device, **kwargs))
        unsorted_indices = _apply_to_optional(self.unsorted_indices, lambda t: t.to(data.device, **kwargs))
        return type(self)(data, self.batch_sizes, sorted_indices, unsorted_indices)

    @property
    def is_cuda(self):
        """Whether data is on a GPU."""
        return self.data.is_cuda

    def is_pinned(self):
        """Whether data is in pinned memory."""
        return self.data.is_pinned()


def _packed_sequence_init_args(data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    """The four fields from PackedSequence(data, batch_sizes, sorted_indices) or
    PackedSequence((data, batch_sizes), sorted_indices=...); unsorted_indices, when not
    given, is sorted_indices inverted."""
    if unsorted_indices is None:
        unsorted_indices = invert_permutation(sorted_indices)
    if batch_sizes is not None:
        if batch_sizes.device.type != 'cpu':
            raise ValueError(
                "batch_sizes should always be on CPU. "
                "Instances of PackedSequence should never be created manually. "
                "They should be instantiated by functions like pack_sequence "
                "and pack_padded_sequences in nn.utils.rnn. "
                "https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence")
        return data, batch_sizes, sorted_indices, unsorted_indices
    assert isinstance(data, (list, tuple)) and len(data) == 2
    return data[0], data[1], sorted_indices, unsorted_indices


def _packed_sequence_init(data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    data, batch_sizes, sorted_indices, unsorted_indices = _packed_sequence_init_args(
        data, batch_sizes, sorted_indices, unsorted_indices)
    return PackedSequence(data, batch_sizes, sorted_indices, unsorted_indices)


def invert_permutation(permutation):
    """The permutation that undoes `permutation` (None for None): output[permutation[i]] = i."""
    if permutation is None:
        return None
    output = torch.empty_like(permutation, memory_format=torch.legacy_contiguous_format)
    output.scatter_(0, permutation, torch.arange(0, permutation.numel(), device=permutation.device))
    return output


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """Packs a padded batch (T x B x *, or B x T x * with batch_first) of sequences of the
    given lengths. With enforce_sorted the lengths must already decrease; otherwise the
    sequences are sorted longest first and the order kept in sorted_indices."""
    lengths = torch.as_tensor(lengths, dtype=torch.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = torch.sort(lengths, descending=True)
        sorted_indices = sorted_indices.to(input.device)
        batch_dim = 0 if batch_first else 1
        input = input.index_select(batch_dim, sorted_indices)
    data, batch_sizes = torch._pack_padded_sequence(input, lengths, batch_first)
    return _packed_sequence_init(data, batch_sizes, sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """The inverse of pack_padded_sequence: (padded batch, lengths), the sequences back in
    the order they were packed from. total_length pads to that many steps."""
    max_seq_length = sequence.batch_sizes.size(0)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError("Expected total_length to be at least the length "
                             "of the longest sequence in input, but got "
                             "total_length={} and max sequence length being {}"
                             .format(total_length, max_seq_length))
        max_seq_length = total_length
    padded_output, lengths = torch._pad_packed_sequence(
        sequence.data, sequence.batch_sizes, batch_first, padding_value, max_seq_length)
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return padded_output.index_select(batch_dim, unsorted_indices), lengths[unsorted_indices.cpu()]
    return padded_output, lengths


def _check_arguments(sequences, batch_first, padding_value):
    """The argument checks of PyTorch's C++ pad_sequence(TensorList, bool, float), in its
    parser's order and with its messages."""
    for i, seq in enumerate(sequences):
        if not isinstance(seq, torch.Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {_C._type_name(seq)}")
    if not isinstance(batch_first, bool):
        raise TypeError(f"pad_sequence(): argument 'batch_first' (position 2) must be bool, not "
                        f"{_C._type_name(batch_first)}")
    # A float argument takes any int or float, and a 0-dim tensor that needs no gradient.
    is_number = isinstance(padding_value, (int, float))
    is_scalar_tensor = (isinstance(padding_value, torch.Tensor) and padding_value.dim() == 0
                        and not padding_value.requires_grad)
    if not (is_number or is_scalar_tensor):
        raise TypeError(f"pad_sequence(): argument 'padding_value' (position 3) must be float, not "
                        f"{_C._type_name(padding_value)}")


def pad_sequence(sequences, batch_first=False, padding_value=0.0):
    """Pads the sequences (each L_i x *) to the longest length T with padding_value and
    stacks them: T x B x *, or B x T x * with batch_first. The trailing sizes, dtype and
    device are the first sequence's."""
    if not isinstance(sequences, container_abcs.Iterable):
        raise RuntimeError('pad_sequence: Expected iterable for input sequences, but got arg of type: '
                           f'{type(sequences)}')
    sequences = tuple(sequences)
    _check_arguments(sequences, batch_first, padding_value)
    if len(sequences) == 0:
        raise RuntimeError("received an empty list of sequences")
    if any(seq.dim() == 0 for seq in sequences):
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    first = sequences[0]
    max_len = max(seq.size(0) for seq in sequences)
    batch = len(sequences)
    out_dims = (batch, max_len) if batch_first else (max_len, batch)
    # Filled in place, as PyTorch's kernel fills it: out._version counts the fill and each
    # copy below.
    out = torch.empty(out_dims + tuple(first.shape[1:]), dtype=first.dtype, device=first.device)
    out.fill_(float(padding_value))
    # Each sequence is copied into its slot (a view of out): with a gradient, out's grad_fn
    # is the last CopySlices of the chain.
    for i, seq in enumerate(sequences):
        length = seq.size(0)
        if batch_first:
            out.select(0, i).narrow(0, 0, length).copy_(seq)
        else:
            out.narrow(0, 0, length).select(1, i).copy_(seq)
    return out


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """The sequences of a padded batch, each cut to its length. As in PyTorch, a batch that
    is not batch_first is transposed in place first (the caller's tensor changes)."""
    unpadded_sequences = []
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    max_length = padded_sequences.shape[1]
    idx = torch.arange(max_length)
    for seq, length in zip(padded_sequences, lengths):
        mask = idx < length
        unpadded_sequences.append(seq[mask])
    return unpadded_sequences


def pack_sequence(sequences, enforce_sorted=True):
    """pad_sequence then pack_padded_sequence: a list of L_i x * tensors packed."""
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    """The inverse of pack_sequence: the list of sequences, in their original order."""
    padded_sequences, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded_sequences, lengths, batch_first=True)
