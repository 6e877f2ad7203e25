"""torch.cuda's memory figures, read from PyTorch's caching allocator rules (the GPU's
allocator, core/device/caching_allocator.h): what tensors occupy (allocated), what the
allocator holds from the device (reserved), peaks, and the summary table."""

import collections
import warnings

import _agv_torch as _C

from ._utils import _get_device_index


def _require(name):
    # CPU-only PyTorch has no such function in torch._C: the same AttributeError here.
    if not _C._cuda_is_available():
        raise AttributeError(f"module 'torch._C' has no attribute '{name}'")


def empty_cache():
    """Gives every cached block that holds no tensor back to the device (memory_reserved()
    drops; memory_allocated() does not change)."""
    if _C._cuda_is_initialized():
        _C._cuda_emptyCache()


def memory_stats_as_nested_dict(device=None):
    if not _C._cuda_is_initialized():
        return {}
    return _C._cuda_memoryStats(_get_device_index(device, optional=True))


def memory_stats(device=None):
    """The allocator's counters as one flat, sorted dict: "allocated_bytes.all.current",
    "reserved_bytes.large_pool.peak", "num_ooms", ..."""
    flat = []

    def walk(prefix, value):
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(prefix + "." + key if prefix else key, inner)
        else:
            flat.append((prefix, value))

    walk("", memory_stats_as_nested_dict(device))
    flat.sort()
    return collections.OrderedDict(flat)


def reset_accumulated_memory_stats(device=None):
    _require('_cuda_resetAccumulatedMemoryStats')
    _C._cuda_resetAccumulatedMemoryStats(_get_device_index(device, optional=True))


def reset_peak_memory_stats(device=None):
    _require('_cuda_resetPeakMemoryStats')
    _C._cuda_resetPeakMemoryStats(_get_device_index(device, optional=True))


def reset_max_memory_allocated(device=None):
    warnings.warn(
        "torch.cuda.reset_max_memory_allocated now calls torch.cuda.reset_peak_memory_stats, "
        "which resets /all/ peak memory stats.", FutureWarning)
    return reset_peak_memory_stats(device=device)


def reset_max_memory_cached(device=None):
    warnings.warn(
        "torch.cuda.reset_max_memory_cached now calls torch.cuda.reset_peak_memory_stats, "
        "which resets /all/ peak memory stats.", FutureWarning)
    return reset_peak_memory_stats(device=device)


def memory_allocated(device=None):
    return memory_stats(device=device).get("allocated_bytes.all.current", 0)


def max_memory_allocated(device=None):
    return memory_stats(device=device).get("allocated_bytes.all.peak", 0)


def memory_reserved(device=None):
    return memory_stats(device=device).get("reserved_bytes.all.current", 0)


def max_memory_reserved(device=None):
    return memory_stats(device=device).get("reserved_bytes.all.peak", 0)


def memory_cached(device=None):
    warnings.warn("torch.cuda.memory_cached has been renamed to torch.cuda.memory_reserved", FutureWarning)
    return memory_reserved(device=device)


def max_memory_cached(device=None):
    warnings.warn("torch.cuda.max_memory_cached has been renamed to torch.cuda.max_memory_reserved", FutureWarning)
    return max_memory_reserved(device=device)


def mem_get_info(device=None):
    """(free, total) bytes of the device, as cudaMemGetInfo reports them."""
    import torch
    if device is None:
        device = torch.cuda.current_device()
    return _C._cuda_memGetInfo(_get_device_index(device))


def _scaled_cell(value, scale_from, units, base, threshold, template):
    # The largest unit that keeps the row's first figure at `threshold` or more.
    unit = 0
    while unit + 1 < len(units) and scale_from >= threshold:
        unit += 1
        value //= base
        scale_from /= base
    return template.format(value, units[unit])


def _size_cell(value, scale_from):
    return _scaled_cell(value, scale_from, ["B ", "KB", "MB", "GB", "TB", "PB"], 1024, 768 * 1024, "{:7d} {}")


def _count_cell(value, scale_from):
    return _scaled_cell(value, scale_from, [" ", "K", "M"], 1000, 750 * 1000, "{:7d} {} ")


_SUMMARY_ROWS = [
    ("allocated_bytes", "Allocated memory", _size_cell),
    ("active_bytes", "Active memory", _size_cell),
    ("reserved_bytes", "GPU reserved memory", _size_cell),
    ("inactive_split_bytes", "Non-releasable memory", _size_cell),
    ("allocation", "Allocations", _count_cell),
    ("active", "Active allocs", _count_cell),
    ("segment", "GPU reserved segments", _count_cell),
    ("inactive_split", "Non-releasable allocs", _count_cell),
]

_OVERSIZE_ROWS = [
    ("oversize_allocations", "Oversize allocations", _count_cell),
    ("oversize_segments", "Oversize GPU segments", _count_cell),
]

_COLUMNS = ("current", "peak", "allocated", "freed")


def memory_summary(device=None, abbreviated=False):
    """The allocator's figures as PyTorch's 75-column table."""
    device = _get_device_index(device, optional=True)
    stats = memory_stats(device=device)
    rule, double_rule = "-" * 75, "=" * 75

    def row(label, cells):
        return " {:<21} | {} | {} | {} | {} ".format(label, *cells)

    body = []
    for key, label, cell in _SUMMARY_ROWS:
        body.append(rule)
        pools = [("all", label)]
        if not abbreviated:
            pools += [("large_pool", "      from large pool"), ("small_pool", "      from small pool")]
        # Every pool's row takes its units from the "all" row's figures.
        scale = [stats[f"{key}.all.{column}"] for column in _COLUMNS]
        for pool, pool_label in pools:
            values = [stats[f"{key}.{pool}.{column}"] for column in _COLUMNS]
            body.append(row(pool_label, [cell(v, s) for v, s in zip(values, scale)]))
    for key, label, cell in _OVERSIZE_ROWS:
        body.append(rule)
        values = [stats[f"{key}.{column}"] for column in _COLUMNS]
        body.append(row(label, [cell(v, v) for v in values]))
    lines = [
        double_rule,
        " {:16} PyTorch CUDA memory summary, device ID {:<17d} ".format("", device),
        rule,
        "  {:9} CUDA OOMs: {:<12d} | {:6} cudaMalloc retries: {:<8d}  ".format(
            "", stats["num_ooms"], "", stats["num_alloc_retries"]),
        double_rule,
        "        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  ",
    ] + body
    lines.append(double_rule)
    return "|" + "|\n|".join(lines) + "|\n"
