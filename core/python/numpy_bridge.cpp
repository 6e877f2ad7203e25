#include "core/python/numpy_bridge.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <cstdint>
#include <cstdlib>

#include "core/autograd/grad_mode.h"
#include "core/ops/ops.h"
#include "core/warning.h"

namespace agv::python::numpy {

namespace {

bool g_apiLoaded = false;

// Note [NumPy's arrays never touch]
// NumPy's float64 sin, cos, ... run their SVML loop only when input and output do not
// overlap, and its check counts two arrays that merely touch (one ending where the next
// begins) as overlapping: it then computes with libm, which rounds some values
// differently. Beside PyTorch, NumPy allocates with glibc's malloc, whose chunk headers
// keep any two arrays apart; this program's jemalloc packs small blocks back to back. So
// NumPy's arrays get their memory here with a gap after each, through NumPy's own
// allocator hook (NEP 49), set when the script imports NumPy.
constexpr size_t kArrayGap = 16;

void* gappedMalloc(void*, size_t size) { return std::malloc(size + kArrayGap); }

void* gappedCalloc(void*, size_t count, size_t elementSize)
{
    size_t bytes = 0;
    if (__builtin_mul_overflow(count, elementSize, &bytes) || bytes > SIZE_MAX - kArrayGap)
        return nullptr;
    return std::calloc(bytes + kArrayGap, 1);
}

void* gappedRealloc(void*, void* pointer, size_t size) { return std::realloc(pointer, size + kArrayGap); }

void gappedFree(void*, void* pointer, size_t) { std::free(pointer); }

PyDataMem_Handler g_gappedHandler = {
    "autogradviz_gapped", 1, {nullptr, gappedMalloc, gappedCalloc, gappedRealloc, gappedFree}};

void installGappedAllocator()
{
    PyObject* capsule = PyCapsule_New(&g_gappedHandler, "mem_handler", nullptr);
    if (!capsule) {
        PyErr_Clear();
        return;
    }
    PyObject* previous = PyDataMem_SetHandler(capsule);
    Py_DECREF(capsule);
    if (previous)
        Py_DECREF(previous);
    else
        PyErr_Clear();
}

/// 1.13's numpy_dtype_to_aten, whose TypeError names the NumPy type.
ScalarType dtypeOf(int typeNumber)
{
    switch (typeNumber) {
    case NPY_DOUBLE: return ScalarType::Float64;
    case NPY_FLOAT: return ScalarType::Float32;
    case NPY_HALF: return ScalarType::Half;
    case NPY_INT16: return ScalarType::Int16;
    case NPY_INT8: return ScalarType::Int8;
    case NPY_UINT8: return ScalarType::UInt8;
    case NPY_BOOL: return ScalarType::Bool;
    case NPY_CFLOAT:
    case NPY_CDOUBLE: raise(PyExc_NotImplementedError, "autogradviz: complex tensors are not supported");
    default: break;
    }
    if (typeNumber == NPY_INT || typeNumber == NPY_INT32)
        return ScalarType::Int32;
    if (typeNumber == NPY_LONGLONG || typeNumber == NPY_INT64)
        return ScalarType::Int64;
    py::object type = py::reinterpret_steal<py::object>(PyArray_TypeObjectFromType(typeNumber));
    if (!type)
        throw py::error_already_set();
    raise(PyExc_TypeError, std::string("can't convert np.ndarray of type ") +
                               reinterpret_cast<PyTypeObject*>(type.ptr())->tp_name +
                               ". The only supported types are: float64, float32, float16, complex64, complex128, "
                               "int64, int32, int16, int8, uint8, and bool.");
}

int typeNumberOf(ScalarType dtype)
{
    switch (dtype) {
    case ScalarType::Float64: return NPY_DOUBLE;
    case ScalarType::Float32: return NPY_FLOAT;
    case ScalarType::Half: return NPY_HALF;
    case ScalarType::Int64: return NPY_INT64;
    case ScalarType::Int32: return NPY_INT32;
    case ScalarType::Int16: return NPY_INT16;
    case ScalarType::Int8: return NPY_INT8;
    case ScalarType::UInt8: return NPY_UINT8;
    case ScalarType::Bool: return NPY_BOOL;
    case ScalarType::BFloat16: break;
    }
    raise(PyExc_TypeError, "Got unsupported ScalarType BFloat16");
}

void requireNumpy()
{
    if (loaded())
        return;
    // The script has not imported it: import it now, as PyTorch's bindings would find it.
    if (PyObject* module = PyImport_ImportModule("numpy")) {
        Py_DECREF(module);
        imported();
    } else {
        PyErr_Clear();
    }
    if (!loaded())
        raise(PyExc_RuntimeError, "Numpy is not available");
}

}  // namespace

bool loaded() { return g_apiLoaded; }

void imported()
{
    if (g_apiLoaded)
        return;
    if (_import_array() < 0) {
        PyErr_Clear();
        return;
    }
    g_apiLoaded = true;
    installGappedAllocator();
}

bool isArray(py::handle h) { return loaded() && PyArray_Check(h.ptr()); }

bool isInteger(py::handle h) { return loaded() && PyArray_IsScalar(h.ptr(), Integer); }

bool isScalar(py::handle h)
{
    return loaded() && (PyArray_IsScalar(h.ptr(), Integer) || PyArray_IsScalar(h.ptr(), Floating));
}

std::optional<ScalarType> scalarDtype(py::handle h)
{
    if (!loaded() || !PyArray_CheckScalar(h.ptr()) || PyArray_Check(h.ptr()))
        return std::nullopt;
    PyArray_Descr* descr = PyArray_DescrFromScalar(h.ptr());
    if (!descr)
        throw py::error_already_set();
    const int typeNumber = descr->type_num;
    Py_DECREF(descr);
    return dtypeOf(typeNumber);
}

Tensor toTensor(py::handle object, bool warnIfNotWriteable)
{
    requireNumpy();
    if (!PyArray_Check(object.ptr()))
        raise(PyExc_TypeError, std::string("expected np.ndarray (got ") + Py_TYPE(object.ptr())->tp_name + ")");
    auto* array = reinterpret_cast<PyArrayObject*>(object.ptr());
    if (warnIfNotWriteable && !PyArray_ISWRITEABLE(array)) {
        static bool warned = false;  // TORCH_WARN_ONCE
        if (!warned) {
            warned = true;
            warn("UserWarning",
                 "The given NumPy array is not writable, and PyTorch does not support non-writable tensors. This "
                 "means writing to this tensor will result in undefined behavior. You may want to copy the array to "
                 "protect its data or make it writable before converting it to a tensor. This type of warning will be "
                 "suppressed for the rest of this program. (Triggered internally at  "
                 "./torch/csrc/utils/tensor_numpy.cpp:199.)");
        }
    }
    const int ndim = PyArray_NDIM(array);
    const npy_intp itemSize = PyArray_ITEMSIZE(array);
    IntList sizes(static_cast<size_t>(ndim)), strides(static_cast<size_t>(ndim));
    for (int i = 0; i < ndim; ++i) {
        sizes[size_t(i)] = int64_t(PyArray_DIMS(array)[i]);
        const npy_intp stride = PyArray_STRIDES(array)[i];
        if (stride % itemSize != 0)
            raise(PyExc_ValueError, "given numpy array strides not a multiple of the element byte size. Copy the "
                                    "numpy array to reallocate the memory.");
        strides[size_t(i)] = int64_t(stride / itemSize);
    }
    for (int64_t stride : strides)
        if (stride < 0)
            raise(PyExc_ValueError,
                  "At least one stride in the given numpy array is negative, and tensors with negative strides are "
                  "not currently supported. (You can probably work around this by making a copy of your array  with "
                  "array.copy().) ");
    if (!PyArray_EquivByteorders(PyArray_DESCR(array)->byteorder, NPY_NATIVE))
        raise(PyExc_ValueError, "given numpy array has byte order different from the native byte order. Conversion "
                                "between byte orders is currently not supported.");
    const ScalarType dtype = dtypeOf(PyArray_TYPE(array));
    // The tensor holds a reference to the array: its buffer lives as long as either.
    PyObject* owner = object.ptr();
    Py_INCREF(owner);
    return ops::fromBlob(PyArray_DATA(array), sizes, strides, dtype, [owner] {
        if (!Py_IsInitialized())
            return;  // the interpreter is gone, and the array with it
        const PyGILState_STATE state = PyGILState_Ensure();
        Py_DECREF(owner);
        PyGILState_Release(state);
    });
}

py::object fromTensor(const Tensor& t, bool force)
{
    requireNumpy();
    if (!force) {
        if (t.device().isCuda())
            raise(PyExc_TypeError, "can't convert " + t.device().str() +
                                       " device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host "
                                       "memory first.");
        if (GradMode::isEnabled() && t.requiresGrad())
            raise(PyExc_RuntimeError,
                  "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
    }
    Tensor prepared = ops::detach(t);
    if (prepared.device().isCuda())
        prepared = ops::toDevice(prepared, Device{});
    const int typeNumber = typeNumberOf(prepared.dtype());
    const auto itemSize = int64_t(elementSize(prepared.dtype()));
    std::vector<npy_intp> sizes, strides;
    for (int64_t i = 0; i < prepared.dim(); ++i) {
        sizes.push_back(npy_intp(prepared.sizes()[size_t(i)]));
        strides.push_back(npy_intp(prepared.strides()[size_t(i)] * itemSize));
    }
    py::object array = py::reinterpret_steal<py::object>(
        PyArray_New(&PyArray_Type, int(prepared.dim()), sizes.data(), typeNumber, strides.data(), prepared.rawData(),
                    0, NPY_ARRAY_ALIGNED | NPY_ARRAY_WRITEABLE, nullptr));
    if (!array)
        throw py::error_already_set();
    // The array's base is the (detached) tensor, which keeps the memory alive.
    if (PyArray_SetBaseObject(reinterpret_cast<PyArrayObject*>(array.ptr()), wrapTensor(prepared).release().ptr()) < 0)
        throw py::error_already_set();
    return array;
}

}  // namespace agv::python::numpy
