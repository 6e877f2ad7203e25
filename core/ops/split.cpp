// split, split_with_sizes and chunk (views of their input, one SplitBackward0 /
// SplitWithSizesBackward0 node for all pieces), and their unsafe_ forms, whose pieces
// share the input's storage but are not views for autograd: each has its own version
// counter, so an in-place op on one piece neither touches its siblings' versions nor
// rewrites the input's history (UnsafeSplitBackward0). PyTorch's RNN cells use
// unsafe_chunk for exactly that.

#include <numeric>

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// The sizes of split(split_size) along a dim of `dimSize` elements, with PyTorch's checks.
IntList splitSizes(const Tensor& self, int64_t splitSize, int64_t dim)
{
    AGV_CHECK(self.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
    AGV_CHECK(splitSize >= 0, RuntimeError, "split expects split_size be non-negative, but got split_size=",
              splitSize);
    const int64_t dimSize = self.sizes()[size_t(wrapDim(dim, self.dim()))];
    AGV_CHECK(splitSize > 0 || dimSize == 0, RuntimeError,
              "split_size can only be 0 if dimension size is 0, but got dimension size of ", dimSize);
    // split_size 0 on an empty dim is one split; a split_size past the end is one split too.
    int64_t numSplits = 1;
    if (splitSize != 0)
        numSplits = std::max<int64_t>((dimSize + splitSize - 1) / splitSize, 1);
    IntList sizes(size_t(numSplits), splitSize);
    sizes.back() = splitSize - (splitSize * numSplits - dimSize);
    return sizes;
}

void checkSplitWithSizes(const Tensor& self, const IntList& sizes, int64_t dim)
{
    AGV_CHECK(self.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
    const int64_t dimSize = self.sizes()[size_t(wrapDim(dim, self.dim()))];
    int64_t total = 0;
    for (size_t i = 0; i < sizes.size(); ++i) {
        AGV_CHECK(sizes[i] >= 0, RuntimeError, "split_with_sizes expects split_sizes have only non-negative ",
                  "entries, but got split_sizes=", sizesToString(sizes));
        total += sizes[i];
    }
    AGV_CHECK(total == dimSize, RuntimeError, "split_with_sizes expects split_sizes to sum exactly to ", dimSize,
              " (input tensor's size at dimension ", dim, "), but got split_sizes=", sizesToString(sizes));
}

/// A piece of `self` along dim: a view (narrow's geometry) or, unsafe, a tensor that
/// only shares the storage.
Tensor piece(const Tensor& self, int64_t dim, int64_t start, int64_t length, bool unsafe)
{
    IntList sizes = self.sizes();
    sizes[size_t(dim)] = length;
    const int64_t offset = self.offset() + start * self.strides()[size_t(dim)];
    if (!unsafe)
        return makeView(self, sizes, self.strides(), offset);
    auto impl = std::make_shared<TensorImpl>(self.impl()->storage(), self.dtype(), sizes, self.strides(), offset,
                                             nullptr);
    impl->setInference(self.impl()->isInference());
    return Tensor(std::move(impl));
}

/// split_backward: the pieces' gradients concatenated, zeros for a piece that got none.
Tensor joinPieceGrads(const variable_list& grads, const IntList& sizes, const IntList& selfSizes, int64_t dim)
{
    const Tensor* any = nullptr;
    for (const Tensor& g : grads)
        if (g.defined())
            any = &g;
    TensorList parts;
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (i < grads.size() && grads[i].defined()) {
            parts.push_back(grads[i]);
        } else {
            IntList s = selfSizes;
            s[size_t(dim)] = sizes[i];
            parts.push_back(zeros(s, any->dtype(), any->device()));
        }
    }
    return cat(parts, dim);
}

TensorList splitImpl(const Tensor& self, const IntList& sizes, int64_t dimIn, bool unsafe, bool withSizes,
                     int64_t splitSize)
{
    const int64_t dim = wrapDim(dimIn, self.dim());
    TensorList outs;
    int64_t start = 0;
    for (int64_t length : sizes) {
        outs.push_back(piece(self, dim, start, length, unsafe));
        start += length;
    }
    const char* name = withSizes ? (unsafe ? "UnsafeSplitWithSizesBackward0" : "SplitWithSizesBackward0")
                                 : (unsafe ? "UnsafeSplitBackward0" : "SplitBackward0");
    const IntList selfSizes = self.sizes();
    OpRecorder rec(name, {&self}, [sizes, selfSizes, dim](BackwardNode&, const variable_list& g) {
        return variable_list{joinPieceGrads(g, sizes, selfSizes, dim)};
    });
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    rec.attr("self_sizes", selfSizes);
    if (withSizes)
        rec.attr("split_sizes", sizes);
    else
        rec.attr("split_size", splitSize);
    // derivatives.yaml: auto_linear, the same split of the tangent (views of it)
    rec.forwardEach([&](const InputTangents& t, const TensorList&) {
        if (withSizes)
            return unsafe ? unsafeSplitWithSizes(t[0], sizes, dimIn) : splitWithSizes(t[0], sizes, dimIn);
        return unsafe ? unsafeSplit(t[0], splitSize, dimIn) : split(t[0], splitSize, dimIn);
    });
    outs = rec.finish(outs);
    if (!unsafe)
        markMultiOutputViews(outs);
    return outs;
}

int64_t chunkSplitSize(const Tensor& self, int64_t chunks, int64_t dim)
{
    AGV_CHECK(self.dim() > 0, RuntimeError, "chunk expects at least a 1-dimensional tensor");
    AGV_CHECK(chunks > 0, RuntimeError, "chunk expects `chunks` to be greater than 0, got: ", chunks);
    const int64_t dimSize = self.sizes()[size_t(wrapDim(dim, self.dim()))];
    return (dimSize + chunks - 1) / chunks;
}

}  // namespace

TensorList split(const Tensor& self, int64_t splitSize, int64_t dim)
{
    gradientEdgeFirst(self);
    const IntList sizes = splitSizes(self, splitSize, dim);
    return splitImpl(self, sizes, dim, false, false, splitSize);
}

TensorList splitWithSizes(const Tensor& self, const IntList& sizes, int64_t dim)
{
    checkSplitWithSizes(self, sizes, dim);
    return splitImpl(self, sizes, dim, false, true, 0);
}

TensorList unsafeSplit(const Tensor& self, int64_t splitSize, int64_t dim)
{
    const IntList sizes = splitSizes(self, splitSize, dim);
    return splitImpl(self, sizes, dim, true, false, splitSize);
}

TensorList unsafeSplitWithSizes(const Tensor& self, const IntList& sizes, int64_t dim)
{
    checkSplitWithSizes(self, sizes, dim);
    return splitImpl(self, sizes, dim, true, true, 0);
}

TensorList chunk(const Tensor& self, int64_t chunks, int64_t dim)
{
    const int64_t splitSize = chunkSplitSize(self, chunks, dim);
    const int64_t dimSize = self.sizes()[size_t(wrapDim(dim, self.dim()))];
    // An empty dim split into `chunks` pieces keeps the count (split_with_sizes of zeros).
    if (splitSize == 0 && dimSize == 0)
        return splitWithSizes(self, IntList(size_t(chunks), 0), dim);
    return split(self, splitSize, dim);
}

TensorList unsafeChunk(const Tensor& self, int64_t chunks, int64_t dim)
{
    const int64_t splitSize = chunkSplitSize(self, chunks, dim);
    const int64_t dimSize = self.sizes()[size_t(wrapDim(dim, self.dim()))];
    if (splitSize == 0 && dimSize == 0)
        return unsafeSplitWithSizes(self, IntList(size_t(chunks), 0), dim);
    return unsafeSplit(self, splitSize, dim);
}

TensorList unbind(const Tensor& self, int64_t dimIn)
{
    gradientEdgeFirst(self);
    AGV_CHECK(self.dim() > 0, IndexError, "Dimension specified as ", dimIn, " but tensor has no dimensions");
    const int64_t dim = wrapDim(dimIn, self.dim());
    IntList sizes = self.sizes(), strides = self.strides();
    const int64_t n = sizes[size_t(dim)];
    const int64_t step = strides[size_t(dim)];
    sizes.erase(sizes.begin() + dim);
    strides.erase(strides.begin() + dim);
    TensorList outs;
    for (int64_t i = 0; i < n; ++i)
        outs.push_back(makeView(self, sizes, strides, self.offset() + i * step));
    const IntList selfSizes = self.sizes();
    OpRecorder rec("UnbindBackward0", {&self}, [selfSizes, dim](BackwardNode&, const variable_list& g) {
        // unbind_backward: the pieces' gradients stacked, zeros for a piece that got none
        const Tensor* any = nullptr;
        for (const Tensor& t : g)
            if (t.defined())
                any = &t;
        IntList pieceSizes = selfSizes;
        pieceSizes.erase(pieceSizes.begin() + dim);
        TensorList parts;
        for (int64_t i = 0; i < selfSizes[size_t(dim)]; ++i)
            parts.push_back(size_t(i) < g.size() && g[size_t(i)].defined()
                                ? g[size_t(i)]
                                : zeros(pieceSizes, any->dtype(), any->device()));
        return variable_list{stack(parts, dim)};
    });
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    rec.forwardEach([dim](const InputTangents& t, const TensorList&) { return unbind(t[0], dim); });
    outs = rec.finish(outs);
    markMultiOutputViews(outs);
    return outs;
}

}  // namespace agv::ops
