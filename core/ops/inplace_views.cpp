// The in-place view ops: t_, transpose_, squeeze_ and unsqueeze_ change a tensor's
// geometry, not its values. Like PyTorch's inplace-view kernels they bump the version,
// and the tensor's history becomes the op's node directly, even on a view: nothing is
// written, so the base gets no CopySlices and keeps its own grad_fn.

#include <algorithm>

#include "core/autograd/grad_mode.h"
#include "core/ops/internal_ops.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// check_inplace as these ops see it: on a leaf that requires grad, PyTorch names it a
/// view of a leaf (the op is a view op).
void checkInplaceView(const Tensor& self)
{
    if (GradMode::isEnabled() && self.requiresGrad() && !self.isView() && self.isLeaf())
        AGV_RAISE_KIND(RuntimeError, LeafInplace,
                       "a view of a leaf Variable that requires grad is being used in an in-place operation.");
    checkInplace(self);
}

/// Gives self its new geometry, bumps the version and makes `rec`'s node its history.
Tensor& finishInplaceView(Tensor& self, OpRecorder& rec, IntList sizes, IntList strides, const char* opName)
{
    self.impl()->setGeometry(std::move(sizes), std::move(strides), self.offset());
    self.bumpVersion(opName);
    if (rec.active())
        setInplaceViewHistory(self, rec.node());
    rec.finishInplaceViewTangent(self);
    return self;
}

}  // namespace

Tensor& transposeInplace(Tensor& self, int64_t dim0, int64_t dim1)
{
    checkInplaceView(self);
    dim0 = wrapDim(dim0, self.dim());
    dim1 = wrapDim(dim1, self.dim());
    OpRecorder rec("TransposeBackward1", {&self}, [dim0, dim1](BackwardNode&, const variable_list& g) {
        return variable_list{transpose(g[0], dim0, dim1)};
    });
    rec.attr("dim0", dim0);
    rec.attr("dim1", dim1);
    IntList sizes = self.sizes(), strides = self.strides();
    if (self.dim() > 0) {
        std::swap(sizes[size_t(dim0)], sizes[size_t(dim1)]);
        std::swap(strides[size_t(dim0)], strides[size_t(dim1)]);
    }
    rec.forward([dim0, dim1](const InputTangents& t, const Tensor&) { return transpose(t[0], dim0, dim1); });
    return finishInplaceView(self, rec, std::move(sizes), std::move(strides), "transpose_");
}

Tensor& tInplace(Tensor& self)
{
    AGV_CHECK(self.dim() <= 2, RuntimeError, "t_() expects a tensor with <= 2 dimensions, but self is ", self.dim(),
              "D");
    checkInplaceView(self);
    OpRecorder rec("TBackward1", {&self},
                   [](BackwardNode&, const variable_list& g) { return variable_list{t(g[0])}; });
    IntList sizes = self.sizes(), strides = self.strides();
    std::reverse(sizes.begin(), sizes.end());
    std::reverse(strides.begin(), strides.end());
    rec.forward([](const InputTangents& tangents, const Tensor&) { return t(tangents[0]); });
    return finishInplaceView(self, rec, std::move(sizes), std::move(strides), "t_");
}

Tensor& squeezeInplace(Tensor& self)
{
    checkInplaceView(self);
    const IntList inputSizes = self.sizes();
    OpRecorder rec("SqueezeBackward2", {&self}, [inputSizes](BackwardNode&, const variable_list& g) {
        return variable_list{reshape(g[0], inputSizes)};
    });
    rec.attr("self_sizes", inputSizes);
    IntList sizes, strides;
    for (int64_t i = 0; i < self.dim(); ++i)
        if (self.sizes()[size_t(i)] != 1) {
            sizes.push_back(self.sizes()[size_t(i)]);
            strides.push_back(self.strides()[size_t(i)]);
        }
    rec.forward([](const InputTangents& t, const Tensor&) { return squeeze(t[0]); });
    return finishInplaceView(self, rec, std::move(sizes), std::move(strides), "squeeze_");
}

Tensor& squeezeInplace(Tensor& self, int64_t dim)
{
    checkInplaceView(self);
    dim = wrapDim(dim, self.dim());
    const IntList inputSizes = self.sizes();
    OpRecorder rec("SqueezeBackward3", {&self}, [inputSizes](BackwardNode&, const variable_list& g) {
        return variable_list{reshape(g[0], inputSizes)};
    });
    rec.attr("dim", dim);
    rec.attr("self_sizes", inputSizes);
    IntList sizes = self.sizes(), strides = self.strides();
    if (self.dim() > 0 && sizes[size_t(dim)] == 1) {
        sizes.erase(sizes.begin() + dim);
        strides.erase(strides.begin() + dim);
    }
    rec.forward([dim](const InputTangents& t, const Tensor&) { return squeeze(t[0], dim); });
    return finishInplaceView(self, rec, std::move(sizes), std::move(strides), "squeeze_");
}

Tensor& unsqueezeInplace(Tensor& self, int64_t dim)
{
    checkInplaceView(self);
    dim = wrapDim(dim, self.dim() + 1);
    OpRecorder rec("UnsqueezeBackward1", {&self},
                   [dim](BackwardNode&, const variable_list& g) { return variable_list{squeeze(g[0], dim)}; });
    rec.attr("dim", dim);
    IntList sizes = self.sizes(), strides = self.strides();
    // The new dim's stride, as unsqueeze computes it: the size * stride of the dim after it.
    const int64_t stride = dim >= self.dim() ? 1 : sizes[size_t(dim)] * strides[size_t(dim)];
    sizes.insert(sizes.begin() + dim, 1);
    strides.insert(strides.begin() + dim, stride);
    rec.forward([dim](const InputTangents& t, const Tensor&) { return unsqueeze(t[0], dim); });
    return finishInplaceView(self, rec, std::move(sizes), std::move(strides), "unsqueeze_");
}

}  // namespace agv::ops
