#pragma once
// Conversions between Python objects and engine values for the `_agv_torch` module:
// tensors, Python numbers as Scalars, shapes, dims, dtypes and devices, plus a small
// argument binder that reports errors in CPython's and PyTorch's words.

#include <pybind11/pybind11.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/device/device.h"
#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::python {

namespace py = pybind11;

// ---------------------------------------------------------------- tensors

/// The Python object for a tensor (None when undefined). While the object is alive the
/// same TensorImpl always maps to it (pybind11's instance registry), so `x.grad is x.grad`.
py::object wrapTensor(const Tensor& t);
/// Makes `wrapTensor` create instances of the Python-level torch.Tensor (torch/_tensor.py),
/// which derives from `_TensorBase` as PyTorch's does.
void setTensorClass(py::object cls);
/// A new Python object of `type` (torch.Tensor or a subclass such as nn.Parameter)
/// holding `t`; it becomes the object `wrapTensor(t)` returns while it lives.
py::object wrapTensorAs(py::handle type, const Tensor& t);
/// A new instance of the Python class `type` (a pybind11 class or a Python subclass of
/// one) holding `holder`, registered so that pybind11 hands out this object for the
/// pointer while it lives. `info` is the pybind11 type the holder belongs to.
py::object wrapHolderAs(py::handle type, const py::detail::type_info* info, void* pointer, const void* holder);
/// A tuple of wrapped tensors.
py::tuple wrapTensors(const TensorList& ts);
/// True when `h` is a torch.Tensor (or a subclass such as nn.Parameter).
bool isTensor(py::handle h);
/// The tensor behind `h`; nullopt when `h` is not a tensor.
std::optional<Tensor> asTensor(py::handle h);
/// Raises TypeError "<fn>(): argument '<arg>' (position N) must be Tensor, not int".
Tensor requireTensor(py::handle h, std::string_view fn, std::string_view arg, int position);

/// The grad_fn object of a node (None for nullptr): node_binding.cpp.
py::object wrapNode(const std::shared_ptr<class Node>& node);
/// grad_fn._raw_saved_<slot> (a torch._C._autograd.SavedTensor; None for no such slot):
/// saved_tensor_binding.cpp.
py::object wrapRawSaved(const std::shared_ptr<class Node>& node, const std::string& slot);

// ---------------------------------------------------------------- numbers

/// A Python bool, int or float (not a tensor, not a str).
bool isNumber(py::handle h);
/// The Scalar of a Python number (bool stays bool, int stays int64, float is double).
Scalar toScalar(py::handle h);
/// A Python number or a one-element tensor as a Scalar (clamp(min=t) etc.).
Scalar requireScalar(py::handle h, std::string_view fn, std::string_view arg);
int64_t requireInt(py::handle h, std::string_view fn, std::string_view arg);
double requireFloat(py::handle h, std::string_view fn, std::string_view arg);
bool requireBool(py::handle h, std::string_view fn, std::string_view arg);
/// Python's type name of an object, as error messages print it ("int", "NoneType").
std::string typeName(py::handle h);

// ---------------------------------------------------------------- shapes

/// Shape arguments: f(2, 3), f((2, 3)), f([2, 3]), f(torch.Size([2, 3])).
IntList sizesFromArgs(const py::args& args, std::string_view fn);
/// An int or a sequence of ints (dims, sizes).
IntList intList(py::handle h, std::string_view fn, std::string_view arg);
/// torch.Size(sizes). The class is Python-level (torch/_size.py) and registered at import.
py::object wrapSize(const IntList& sizes);
void setSizeClass(py::object cls);

// ---------------------------------------------------------------- dtype / device

/// torch.float32 etc.: one Python object per dtype.
py::object wrapDtype(ScalarType t);
std::optional<ScalarType> asDtype(py::handle h);
py::object wrapDevice(Device d);
/// A device from a torch.device, a string "cuda:0", an int (cuda index), or None (nullopt).
std::optional<Device> asDevice(py::handle h);
/// A memory_format argument's name ("contiguous_format", "channels_last", ...);
/// "preserve_format" when it is absent or None.
std::string memoryFormatName(py::handle h);

// ---------------------------------------------------------------- arguments

/// The arguments of a call as a native function receives them (`py::args`, `py::kwargs`).
struct CallArgs {
    py::args positional;
    py::kwargs keywords;
    /// False for functions that are Python defs in PyTorch (most of torch.nn.functional):
    /// only the argument parser knows numpy's names.
    bool numpyNames = true;
    /// The keyword argument `name`, or a null handle. As 1.13's argument parser, a
    /// parameter is also found under its numpy names (numpyNamesOf): x.sum(axis=1).
    py::handle keyword(std::string_view name) const;
    /// The keyword that supplies parameter `name` ("input", or "x" standing for it); empty
    /// when none does.
    std::string keywordFor(std::string_view name) const;
};

/// The numpy names 1.13's argument parser accepts for a parameter of its torch.* functions
/// and Tensor methods (python_arg_parser.cpp): "axis" for dim, "keepdims" for keepdim,
/// "x", "a" and "x1" for input, "x2" for other. Empty for any other parameter.
const std::vector<std::string_view>& numpyNamesOf(std::string_view parameter);

/// The "(int, int, generator=int)" of PyTorch's "received an invalid combination of
/// arguments - got ..." (python_arg_parser): positional types, then the keywords in the
/// order PyTorch's hash map yields them (keywordsInMessageOrder), with its trailing ", "
/// when there are keywords only.
std::string describeGivenArguments(const CallArgs& args);

/// A function of the module that binds its own arguments (PyTorch's signatures are
/// richer than pybind11's overloads: `zeros(2, 3)`, `zeros((2, 3))`, `zeros(size=...)`).
using NativeFunction = py::object (*)(CallArgs& args);
void defNative(py::module_& m, const char* name, NativeFunction fn, bool numpyNames = true);
/// A torch.nn.functional function that PyTorch writes as a Python def: it takes its own
/// parameter names only (numpy's names are the argument parser's).
inline void defFunctional(py::module_& m, const char* name, NativeFunction fn) { defNative(m, name, fn, false); }

/// Binds `args` to a Python-style signature and reports arity and keyword errors with
/// CPython's wording. `names` lists the parameters in order; the first `required` must
/// be given. Missing optional parameters come back as null handles (see given()).
std::vector<py::object> bind(const CallArgs& args, std::string_view fn, std::initializer_list<std::string_view> names,
                             size_t required);
/// Positional argument `pos`, else the keyword argument, else a null handle.
py::handle argAt(const CallArgs& args, size_t pos, std::string_view keyword);
/// Python truth (`bool(h)`), raising what __bool__ raises.
bool truthy(py::handle h);
/// True when an optional argument was passed and is not None.
inline bool given(py::handle h) { return h && !h.is_none(); }

// ---------------------------------------------------------------- errors

/// Raises a Python exception of class `type` (e.g. PyExc_TypeError) with `message`.
[[noreturn]] void raise(PyObject* type, const std::string& message);

}  // namespace agv::python
