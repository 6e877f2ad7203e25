#pragma once
// A memory_format= argument as the engine's MemoryFormat (Note [Memory formats]).

#include "core/ops/memory_format.h"
#include "core/python/py_values.h"

namespace agv::python {

/// torch.channels_last and friends; `absent` when the argument was not given (or None).
inline ops::MemoryFormat memoryFormatArg(py::handle h, ops::MemoryFormat absent)
{
    if (!given(h))
        return absent;
    const std::string name = memoryFormatName(h);
    if (name == "channels_last")
        return ops::MemoryFormat::ChannelsLast;
    if (name == "channels_last_3d")
        return ops::MemoryFormat::ChannelsLast3d;
    if (name == "contiguous_format")
        return ops::MemoryFormat::Contiguous;
    return ops::MemoryFormat::Preserve;
}

}  // namespace agv::python
