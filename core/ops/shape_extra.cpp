// rot90, diag_embed and block_diag (shape_extra.h): PyTorch 1.13's composites run as one
// kernel below autograd, each recording the node derivatives.yaml gives it.

#include "core/ops/shape_extra.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "core/ops/einsum.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

// ---------------------------------------------------------------- rot90

namespace {

/// transpose_ on a fresh tensor: the same values under swapped sizes and strides, not a view.
Tensor transposedCopy(const Tensor& t, int64_t d0, int64_t d1)
{
    IntList sizes = t.sizes(), strides = t.strides();
    std::swap(sizes[size_t(d0)], sizes[size_t(d1)]);
    std::swap(strides[size_t(d0)], strides[size_t(d1)]);
    Tensor out = kernel::newStridedTensor(sizes, strides, t.dtype(), t.device());
    kernel::copyInto(out, transpose(t, d0, d1));
    return out;
}

Tensor rot90Values(const Tensor& self, int64_t k, const IntList& dims)
{
    const int64_t total = self.dim();
    AGV_CHECK(dims.size() == 2, RuntimeError, "expected total rotation dims == 2, but got dims = ", dims.size());
    AGV_CHECK(total >= 2, RuntimeError, "expected total dims >= 2, but got total dims = ", total);
    AGV_CHECK(dims[0] != dims[1] && std::abs(dims[0] - dims[1]) != total, RuntimeError,
              "expected rotation dims to be different, but got dim0 = ", dims[0], " and dim1 = ", dims[1]);
    AGV_CHECK(dims[0] < total && dims[0] >= -total, RuntimeError, "Rotation dim0 out of range, dim0 = ", dims[0]);
    AGV_CHECK(dims[1] < total && dims[1] >= -total, RuntimeError, "Rotation dim1 out of range, dim1 = ", dims[1]);
    const int64_t d0 = wrapDim(dims[0], total), d1 = wrapDim(dims[1], total);
    switch ((4 + k % 4) % 4) {
    case 1: return transposedCopy(flip(self, {dims[1]}), d0, d1);
    case 2: return flip(self, dims);
    case 3: return transposedCopy(flip(self, {dims[0]}), d0, d1);
    default: return contiguous(clone(self));
    }
}

}  // namespace

Tensor rot90(const Tensor& self, int64_t k, const IntList& dims)
{
    Tensor out = quietly([&] { return rot90Values(self, k, dims); });
    OpRecorder rec("Rot90Backward0", {&self}, [k, dims](BackwardNode&, const variable_list& g) {
        return variable_list{rot90(g[0], -k, dims)};
    });
    rec.attr("dims", dims);
    rec.attr("k", UnsignedAttr{k});  // -1 reads as 18446744073709551615, as in 1.13
    rec.forward([k, dims](const InputTangents& t, const Tensor&) { return rot90(t[0], k, dims); });
    return rec.finish(out);
}

// ---------------------------------------------------------------- diag_embed

Tensor diagEmbed(const Tensor& self, int64_t offset, int64_t dim1In, int64_t dim2In)
{
    Tensor out = quietly([&] {
        const int64_t nDims = self.dim() + 1;
        const int64_t dim1 = wrapDim(dim1In, nDims), dim2 = wrapDim(dim2In, nDims);
        AGV_CHECK(dim1 != dim2, RuntimeError, "diagonal dimensions cannot be identical ", dim1In, ", ", dim2In);
        const int64_t last = self.sizes()[size_t(wrapDim(-1, self.dim(), false))];
        const int64_t length = std::abs(offset) + last;
        IntList sizes(self.sizes().begin(), self.sizes().end() - 1);
        sizes.insert(sizes.begin() + std::min(dim1, dim2), length);
        sizes.insert(sizes.begin() + std::max(dim1, dim2), length);
        Tensor result = zeros(sizes, self.dtype(), self.device());
        kernel::copyInto(diagonal(result, offset, dim1, dim2), self);
        return result;
    });
    OpRecorder rec("DiagEmbedBackward0", {&self}, [offset, dim1In, dim2In](BackwardNode&, const variable_list& g) {
        return variable_list{diagonal(g[0], offset, dim1In, dim2In)};
    });
    rec.attr("dim1", UnsignedAttr{dim1In});
    rec.attr("dim2", UnsignedAttr{dim2In});
    rec.attr("offset", UnsignedAttr{offset});
    rec.forward([offset, dim1In, dim2In](const InputTangents& t, const Tensor&) {
        return diagEmbed(t[0], offset, dim1In, dim2In);
    });
    return rec.finish(out);
}

// ---------------------------------------------------------------- block_diag

namespace {

/// native::result_type of a tensor list: the dimensioned tensors' promoted dtype; a 0-d
/// tensor counts only when it brings a higher category (combine_categories).
ScalarType listResultType(const TensorList& tensors)
{
    std::optional<ScalarType> dimensioned, zeroDim;
    for (const Tensor& t : tensors) {
        std::optional<ScalarType>& slot = t.dim() > 0 ? dimensioned : zeroDim;
        slot = slot ? promoteTypes(*slot, t.dtype()) : t.dtype();
    }
    if (!dimensioned)
        return *zeroDim;
    if (!zeroDim || isFloatingType(*dimensioned))
        return *dimensioned;
    if (*dimensioned == ScalarType::Bool || isFloatingType(*zeroDim))
        return promoteTypes(*dimensioned, *zeroDim);
    return *dimensioned;
}

}  // namespace

Tensor blockDiag(const TensorList& tensors)
{
    if (tensors.empty())
        return zeros({1, 0});
    // Each input's block: rows x cols (a 1-D input is one row, a 0-d one a 1x1 block).
    std::vector<IntList> shapes;
    int64_t rows = 0, cols = 0;
    for (size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& t = tensors[i];
        AGV_CHECK(t.device() == tensors[0].device(), RuntimeError,
                  "torch.block_diag: input tensors must all be on the same device. Input 0 is on device ",
                  tensors[0].device().str(), " and input ", i, " is on device ", t.device().str());
        AGV_CHECK(t.dim() <= 2, RuntimeError,
                  "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input ", i, " has ", t.dim(),
                  " dimensions");
        shapes.push_back(t.sizes());
        rows += t.dim() == 2 ? t.sizes()[0] : 1;
        cols += t.dim() == 2 ? t.sizes()[1] : t.dim() == 1 ? t.sizes()[0] : 1;
    }
    const ScalarType type = listResultType(tensors);
    Tensor out = quietly([&] {
        Tensor result = zeros({rows, cols}, type, tensors[0].device());
        int64_t r = 0, c = 0;
        for (const Tensor& t : tensors) {
            const int64_t h = t.dim() == 2 ? t.sizes()[0] : 1;
            const int64_t w = t.dim() == 2 ? t.sizes()[1] : t.dim() == 1 ? t.sizes()[0] : 1;
            kernel::copyInto(narrow(narrow(result, 0, r, h), 1, c, w), t.dim() == 2 ? t : expand(t, {h, w}));
            r += h;
            c += w;
        }
        return result;
    });
    OpRecorder rec("BlockDiagBackward0", tensors, [shapes](BackwardNode&, const variable_list& g) {
        // block_diag_backward: each input's block of grad, squeezed back to its dims.
        variable_list grads(shapes.size());
        int64_t r = 0, c = 0;
        for (size_t i = 0; i < shapes.size(); ++i) {
            const IntList& shape = shapes[i];
            if (shape.size() == 1 && shape[0] == 0) {
                grads[i] = zeros({0}, g[0].dtype(), g[0].device());
                continue;
            }
            const int64_t h = shape.size() == 2 ? shape[0] : 1;
            const int64_t w = shape.size() == 2 ? shape[1] : shape.size() == 1 ? shape[0] : 1;
            Tensor block = slice(slice(g[0], 0, r, r + h), 1, c, c + w);
            if (shape.size() == 1)
                block = squeeze(block, -1);
            else if (shape.empty())
                block = squeeze(squeeze(block, -1), -1);
            grads[i] = block;
            r += h;
            c += w;
        }
        return grads;
    });
    return rec.finish(out);
}

}  // namespace agv::ops
