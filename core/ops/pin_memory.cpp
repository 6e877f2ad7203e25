#include "core/ops/pin_memory.h"

#include "core/device/pinned_host.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

bool isPinned(const Tensor& t) { return t.impl()->storage() && t.impl()->storage()->isPinned(); }

Tensor pinMemory(const Tensor& t)
{
    Tensor out;
    {
        PinnedHostScope pinned;
        out = isNonOverlappingAndDense(t) ? kernel::newStridedTensor(t.sizes(), t.strides(), t.dtype(), Device::cpu())
                                                  : kernel::newTensor(t.sizes(), t.dtype(), Device::cpu());
    }
    kernel::copyInto(out, t);
    const Device from = t.device();
    OpRecorder rec("PinMemoryBackward0", {&t}, [from](BackwardNode&, const variable_list& g) {
        return variable_list{toDevice(g[0], from)};
    });
    rec.forward([](const InputTangents& tangents, const Tensor&) { return pinMemory(tangents[0]); });
    return rec.finish(out);
}

}  // namespace agv::ops
