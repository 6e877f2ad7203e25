// Copies: clone, to(dtype/device), contiguous, detach, .data.

#include "core/autograd/grad_mode.h"
#include "core/ops/inference_versions.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {
/// A copy of `t` laid out as MemoryFormat::Preserve says (Note [Output layout of
/// elementwise ops]), or contiguous.
Tensor copyOf(const Tensor& t, ScalarType dtype, Device device, bool preserveLayout = true)
{
    Tensor out = preserveLayout ? kernel::newStridedTensor(t.sizes(), preservedStrides(t), dtype, device)
                                : kernel::newTensor(t.sizes(), dtype, device);
    kernel::copyInto(out, t);
    return out;
}

Tensor recordClone(const Tensor& t, Tensor out)
{
    OpRecorder rec("CloneBackward0", {&t}, [](BackwardNode&, const variable_list& g) { return variable_list{g[0]}; });
    rec.forward([](const InputTangents& t, const Tensor&) { return clone(t[0]); });
    return rec.finish(out);
}

// Note [Inference tensors with a version counter]
// An inference tensor has no version counter: reading _version raises, and so does an
// in-place op outside inference mode. But .data and .detach() of one, called outside
// inference mode, go straight to the CPU kernel, whose new TensorImpl gets a fresh
// counter (VariableVersion(0)): still an inference tensor, yet with a _version of its own
// that in-place ops bump outside inference mode (inside it, nothing is bumped). Views of
// an inference tensor are neither views for autograd nor versioned.

Tensor shareData(const Tensor& t, bool shareVersion)
{
    const bool inference = t.impl()->isInference();
    const bool freshCounter = !shareVersion || (inference && !InferenceMode::isEnabled());
    auto impl = std::make_shared<TensorImpl>(t.impl()->storage(), t.dtype(), t.sizes(), t.strides(), t.offset(),
                                             freshCounter ? nullptr : t.impl()->versionCounter());
    impl->setInference(inference);
    impl->setVersionedInference(inference && !InferenceMode::isEnabled());
    return Tensor(std::move(impl));
}
}  // namespace

Tensor detachedClone(const Tensor& t) { return copyOf(t, t.dtype(), t.device()); }

Tensor clone(const Tensor& t) { return recordClone(t, copyOf(t, t.dtype(), t.device())); }

Tensor toDtype(const Tensor& t, ScalarType dtype)
{
    if (t.dtype() == dtype)
        return t;
    Tensor out = copyOf(t, dtype, t.device());
    // Integer and bool results cannot require grad: PyTorch records no node for them. An
    // inference input's copy still counts the copy_ of its kernel (Note [Versions of
    // results computed from inference tensors]).
    if (!isFloatingType(dtype)) {
        if (t.impl()->isInference() && !InferenceMode::isEnabled() && !out.impl()->isInference())
            out.impl()->versionCounter()->version = versionFromInferenceInputs("ToCopyBackward0", out);
        return out;
    }
    const ScalarType from = t.dtype();
    OpRecorder rec("ToCopyBackward0", {&t}, [from](BackwardNode&, const variable_list& g) {
        return variable_list{toDtype(g[0], from)};
    });
    rec.forward([dtype](const InputTangents& t, const Tensor&) {
        return t[0].dtype() == dtype ? clone(t[0]) : toDtype(t[0], dtype);
    });
    return rec.finish(out);
}

Tensor toDevice(const Tensor& t, Device device)
{
    if (t.device() == device)
        return t;
    Tensor out = copyOf(t, t.dtype(), device);
    const Device from = t.device();
    OpRecorder rec("ToCopyBackward0", {&t}, [from](BackwardNode&, const variable_list& g) {
        return variable_list{toDevice(g[0], from)};
    });
    rec.forward([device](const InputTangents& t, const Tensor&) {
        return t[0].device() == device ? clone(t[0]) : toDevice(t[0], device);
    });
    return rec.finish(out);
}

Tensor contiguous(const Tensor& t)
{
    if (t.isContiguous())
        return t;
    return recordClone(t, copyOf(t, t.dtype(), t.device(), /*preserveLayout=*/false));
}

Tensor detach(const Tensor& t)
{
    Tensor out = shareData(t, /*shareVersion=*/true);
    // detach() returns a view in PyTorch's bookkeeping (it shares the version counter).
    announceTensor(out);
    return out;
}

Tensor data(const Tensor& t)
{
    Tensor out = shareData(t, /*shareVersion=*/false);
    announceTensor(out);
    return out;
}

}  // namespace agv::ops
