// tensor.index_add_(dim, index, source, alpha=1): self[..., index[i], ...] += alpha *
// source[..., i, ...], in place, and index_add, the same on a copy of self (both
// IndexAddBackward0). As in PyTorch's CPU kernel, a 1-D self adds the rounded product
// source * alpha, a larger one adds slice by slice with add_'s fused a + alpha * b.

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/ops/inplace_intercept.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// grad.index_select(dim, index), from differentiable selects.
Tensor indexSelect(const Tensor& grad, int64_t dim, const std::vector<int64_t>& index)
{
    TensorList slices;
    for (int64_t k : index)
        slices.push_back(select(grad, dim, k));
    if (slices.empty())
        return narrow(grad, dim, 0, 0);
    return stack(slices, dim);
}

/// index_add_'s checks; the indices it adds at, read once.
std::vector<int64_t> checkIndexAdd(const Tensor& self, int64_t dimIn, const Tensor& index, const Tensor& source)
{
    AGV_CHECK(index.dim() <= 1, IndexError, "index_add_(): Index is supposed to be a vector, but got dim: ",
              index.dim(), " with type: ", legacyDtypeShortName(index.dtype()), " and size: ",
              sizesToString(index.sizes()));
    AGV_CHECK(index.dtype() == ScalarType::Int64 || index.dtype() == ScalarType::Int32, RuntimeError,
              "index_add_(): Expected dtype int32/int64 for index but got: ", legacyDtypeShortName(index.dtype()));
    AGV_CHECK(self.dtype() == source.dtype(), RuntimeError, "index_add_(): self (",
              legacyDtypeShortName(self.dtype()), ") and source (", legacyDtypeShortName(source.dtype()),
              ") must have the same scalar type");
    const int64_t dim = wrapDim(dimIn, self.dim());
    const int64_t sourceLen = source.dim() == 0 ? 1 : source.sizes()[size_t(wrapDim(dimIn, source.dim()))];
    AGV_CHECK(index.numel() == sourceLen, RuntimeError, "index_add_(): Number of indices (", index.numel(),
              ") should be equal to source.size(dim): (", sourceLen, "), for dim: ", dimIn);
    const int64_t selfLen = self.dim() == 0 ? 1 : self.sizes()[size_t(dim)];
    std::vector<int64_t> picked;
    for (int64_t i = 0; i < index.numel(); ++i) {
        const int64_t k = index.intValueAt(i);
        AGV_CHECK(k >= 0 && k < selfLen, IndexError, "index out of range in self");
        picked.push_back(k);
    }
    return picked;
}

/// Adds alpha * source's slices into self's slices at `picked`, outside autograd.
void indexAddKernel(const Tensor& self, int64_t dim, const std::vector<int64_t>& picked, const Tensor& source,
                    Scalar alpha)
{
    trace::MuteGuard mute;
    GradModeGuard noGrad(false);
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "index_add_", [&] {
        using T = scalar_t;
        const T a = T(alpha.toDouble());
        // 1-D: x + (y * alpha) rounded twice; otherwise add_'s fused x + alpha * y.
        auto addRounded = [a](auto x, auto y) -> T {
            if constexpr (std::is_same_v<T, bool>)
                return x || (y && a);
            else
                return T(x + T(y * a));
        };
        auto addFused = [a](auto x, auto y) -> T {
            if constexpr (std::is_same_v<T, bool>)
                return x || (y && a);
            else if constexpr (std::is_floating_point_v<T>)
                return T(std::fma(a, y, x));
            else
                return T(x + a * y);
        };
        if (self.dim() <= 1) {
            const int64_t selfStride = self.dim() == 0 ? 0 : self.strides()[0];
            const int64_t sourceStride = source.dim() == 0 ? 0 : source.strides()[0];
            T* s = self.data<T>();
            const T* src = source.data<T>();
            for (size_t i = 0; i < picked.size(); ++i)
                s[picked[i] * selfStride] = addRounded(s[picked[i] * selfStride], src[int64_t(i) * sourceStride]);
            return;
        }
        for (size_t i = 0; i < picked.size(); ++i) {
            Tensor to = select(self, dim, picked[i]);
            Tensor from = select(source, dim, int64_t(i));
            Tensor b = kernel::convert(from, self.dtype());
            kernel::mapInplace<T>(to, b, addFused);
        }
    });
}

/// IndexAddBackward0: self gets grad, source the rows of grad it was added to (times alpha).
BackwardNode::Rule indexAddBackward(int64_t dim, std::vector<int64_t> picked, Scalar alpha, IntList sourceSizes)
{
    return [dim, picked = std::move(picked), alpha, sourceSizes = std::move(sourceSizes)](
               BackwardNode& n, const variable_list& g) {
        // The generated code unpacks `index` and `source` first: a released graph refuses.
        n.saved(0);
        n.saved(1);
        Tensor gradSource;
        if (n.needsInputGrad(1)) {
            gradSource = sourceSizes.empty() ? select(g[0], dim, picked[0])
                                             : expand(indexSelect(g[0], dim, picked), sourceSizes);
            if (alpha.toDouble() != 1.0)
                gradSource = mul(gradSource, alpha);
        }
        return variable_list{n.needsInputGrad(0) ? g[0] : Tensor(), gradSource};
    };
}

/// FunctionsManual's maybe_multiply: t itself when s is 1, else t * s.
Tensor maybeMultiply(const Tensor& t, Scalar s) { return s.toDouble() == 1.0 ? t : mul(t, s); }

/// derivatives.yaml: result: self_t.index_add(dim, index, maybe_multiply(source_t, alpha))
ForwardRule indexAddJvp(int64_t dim, const Tensor& index, Scalar alpha)
{
    return [dim, &index, alpha](const InputTangents& t, const Tensor&) {
        return indexAdd(t[0], dim, index, maybeMultiply(t[1], alpha));
    };
}

void recordIndexAddAttrs(OpRecorder& rec, int64_t dimIn, const Tensor& index, const Tensor& source, Scalar alpha)
{
    rec.attr("alpha", scalarAttr(alpha));
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    // Only source's formula reads index and source: they are saved only when source needs
    // a gradient (so a later in-place change of a constant source is not an error).
    const bool forSource = rec.active() && rec.node()->needsInputGrad(1);
    rec.save("index", forSource ? index : Tensor());
    rec.save("source", forSource ? source : Tensor());
    rec.attr("source_dim", source.dim());
}

}  // namespace

Tensor& indexAddInplace(Tensor& self, int64_t dimIn, const Tensor& index, const Tensor& source, Scalar alpha)
{
    std::vector<int64_t> picked = checkIndexAdd(self, dimIn, index, source);
    const int64_t dim = wrapDim(dimIn, self.dim());
    checkInplace(self, self.requiresGrad() || source.requiresGrad());
    checkNoInternalOverlap(self);
    OpRecorder rec("IndexAddBackward0", {&self, &source}, indexAddBackward(dim, picked, alpha, source.sizes()));
    rec.forward(indexAddJvp(dim, index, alpha));
    checkNotZeroTensor(self);
    InplaceIntercept intercept("IndexAddBackward0", "index_add_", {&self, &index, &source}, self);
    indexAddKernel(self, dim, picked, source, alpha);
    intercept.offer(self);
    self.bumpVersion("index_add_");
    if (rec.active()) {
        recordIndexAddAttrs(rec, dimIn, index, source, alpha);
        rebaseHistory(self, rec.node(), false);
    }
    intercept.announce(rec.active() ? rec.node()->id() : 0, self);
    rec.finishInplaceTangent(self);
    return self;
}

Tensor indexAdd(const Tensor& self, int64_t dimIn, const Tensor& index, const Tensor& source, Scalar alpha)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    gradientEdgeFirst(source);
    std::vector<int64_t> picked = checkIndexAdd(self, dimIn, index, source);
    const int64_t dim = wrapDim(dimIn, self.dim());
    Tensor out;
    {
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        out = detachedClone(self);
    }
    indexAddKernel(out, dim, picked, source, alpha);
    OpRecorder rec("IndexAddBackward0", {&self, &source}, indexAddBackward(dim, picked, alpha, source.sizes()));
    recordIndexAddAttrs(rec, dimIn, index, source, alpha);
    rec.forward(indexAddJvp(dim, index, alpha));
    return rec.finish(out);
}

}  // namespace agv::ops
