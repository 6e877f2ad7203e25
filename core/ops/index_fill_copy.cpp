// index_fill(_) and index_copy(_) (index_fill_copy.h). PyTorch 1.13 computes the
// out-of-place forms as a copy of self (index_fill's keeps self's layout, index_copy's is
// contiguous) followed by the in-place kernel, which walks the index in order (a repeated
// index keeps the last write). Both kernels only move values, so the results are exact;
// the care is in the checks, which 1.13 makes in a fixed order with its own words for
// each op, and in what the nodes save.

#include "core/ops/index_fill_copy.h"

#include <string>
#include <vector>

#include "core/ops/inplace_record.h"
#include "core/ops/kernels.h"
#include "core/ops/masked_fill.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/type_promotion.h"
#include "core/ops/unique.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// The slice of `t` at `k` along dim; a 0-d tensor is its own single slice.
Tensor sliceAt(const Tensor& t, int64_t dim, int64_t k) { return t.dim() == 0 ? t : select(t, dim, k); }

int64_t sizeAlong(const Tensor& t, int64_t dim) { return t.dim() == 0 ? 1 : t.sizes()[size_t(dim)]; }

// ---------------------------------------------------------------- index_fill

/// index_fill_'s checks before its kernel runs, in 1.13's order (a 0-d self counts as
/// 1-D); returns the wrapped dim.
int64_t checkIndexFill(const Tensor& self, int64_t dimIn, const Tensor& index)
{
    AGV_CHECK(index.dtype() == ScalarType::Int64, IndexError, "index_fill_(): Expected dtype int64 for index.");
    const int64_t dim = wrapDim(dimIn, self.dim());
    AGV_CHECK(index.dim() <= 1, RuntimeError, "Index has to be a vector/scalar");
    return dim;
}

/// index_fill_.int_Tensor fills with value.item(), once the value is known to be 0-d.
void checkZeroDimValue(const Tensor& value)
{
    AGV_CHECK(value.dim() == 0, RuntimeError,
              "index_fill_ only supports a 0-dimensional value tensor, but got tensor with ", value.dim(),
              " dimension(s).");
}

/// The kernel: the fill value is converted (with Scalar::to's overflow check) before the
/// index is read; each index is checked, wrapped when negative, and its slice filled.
void fillSlices(const Tensor& out, int64_t dim, const Tensor& index, const Tensor& fill)
{
    const int64_t len = sizeAlong(out, dim);
    for (int64_t i = 0; i < index.numel(); ++i) {
        int64_t k = index.intValueAt(i);
        AGV_CHECK(k >= -len && k < len, IndexError, "index ", k, " is out of bounds for dimension ", dim,
                  " with size ", len);
        if (k < 0)
            k += len;
        kernel::copyInto(sliceAt(out, dim, k), fill);
    }
}

/// self.clone(Preserve).index_fill_(dim, index, value), outside autograd.
Tensor indexFillValues(const Tensor& self, int64_t dimIn, const Tensor& index, const Scalar& value)
{
    return quietly([&] {
        const int64_t dim = checkIndexFill(self, dimIn, index);
        const Tensor fill = maskedFillValue(value, self);
        Tensor out = detachedClone(self);
        fillSlices(out, dim, index, fill);
        return out;
    });
}

Tensor indexFillValues(const Tensor& self, int64_t dimIn, const Tensor& index, const Tensor& value)
{
    checkZeroDimValue(value);
    return quietly([&] {
        const int64_t dim = checkIndexFill(self, dimIn, index);
        const Tensor fill = maskedFillValue(value, self);
        Tensor out = detachedClone(self);
        fillSlices(out, dim, index, fill);
        return out;
    });
}

/// derivatives.yaml: self: grad.index_fill(dim, index, 0).
Tensor indexFillSelfGrad(const Tensor& grad, int64_t dim, const Tensor& index)
{
    return indexFill(grad, dim, index, Scalar(int64_t(0)));
}

/// value: grad.index_select(dim, std::get<0>(at::_unique(index, /*sorted=*/false))).sum():
/// each filled slice once, in the order 1.13's hash set lists the distinct indices.
Tensor indexFillValueGrad(const Tensor& grad, int64_t dim, const Tensor& index)
{
    const Tensor distinct = quietly([&] { return unique2(index, false, false, false).values; });
    return sum(indexSelect(grad, dim, distinct));
}

BackwardNode::Rule indexFillScalarRule(int64_t dim)
{
    return [dim](BackwardNode& n, const variable_list& g) {
        return variable_list{indexFillSelfGrad(g[0], dim, n.saved(0))};
    };
}

BackwardNode::Rule indexFillTensorRule(int64_t dim)
{
    return [dim](BackwardNode& n, const variable_list& g) {
        const Tensor index = n.saved(0);
        return variable_list{n.needsInputGrad(0) ? indexFillSelfGrad(g[0], dim, index) : Tensor(),
                             n.needsInputGrad(1) ? indexFillValueGrad(g[0], dim, index) : Tensor()};
    };
}

void saveIndexFill(OpRecorder& rec, int64_t dim, const Tensor& index)
{
    rec.attr("dim", UnsignedAttr{dim});  // -1 reads as 18446744073709551615, as in 1.13
    rec.save("index", index);
}

// ---------------------------------------------------------------- index_copy

/// "3 5": how 1.13's message prints a slice shape (an empty one prints nothing).
std::string sliceShape(const IntList& sizes, int64_t dim)
{
    std::string text;
    for (size_t d = 0; d < sizes.size(); ++d) {
        if (int64_t(d) == dim)
            continue;
        text += (text.empty() ? "" : " ") + std::to_string(sizes[d]);
    }
    return text;
}

/// TORCH_PRECOMPUTE_META_FUNC(index_copy)'s checks in its order; returns the wrapped dim.
int64_t checkIndexCopy(const Tensor& self, int64_t dimIn, const Tensor& index, const Tensor& source)
{
    const int64_t dim = wrapDim(dimIn, self.dim());
    AGV_CHECK(index.dim() < 2, IndexError, "index_copy_(): Index should have dimension 1 or 0 (got ", index.dim(),
              ")");
    const int64_t numIndices = index.numel();
    if (source.dim() == 0) {
        AGV_CHECK(numIndices == 1, IndexError,
                  "index_copy_(): When source is scalar, index should have one element (got ", numIndices, ")");
    } else {
        AGV_CHECK(source.dim() == self.dim() || self.dim() == 0, IndexError,
                  "index_copy_(): When source and destination are not scalars, their dimensionality must match. "
                  "Source dimensionality (",
                  source.dim(), "), destination dimensionality (", self.dim(), ")");
    }
    AGV_CHECK(index.dtype() == ScalarType::Int64, RuntimeError,
              "index_copy_(): Expected a long tensor for index, but got ", legacyDtypeShortName(index.dtype()));
    AGV_CHECK(self.dtype() == source.dtype(), RuntimeError,
              "index_copy_(): self and source expected to have the same dtype, but got (self) ",
              legacyDtypeShortName(self.dtype()), " and (source) ", legacyDtypeShortName(source.dtype()));
    checkOnOneDevice(self, source);
    // The slices: both shapes without `dim` (a 0-d tensor's shape stays empty).
    const std::string selfSlice = sliceShape(self.sizes(), self.dim() == 0 ? -1 : dim);
    const std::string sourceSlice = sliceShape(source.sizes(), source.dim() == 0 ? -1 : dim);
    IntList selfRest = self.sizes(), sourceRest = source.sizes();
    if (!selfRest.empty())
        selfRest.erase(selfRest.begin() + dim);
    if (!sourceRest.empty())
        sourceRest.erase(sourceRest.begin() + dim);
    AGV_CHECK(selfRest == sourceRest, RuntimeError,
              "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: ",
              selfSlice, " at dimension ", dim, " and source slice shape: ", sourceSlice, " at dimension 0.");
    AGV_CHECK(source.dim() == 0 || numIndices == source.sizes()[size_t(dim)], IndexError,
              "index_copy_(): Number of indices (", numIndices, ") should be equal to source.size(dim) (",
              source.dim() == 0 ? 1 : source.sizes()[size_t(dim)], ")");
    return dim;
}

/// index_copy's kernel on a copy of self: the structured op's result is contiguous
/// whatever self's layout. Negative indices are out of bounds.
Tensor indexCopyValues(const Tensor& self, int64_t dimIn, const Tensor& index, const Tensor& source)
{
    return quietly([&] {
        const int64_t dim = checkIndexCopy(self, dimIn, index, source);
        Tensor out = kernel::newTensor(self.sizes(), self.dtype(), self.device());
        kernel::copyInto(out, self);
        const int64_t len = sizeAlong(out, dim);
        for (int64_t i = 0; i < index.numel(); ++i) {
            const int64_t k = index.intValueAt(i);
            AGV_CHECK(k >= 0 && k < len, IndexError, "index_copy_(): index ", k, " is out of bounds for dimension ",
                      dim, " with size ", len);
            kernel::copyInto(sliceAt(out, dim, k), sliceAt(source, dim, i));
        }
        return out;
    });
}

/// IndexCopyBackward0: self gets grad.index_fill(dim, index, 0); source, as derivatives.yaml
/// writes it, grad.index_select(dim, index).expand_as(source), or for a 0-d source
/// grad.index_select(dim, index.squeeze(0)).
BackwardNode::Rule indexCopyRule(int64_t dim, int64_t sourceDim)
{
    return [dim, sourceDim](BackwardNode& n, const variable_list& g) {
        const Tensor index = n.saved(0);
        Tensor gradSelf, gradSource;
        if (n.needsInputGrad(0))
            gradSelf = indexFillSelfGrad(g[0], dim, index);
        if (n.needsInputGrad(1)) {
            const Tensor source = n.saved(1);
            gradSource = sourceDim > 0 ? expandAs(indexSelect(g[0], dim, index), source)
                                       : indexSelect(g[0], dim, squeeze(index, 0));
        }
        return variable_list{gradSelf, gradSource};
    };
}

void saveIndexCopy(OpRecorder& rec, int64_t dim, const Tensor& index, const Tensor& source)
{
    rec.attr("dim", UnsignedAttr{dim});
    rec.save("index", index);
    // Only source's formula reads source: it is saved only when source needs a gradient.
    const bool forSource = rec.active() && rec.node()->needsInputGrad(1);
    rec.save("source", forSource ? source : Tensor());
    rec.attr("source_dim", source.dim());
}

}  // namespace

Tensor indexFill(const Tensor& self, int64_t dim, const Tensor& index, Scalar value)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    Tensor out = indexFillValues(self, dim, index, value);
    OpRecorder rec("IndexFillBackward0", {&self}, indexFillScalarRule(dim));
    saveIndexFill(rec, dim, index);
    rec.forward([dim, &index](const InputTangents& t, const Tensor&) {
        return indexFill(t[0], dim, index, Scalar(int64_t(0)));
    });
    return rec.finish(out);
}

Tensor indexFill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value)
{
    gradientEdgeFirst(self);
    gradientEdgeFirst(value);
    Tensor out = indexFillValues(self, dim, index, value);
    OpRecorder rec("IndexFillBackward1", {&self, &value}, indexFillTensorRule(dim));
    saveIndexFill(rec, dim, index);
    rec.forward([dim, &index](const InputTangents& t, const Tensor&) { return indexFill(t[0], dim, index, t[1]); });
    return rec.finish(out);
}

Tensor& indexFillInplace(Tensor& self, int64_t dim, const Tensor& index, Scalar value)
{
    InplaceRecord record;
    record.opName = "index_fill_";
    record.nodeName = "IndexFillBackward0";
    record.rule = indexFillScalarRule(dim);
    record.save = [&](OpRecorder& rec, const Tensor&) { saveIndexFill(rec, dim, index); };
    record.forward = [dim, &index](const InputTangents& t, const Tensor&) {
        return indexFill(t[0], dim, index, Scalar(int64_t(0)));
    };
    return recordInplace(self, {&self}, record, [&] { return indexFillValues(self, dim, index, value); });
}

Tensor& indexFillInplace(Tensor& self, int64_t dim, const Tensor& index, const Tensor& value)
{
    InplaceRecord record;
    record.opName = "index_fill_";
    record.nodeName = "IndexFillBackward1";
    record.rule = indexFillTensorRule(dim);
    record.save = [&](OpRecorder& rec, const Tensor&) { saveIndexFill(rec, dim, index); };
    record.forward = [dim, &index](const InputTangents& t, const Tensor&) {
        return indexFill(t[0], dim, index, t[1]);
    };
    return recordInplace(self, {&self, &value}, record, [&] { return indexFillValues(self, dim, index, value); });
}

Tensor indexCopy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source)
{
    gradientEdgeFirst(self);
    gradientEdgeFirst(source);
    Tensor out = indexCopyValues(self, dim, index, source);
    OpRecorder rec("IndexCopyBackward0", {&self, &source}, indexCopyRule(dim, source.dim()));
    saveIndexCopy(rec, dim, index, source);
    // result: self_t.index_copy(dim, index, source_t)
    rec.forward([dim, &index](const InputTangents& t, const Tensor&) { return indexCopy(t[0], dim, index, t[1]); });
    return rec.finish(out);
}

Tensor& indexCopyInplace(Tensor& self, int64_t dim, const Tensor& index, const Tensor& source)
{
    InplaceRecord record;
    record.opName = "index_copy_";
    record.nodeName = "IndexCopyBackward0";
    record.rule = indexCopyRule(dim, source.dim());
    record.save = [&](OpRecorder& rec, const Tensor&) { saveIndexCopy(rec, dim, index, source); };
    record.forward = [dim, &index](const InputTangents& t, const Tensor&) {
        return indexCopy(t[0], dim, index, t[1]);
    };
    return recordInplace(self, {&self, &source}, record, [&] { return indexCopyValues(self, dim, index, source); });
}

}  // namespace agv::ops
