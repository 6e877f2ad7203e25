// gather, scatter (a src tensor or a value), scatter_add, index_select and
// masked_select, with PyTorch 1.13's shape checks and backward formulas
// (tools/autograd/derivatives.yaml). The kernels walk the index in row-major order,
// as PyTorch's serial CPU loop does, so a repeated index keeps the last write.

#include <cstring>
#include <optional>

#include "core/autograd/grad_mode.h"
#include "core/ops/backward_versions.h"
#include "core/ops/inplace_intercept.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/masked_scatter.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// Sizes and strides with a 0-d tensor seen as one element along one dim (ensure_nonempty).
struct Geometry {
    IntList sizes, strides;
};
Geometry nonempty(const Tensor& t)
{
    if (t.dim() == 0)
        return {{1}, {1}};
    return {t.sizes(), t.strides()};
}

int64_t sizeAt(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.sizes()[size_t(d)]; }

/// Storage offsets in a tensor of `sizes`/`strides` of the elements `index` picks along `dim`.
std::vector<int64_t> pickedOffsets(const Geometry& g, int64_t dim, const Tensor& index)
{
    const IntList& sizes = g.sizes;
    const IntList& strides = g.strides;
    const Geometry ig = nonempty(index);
    IntList alongOthers = strides;
    alongOthers[size_t(dim)] = 0;
    const std::vector<int64_t> indexOffsets = kernel::elementOffsets(ig.sizes, ig.strides);
    const std::vector<int64_t> positions = kernel::elementOffsets(ig.sizes, alongOthers);
    std::vector<int64_t> out(indexOffsets.size());
    const int64_t* idx = index.data<int64_t>();
    for (size_t i = 0; i < indexOffsets.size(); ++i) {
        const int64_t k = idx[indexOffsets[i]];
        AGV_CHECK(k >= 0 && k < sizes[size_t(dim)], RuntimeError, "index ", k, " is out of bounds for dimension ",
                  dim, " with size ", sizes[size_t(dim)]);
        out[i] = positions[i] + k * strides[size_t(dim)];
    }
    return out;
}

/// gather_shape_check
void checkGather(const Tensor& self, int64_t dim, const Tensor& index)
{
    AGV_CHECK(index.dtype() == ScalarType::Int64, RuntimeError, "gather(): Expected dtype int64 for index");
    const int64_t n = std::max<int64_t>(self.dim(), 1);
    AGV_CHECK(std::max<int64_t>(index.dim(), 1) == n, RuntimeError,
              "Index tensor must have the same number of dimensions as input tensor");
    for (int64_t d = 0; d < n; ++d)
        AGV_CHECK(d == dim || sizeAt(index, d) <= sizeAt(self, d), RuntimeError, "Size does not match at dimension ",
                  d, " expected index ", sizesToString(index.sizes()), " to be smaller than self ",
                  sizesToString(self.sizes()), " apart from dimension ", dim);
}

/// scatter_shape_check (src may be undefined: the value overloads)
void checkScatter(const char* fn, const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src)
{
    AGV_CHECK(index.dtype() == ScalarType::Int64, RuntimeError, fn, "(): Expected dtype int64 for index");
    if (src.defined())
        AGV_CHECK(self.dtype() == src.dtype(), RuntimeError, fn,
                  "(): Expected self.dtype to be equal to src.dtype");
    const int64_t n = std::max<int64_t>(self.dim(), 1);
    AGV_CHECK(std::max<int64_t>(index.dim(), 1) == n, RuntimeError,
              "Index tensor must have the same number of dimensions as self tensor");
    if (src.defined())
        AGV_CHECK(std::max<int64_t>(src.dim(), 1) == n, RuntimeError,
                  "Index tensor must have the same number of dimensions as src tensor");
    bool ok = true;
    for (int64_t d = 0; d < n; ++d) {
        if (d != dim && sizeAt(index, d) > sizeAt(self, d))
            ok = false;
        if (src.defined() && sizeAt(index, d) > sizeAt(src, d))
            ok = false;
    }
    if (src.defined())
        AGV_CHECK(ok, RuntimeError, "Expected index ", sizesToString(index.sizes()), " to be smaller than self ",
                  sizesToString(self.sizes()), " apart from dimension ", dim, " and to be smaller size than src ",
                  sizesToString(src.sizes()));
    else
        AGV_CHECK(ok, RuntimeError, "Expected index ", sizesToString(index.sizes()), " to be smaller than self ",
                  sizesToString(self.sizes()), " apart from dimension ", dim);
}

enum class ScatterMode { Assign, Add };

/// dst[index along dim] = src (or value), or += src; no autograd.
void scatterKernel(const Tensor& dstIn, int64_t dim, const Tensor& indexIn, const Tensor& srcIn, Scalar value,
                   ScatterMode mode)
{
    if (indexIn.numel() == 0)
        return;
    const std::vector<int64_t> targets = pickedOffsets(nonempty(dstIn), dim, indexIn);
    AGV_DISPATCH_ALL_AND_HALF(dstIn.dtype(), "scatter", [&] {
        using T = scalar_t;
        T* o = dstIn.data<T>();
        if (!srcIn.defined()) {
            const T v = T(value.toDouble());
            for (int64_t t : targets)
                o[t] = v;
            return;
        }
        const std::vector<int64_t> sources =
            kernel::elementOffsets(nonempty(indexIn).sizes, nonempty(srcIn).strides);
        const T* s = srcIn.data<T>();
        for (size_t i = 0; i < targets.size(); ++i) {
            if (mode == ScatterMode::Add) {
                if constexpr (std::is_same_v<T, bool>)
                    o[targets[i]] = o[targets[i]] || s[sources[i]];
                else
                    o[targets[i]] = T(o[targets[i]] + s[sources[i]]);
            } else {
                o[targets[i]] = s[sources[i]];
            }
        }
    });
}

/// A fresh contiguous copy of `t` outside autograd.
Tensor freshCopy(const Tensor& t)
{
    trace::MuteGuard mute;
    GradModeGuard noGrad(false);
    return detachedClone(t);
}

/// scatter / scatter_add, out of place or in place, recording `name`.
Tensor scatterImpl(const char* fn, const char* nodeName, Tensor& self, bool inplace, int64_t dimIn,
                   const Tensor& index, const Tensor& src, Scalar value, ScatterMode mode)
{
    if (!inplace) {  // the out-of-place op's autograd kernel collects the edges first
        gradientEdgeFirst(self);
        if (src.defined())
            gradientEdgeFirst(src);
    }
    const int64_t dim = wrapDim(dimIn, self.dim());
    checkScatter(fn, self, dim, index, src);
    const bool hasSrc = src.defined();
    const bool isAdd = mode == ScatterMode::Add;
    auto backward = [dim, hasSrc, isAdd](BackwardNode& n, const variable_list& g) {
        const Tensor& idx = n.saved(0);
        Tensor gradSelf, gradSrc;
        if (n.needsInputGrad(0))
            gradSelf = isAdd ? g[0] : scatter(g[0], dim, idx, Scalar(0));
        if (hasSrc && n.needsInputGrad(1))
            gradSrc = gather(g[0], dim, idx);
        return hasSrc ? variable_list{gradSelf, gradSrc} : variable_list{gradSelf};
    };
    // derivatives.yaml: self_t.scatter(dim, index, src_t), self_t.scatter(dim, index, 0),
    // scatter_add(self_t, dim, index, src_t)
    auto forwardRule = [dim, hasSrc, isAdd, &index](const InputTangents& t, const Tensor&) {
        if (isAdd)
            return scatterAdd(t[0], dim, index, t[1]);
        return hasSrc ? scatter(t[0], dim, index, t[1]) : scatter(t[0], dim, index, Scalar(0));
    };
    Tensor srcCopy = src;
    if (inplace) {
        checkInplace(self, self.requiresGrad() || (hasSrc && srcCopy.defined() && srcCopy.requiresGrad()));
        checkNoInternalOverlap(self);
        OpRecorder rec(nodeName, hasSrc ? std::initializer_list<const Tensor*>{&self, &srcCopy}
                                        : std::initializer_list<const Tensor*>{&self},
                       backward);
        rec.forward(forwardRule);
        checkNotZeroTensor(self);
        InplaceIntercept intercept(nodeName, fn,
                                   hasSrc ? std::initializer_list<const Tensor*>{&self, &index, &srcCopy}
                                          : std::initializer_list<const Tensor*>{&self, &index},
                                   self);
        {
            trace::MuteGuard mute;
            GradModeGuard noGrad(false);
            scatterKernel(self, dim, index, src, value, mode);
        }
        intercept.offer(self);
        self.bumpVersion(fn);
        if (rec.active()) {
            rec.attr("dim", UnsignedAttr{dimIn});
            rec.save("index", index);
            rebaseHistory(self, rec.node(), false);
        }
        intercept.announce(rec.active() ? rec.node()->id() : 0, self);
        rec.finishInplaceTangent(self);
        return self;
    }
    Tensor out = freshCopy(self);
    scatterKernel(out, dim, index, src, value, mode);
    OpRecorder rec(nodeName, hasSrc ? std::initializer_list<const Tensor*>{&self, &srcCopy}
                                    : std::initializer_list<const Tensor*>{&self},
                   backward);
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    rec.save("index", index);
    rec.forward(forwardRule);
    return rec.finish(out);
}

}  // namespace

Tensor gather(const Tensor& self, int64_t dimIn, const Tensor& index)
{
    // The autograd kernel runs first (edges, saves); the checks below are the CPU kernel's.
    OpRecorder rec("GatherBackward0", {&self}, [dimIn](BackwardNode& n, const variable_list& g) {
        // gather_backward(grad, self, dim, index): grad.new_zeros(self.sizes()), then
        // scatter_add_ (See Note [Versions of gradients built in place]). self is saved
        // (for its sizes), so an in-place change of it is refused at backward.
        const Tensor index = n.saved(1);
        const Tensor self = n.saved(0);
        Tensor zerosLikeSelf = zeros(self.sizes(), g[0].dtype(), g[0].device());
        return variable_list{builtInPlace(scatterAdd(zerosLikeSelf, wrapDim(dimIn, self.dim()), index, g[0]), 1)};
    });
    rec.attr("dim", dimIn);
    rec.save("self", self);
    rec.save("index", index);
    rec.attr("sparse_grad", false);
    rec.forward([dimIn, &index](const InputTangents& t, const Tensor&) { return gather(t[0], dimIn, index); });  // auto_linear
    const int64_t dim = wrapDim(dimIn, self.dim());
    checkGather(self, dim, index);
    Tensor out = kernel::newTensor(index.sizes(), self.dtype(), self.device());
    if (index.numel() > 0) {
        const std::vector<int64_t> picked = pickedOffsets(nonempty(self), dim, index);
        AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "gather", [&] {
            using T = scalar_t;
            T* o = out.data<T>();
            const T* x = self.data<T>();
            for (size_t i = 0; i < picked.size(); ++i)
                o[i] = x[picked[i]];
        });
    }
    return rec.finish(out);
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src)
{
    Tensor s = self;
    return scatterImpl("scatter", "ScatterBackward0", s, false, dim, index, src, Scalar(0), ScatterMode::Assign);
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, Scalar value)
{
    Tensor s = self;
    return scatterImpl("scatter", "ScatterBackward1", s, false, dim, index, Tensor(), value, ScatterMode::Assign);
}

Tensor& scatterInplace(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src)
{
    scatterImpl("scatter_", "ScatterBackward0", self, true, dim, index, src, Scalar(0), ScatterMode::Assign);
    return self;
}

Tensor& scatterInplace(Tensor& self, int64_t dim, const Tensor& index, Scalar value)
{
    scatterImpl("scatter_", "ScatterBackward1", self, true, dim, index, Tensor(), value, ScatterMode::Assign);
    return self;
}

Tensor scatterAdd(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src)
{
    Tensor s = self;
    return scatterImpl("scatter_add", "ScatterAddBackward0", s, false, dim, index, src, Scalar(0), ScatterMode::Add);
}

Tensor& scatterAddInplace(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src)
{
    scatterImpl("scatter_add_", "ScatterAddBackward0", self, true, dim, index, src, Scalar(0), ScatterMode::Add);
    return self;
}

Tensor indexSelect(const Tensor& self, int64_t dimIn, const Tensor& index)
{
    // The autograd kernel runs first (edges, saves); the checks below are the CPU kernel's.
    const IntList selfSizes = self.sizes();
    OpRecorder rec("IndexSelectBackward0", {&self}, [dimIn, selfSizes](BackwardNode& n, const variable_list& g) {
        // index_select_backward: zeros(self.sizes()).index_add_(dim, index, grad)
        Tensor z = zeros(selfSizes, g[0].dtype(), g[0].device());
        indexAddInplace(z, wrapDim(dimIn, int64_t(selfSizes.size())), n.saved(0), g[0], Scalar(1));
        return variable_list{z};
    });
    rec.attr("dim", dimIn);
    rec.save("index", index);
    rec.attr("self_sizes", selfSizes);
    rec.forward([dimIn, &index](const InputTangents& t, const Tensor&) { return indexSelect(t[0], dimIn, index); });  // auto_linear
    AGV_CHECK(index.dim() <= 1, IndexError, "index_select(): Index is supposed to be a vector");
    AGV_CHECK(index.dtype() == ScalarType::Int64 || index.dtype() == ScalarType::Int32, RuntimeError,
              "index_select(): Expected dtype int32 or int64 for index");
    const int64_t dim = wrapDim(dimIn, self.dim());
    const int64_t len = sizeAt(self, dim);
    // index_select_out_cpu_'s paths each word a bad index their own way: a matrix-or-more
    // self that is empty, or indexed along dim 1, checks the whole index first (caffe2's
    // words); any other self checks as it copies (IndexError).
    const bool checksUpFront = self.dim() > 1 && index.numel() > 0 && (self.numel() == 0 || dim == 1);
    AGV_CHECK(!(checksUpFront && self.numel() == 0 && len == 0), RuntimeError,
              "index_select(): self indexing axis dim should be positive");
    std::vector<int64_t> picked;
    for (int64_t i = 0; i < index.numel(); ++i) {
        const int64_t k = index.intValueAt(i);
        if (checksUpFront)
            AGV_CHECK(k >= 0 && k < len, RuntimeError, "INDICES element is out of DATA bounds, id=", k,
                      " axis_dim=", len);
        else
            AGV_CHECK(k >= 0 && k < len, IndexError, "index out of range in self");
        picked.push_back(k);
    }
    IntList outSizes = self.sizes();
    if (self.dim() > 0)
        outSizes[size_t(dim)] = int64_t(picked.size());
    Tensor out = kernel::newTensor(outSizes, self.dtype(), self.device());
    if (!picked.empty()) {
        // Output element i (row-major) sits at position j = (i / inner) % picked along dim.
        const Geometry sg = nonempty(self);
        const Geometry og = nonempty(out);
        IntList alongOthers = sg.strides;
        alongOthers[size_t(dim)] = 0;
        const std::vector<int64_t> bases = kernel::elementOffsets(og.sizes, alongOthers);
        int64_t inner = 1;
        for (size_t d = size_t(dim) + 1; d < og.sizes.size(); ++d)
            inner *= og.sizes[d];
        const int64_t step = sg.strides[size_t(dim)];
        AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "index_select", [&] {
            using T = scalar_t;
            T* o = out.data<T>();
            const T* x = self.data<T>();
            for (size_t i = 0; i < bases.size(); ++i)
                o[i] = x[bases[i] + picked[(int64_t(i) / inner) % int64_t(picked.size())] * step];
        });
    }
    return rec.finish(out);
}


Tensor maskedSelect(const Tensor& self, const Tensor& mask)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    AGV_CHECK(mask.dtype() == ScalarType::Bool, RuntimeError,
              "masked_select: expected BoolTensor or ByteTensor for mask");
    const IntList shape = broadcastShapes(mask.sizes(), self.sizes());  // expand_outplace(mask, self)
    const Tensor s = expand(self, shape);
    const Tensor m = expand(mask, shape);
    const std::vector<int64_t> selfOffsets = kernel::elementOffsets(shape, s.strides());
    const std::vector<int64_t> maskOffsets = kernel::elementOffsets(shape, m.strides());
    std::vector<size_t> chosen;
    AGV_DISPATCH_ALL_AND_HALF(mask.dtype(), "masked_select", [&] {
        const scalar_t* mk = m.data<scalar_t>();
        for (size_t i = 0; i < maskOffsets.size(); ++i)
            if (mk[maskOffsets[i]])
                chosen.push_back(i);
    });
    Tensor out = kernel::newTensor({int64_t(chosen.size())}, self.dtype(), self.device());
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "masked_select", [&] {
        using T = scalar_t;
        const T* x = s.data<T>();
        T* o = out.data<T>();
        for (size_t i = 0; i < chosen.size(); ++i)
            o[i] = x[selfOffsets[chosen[i]]];
    });
    const IntList selfSizes = self.sizes();
    // zeros_like(input.expand(shape), MemoryFormat::Preserve): a channels-last input's
    // gradient is channels last
    const IntList zeroStrides = preservedStrides(s);
    OpRecorder rec("MaskedSelectBackward0", {&self},
                   [shape, selfSizes, chosen, zeroStrides](BackwardNode& n, const variable_list& g) {
                       // masked_select_backward: zeros of the broadcast shape, grad put back at the mask, summed to self
                       // masked_select_backward(grad, self, mask): both unpacked (and version-checked)
                       const Tensor self = n.saved(0), mask = n.saved(1);
                       Tensor z = kernel::withStrides(zeros(shape, g[0].dtype(), g[0].device()), zeroStrides);
                       // Under create_graph, masked_scatter_ records MaskedScatterBackward0.
                       const Tensor source = g[0];
                       const bool builds = GradMode::isEnabled() && source.requiresGrad();
                       Tensor zerosSelf;  // fresh zeros, which need no gradient
                       std::optional<OpRecorder> scatter;
                       if (builds) {
                           const IntList sourceSizes = source.sizes();
                           scatter.emplace("MaskedScatterBackward0", std::initializer_list<const Tensor*>{&zerosSelf, &source},
                                           [sourceSizes](BackwardNode& s, const variable_list& gg) {
                                               return variable_list{Tensor(),
                                                                    maskedScatterBackward(gg[0], s.saved(0), sourceSizes)};
                                           });
                           scatter->save("mask", mask);
                           scatter->attr("source_sizes", sourceSizes);
                       }
                       {
                           trace::MuteGuard mute;
                           GradModeGuard noGrad(false);
                           const Tensor gc = contiguous(g[0]);
                           const std::vector<int64_t> zOffsets = kernel::elementOffsets(shape, z.strides());
                           AGV_DISPATCH_ALL_AND_HALF(z.dtype(), "masked_select_backward", [&] {
                               using T = scalar_t;
                               T* o = z.data<T>();
                               const T* x = gc.data<T>();
                               for (size_t i = 0; i < chosen.size(); ++i)
                                   o[zOffsets[chosen[i]]] = x[i];
                           });
                       }
                       if (scatter)
                           z = scatter->finish(z);
                       // zeros_like, then masked_scatter_ (See Note [Versions of gradients built in place])
                       // validate_outputs sums the broadcast shape down to self's (when it differs)
                       builtInPlace(z, 1);
                       return variable_list{z.sizes() == selfSizes ? z : sumTo(z, selfSizes)};
                   });
    rec.save("self", self);
    rec.save("mask", mask);
    rec.forward([&mask](const InputTangents& t, const Tensor&) { return maskedSelect(t[0], mask); });  // auto_linear
    return rec.finish(out);
}

}  // namespace agv::ops
