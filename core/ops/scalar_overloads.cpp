// Note [Scalar overloads in composites]
// PyTorch's C++ composites and backward formulas call the Scalar overloads (tensor * 0.9,
// tensor / 3, tensor + 0.02, self * self - 1), whose nodes are MulBackward1 / DivBackward1
// (saving the number as `other`), AddBackward1 and SubBackward1, where a Python script's
// tensor * 0.9 wraps the number into a tensor (MulBackward0). The kernels are the same,
// so the values are computed by the ordinary ops and only the node differs.

#include "core/autograd/grad_mode.h"
#include "core/ops/internal_ops.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops::internal {

namespace {

/// `t op s` through the tensor kernel, recorded as the Scalar overload's node.
template <typename Value, typename Backward>
Tensor scalarOverload(const Tensor& t, const char* node, Value value, Backward backward, const SavedAttr* other)
{
    Tensor out;
    {
        GradModeGuard noGrad(false);
        out = value(t);
    }
    OpRecorder rec(node, {&t}, [backward](BackwardNode&, const variable_list& g) {
        return variable_list{backward(g[0])};
    });
    if (other)
        rec.attr("other", *other);
    rec.forward([value](const InputTangents& tangents, const Tensor&) { return value(tangents[0]); });
    return rec.finish(out);
}

}  // namespace

Tensor mulScalar(const Tensor& t, Scalar s)
{
    const SavedAttr other = scalarAttr(s);
    return scalarOverload(
        t, "MulBackward1", [s](const Tensor& x) { return mul(x, s); }, [s](const Tensor& g) { return mul(g, s); },
        &other);
}

Tensor divScalar(const Tensor& t, Scalar s)
{
    const SavedAttr other = scalarAttr(s);
    return scalarOverload(
        t, "DivBackward1", [s](const Tensor& x) { return div(x, s); }, [s](const Tensor& g) { return div(g, s); },
        &other);
}

Tensor addScalar(const Tensor& t, Scalar s)
{
    return scalarOverload(
        t, "AddBackward1", [s](const Tensor& x) { return add(x, s); }, [](const Tensor& g) { return g; }, nullptr);
}

Tensor subScalar(const Tensor& t, Scalar s)
{
    return scalarOverload(
        t, "SubBackward1", [s](const Tensor& x) { return sub(x, s); }, [](const Tensor& g) { return g; }, nullptr);
}

}  // namespace agv::ops::internal
