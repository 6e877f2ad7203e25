// recordInplace (inplace_record.h): the order inplace.cpp's applyInplace follows, for ops
// that compute their values out of place first.

#include "core/ops/inplace_record.h"

#include "core/autograd/forward_ad.h"
#include "core/ops/inplace_intercept.h"
#include "core/ops/kernels.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"

namespace agv::ops {

Tensor& recordInplace(Tensor& self, std::initializer_list<const Tensor*> inputs, const InplaceRecord& record,
                      const std::function<Tensor()>& values)
{
    bool requiresGrad = false;
    for (const Tensor* t : inputs)
        requiresGrad = requiresGrad || (t && t->defined() && t->requiresGrad());
    checkInplace(self, requiresGrad);
    checkNoInternalOverlap(self);
    checkNotZeroTensor(self);  // the ZeroTensor fallback refuses before the kernel runs
    const Tensor result = quietly(values);
    OpRecorder rec(record.nodeName, inputs, record.rule);
    rec.forward(record.forward);
    Tensor originalSelf;
    // VariableType's self.clone() runs in grad mode: the saved copy has a CloneBackward0.
    if (rec.active() && record.needsOriginalSelf)
        originalSelf = clone(self);
    if (rec.forwardActive()) {
        // The formula's self_p is self before the write (PyTorch clones it too).
        forward_ad::DisabledGuard primalsOnly;
        rec.setOriginalSelf(originalSelf.defined() ? originalSelf : quietly([&] { return clone(self); }));
    }
    // Saved before the write, as 1.13's VariableType does: an input that is self itself is
    // saved at the version the write then bumps.
    if (rec.active() && record.save)
        record.save(rec, originalSelf);
    InplaceIntercept intercept(record.nodeName, record.opName, inputs, self);
    kernel::copyInto(self, kernel::convert(result, self.dtype()));
    intercept.offer(self);
    self.bumpVersion(record.opName);
    if (rec.active())
        rebaseHistory(self, rec.node(), record.savesResult);
    intercept.announce(rec.active() ? rec.node()->id() : 0, self);
    rec.finishInplaceTangent(self);
    return self;
}

}  // namespace agv::ops
