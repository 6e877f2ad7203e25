// View ops: they share storage and version counter with their input; their
// backward maps the gradient back to the input's shape.

#include <algorithm>
#include <numeric>

#include "core/autograd/grad_mode.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// Resolves one -1 in a requested shape (view/reshape).
IntList inferSize(IntList sizes, int64_t numel)
{
    // Wrapping product, as c10's infer_size: a product past int64 cannot match
    // numel anyway, and the view's own numel check then raises.
    uint64_t product = 1;
    std::optional<size_t> infer;
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] == -1) {
            AGV_CHECK(!infer, RuntimeError, "only one dimension can be inferred");
            infer = i;
        } else {
            AGV_CHECK(sizes[i] >= 0, RuntimeError, "invalid shape dimension ", sizes[i]);
            product *= static_cast<uint64_t>(sizes[i]);
        }
    }
    const int64_t known = static_cast<int64_t>(product);
    auto shapeText = [&] {
        std::string shape = "[";
        for (size_t i = 0; i < sizes.size(); ++i)
            shape += (i ? ", " : "") + std::to_string(sizes[i]);
        return shape + "]";
    };
    auto invalid = [&] { return "shape '" + shapeText() + "' is invalid for input of size " + std::to_string(numel); };
    if (infer) {
        // c10's infer_size: with no elements and nothing else to go by, -1 could be anything.
        AGV_CHECK(known != 0 || numel != 0, RuntimeError, "cannot reshape tensor of 0 elements into shape ",
                  shapeText(), " because the unspecified dimension size -1 can be any value and is ambiguous");
        AGV_CHECK(known != 0 && numel % known == 0, RuntimeError, invalid());
        sizes[*infer] = numel / known;
    } else {
        AGV_CHECK(known == numel, RuntimeError, invalid());
    }
    return sizes;
}

constexpr const char* kViewIncompatible =
    "view size is not compatible with input tensor's size and stride (at least one dimension spans across two "
    "contiguous subspaces). Use .reshape(...) instead.";

/// Strides for viewing `t` as `sizes` without a copy, if possible (PyTorch's computeStride).
std::optional<IntList> viewStrides(const Tensor& t, const IntList& sizes)
{
    if (t.isContiguous())
        return contiguousStrides(sizes);
    const IntList& oldSizes = t.sizes();
    const IntList& oldStrides = t.strides();
    IntList newStrides(sizes.size());
    if (t.numel() == 0)
        return contiguousStrides(sizes);
    int64_t viewD = int64_t(sizes.size()) - 1;
    int64_t chunkBaseStride = oldStrides.empty() ? 1 : oldStrides.back();
    int64_t tensorNumel = 1, viewNumel = 1;
    for (int64_t tensorD = int64_t(oldSizes.size()) - 1; tensorD >= 0; tensorD--) {
        tensorNumel *= oldSizes[tensorD];
        if (tensorD == 0 || (oldSizes[tensorD - 1] != 1 && oldStrides[tensorD - 1] != tensorNumel * chunkBaseStride)) {
            while (viewD >= 0 && (viewNumel < tensorNumel || sizes[viewD] == 1)) {
                newStrides[viewD] = viewNumel * chunkBaseStride;
                viewNumel *= sizes[viewD];
                viewD--;
            }
            if (viewNumel != tensorNumel)
                return std::nullopt;
            if (tensorD > 0) {
                chunkBaseStride = oldStrides[tensorD - 1];
                tensorNumel = 1;
                viewNumel = 1;
            }
        }
    }
    if (viewD != -1)
        return std::nullopt;
    return newStrides;
}

Tensor viewWithBackward(const Tensor& t, const IntList& sizes, const IntList& strides, const char* name)
{
    Tensor out = makeView(t, sizes, strides, t.offset());
    const IntList inputSizes = t.sizes();
    OpRecorder rec(name, {&t}, [inputSizes](BackwardNode&, const variable_list& g) {
        return variable_list{reshape(g[0], inputSizes)};
    });
    rec.attr("self_sym_sizes", inputSizes);
    rec.forward([sizes](const InputTangents& t, const Tensor&) { return reshape(t[0], sizes); });
    return rec.finish(out);
}

}  // namespace

Tensor view(const Tensor& t, IntList sizes)
{
    gradientEdgeFirst(t);
    sizes = inferSize(std::move(sizes), t.numel());
    auto strides = viewStrides(t, sizes);
    AGV_CHECK(strides, RuntimeError, kViewIncompatible);
    return viewWithBackward(t, sizes, *strides, "ViewBackward0");
}

Tensor reshape(const Tensor& t, IntList sizes)
{
    sizes = inferSize(std::move(sizes), t.numel());
    if (auto strides = viewStrides(t, sizes))
        return viewWithBackward(t, sizes, *strides, "ReshapeAliasBackward0");
    // Not viewable: copy, then an (unsafe) view of the copy, as PyTorch does.
    Tensor out = internal::unsafeView(contiguous(t), sizes);  // self.clone(MemoryFormat::Contiguous)
    // The result starts at _version 0 even when the clone's copy_ was counted (Note
    // [Versions of results computed from inference tensors]).
    out.impl()->versionCounter()->version = 0;
    return out;
}

Tensor flatten(const Tensor& t, int64_t startDim, int64_t endDim)
{
    if (t.dim() == 0)
        return reshape(t, {1});
    startDim = wrapDim(startDim, t.dim());
    endDim = wrapDim(endDim, t.dim());
    AGV_CHECK(startDim <= endDim, RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim");
    if (startDim == endDim)
        return t;
    IntList sizes;
    for (int64_t i = 0; i < startDim; ++i)
        sizes.push_back(t.sizes()[i]);
    int64_t flat = 1;
    for (int64_t i = startDim; i <= endDim; ++i)
        flat *= t.sizes()[i];
    sizes.push_back(flat);
    for (int64_t i = endDim + 1; i < t.dim(); ++i)
        sizes.push_back(t.sizes()[i]);
    return reshape(t, sizes);
}

Tensor transpose(const Tensor& t, int64_t dim0, int64_t dim1)
{
    gradientEdgeFirst(t);
    dim0 = wrapDim(dim0, t.dim());
    dim1 = wrapDim(dim1, t.dim());
    IntList sizes = t.sizes(), strides = t.strides();
    if (t.dim() > 0) {
        std::swap(sizes[dim0], sizes[dim1]);
        std::swap(strides[dim0], strides[dim1]);
    }
    Tensor out = makeView(t, sizes, strides, t.offset());
    OpRecorder rec("TransposeBackward0", {&t}, [dim0, dim1](BackwardNode&, const variable_list& g) {
        return variable_list{transpose(g[0], dim0, dim1)};
    });
    rec.attr("dim0", dim0);
    rec.attr("dim1", dim1);
    rec.forward([dim0, dim1](const InputTangents& t, const Tensor&) { return transpose(t[0], dim0, dim1); });
    return rec.finish(out);
}

namespace internal {

Tensor unsafeView(const Tensor& t, const IntList& sizes)
{
    const IntList viewSizes = inferSize(sizes, t.numel());
    // at::_unsafe_view is view's stride computation without the autograd view relation.
    auto strides = viewStrides(t, viewSizes);
    AGV_CHECK(strides, RuntimeError, kViewIncompatible);
    Tensor out = makeView(t, viewSizes, *strides, t.offset());
    out.impl()->ensureAutograd().isView = false;  // not a view for autograd
    out.impl()->ensureAutograd().base.reset();
    out.impl()->ensureAutograd().creationMeta = CreationMeta::Default;
    const IntList inputSizes = t.sizes();
    OpRecorder rec("UnsafeViewBackward0", {&t}, [inputSizes](BackwardNode&, const variable_list& g) {
        return variable_list{reshape(g[0], inputSizes)};
    });
    rec.attr("self_sym_sizes", inputSizes);
    rec.forward([viewSizes](const InputTangents& t, const Tensor&) { return unsafeView(contiguous(t[0]), viewSizes); });
    return rec.finish(out);
}

Tensor alias(const Tensor& t)
{
    Tensor out = makeView(t, t.sizes(), t.strides(), t.offset());
    OpRecorder rec("AliasBackward0", {&t}, [](BackwardNode&, const variable_list& g) { return variable_list{g[0]}; });
    rec.forward([](const InputTangents& tangents, const Tensor&) { return alias(tangents[0]); });
    return rec.finish(out);
}

}  // namespace internal

Tensor t(const Tensor& input)
{
    AGV_CHECK(input.dim() <= 2, RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is ",
              input.dim(), "D");
    IntList sizes = input.sizes(), strides = input.strides();
    std::reverse(sizes.begin(), sizes.end());
    std::reverse(strides.begin(), strides.end());
    Tensor out = makeView(input, sizes, strides, input.offset());
    OpRecorder rec("TBackward0", {&input}, [](BackwardNode&, const variable_list& g) {
        return variable_list{t(g[0])};
    });
    rec.forward([](const InputTangents& tangents, const Tensor&) { return t(tangents[0]); });
    return rec.finish(out);
}

Tensor permute(const Tensor& input, const IntList& dimsIn)
{
    gradientEdgeFirst(input);
    AGV_CHECK(int64_t(dimsIn.size()) == input.dim(), RuntimeError,
              "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
              "desired ordering of dimensions i.e. input.dim() = ",
              input.dim(), " is not equal to len(dims) = ", dimsIn.size());
    IntList dims(dimsIn.size());
    std::vector<bool> seen(dimsIn.size(), false);
    IntList sizes(dims.size()), strides(dims.size());
    for (size_t i = 0; i < dims.size(); ++i) {
        dims[i] = wrapDim(dimsIn[i], input.dim());
        AGV_CHECK(!seen[dims[i]], RuntimeError, "permute(): duplicate dims are not allowed.");
        seen[dims[i]] = true;
        sizes[i] = input.sizes()[dims[i]];
        strides[i] = input.strides()[dims[i]];
    }
    Tensor out = makeView(input, sizes, strides, input.offset());
    OpRecorder rec("PermuteBackward0", {&input}, [dims](BackwardNode&, const variable_list& g) {
        IntList inverse(dims.size());
        for (size_t i = 0; i < dims.size(); ++i)
            inverse[dims[i]] = int64_t(i);
        return variable_list{permute(g[0], inverse)};
    });
    rec.attr("dims", dims);
    rec.forward([dims](const InputTangents& t, const Tensor&) { return permute(t[0], dims); });
    return rec.finish(out);
}

Tensor unsqueeze(const Tensor& t, int64_t dim)
{
    gradientEdgeFirst(t);
    dim = wrapDim(dim, t.dim() + 1);
    IntList sizes = t.sizes(), strides = t.strides();
    const int64_t newStride = dim >= t.dim() ? 1 : sizes[dim] * strides[dim];
    sizes.insert(sizes.begin() + dim, 1);
    strides.insert(strides.begin() + dim, newStride);
    Tensor out = makeView(t, sizes, strides, t.offset());
    OpRecorder rec("UnsqueezeBackward0", {&t}, [dim](BackwardNode&, const variable_list& g) {
        return variable_list{squeeze(g[0], dim)};
    });
    rec.attr("dim", dim);
    rec.forward([dim](const InputTangents& t, const Tensor&) { return unsqueeze(t[0], dim); });
    return rec.finish(out);
}

Tensor squeeze(const Tensor& t)
{
    IntList sizes, strides;
    for (int64_t i = 0; i < t.dim(); ++i)
        if (t.sizes()[i] != 1) {
            sizes.push_back(t.sizes()[i]);
            strides.push_back(t.strides()[i]);
        }
    Tensor out = makeView(t, sizes, strides, t.offset());
    const IntList inputSizes = t.sizes();
    OpRecorder rec("SqueezeBackward0", {&t}, [inputSizes](BackwardNode&, const variable_list& g) {
        // unsqueeze_to(grad, self.sizes()): an unsqueeze per size-1 dim, nothing when none
        Tensor grad = g[0];
        for (size_t d = 0; d < inputSizes.size(); ++d)
            if (inputSizes[d] == 1)
                grad = unsqueeze(grad, int64_t(d));
        return variable_list{grad};
    });
    rec.attr("self_sizes", inputSizes);
    rec.forward([](const InputTangents& t, const Tensor& result) { return reshape(t[0], result.sizes()); });
    return rec.finish(out);
}

Tensor squeeze(const Tensor& t, int64_t dim)
{
    gradientEdgeFirst(t);
    dim = wrapDim(dim, t.dim());
    IntList sizes = t.sizes(), strides = t.strides();
    if (t.dim() > 0 && sizes[dim] == 1) {
        sizes.erase(sizes.begin() + dim);
        strides.erase(strides.begin() + dim);
    }
    Tensor out = makeView(t, sizes, strides, t.offset());
    const IntList inputSizes = t.sizes();
    OpRecorder rec("SqueezeBackward1", {&t}, [inputSizes, dim](BackwardNode&, const variable_list& g) {
        // unsqueeze_to(grad, dim, self.sizes()): the gradient itself when dim was not squeezed
        return variable_list{!inputSizes.empty() && inputSizes[size_t(dim)] == 1 ? unsqueeze(g[0], dim) : g[0]};
    });
    rec.attr("dim", dim);
    rec.attr("self_sizes", inputSizes);
    rec.forward([](const InputTangents& t, const Tensor& result) { return reshape(t[0], result.sizes()); });
    return rec.finish(out);
}

Tensor expand(const Tensor& t, const IntList& sizesIn)
{
    gradientEdgeFirst(t);
    AGV_CHECK(int64_t(sizesIn.size()) >= t.dim(), RuntimeError,
              "expand(torch.", legacyTensorTypeName(t.dtype()), "{", sizesToString(t.sizes()), "}, size=",
              sizesToString(sizesIn),
              "): the number of sizes provided (", sizesIn.size(),
              ") must be greater or equal to the number of dimensions in the tensor (", t.dim(), ")");
    const size_t lead = sizesIn.size() - size_t(t.dim());
    IntList sizes(sizesIn.size()), strides(sizesIn.size());
    // From the last dim to the first, as inferExpandGeometry: the last mismatch is reported.
    for (size_t i = sizesIn.size(); i-- > 0;) {
        if (i < lead) {
            AGV_CHECK(sizesIn[i] >= 0, RuntimeError,
                      "The expanded size of the tensor (", sizesIn[i], ") isn't allowed in a leading, "
                      "non-existing dimension ", i);
            sizes[i] = sizesIn[i];
            // A new dim of size 1 steps over the dims after it (inferExpandGeometry).
            strides[i] = sizesIn[i] == 1 && i + 1 < sizesIn.size() ? sizes[i + 1] * strides[i + 1] : 0;
            continue;
        }
        const int64_t have = t.sizes()[i - lead];
        int64_t want = sizesIn[i] == -1 ? have : sizesIn[i];
        if (have == want) {
            sizes[i] = have;
            strides[i] = t.strides()[i - lead];
        } else {
            AGV_CHECK(have == 1, RuntimeError, "The expanded size of the tensor (", want,
                      ") must match the existing size (", have, ") at non-singleton dimension ", i,
                      ".  Target sizes: ", sizesToString(sizesIn), ".  Tensor sizes: ", sizesToString(t.sizes()));
            sizes[i] = want;
            strides[i] = 0;
        }
    }
    Tensor out = makeView(t, sizes, strides, t.offset());
    const IntList inputSizes = t.sizes();
    OpRecorder rec("ExpandBackward0", {&t}, [inputSizes](BackwardNode&, const variable_list& g) {
        return variable_list{sumTo(g[0], inputSizes)};
    });
    rec.attr("self_sym_sizes", inputSizes);
    rec.forward([](const InputTangents& t, const Tensor& result) { return expand(t[0], result.sizes()); });
    return rec.finish(out);
}

Tensor expandAs(const Tensor& t, const Tensor& other) { return expand(t, other.sizes()); }

namespace {

/// slice_backward: zeros of the input's shape holding the gradient in the slice; linear in
/// the gradient, so differentiable again (SliceBackwardBackward0 slices the incoming one).
Tensor sliceBackward(const Tensor& grad, const IntList& inputSizes, int64_t dim, int64_t start, int64_t end,
                     int64_t step)
{
    Tensor gradInput;
    {
        GradModeGuard noGrad(false);
        gradInput = zeros(inputSizes, grad.dtype(), grad.device());
        Tensor region = slice(gradInput, dim, start, end, step);
        kernel::copyInto(region, grad);
    }
    OpRecorder rec("SliceBackwardBackward0", {&grad}, [dim, start, end, step](BackwardNode&, const variable_list& g) {
        return variable_list{slice(g[0], dim, start, end, step)};
    });
    rec.attr("dim", dim);
    rec.attr("start", start);
    rec.attr("end", end);
    rec.attr("step", step);
    rec.forward([inputSizes, dim, start, end, step](const InputTangents& t, const Tensor&) {
        return sliceBackward(t[0], inputSizes, dim, start, end, step);
    });
    return rec.finish(gradInput);
}

}  // namespace

Tensor slice(const Tensor& t, int64_t dim, std::optional<int64_t> startIn, std::optional<int64_t> endIn, int64_t step)
{
    gradientEdgeFirst(t);
    AGV_CHECK(t.dim() > 0, IndexError, "slice() cannot be applied to a 0-dim tensor.");
    AGV_CHECK(step > 0, ValueError, "step must be greater than zero");
    dim = wrapDim(dim, t.dim());
    const int64_t size = t.sizes()[dim];
    int64_t start = startIn.value_or(0), end = endIn.value_or(size);
    if (start < 0)
        start += size;
    if (end < 0)
        end += size;
    start = std::clamp<int64_t>(start, 0, size);
    end = std::clamp<int64_t>(end, start, size);
    IntList sizes = t.sizes(), strides = t.strides();
    sizes[dim] = (end - start + step - 1) / step;
    strides[dim] *= step;
    Tensor out = makeView(t, sizes, strides, t.offset() + start * t.strides()[dim]);
    const IntList inputSizes = t.sizes();
    OpRecorder rec("SliceBackward0", {&t}, [inputSizes, dim, start, end, step](BackwardNode&, const variable_list& g) {
        return variable_list{sliceBackward(g[0], inputSizes, dim, start, end, step)};
    });
    rec.attr("dim", dim);
    rec.attr("start", start);
    rec.attr("end", end);
    rec.attr("step", step);
    rec.attr("self_sym_sizes", inputSizes);
    rec.forward([dim, start, end, step](const InputTangents& t, const Tensor&) { return slice(t[0], dim, start, end, step); });
    return rec.finish(out);
}

Tensor narrow(const Tensor& t, int64_t dim, int64_t start, int64_t length)
{
    AGV_CHECK(t.dim() > 0, RuntimeError, "narrow() cannot be applied to a 0-dim tensor.");
    dim = wrapDim(dim, t.dim());
    const int64_t size = t.sizes()[dim];
    // 1.13 wraps start as a dim index (maybe_wrap_dim), with that error, unless it is the end.
    if (start != size)
        start = wrapDim(start, size);
    AGV_CHECK(length >= 0 && start + length <= size, RuntimeError, "start (", start, ") + length (", length,
              ") exceeds dimension size (", size, ").");
    return slice(t, dim, start, start + length, 1);
}

namespace {

/// select_backward: zeros of the input's shape holding the gradient at the index; linear in
/// the gradient (SelectBackwardBackward0 selects from the incoming one).
Tensor selectBackward(const Tensor& grad, const IntList& inputSizes, int64_t dim, int64_t index)
{
    Tensor gradInput;
    {
        GradModeGuard noGrad(false);
        gradInput = zeros(inputSizes, grad.dtype(), grad.device());
        Tensor region = select(gradInput, dim, index);
        kernel::copyInto(region, grad);
    }
    OpRecorder rec("SelectBackwardBackward0", {&grad}, [dim, index](BackwardNode&, const variable_list& g) {
        return variable_list{select(g[0], dim, index)};
    });
    rec.attr("dim", dim);
    rec.attr("index", index);
    rec.forward([inputSizes, dim, index](const InputTangents& t, const Tensor&) {
        return selectBackward(t[0], inputSizes, dim, index);
    });
    return rec.finish(gradInput);
}

}  // namespace

Tensor select(const Tensor& t, int64_t dim, int64_t index)
{
    gradientEdgeFirst(t);
    AGV_CHECK(t.dim() > 0, IndexError, "select() cannot be applied to a 0-dim tensor.");
    dim = wrapDim(dim, t.dim());
    const int64_t size = t.sizes()[dim];
    // Tensor indexing words its own message (indexing.cpp) before it gets here.
    AGV_CHECK(index >= -size && index < size, IndexError, "select(): index ", index,
              " out of range for tensor of size ", sizesToString(t.sizes()), " at dimension ", dim);
    if (index < 0)
        index += size;
    IntList sizes = t.sizes(), strides = t.strides();
    sizes.erase(sizes.begin() + dim);
    strides.erase(strides.begin() + dim);
    Tensor out = makeView(t, sizes, strides, t.offset() + index * t.strides()[dim]);
    const IntList inputSizes = t.sizes();
    OpRecorder rec("SelectBackward0", {&t}, [inputSizes, dim, index](BackwardNode&, const variable_list& g) {
        return variable_list{selectBackward(g[0], inputSizes, dim, index)};
    });
    rec.attr("dim", dim);
    rec.attr("index", index);
    rec.attr("self_sizes", inputSizes);
    rec.forward([dim, index](const InputTangents& t, const Tensor&) { return select(t[0], dim, index); });
    return rec.finish(out);
}

Tensor asStrided(const Tensor& t, const IntList& sizes, const IntList& strides, int64_t offset)
{
    Tensor out = makeView(t, sizes, strides, offset);
    announceTensor(out);
    return out;
}

}  // namespace agv::ops
