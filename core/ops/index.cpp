// Advanced indexing with tensors: x[idx] (int64, negative indices allowed), x[mask] (bool,
// matching the dims it covers), x[:, idx] (None entries keep a dim whole), and index_put.
// The result is a copy (IndexBackward0); its backward accumulates into zeros, so an index
// repeated k times receives k gradients, like index_put_(..., accumulate=True). index_put_
// (inplace.cpp) shares the kernel that writes through the indices.

#include <algorithm>
#include <cstring>
#include <functional>

#include "core/ops/backward_versions.h"
#include "core/ops/index_put.h"
#include "core/ops/internal_ops.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/warning.h"

namespace agv::ops {

namespace {

const char* const kByteIndexDeprecated =
    "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead. (Triggered "
    "internally at  ./aten/src/ATen/native/IndexingUtils.h:27.)";
const char* const kByteMaskedFillDeprecated =
    "masked_fill_ received a mask with dtype torch.uint8, this behavior is now deprecated,please use a mask with "
    "dtype torch.bool instead. (Triggered internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1646.)";

/// A uint8 index tensor as the bool mask it stands for (before bool existed a byte tensor
/// was the mask); 1.13 still takes it, with a deprecation warning.
Tensor byteMaskAsBool(const Tensor& key, const char* deprecation)
{
    warn("UserWarning", deprecation);
    return kernel::convert(key, ScalarType::Bool);
}

/// uint8 index tensors as bool masks, warned in masked_fill_'s words when a single byte
/// mask writes one value (index_put_ dispatches to masked_fill_ then).
TensorList bytesAsMasks(const TensorList& keys, const Tensor* values, bool accumulate)
{
    TensorList converted;
    for (const Tensor& key : keys) {
        if (!key.defined() || key.dtype() != ScalarType::UInt8) {
            converted.push_back(key);
            continue;
        }
        const bool maskedFill = values && keys.size() == 1 && values->numel() == 1 && !accumulate;
        converted.push_back(byteMaskAsBool(key, maskedFill ? kByteMaskedFillDeprecated : kByteIndexDeprecated));
    }
    return converted;
}

/// The shape all index tensors broadcast to, in PyTorch's words when they do not.
IntList broadcastIndexShapes(const TensorList& indices)
{
    IntList shape = indices[0].sizes();
    for (const Tensor& idx : indices) {
        bool broadcastable = true;
        for (size_t i = 1; i <= std::min(shape.size(), idx.sizes().size()); ++i) {
            const int64_t a = shape[shape.size() - i], b = idx.sizes()[idx.sizes().size() - i];
            broadcastable = broadcastable && (a == b || a == 1 || b == 1);
        }
        if (!broadcastable) {
            std::string shapes;
            for (const Tensor& i : indices)
                shapes += (shapes.empty() ? "" : ", ") + sizesToString(i.sizes());
            AGV_RAISE(IndexError, "shape mismatch: indexing tensors could not be broadcast together with shapes ",
                      shapes);
        }
        shape = broadcastShapes(shape, idx.sizes());
    }
    return shape;
}

/// A 1-D int64 tensor per mask dim listing the coordinates of the true elements.
TensorList maskToIndices(const Tensor& mask, int64_t& count)
{
    const std::vector<int64_t> offsets = kernel::elementOffsets(mask.sizes(), mask.strides());
    const bool* m = mask.data<bool>();
    count = 0;
    for (int64_t off : offsets)
        count += m[off] ? 1 : 0;
    TensorList indices;
    for (int64_t d = 0; d < mask.dim(); ++d)
        indices.push_back(kernel::newTensor({count}, ScalarType::Int64, mask.device()));
    int64_t written = 0;
    std::vector<int64_t> coord(size_t(mask.dim()), 0);
    for (int64_t off : offsets) {
        if (m[off]) {
            for (int64_t d = 0; d < mask.dim(); ++d)
                indices[size_t(d)].data<int64_t>()[written] = coord[size_t(d)];
            ++written;
        }
        for (size_t d = coord.size(); d-- > 0;) {
            if (++coord[d] < mask.sizes()[d])
                break;
            coord[d] = 0;
        }
    }
    return indices;
}

/// PyTorch's mask check (IndexingUtils.h): a mask covers self's dims from `firstDim` on.
void checkMaskShape(const Tensor& self, const Tensor& mask, int64_t firstDim)
{
    for (int64_t j = 0; j < mask.dim(); ++j) {
        const int64_t srcIdx = firstDim + j;
        AGV_CHECK(srcIdx < self.dim() && mask.sizes()[size_t(j)] == self.sizes()[size_t(srcIdx)], IndexError,
                  "The shape of the mask ", sizesToString(mask.sizes()), " at index ", j,
                  " does not match the shape of the indexed tensor ", sizesToString(self.sizes()), " at index ",
                  srcIdx);
    }
}

IntList pick(const IntList& v, const IntList& dims)
{
    IntList out;
    for (int64_t d : dims)
        out.push_back(v[size_t(d)]);
    return out;
}

/// The dims of self that no index tensor indexes, split into those the indexing result
/// keeps before the index dims and those it keeps after (Note [Indexed dims in the result]).
struct KeptDims {
    IntList before, after;
};

KeptDims keptDims(int64_t selfDim, const internal::ResolvedIndices& where)
{
    const IntList& dims = where.dims;
    // A 0-d mask indexes no dim: its (0 or 1) positions come before all of self.
    const int64_t first = dims.empty() ? 0 : dims.front();
    const bool adjacent = dims.empty() || dims.back() - first + 1 == int64_t(dims.size());
    KeptDims kept;
    for (int64_t d = 0; d < selfDim; ++d) {
        if (std::find(dims.begin(), dims.end(), d) != dims.end())
            continue;
        (adjacent && d < first ? kept.before : kept.after).push_back(d);
    }
    return kept;
}

IntList shapeOf(const IntList& sizes, const KeptDims& kept, const IntList& indexShape)
{
    IntList shape = pick(sizes, kept.before);
    shape.insert(shape.end(), indexShape.begin(), indexShape.end());
    const IntList afterSizes = pick(sizes, kept.after);
    shape.insert(shape.end(), afterSizes.begin(), afterSizes.end());
    return shape;
}

/// The shape of self[where].
IntList indexedShape(const IntList& sizes, const internal::ResolvedIndices& where)
{
    return shapeOf(sizes, keptDims(int64_t(sizes.size()), where), where.shape);
}

/// The storage offset in self of every element of self[where], in the result's row-major
/// order, and the result's shape.
std::vector<int64_t> indexedOffsets(const IntList& sizes, const IntList& strides,
                                    const internal::ResolvedIndices& where, IntList* resultShape)
{
    const IntList& dims = where.dims;
    const KeptDims kept = keptDims(int64_t(sizes.size()), where);
    if (resultShape)
        *resultShape = shapeOf(sizes, kept, where.shape);

    std::vector<int64_t> bases(size_t(computeNumel(where.shape)), 0);
    for (size_t j = 0; j < where.indices.size(); ++j) {
        const int64_t dim = dims[j];
        const int64_t* data = where.indices[j].data<int64_t>();  // contiguous, of where.shape
        for (size_t p = 0; p < bases.size(); ++p) {
            const int64_t k = data[p];
            bases[p] += (k < 0 ? k + sizes[size_t(dim)] : k) * strides[size_t(dim)];
        }
    }
    const std::vector<int64_t> outer = kernel::elementOffsets(pick(sizes, kept.before), pick(strides, kept.before));
    const std::vector<int64_t> inner = kernel::elementOffsets(pick(sizes, kept.after), pick(strides, kept.after));
    std::vector<int64_t> offsets;
    offsets.reserve(outer.size() * bases.size() * inner.size());
    for (int64_t o : outer)
        for (int64_t b : bases)
            for (int64_t i : inner)
                offsets.push_back(o + b + i);
    return offsets;
}

/// self[where] = values (or += values), values broadcast to the indexing result's shape.
/// Repeated indices write (or add) in element order, as 1.13's serial CPU kernel does.
template <bool Accumulate>
void writeIndexedValues(const Tensor& self, const internal::ResolvedIndices& where, const Tensor& values)
{
    IntList target;
    const std::vector<int64_t> offsets = indexedOffsets(self.sizes(), self.strides(), where, &target);
    const std::vector<int64_t> source = kernel::elementOffsets(target, kernel::broadcastStrides(values, target));
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "index_put_", [&] {
        using T = scalar_t;
        const T* v = values.data<T>();
        T* o = self.data<T>();
        for (size_t j = 0; j < offsets.size(); ++j) {
            if constexpr (Accumulate)
                o[offsets[j]] = T(o[offsets[j]] + v[source[j]]);
            else
                o[offsets[j]] = v[source[j]];
        }
    });
}

/// zeros(sizes).index_put_(indices, values, accumulate=True) as 1.13's index_backward
/// writes it, with _index_put_impl_ (IndexPutImplBackward0).
Tensor indexPutIntoZeros(const IntList& sizes, const internal::ResolvedIndices& where, const Tensor& values)
{
    Tensor out = kernel::newTensor(sizes, values.dtype(), values.device());
    std::memset(out.rawData(), 0, out.nbytes());
    writeIndexedValues<true>(out, where, values);
    // index_backward in 1.13 is _index_put_impl_(zeros, indices, grad, accumulate=True,
    // unsafe=True): an in-place op of its own, IndexPutImplBackward0 (its `unsafe` is not saved).
    Tensor zerosSelf;  // `self` of _index_put_impl_: the fresh zeros, which need no gradient
    OpRecorder rec("IndexPutImplBackward0", {&zerosSelf, &values}, [where](BackwardNode&, const variable_list& g) {
        return variable_list{Tensor(), internal::index(g[0], where)};
    });
    rec.attr("accumulate", true);
    for (const Tensor& s : where.keys)
        rec.save("indices", s);
    return rec.finish(out);
}

}  // namespace

namespace internal {

ResolvedIndices resolveIndices(const Tensor& self, const TensorList& keys)
{
    for (const Tensor& key : keys)
        AGV_CHECK(!key.defined() || key.dtype() == ScalarType::Int64 || key.dtype() == ScalarType::Bool,
                  IndexError, "tensors used as indices must be long, byte or bool tensors");
    ResolvedIndices r;
    r.keys = keys;
    if (keys.size() == 1 && keys[0].defined() && keys[0].dtype() == ScalarType::Bool && keys[0].dim() == 0) {
        // A 0-d mask (x.index_put_((torch.tensor(True),), v)): all of self once, or nothing.
        int64_t count = 0;
        maskToIndices(keys[0], count);
        r.shape = {count};
        return r;
    }
    // expandTensors: a mask becomes one int64 tensor per dim it covers.
    TensorList expanded;
    int64_t dim = 0;
    for (const Tensor& key : keys) {
        if (!key.defined()) {
            ++dim;
        } else if (key.dtype() == ScalarType::Int64) {
            expanded.push_back(key);
            r.dims.push_back(dim++);
        } else {
            checkMaskShape(self, key, dim);
            int64_t count = 0;
            for (const Tensor& coordinates : maskToIndices(key, count)) {
                expanded.push_back(coordinates);
                r.dims.push_back(dim++);
            }
        }
    }
    if (expanded.empty())
        return r;
    r.shape = broadcastIndexShapes(expanded);
    for (const Tensor& idx : expanded) {
        Tensor full = kernel::newTensor(r.shape, ScalarType::Int64, idx.device());  // outside the graph
        kernel::copyInto(full, idx);
        r.indices.push_back(full);
    }
    return r;
}

void checkIndexBounds(const IntList& selfSizes, const ResolvedIndices& where)
{
    // The kernel checks each element's indices, one index tensor after the other, and names
    // the index tensor by its place among them, not by the dim it indexes.
    const int64_t positions = computeNumel(where.shape);
    for (int64_t p = 0; p < positions; ++p)
        for (size_t j = 0; j < where.indices.size(); ++j) {
            const int64_t k = where.indices[j].data<int64_t>()[p];
            const int64_t size = selfSizes[size_t(where.dims[j])];
            AGV_CHECK(k >= -size && k < size, IndexError, "index ", k, " is out of bounds for dimension ", j,
                      " with size ", size);
        }
}

Tensor index(const Tensor& t, const ResolvedIndices& where)
{
    IntList outSizes;
    const std::vector<int64_t> offsets = indexedOffsets(t.sizes(), t.strides(), where, &outSizes);
    Tensor out = kernel::newTensor(outSizes, t.dtype(), t.device());
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "index", [&] {
        using T = scalar_t;
        const T* in = t.data<T>();
        T* o = out.data<T>();
        for (size_t j = 0; j < offsets.size(); ++j)
            o[j] = in[offsets[j]];
    });
    const IntList selfSizes = t.sizes();
    OpRecorder rec("IndexBackward0", {&t}, [selfSizes, where](BackwardNode& n, const variable_list& g) {
        for (size_t i = 0; i < where.keys.size(); ++i)
            n.saved(i);  // refuses indices modified in place since, as PyTorch does
        // zeros_like, then _index_put_impl_ (See Note [Versions of gradients built in place])
        return variable_list{builtInPlace(indexPutIntoZeros(selfSizes, where, g[0]), 1)};
    });
    rec.attr("self_sizes", selfSizes);
    for (const Tensor& s : where.keys)
        rec.save("indices", s);
    rec.forward([where](const InputTangents& t, const Tensor&) { return index(t[0], where); });
    return rec.finish(out);
}

}  // namespace internal

Tensor index(const Tensor& self, const TensorList& indices)
{
    AGV_CHECK(int64_t(indices.size()) <= self.dim(), IndexError, "too many indices for tensor of dimension ",
              self.dim(), " (got ", indices.size(), ")");
    const internal::ResolvedIndices where = internal::resolveIndices(self, bytesAsMasks(indices, nullptr, false));
    internal::checkIndexBounds(self.sizes(), where);
    return internal::index(self, where);
}

Tensor indexWithTensor(const Tensor& t, const Tensor& index)
{
    // Python indexing treats a 0-d integer tensor as an int: a view (SelectBackward0).
    if (isIntegralType(index.dtype(), false) && index.dtype() != ScalarType::UInt8 && index.dim() == 0 && t.dim() > 0)
        return select(t, 0, index.itemInt());
    return ops::index(t, TensorList{index});
}

Tensor indexWithTensors(const Tensor& t, const TensorList& indices) { return ops::index(t, indices); }

namespace {

/// canDispatchToMaskedFill: without accumulate, one mask and a one-element value make
/// index_put_ a masked_fill_ with value.item(), which takes any dtype.
bool isMaskedFill(const Tensor& self, const TensorList& keys, const Tensor& values)
{
    if (values.numel() != 1)
        return false;
    bool haveMask = false;
    int64_t dims = 0;
    for (const Tensor& key : keys) {
        if (!key.defined()) {
            ++dims;
            continue;
        }
        if (key.dtype() != ScalarType::Bool || haveMask)
            return false;
        haveMask = true;
        checkMaskShape(self, key, dims);
        dims += key.dim();
    }
    // With no index at all, 1.13 unsqueezes an undefined mask.
    AGV_CHECK(haveMask, RuntimeError, "strides() called on an undefined Tensor");
    return true;
}

/// at::assert_no_overlap: an in-place write may not read a tensor that shares memory with
/// the written one, unless the overlap is too hard to tell (PyTorch gives up on tensors
/// that are not non-overlapping and dense; we on non-contiguous ones).
void assertNoOverlap(const Tensor& self, const Tensor& other)
{
    bool overlap = self.impl() == other.impl();
    if (!overlap && self.numel() > 0 && other.numel() > 0 && self.isContiguous() && other.isContiguous() &&
        self.impl()->storage() == other.impl()->storage()) {
        const char* a = static_cast<const char*>(self.rawData());
        const char* b = static_cast<const char*>(other.rawData());
        const char* aEnd = a + self.numel() * int64_t(elementSize(self.dtype()));
        const char* bEnd = b + other.numel() * int64_t(elementSize(other.dtype()));
        overlap = a < bEnd && b < aEnd;
    }
    AGV_CHECK(!overlap, RuntimeError,
              "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
              "memory location. Please clone() the tensor before performing the operation.");
}

}  // namespace

namespace internal {

IndexPutPlan planIndexPut(const Tensor& self, const TensorList& byteOrBoolKeys, const Tensor& values,
                          bool accumulate, bool inplace)
{
    const TensorList keys = bytesAsMasks(byteOrBoolKeys, &values, accumulate);
    AGV_CHECK(int64_t(keys.size()) <= self.dim(), IndexError, "too many indices for tensor of dimension ", self.dim(),
              " (got ", keys.size(), ")");
    IndexPutPlan plan;
    plan.source = values;
    const bool maskedFill = !accumulate && isMaskedFill(self, keys, values);
    if (maskedFill && values.dtype() != self.dtype())
        plan.source = kernel::convert(values, self.dtype());
    if (inplace && !maskedFill) {  // masked_fill_ reads its one value first
        assertNoOverlap(self, values);
        for (const Tensor& key : keys)
            if (key.defined())
                assertNoOverlap(self, key);
    }
    plan.where = resolveIndices(self, keys);
    // make_index_put_iterator: the values must broadcast to the indexing result, in self's dtype.
    const IntList target = indexedShape(self.sizes(), plan.where);
    AGV_CHECK(isExpandableTo(values.sizes(), target), RuntimeError, "shape mismatch: value tensor of shape ",
              sizesToString(values.sizes()), " cannot be broadcast to indexing result of shape ",
              sizesToString(target));
    AGV_CHECK(plan.source.dtype() == self.dtype(), RuntimeError,
              "Index put requires the source and destination dtypes match, got ", legacyDtypeShortName(self.dtype()),
              " for the destination and ", legacyDtypeShortName(values.dtype()), " for the source.");
    // An empty tuple of indices reaches 1.13's CPU kernel with nothing to index by.
    AGV_CHECK(!keys.empty(), RuntimeError,
              "ntensor >= 3 INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/cpu/IndexKernelUtils.h\":10, please "
              "report a bug to PyTorch. ");
    checkIndexBounds(self.sizes(), plan.where);
    // Alias-safe: values sharing self's storage that got through (a masked fill's one value,
    // a non-contiguous view) are copied out first.
    if (plan.source.impl()->storage() == self.impl()->storage())
        plan.source = detachedClone(plan.source);
    return plan;
}

void writeIndexed(const Tensor& self, const ResolvedIndices& where, const Tensor& source, bool accumulate)
{
    if (accumulate)
        writeIndexedValues<true>(self, where, source);
    else
        writeIndexedValues<false>(self, where, source);
}

BackwardNode::Rule indexPutBackward(const ResolvedIndices& where, const Tensor& values, bool accumulate)
{
    const IntList valueSizes = values.sizes();
    const ScalarType valueType = values.dtype();
    return [where, valueSizes, valueType, accumulate](BackwardNode& n, const variable_list& g) {
        for (size_t i = 0; i < where.keys.size(); ++i)
            n.saved(i);  // refuses indices modified in place since, as PyTorch does
        Tensor gradSelf, gradValues;
        if (n.needsInputGrad(0)) {
            // The overwritten places get no gradient: a differentiable index_put of zeros.
            gradSelf = accumulate ? g[0]
                                  : indexPut(g[0], where.keys, zeros(valueSizes, valueType, g[0].device()), false);
        }
        if (n.needsInputGrad(1)) {
            // grad.index(indices); validate_outputs sums it to the values' shape when it differs
            gradValues = internal::index(g[0], where);
            if (gradValues.sizes() != valueSizes)
                gradValues = sumTo(gradValues, valueSizes);
        }
        return variable_list{gradSelf, gradValues};
    };
}

ForwardRule indexPutForward(const TensorList& keys, bool accumulate)
{
    return [keys, accumulate](const InputTangents& t, const Tensor&) { return indexPut(t[0], keys, t[1], accumulate); };
}

}  // namespace internal

Tensor indexPut(const Tensor& self, const TensorList& indices, const Tensor& values, bool accumulate)
{
    // The node comes first, as in 1.13's VariableType (gradient edges, saved indices), then
    // the kernel and its checks; the backward formula needs the kernel's plan, so the
    // node's rule forwards to one filled in afterwards.
    auto planned = std::make_shared<BackwardNode::Rule>();
    OpRecorder rec("IndexPutBackward0", {&self, &values},
                   [planned](BackwardNode& n, const variable_list& g) { return (*planned)(n, g); });
    rec.attr("accumulate", accumulate);
    for (const Tensor& key : indices)
        rec.save("indices", key);
    rec.forward(internal::indexPutForward(indices, accumulate));
    // Written into a copy of self: nothing to overlap.
    const internal::IndexPutPlan plan = internal::planIndexPut(self, indices, values, accumulate, false);
    *planned = internal::indexPutBackward(plan.where, values, accumulate);
    // CompositeExplicitAutograd in 1.13: a clone (MemoryFormat::Preserve, so a permuted
    // self gives a permuted result) written in place, recorded as one op.
    Tensor out = kernel::newStridedTensor(self.sizes(), preservedStrides(self), self.dtype(), self.device());
    kernel::copyInto(out, self);
    internal::writeIndexed(out, plan.where, plan.source, accumulate);
    return rec.finish(out);
}

Tensor nonzero(const Tensor& t)
{
    // Row-major order of the nonzero elements; a 0-d tensor has rows of no columns.
    std::vector<int64_t> coordinates;
    int64_t count = 0;
    const Tensor values = kernel::dense(t);
    const IntList& sizes = t.sizes();
    IntList position(sizes.size(), 0);
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "nonzero_cpu", [&] {
        using T = scalar_t;
        const T* v = values.data<T>();
        for (int64_t i = 0; i < values.numel(); ++i) {
            bool nonzero;
            if constexpr (std::is_arithmetic_v<T>)
                nonzero = v[i] != T(0);
            else
                nonzero = float(v[i]) != 0.0f;
            if (nonzero) {
                coordinates.insert(coordinates.end(), position.begin(), position.end());
                ++count;
            }
            for (int64_t d = int64_t(sizes.size()) - 1; d >= 0; --d) {
                if (++position[size_t(d)] < sizes[size_t(d)])
                    break;
                position[size_t(d)] = 0;
            }
        }
    });
    Tensor out = fromInts({count, t.dim()}, coordinates, ScalarType::Int64, t.device());
    announceTensor(out);
    return out;
}

}  // namespace agv::ops
