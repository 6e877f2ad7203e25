// Tensor.unfold (unfold.h) and its backward, unfold_backward, an op of its own whose
// node under create_graph is UnfoldBackwardBackward0 (grad.unfold(dim, size, step)).

#include "core/ops/unfold.h"

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// unfold_backward's CPU kernel: zeros of the input's shape, each element then adding the
/// gradients of the windows that hold it in window order (so overlapping windows sum as
/// ((0 + g0) + g1) + ...).
Tensor unfoldBackward(const Tensor& grad, const IntList& inputSizes, int64_t dim, int64_t size, int64_t step)
{
    OpRecorder rec("UnfoldBackwardBackward0", {&grad}, [dim, size, step](BackwardNode&, const variable_list& g) {
        return variable_list{unfold(g[0], dim, size, step)};
    });
    rec.attr("dim", dim);
    rec.attr("size", size);
    rec.attr("step", step);
    rec.forward([dim, size, step](const InputTangents& t, const Tensor&) { return unfold(t[0], dim, size, step); });
    Tensor out = quietly([&] {
        Tensor result = zeros(inputSizes, grad.dtype(), grad.device());
        if (result.numel() == 0)
            return result;
        const int64_t wrapped = wrapDim(dim, int64_t(inputSizes.size()));
        const int64_t length = inputSizes.empty() ? 1 : inputSizes[size_t(wrapped)];
        const int64_t windows = grad.dim() == 1 ? 1 : grad.sizes()[size_t(wrapped)];
        // A 0-d input's gradient is the single window's single element.
        const Tensor in = inputSizes.empty() ? unsqueeze(result, 0) : result;
        const Tensor g = inputSizes.empty() ? unsqueeze(grad, 0) : grad;
        for (int64_t i = 0; i < length; ++i) {
            // Windows w with w * step <= i < w * step + size, in increasing order.
            const int64_t first = i < size ? 0 : (i - size) / step + 1;
            const int64_t last = std::min(i / step, windows - 1);
            const Tensor target = select(in, wrapped, i);
            for (int64_t w = first; w <= last; ++w) {
                const Tensor window = select(select(g, -1, i - w * step), wrapped, w);
                kernel::copyInto(target, add(target, window));
            }
        }
        return result;
    });
    return rec.finish(out);
}

}  // namespace

Tensor unfold(const Tensor& self, int64_t dimension, int64_t size, int64_t step)
{
    gradientEdgeFirst(self);
    // A 0-d tensor unfolds as a 1-D one of one element.
    const int64_t dim = wrapDim(dimension, self.dim());
    const int64_t length = self.dim() == 0 ? 1 : self.sizes()[size_t(dim)];
    AGV_CHECK(size <= length, RuntimeError, "maximum size for tensor at dimension ", dim, " is ", length,
              " but size is ", size);
    AGV_CHECK(step > 0, RuntimeError, "step is ", step, " but must be > 0");
    IntList sizes = self.sizes(), strides = self.strides();
    const int64_t stride = self.dim() == 0 ? 1 : strides[size_t(dim)];
    if (self.dim() > 0) {
        sizes[size_t(dim)] = (length - size) / step + 1;
        strides[size_t(dim)] = step * stride;
    }
    sizes.push_back(size);
    strides.push_back(stride);
    Tensor out = makeView(self, sizes, strides, self.offset());
    const IntList selfSizes = self.sizes();
    OpRecorder rec("UnfoldBackward0", {&self}, [=](BackwardNode&, const variable_list& g) {
        return variable_list{unfoldBackward(g[0], selfSizes, dimension, size, step)};
    });
    rec.attr("dimension", UnsignedAttr{dimension});  // -1 reads as 18446744073709551615, as in 1.13
    rec.attr("self_sizes", selfSizes);
    rec.attr("size", size);
    rec.attr("step", step);
    rec.forward([=](const InputTangents& t, const Tensor&) { return unfold(t[0], dimension, size, step); });
    return rec.finish(out);
}

}  // namespace agv::ops
