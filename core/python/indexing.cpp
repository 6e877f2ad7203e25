// Python indexing of tensors, `t[key]` and `t[key] = value`, as PyTorch 1.13's
// python_variable_indexing.cpp and TensorIndexing.h do it (applySlicing): the basic
// indices apply first, one dim after the other (an int selects, a slice slices, None
// unsqueezes), and the index tensors met on the way are collected, one per dim they stand
// at, for one aten::index (or index_put_) on what the basic indices left. So `x[:, idx]`
// is a SliceBackward0 under an IndexBackward0, and `x[:, idx] = v` writes through a view.

#include <algorithm>

#include "core/ops/index_put.h"
#include "core/ops/internal_ops.h"
#include "core/ops/masked_fill.h"
#include "core/ops/ops.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

bool isEllipsis(py::handle h) { return h.ptr() == Py_Ellipsis; }

/// THPUtils_checkLong: a Python int that is not a bool (True and False index otherwise).
bool isInt(py::handle h) { return PyLong_Check(h.ptr()) && !PyBool_Check(h.ptr()); }

std::optional<int64_t> optionalIndex(py::handle h)
{
    if (!h || h.is_none())
        return std::nullopt;
    return py::cast<int64_t>(py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr())));
}

int64_t toIndex(py::handle h)
{
    PyObject* index = PyNumber_Index(h.ptr());
    if (!index)
        throw py::error_already_set();
    return py::cast<int64_t>(py::reinterpret_steal<py::object>(index));
}

[[noreturn]] void invalidIndex(py::handle item)
{
    raise(PyExc_IndexError,
          "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got " +
              typeName(item) + ")");
}

/// applySelect: an integer in an index checks its bound itself, naming the item's place in
/// the key (`realDim`: Nones and an ellipsis count), before select runs.
Tensor selectAt(const Tensor& t, int64_t dim, int64_t index, int64_t realDim)
{
    if (index == 0 && dim == 0 && t.dim() == 0)
        raise(PyExc_IndexError, "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
    if (dim < t.dim()) {
        const int64_t size = t.sizes()[size_t(dim)];
        if (!(size >= -index && size > index))
            raise(PyExc_IndexError, "index " + std::to_string(index) + " is out of bounds for dimension " +
                                        std::to_string(realDim) + " with size " + std::to_string(size));
    }
    return ops::select(t, dim, index);
}

/// `t[start:stop:step]` along `dim`. `skipWhole`: a slice written to keep the whole dim
/// (0, the size, step 1) is no slice at all, as in a tuple index or an assignment.
Tensor applySlice(const Tensor& t, int64_t dim, py::handle slice, bool skipWhole)
{
    const auto start = optionalIndex(slice.attr("start"));
    const auto stop = optionalIndex(slice.attr("stop"));
    const auto step = optionalIndex(slice.attr("step"));
    const bool keepsAll = start.value_or(0) == 0 && stop && dim < t.dim() && *stop == t.sizes()[size_t(dim)] &&
                          step.value_or(1) == 1;
    if (keepsAll && skipWhole)
        return t;
    return ops::slice(t, dim, start, stop, step.value_or(1));
}

/// treatSequenceAsTuple, NumPy's rule: a list shorter than 32 that holds a tensor, a
/// sequence, a slice, None or ... is a tuple of indices (x[[0, slice(None)]] is x[0, :]);
/// other lists are one index (x[[0, 2]]).
bool treatSequenceAsTuple(py::handle index)
{
    if (PyTuple_Check(index.ptr()))
        return true;
    if (isTensor(index) || !PySequence_Check(index.ptr()))
        return false;
    const Py_ssize_t n = PySequence_Size(index.ptr());
    if (n < 0) {
        PyErr_Clear();
        return false;
    }
    if (n >= 32)
        return false;
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* raw = PySequence_GetItem(index.ptr(), i);
        if (!raw) {
            PyErr_Clear();
            return false;
        }
        const py::object item = py::reinterpret_steal<py::object>(raw);
        if (isTensor(item) || PySequence_Check(raw) || PySlice_Check(raw) || raw == Py_Ellipsis || raw == Py_None)
            return true;
    }
    return false;
}

/// sequenceToVariable: an index list as a tensor, bool when all its items are bools and
/// int64 otherwise (floats are truncated, as 1.13's indexing_tensor_from_data does).
Tensor sequenceToIndexTensor(py::handle sequence)
{
    const py::object inferred = py::module_::import("torch").attr("tensor")(sequence);
    const Tensor t = *asTensor(inferred);
    if (t.dtype() == ScalarType::Bool || t.dtype() == ScalarType::Int64)
        return t;
    return ops::toDtype(t, ScalarType::Int64);
}

/// boolToIndexingTensor: True indexes the new dim of size 1 once, False not at all.
Tensor boolToIndexingTensor(bool value, const Device& device)
{
    return value ? ops::fromInts({1}, {0}, ScalarType::Int64, device)
                 : ops::fromInts({0}, {}, ScalarType::Int64, device);
}

/// count_specified_dimensions: the dims an index consumes (a mask as many as it has; None,
/// ..., True and False none).
int64_t countSpecifiedDims(const std::vector<py::handle>& items)
{
    int64_t count = 0;
    for (py::handle item : items) {
        if (auto t = asTensor(item)) {
            const bool mask = t->dtype() == ScalarType::Bool || t->dtype() == ScalarType::UInt8;
            count += mask ? t->dim() : 1;
        } else if (!item.is_none() && !isEllipsis(item) && !PyBool_Check(item.ptr())) {
            ++count;
        }
    }
    return count;
}

/// What the basic indices make of `self`, and the index tensors left for aten::index, one
/// entry per dim of `sliced` (undefined where that dim is not indexed).
struct SlicedIndex {
    Tensor sliced;
    TensorList advanced;
};

SlicedIndex applySlicing(const Tensor& self, const std::vector<py::handle>& items)
{
    const int64_t specified = countSpecifiedDims(items);
    if (specified > self.dim())
        raise(PyExc_IndexError, "too many indices for tensor of dimension " + std::to_string(self.dim()));
    SlicedIndex r{self, {}};
    int64_t dim = 0;
    // recordTensorIndex: an index tensor stands at the current dim and moves past one dim,
    // also a mask of several dims (PyTorch's own quirk: x[mask2d, 0] selects in dim 1).
    auto record = [&](const Tensor& index) {
        r.advanced.resize(size_t(dim + 1));
        r.advanced[size_t(dim)] = index;
        ++dim;
    };
    bool sawEllipsis = false;
    int64_t position = -1;  // the item's place in the key: applySelect's real_dim
    for (py::handle item : items) {
        ++position;
        if (isInt(item)) {
            r.sliced = selectAt(r.sliced, dim, toIndex(item), position);
        } else if (PySlice_Check(item.ptr())) {
            r.sliced = applySlice(r.sliced, dim++, item, true);
        } else if (isEllipsis(item)) {
            if (sawEllipsis)
                raise(PyExc_IndexError, "an index can only have a single ellipsis ('...')");
            sawEllipsis = true;
            dim += self.dim() - specified;
        } else if (item.is_none()) {
            r.sliced = ops::unsqueeze(r.sliced, dim++);
        } else if (PyBool_Check(item.ptr())) {
            r.sliced = ops::unsqueeze(r.sliced, dim);
            record(boolToIndexingTensor(item.ptr() == Py_True, self.device()));
        } else if (auto index = asTensor(item)) {
            const ScalarType type = index->dtype();
            if (index->dim() == 0 && isIntegralType(type, true)) {
                if (type != ScalarType::Bool && type != ScalarType::UInt8) {
                    r.sliced = selectAt(r.sliced, dim, index->itemInt(), position);
                } else {
                    r.sliced = ops::unsqueeze(r.sliced, dim);
                    record(boolToIndexingTensor(index->itemInt() != 0, self.device()));
                }
            } else {
                record(*index);
            }
        } else if (PySequence_Check(item.ptr())) {
            record(sequenceToIndexTensor(item));
        } else {
            PyObject* number = PyNumber_Index(item.ptr());
            if (!number) {
                PyErr_Clear();
                invalidIndex(item);
            }
            r.sliced = selectAt(r.sliced, dim, py::cast<int64_t>(py::reinterpret_steal<py::object>(number)), position);
        }
    }
    return r;
}

/// wrapTuple: the key as the tuple of indices it stands for.
std::vector<py::handle> indexItems(py::handle key, py::object& holder)
{
    if (treatSequenceAsTuple(key)) {
        PyObject* tuple = PySequence_Tuple(key.ptr());
        if (!tuple)
            throw py::error_already_set();
        holder = py::reinterpret_steal<py::object>(tuple);
    } else {
        holder = py::make_tuple(key);
    }
    return std::vector<py::handle>(holder.begin(), holder.end());
}

/// slicePrefix1sSize: the sizes without their leading 1s.
IntList withoutLeadingOnes(IntList sizes)
{
    sizes.erase(sizes.begin(), std::find_if(sizes.begin(), sizes.end(), [](int64_t s) { return s != 1; }));
    return sizes;
}

/// `dst[key] = src` for a basic index (copy_to of TensorIndexing.h): equal shapes copy, a
/// 0-dim source fills, any other source loses its leading 1s (a view) and is expanded to
/// the destination's shape (expand's errors) before the copy.
void copyTo(Tensor dst, const Tensor& src)
{
    if (dst.sizes() == src.sizes()) {
        ops::copyInplace(dst, src);
        return;
    }
    if (src.dim() == 0 && src.device().isCpu()) {
        ops::fillInplace(dst, src);
        return;
    }
    const Tensor srcView = ops::view(src, withoutLeadingOnes(src.sizes()));
    ops::copyInplace(dst, srcView.sizes() == dst.sizes() ? srcView : ops::expand(srcView, dst.sizes()));
}

/// The value of `t[key] = value` as a tensor: a tensor as it is, a number as a 0-d
/// tensor of t's dtype (valueToTensor).
Tensor assignedValue(const Tensor& t, py::handle value)
{
    if (auto v = asTensor(value))
        return *v;
    if (!isNumber(value))
        raise(PyExc_TypeError, "can't assign a " + typeName(value) + " to a torch.FloatTensor");
    // scalar_to_tensor fills a tensor of t's dtype: Scalar::to<T>()'s overflow check.
    return ops::maskedFillValue(toScalar(value), t);
}


}  // namespace

Tensor indexTensor(const Tensor& t, py::handle key)
{
    // THPVariable_getitem's single-index shortcuts; a lone slice always slices.
    if (key.is_none())
        return ops::unsqueeze(t, 0);
    if (isEllipsis(key))
        return ops::internal::alias(t);
    if (isInt(key))
        return selectAt(t, 0, toIndex(key), 0);
    if (PySlice_Check(key.ptr()))
        return applySlice(t, 0, key, false);
    py::object holder;
    const SlicedIndex s = applySlicing(t, indexItems(key, holder));
    if (!s.advanced.empty())
        return ops::index(s.sliced, s.advanced);
    // "ensure we return a shallow copy for things like x[...]"
    return s.sliced.sameAs(t) ? ops::internal::alias(t) : s.sliced;
}

void assignIndexed(const Tensor& t, py::handle key, py::handle valueObject)
{
    const Tensor value = assignedValue(t, valueObject);  // converted before the key is looked at
    // THPVariable_setitem's single-index shortcuts.
    if (key.ptr() == Py_False)
        return;
    if (isEllipsis(key))
        return copyTo(t, value);
    if (key.is_none() || key.ptr() == Py_True)
        return copyTo(ops::unsqueeze(t, 0), value);
    if (isInt(key))
        return copyTo(selectAt(t, 0, toIndex(key), 0), value);
    if (PySlice_Check(key.ptr()))
        return copyTo(applySlice(t, 0, key, true), value);
    py::object holder;
    SlicedIndex s = applySlicing(t, indexItems(key, holder));
    if (s.advanced.empty())
        return copyTo(s.sliced, value);
    // The values lose their leading 1s (a view, only when there are some).
    const IntList valueSizes = withoutLeadingOnes(value.sizes());
    ops::indexPutInplace(s.sliced, s.advanced, valueSizes == value.sizes() ? value : ops::view(value, valueSizes),
                         false);
}

}  // namespace agv::python
