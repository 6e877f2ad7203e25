// Advanced indexing with a tensor: x[idx] (int64, negative indices allowed) and
// x[mask] (bool, matching the leading dims). The result is a copy (IndexBackward0);
// its backward accumulates into zeros, so an index repeated k times receives k
// gradients, like index_put_(..., accumulate=True).

#include <cstring>

#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/warning.h"

namespace agv::ops {

namespace {

/// For every index position (row-major over indexShape), the storage offset of the
/// indexed sub-tensor in a tensor with `sizes`/`strides`. Indices are already in range.
std::vector<int64_t> baseOffsets(const IntList& sizes, const IntList& strides, const TensorList& indices,
                                 const IntList& indexShape)
{
    std::vector<int64_t> bases(size_t(computeNumel(indexShape)), 0);
    for (size_t j = 0; j < indices.size(); ++j) {
        const Tensor& idx = indices[j];
        const std::vector<int64_t> offsets = kernel::elementOffsets(idx.sizes(), idx.strides());
        const int64_t* data = idx.data<int64_t>();
        for (size_t p = 0; p < bases.size(); ++p) {
            int64_t k = data[offsets[p]];
            if (k < 0)
                k += sizes[j];
            bases[p] += k * strides[j];
        }
    }
    return bases;
}

/// PyTorch's bounds check of an int64 index tensor against dimension `dim` of `size`.
void checkIndexBounds(const Tensor& index, int64_t dim, int64_t size)
{
    for (int64_t off : kernel::elementOffsets(index.sizes(), index.strides())) {
        const int64_t k = index.data<int64_t>()[off];
        AGV_CHECK(k >= -size && k < size, IndexError, "index ", k, " is out of bounds for dimension ", dim,
                  " with size ", size);
    }
}

IntList restOf(const IntList& v, size_t k) { return IntList(v.begin() + std::ptrdiff_t(k), v.end()); }

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

}  // namespace

Tensor indexWithTensor(const Tensor& t, const Tensor& index)
{
    // Python indexing treats a 0-d integer tensor as an int: a view (SelectBackward0).
    if (isIntegralType(index.dtype(), false) && index.dtype() != ScalarType::UInt8 && index.dim() == 0 && t.dim() > 0)
        return select(t, 0, index.itemInt());
    TensorList indices;
    IntList indexShape;
    internal::resolveIndexKey(t, index, indices, indexShape);
    return internal::index(t, indices, indexShape, {index});
}

Tensor indexWithTensors(const Tensor& t, const TensorList& indices)
{
    if (indices.size() == 1)
        return indexWithTensor(t, indices[0]);
    AGV_CHECK(int64_t(indices.size()) <= t.dim(), IndexError, "too many indices for tensor of dimension ", t.dim());
    IntList shape = indices[0].sizes();
    for (const Tensor& idx : indices) {
        AGV_CHECK(idx.dtype() == ScalarType::Int64, IndexError,
                  "tensors used as indices must be long, byte or bool tensors");
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
    TensorList expanded;
    for (size_t d = 0; d < indices.size(); ++d) {
        const Tensor& idx = indices[d];
        checkIndexBounds(idx, int64_t(d), t.sizes()[d]);
        Tensor full = kernel::newTensor(shape, ScalarType::Int64, idx.device());  // broadcast, outside the graph
        kernel::copyInto(full, idx);
        expanded.push_back(full);
    }
    return internal::index(t, expanded, shape, indices);
}

namespace internal {

void resolveIndexKey(const Tensor& t, const Tensor& key, TensorList& indices, IntList& indexShape)
{
    AGV_CHECK(key.dtype() == ScalarType::Int64 || key.dtype() == ScalarType::Bool || key.dtype() == ScalarType::UInt8,
              IndexError, "tensors used as indices must be long, byte or bool tensors");
    AGV_CHECK(t.dim() > 0, IndexError, "too many indices for tensor of dimension ", t.dim());
    if (key.dtype() == ScalarType::UInt8) {
        // Before bool existed a byte tensor was the mask; 1.13 still takes it, with a warning.
        warn("UserWarning", "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool "
                            "instead. (Triggered internally at  ./aten/src/ATen/native/IndexingUtils.h:27.)");
        resolveIndexKey(t, kernel::convert(key, ScalarType::Bool), indices, indexShape);
        return;
    }
    if (key.dtype() == ScalarType::Int64) {
        checkIndexBounds(key, 0, t.sizes()[0]);
        indices = {key};
        indexShape = key.sizes();
        return;
    }
    AGV_CHECK(key.dim() <= t.dim(), IndexError, "too many indices for tensor of dimension ", t.dim());
    for (int64_t d = 0; d < key.dim(); ++d)
        AGV_CHECK(key.sizes()[size_t(d)] == t.sizes()[size_t(d)], IndexError, "The shape of the mask ",
                  sizesToString(key.sizes()), " at index ", d, " does not match the shape of the indexed tensor ",
                  sizesToString(t.sizes()), " at index ", d);
    int64_t count = 0;
    indices = maskToIndices(key, count);
    indexShape = {count};
}

void putIndexed(const Tensor& self, const TensorList& indices, const IntList& indexShape, const Tensor& values)
{
    const size_t k = indices.size();
    IntList target = indexShape;
    const IntList rest = restOf(self.sizes(), k);
    target.insert(target.end(), rest.begin(), rest.end());
    const std::vector<int64_t> bases = baseOffsets(self.sizes(), self.strides(), indices, indexShape);
    const std::vector<int64_t> inner = kernel::elementOffsets(rest, restOf(self.strides(), k));
    const std::vector<int64_t> source = kernel::elementOffsets(target, kernel::broadcastStrides(values, target));
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "index_put_", [&] {
        using T = scalar_t;
        const T* v = values.data<T>();
        T* o = self.data<T>();
        for (size_t p = 0; p < bases.size(); ++p)
            for (size_t i = 0; i < inner.size(); ++i)
                o[bases[p] + inner[i]] = v[source[p * inner.size() + i]];
    });
}

Tensor index(const Tensor& t, const TensorList& indices, const IntList& indexShape, const TensorList& saved)
{
    const size_t k = indices.size();
    IntList outSizes = indexShape;
    const IntList rest = restOf(t.sizes(), k);
    outSizes.insert(outSizes.end(), rest.begin(), rest.end());
    Tensor out = kernel::newTensor(outSizes, t.dtype(), t.device());
    const std::vector<int64_t> bases = baseOffsets(t.sizes(), t.strides(), indices, indexShape);
    const std::vector<int64_t> inner = kernel::elementOffsets(rest, restOf(t.strides(), k));
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "index", [&] {
        using T = scalar_t;
        const T* in = t.data<T>();
        T* o = out.data<T>();
        for (size_t p = 0; p < bases.size(); ++p)
            for (size_t i = 0; i < inner.size(); ++i)
                o[p * inner.size() + i] = in[bases[p] + inner[i]];
    });
    const IntList selfSizes = t.sizes();
    OpRecorder rec("IndexBackward0", {&t},
                   [selfSizes, indices, indexShape, saved](BackwardNode& n, const variable_list& g) {
                       for (size_t i = 0; i < saved.size(); ++i)
                           n.saved(i);  // refuses indices modified in place since, as PyTorch does
                       return variable_list{indexPutIntoZeros(selfSizes, indices, indexShape, saved, g[0])};
                   });
    rec.attr("self_sizes", selfSizes);
    for (const Tensor& s : saved)
        rec.save("indices", s);
    rec.forward([indices, indexShape, saved](const InputTangents& t, const Tensor&) {
        return index(t[0], indices, indexShape, saved);
    });
    return rec.finish(out);
}

Tensor indexPutIntoZeros(const IntList& sizes, const TensorList& indices, const IntList& indexShape,
                         const TensorList& saved, const Tensor& values)
{
    const size_t k = indices.size();
    Tensor out = kernel::newTensor(sizes, values.dtype(), values.device());
    std::memset(out.rawData(), 0, out.nbytes());
    const std::vector<int64_t> bases = baseOffsets(sizes, out.strides(), indices, indexShape);
    const std::vector<int64_t> inner = kernel::elementOffsets(restOf(sizes, k), restOf(out.strides(), k));
    const std::vector<int64_t> source = kernel::elementOffsets(values.sizes(), values.strides());
    AGV_DISPATCH_ALL_AND_HALF(values.dtype(), "index_put_", [&] {
        using T = scalar_t;
        const T* v = values.data<T>();
        T* o = out.data<T>();
        for (size_t p = 0; p < bases.size(); ++p)
            for (size_t i = 0; i < inner.size(); ++i)
                o[bases[p] + inner[i]] += v[source[p * inner.size() + i]];
    });
    Tensor zerosSelf;  // `self` of index_put_: the fresh zeros, which need no gradient
    OpRecorder rec("IndexPutBackward0", {&zerosSelf, &values},
                   [indices, indexShape, saved](BackwardNode&, const variable_list& g) {
                       return variable_list{Tensor(), index(g[0], indices, indexShape, saved)};
                   });
    rec.attr("accumulate", true);
    for (const Tensor& s : saved)
        rec.save("indices", s);
    return rec.finish(out);
}

}  // namespace internal

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
