// cat and stack: the output is allocated once and each input copied into its slice;
// the backward hands every input the slice of the gradient it filled. The output is laid
// out in the memory format all inputs suggest (Note [Memory formats]), as 1.13's
// cat_compute_output_memory_format decides: contiguous as soon as one input suggests
// contiguous or two suggest different formats. 1.13's stack along an existing dim is that
// cat viewed with the new dim split off, so it shares cat's layout.

#include <optional>

#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

/// PyTorch skips legacy empty tensors (shape [0]) in cat, whatever their dims.
bool skippedInCat(const Tensor& t) { return t.dim() == 1 && t.sizes()[0] == 0; }

/// A raw (untracked) strided window on `t`'s storage.
Tensor window(const Tensor& t, const IntList& sizes, const IntList& strides, int64_t offset)
{
    return Tensor(std::make_shared<TensorImpl>(t.impl()->storage(), t.dtype(), sizes, strides, offset,
                                               t.impl()->versionCounter()));
}

ScalarType promoteAll(const TensorList& tensors)
{
    ScalarType type = tensors.front().dtype();
    for (const Tensor& t : tensors)
        type = promoteTypes(type, t.dtype());
    return type;
}

/// cat_compute_output_memory_format: the format every input suggests, else contiguous.
MemoryFormat catOutputFormat(const TensorList& tensors)
{
    std::optional<MemoryFormat> format;
    for (const Tensor& t : tensors) {
        const MemoryFormat suggested = suggestMemoryFormat(t);
        if (suggested == MemoryFormat::Contiguous || (format && *format != suggested))
            return MemoryFormat::Contiguous;
        format = suggested;
    }
    return format.value_or(MemoryFormat::Contiguous);
}

}  // namespace

Tensor cat(const TensorList& tensors, int64_t dimIn)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    for (const Tensor& input : tensors)
        gradientEdgeFirst(input);
    AGV_CHECK(!tensors.empty(), RuntimeError, "torch.cat(): expected a non-empty list of Tensors");
    for (size_t i = 0; i < tensors.size(); ++i)
        AGV_CHECK(tensors[i].dim() > 0, RuntimeError, "zero-dimensional tensor (at position ", i,
                  ") cannot be concatenated");
    size_t first = tensors.size();
    for (size_t i = 0; i < tensors.size(); ++i)
        if (!skippedInCat(tensors[i])) {
            first = i;
            break;
        }
    const ScalarType type = promoteAll(tensors);
    IntList outSizes{0};
    int64_t dim = 0;
    if (first < tensors.size()) {
        const Tensor& ref = tensors[first];
        dim = wrapDim(dimIn, ref.dim());
        outSizes = ref.sizes();
        outSizes[size_t(dim)] = 0;
        for (size_t i = 0; i < tensors.size(); ++i) {
            const Tensor& t = tensors[i];
            if (skippedInCat(t))
                continue;
            AGV_CHECK(t.dim() == ref.dim(), RuntimeError, "Tensors must have same number of dimensions: got ",
                      ref.dim(), " and ", t.dim());
            for (int64_t d = 0; d < ref.dim(); ++d)
                AGV_CHECK(d == dim || t.sizes()[size_t(d)] == ref.sizes()[size_t(d)], RuntimeError,
                          "Sizes of tensors must match except in dimension ", dim, ". Expected size ",
                          ref.sizes()[size_t(d)], " but got size ", t.sizes()[size_t(d)], " for tensor number ", i,
                          " in the list.");
            outSizes[size_t(dim)] += t.sizes()[size_t(dim)];
        }
    }
    Tensor out = emptyIn(outSizes, catOutputFormat(tensors), type, tensors.front().device());
    std::vector<IntList> inputSizes;
    int64_t offset = 0;
    for (const Tensor& t : tensors) {
        inputSizes.push_back(t.sizes());
        if (skippedInCat(t))
            continue;
        const int64_t len = t.sizes()[size_t(dim)];
        kernel::copyInto(window(out, t.sizes(), out.strides(), offset * out.strides()[size_t(dim)]), t);
        offset += len;
    }
    OpRecorder rec("CatBackward0", tensors, [inputSizes, dim](BackwardNode& n, const variable_list& g) {
        variable_list grads(inputSizes.size());
        int64_t start = 0;
        for (size_t i = 0; i < inputSizes.size(); ++i) {
            const IntList& sizes = inputSizes[i];
            if (sizes.size() == 1 && sizes[0] == 0) {
                if (needs(n, i))
                    grads[i] = zeros({0}, g[0].dtype(), g[0].device());
                continue;
            }
            const int64_t len = sizes[size_t(dim)];
            if (needs(n, i))
                grads[i] = narrow(g[0], dim, start, len);
            start += len;
        }
        return grads;
    });
    // cat_jvp: the tangents concatenated, zeros for inputs without one
    const size_t count = tensors.size();
    rec.forward([count, dim](const InputTangents& t, const Tensor&) {
        TensorList tangents;
        for (size_t i = 0; i < count; ++i)
            tangents.push_back(t[i]);
        return cat(tangents, dim);
    });
    rec.attr("dim", dimIn);
    return rec.finish(out);
}

Tensor stack(const TensorList& tensors, int64_t dimIn)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    for (const Tensor& input : tensors)
        gradientEdgeFirst(input);
    AGV_CHECK(!tensors.empty(), RuntimeError, "stack expects a non-empty TensorList");
    const IntList& shape = tensors.front().sizes();
    for (size_t i = 1; i < tensors.size(); ++i)
        AGV_CHECK(tensors[i].sizes() == shape, RuntimeError, "stack expects each tensor to be equal size, but got ",
                  sizesToString(shape), " at entry 0 and ", sizesToString(tensors[i].sizes()), " at entry ", i);
    const int64_t dim = wrapDim(dimIn, int64_t(shape.size()) + 1);
    IntList outSizes = shape;
    outSizes.insert(outSizes.begin() + dim, int64_t(tensors.size()));
    // Along an existing dim, the strides of cat(tensors, dim) with that dim split in two.
    IntList outStrides = contiguousStrides(outSizes);
    if (dim < int64_t(shape.size())) {
        IntList catSizes = shape;
        catSizes[size_t(dim)] *= int64_t(tensors.size());
        outStrides = stridesInFormat(catSizes, catOutputFormat(tensors));
        outStrides.insert(outStrides.begin() + dim, outStrides[size_t(dim)] * shape[size_t(dim)]);
    }
    Tensor out = kernel::newStridedTensor(outSizes, outStrides, promoteAll(tensors), tensors.front().device());
    IntList sliceStrides = out.strides();
    const int64_t step = sliceStrides[size_t(dim)];
    sliceStrides.erase(sliceStrides.begin() + dim);
    for (size_t i = 0; i < tensors.size(); ++i)
        kernel::copyInto(window(out, shape, sliceStrides, int64_t(i) * step), tensors[i]);
    const size_t count = tensors.size();
    OpRecorder rec("StackBackward0", tensors, [dim, count](BackwardNode& n, const variable_list& g) {
        variable_list grads(count);
        for (size_t i = 0; i < count; ++i)
            if (needs(n, i))
                grads[i] = select(g[0], dim, int64_t(i));
        return grads;
    });
    rec.attr("dim", dimIn);
    // stack_jvp: the tangents stacked, zeros for inputs without one
    rec.forward([count, dim](const InputTangents& t, const Tensor&) {
        TensorList tangents;
        for (size_t i = 0; i < count; ++i)
            tangents.push_back(t[i]);
        return stack(tangents, dim);
    });
    return rec.finish(out);
}

}  // namespace agv::ops
