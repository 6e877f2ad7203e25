"""torch.nn.utils.rnn.pad_sequence: variable-length sequences stacked into one padded tensor.

PyTorch's PackedSequence and its pack/unpack functions are not here yet."""

from collections import abc as container_abcs

import _agv_torch as _C
import torch


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
