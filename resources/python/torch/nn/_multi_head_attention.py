"""F.multi_head_attention_forward: PyTorch 1.13's composite ("slow path") attention,
the one nn.MultiheadAttention runs in training or with grad. It is a chain of ordinary
ops (linear, chunk, view, transpose, baddbmm or bmm, softmax, dropout, bmm, linear), so
the values and the grad_fn graph are those of the same ops in the same order as 1.13:
change the order and the last bits or the graph change too.

The checks are AssertionErrors and RuntimeErrors with 1.13's texts, raised at the point
1.13 raises them (some only after the in-projection has run)."""

import math
import warnings

import torch


def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    """Whether the inputs are batched (3-D query) or not (2-D); 1.13's shape checks."""
    if query.dim() == 3:
        assert key.dim() == 3 and value.dim() == 3, (
            "For batched (3-D) `query`, expected `key` and `value` to be 3-D"
            f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None:
            assert key_padding_mask.dim() == 2, (
                "For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D"
                f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            assert attn_mask.dim() in (2, 3), (
                "For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                f" but found {attn_mask.dim()}-D tensor instead")
        return True
    if query.dim() == 2:
        assert key.dim() == 2 and value.dim() == 2, (
            "For unbatched (2-D) `query`, expected `key` and `value` to be 2-D"
            f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None:
            assert key_padding_mask.dim() == 1, (
                "For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D"
                f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            assert attn_mask.dim() in (2, 3), (
                "For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                f" but found {attn_mask.dim()}-D tensor instead")
            if attn_mask.dim() == 3:
                expected = (num_heads, query.shape[0], key.shape[0])
                assert attn_mask.shape == expected, (
                    f"Expected `attn_mask` shape to be {expected} but got {attn_mask.shape}")
        return False
    raise AssertionError(
        f"query should be unbatched 2D or batched 3D tensor but received {query.dim()}-D query tensor")


def _in_projection_packed(q, k, v, w, b=None):
    """q, k and v through the packed (3E, E) weight. Which of them are the same tensor
    decides how many linears run: one for self-attention (its output chunked in three),
    two when key is value, three otherwise; that shows in the graph and, through the
    BLAS blocking, possibly in the last bits."""
    from torch.nn import functional as F
    E = q.size(-1)
    if k is v:
        if q is k:
            return F.linear(q, w, b).chunk(3, dim=-1)
        w_q, w_kv = w.split([E, E * 2])
        b_q, b_kv = (None, None) if b is None else b.split([E, E * 2])
        return (F.linear(q, w_q, b_q),) + F.linear(k, w_kv, b_kv).chunk(2, dim=-1)
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    return F.linear(q, w_q, b_q), F.linear(k, w_k, b_k), F.linear(v, w_v, b_v)


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    """q, k and v through separate weights (kdim or vdim differ from embed_dim)."""
    from torch.nn import functional as F
    Eq, Ek, Ev = q.size(-1), k.size(-1), v.size(-1)
    assert w_q.shape == (Eq, Eq), f"expecting query weights shape of {(Eq, Eq)}, but got {w_q.shape}"
    assert w_k.shape == (Eq, Ek), f"expecting key weights shape of {(Eq, Ek)}, but got {w_k.shape}"
    assert w_v.shape == (Eq, Ev), f"expecting value weights shape of {(Eq, Ev)}, but got {w_v.shape}"
    assert b_q is None or b_q.shape == (Eq,), f"expecting query bias shape of {(Eq,)}, but got {b_q.shape}"
    assert b_k is None or b_k.shape == (Eq,), f"expecting key bias shape of {(Eq,)}, but got {b_k.shape}"
    assert b_v is None or b_v.shape == (Eq,), f"expecting value bias shape of {(Eq,)}, but got {b_v.shape}"
    return F.linear(q, w_q, b_q), F.linear(k, w_k, b_k), F.linear(v, w_v, b_v)


def _check_key_padding_mask_dtype(key_padding_mask):
    if key_padding_mask is not None:
        if key_padding_mask.dtype != torch.bool and not torch.is_floating_point(key_padding_mask):
            raise AssertionError("only bool and floating types of key_padding_mask are supported")


def _attn_mask_as_3d(attn_mask, bsz, num_heads, tgt_len, src_len):
    """attn_mask as a bool or float (1 or bsz*num_heads, L, S) tensor; a byte mask is
    deprecated and becomes bool."""
    if attn_mask.dtype == torch.uint8:
        warnings.warn("Byte tensor for attn_mask in nn.MultiheadAttention is deprecated. Use bool tensor instead.")
        attn_mask = attn_mask.to(torch.bool)
    else:
        assert attn_mask.is_floating_point() or attn_mask.dtype == torch.bool, \
            f"Only float, byte, and bool types are supported for attn_mask, not {attn_mask.dtype}"
    if attn_mask.dim() == 2:
        if attn_mask.shape != (tgt_len, src_len):
            raise RuntimeError(
                f"The shape of the 2D attn_mask is {attn_mask.shape}, but should be {(tgt_len, src_len)}.")
        return attn_mask.unsqueeze(0)
    if attn_mask.dim() == 3:
        if attn_mask.shape != (bsz * num_heads, tgt_len, src_len):
            raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, "
                               f"but should be {(bsz * num_heads, tgt_len, src_len)}.")
        return attn_mask
    raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")


def _heads_first(x, length, bsz, num_heads, head_dim):
    """(S, N, E) -> (N * num_heads, S, head_dim): each head becomes a batch entry."""
    return x.contiguous().view(length, bsz * num_heads, head_dim).transpose(0, 1)


def _static_projection(static, name, bsz, num_heads, head_dim):
    assert static.size(0) == bsz * num_heads, \
        f"expecting {name}.size(0) of {bsz * num_heads}, but got {static.size(0)}"
    assert static.size(2) == head_dim, f"expecting {name}.size(2) of {head_dim}, but got {static.size(2)}"
    return static


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
                                 bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
                                 training=True, key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
                                 v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True):
    """Attention of query (L, N, E) over key/value (S, N, E), or unbatched (L, E) and
    (S, E): returns the output and, with need_weights, the softmax weights (averaged over
    the heads unless average_attn_weights=False), else None."""
    from torch.nn import functional as F
    is_batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    # Unbatched inputs run as a batch of one, squeezed again at the end.
    if not is_batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)

    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    _check_key_padding_mask_dtype(key_padding_mask)
    assert embed_dim == embed_dim_to_check, \
        f"was expecting embedding dimension of {embed_dim_to_check}, but got {embed_dim}"
    head_dim = embed_dim // num_heads
    assert head_dim * num_heads == embed_dim, f"embed_dim {embed_dim} not divisible by num_heads {num_heads}"
    if use_separate_proj_weight:
        # Separate weights let key and value have their own feature sizes.
        assert key.shape[:2] == value.shape[:2], \
            f"key's sequence and batch dims {key.shape[:2]} do not match value's {value.shape[:2]}"
    else:
        assert key.shape == value.shape, f"key shape {key.shape} does not match value shape {value.shape}"

    # In-projection.
    if not use_separate_proj_weight:
        assert in_proj_weight is not None, "use_separate_proj_weight is False but in_proj_weight is None"
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    else:
        assert q_proj_weight is not None, "use_separate_proj_weight is True but q_proj_weight is None"
        assert k_proj_weight is not None, "use_separate_proj_weight is True but k_proj_weight is None"
        assert v_proj_weight is not None, "use_separate_proj_weight is True but v_proj_weight is None"
        b_q, b_k, b_v = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
        q, k, v = _in_projection(query, key, value, q_proj_weight, k_proj_weight, v_proj_weight, b_q, b_k, b_v)

    if attn_mask is not None:
        attn_mask = _attn_mask_as_3d(attn_mask, bsz, num_heads, tgt_len, src_len)

    # add_bias_kv: one more key/value position, the learnt bias, for every batch entry.
    if bias_k is not None and bias_v is not None:
        assert static_k is None, "bias cannot be added to static key."
        assert static_v is None, "bias cannot be added to static value."
        k = torch.cat([k, bias_k.repeat(1, bsz, 1)])
        v = torch.cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = F.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = F.pad(key_padding_mask, (0, 1))
    else:
        assert bias_k is None
        assert bias_v is None

    q = _heads_first(q, tgt_len, bsz, num_heads, head_dim)
    if static_k is None:
        k = _heads_first(k, k.shape[0], bsz, num_heads, head_dim)
    else:
        k = _static_projection(static_k, "static_k", bsz, num_heads, head_dim)
    if static_v is None:
        v = _heads_first(v, v.shape[0], bsz, num_heads, head_dim)
    else:
        v = _static_projection(static_v, "static_v", bsz, num_heads, head_dim)

    # add_zero_attn: one more key/value position of zeros.
    if add_zero_attn:
        zeros_shape = (bsz * num_heads, 1, head_dim)
        k = torch.cat([k, torch.zeros(zeros_shape, dtype=k.dtype, device=k.device)], dim=1)
        v = torch.cat([v, torch.zeros(zeros_shape, dtype=v.dtype, device=v.device)], dim=1)
        if attn_mask is not None:
            attn_mask = F.pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = F.pad(key_padding_mask, (0, 1))
    src_len = k.size(1)

    # One mask of (1 or bsz*num_heads, L, S): the key padding mask repeated per head,
    # merged into attn_mask; a bool mask becomes 0 / -inf in q's dtype.
    if key_padding_mask is not None:
        assert key_padding_mask.shape == (bsz, src_len), \
            f"expecting key_padding_mask shape of {(bsz, src_len)}, but got {key_padding_mask.shape}"
        key_padding_mask = key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1) \
            .reshape(bsz * num_heads, 1, src_len)
        if attn_mask is None:
            attn_mask = key_padding_mask
        elif attn_mask.dtype == torch.bool:
            attn_mask = attn_mask.logical_or(key_padding_mask)
        else:
            attn_mask = attn_mask.masked_fill(key_padding_mask, float("-inf"))
    if attn_mask is not None and attn_mask.dtype == torch.bool:
        additive = torch.zeros_like(attn_mask, dtype=q.dtype)
        additive.masked_fill_(attn_mask, float("-inf"))
        attn_mask = additive

    if not training:
        dropout_p = 0.0

    # Scaled dot products, softmax over the keys, dropout, weighted sum of the values
    # and the out-projection.
    head_len = q.shape[2]
    q_scaled = q / math.sqrt(head_len)
    if attn_mask is not None:
        attn_output_weights = torch.baddbmm(attn_mask, q_scaled, k.transpose(-2, -1))
    else:
        attn_output_weights = torch.bmm(q_scaled, k.transpose(-2, -1))
    attn_output_weights = F.softmax(attn_output_weights, dim=-1)
    if dropout_p > 0.0:
        attn_output_weights = F.dropout(attn_output_weights, p=dropout_p)
    attn_output = torch.bmm(attn_output_weights, v)
    attn_output = attn_output.transpose(0, 1).contiguous().view(tgt_len * bsz, embed_dim)
    attn_output = F.linear(attn_output, out_proj_weight, out_proj_bias)
    attn_output = attn_output.view(tgt_len, bsz, attn_output.size(1))

    if not need_weights:
        return (attn_output if is_batched else attn_output.squeeze(1)), None
    attn_output_weights = attn_output_weights.view(bsz, num_heads, tgt_len, src_len)
    if average_attn_weights:
        attn_output_weights = attn_output_weights.sum(dim=1) / num_heads
    if not is_batched:
        return attn_output.squeeze(1), attn_output_weights.squeeze(0)
    return attn_output, attn_output_weights
