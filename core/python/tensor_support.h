#pragma once
// Small pieces the tensor binding shares with the torch.* functions: the method
// signature of the Tensor method table, torch.return_types, and hook handles.

#include <functional>

#include "core/python/py_values.h"

namespace agv::python {

/// One entry of the Tensor method table: `self` is the engine tensor, `selfObject` the
/// Python object (in-place methods return it).
using TensorMethod = py::object (*)(const Tensor& self, CallArgs& args, py::handle selfObject);

using MethodImpl = py::object (*)(const Tensor& self, CallArgs& args);
/// Registers `name` both as a Tensor method and as torch.<name>(input, ...) (reductions_losses_binding.cpp).
void defMethodAndFunction(py::module_& m, py::handle cls, const char* name, MethodImpl impl);
/// A Tensor method whose arguments after self are numbered from 1 in PyTorch's errors,
/// while torch.<name>(input, ...) numbers them from 2.
using PositionalImpl = py::object (*)(const Tensor& self, CallArgs& args, int firstPosition);
/// Registers `name` as a Tensor method and as torch.<name>(input, ...), each passing its
/// first argument position to `impl` (reductions_losses_binding.cpp).
void defMethodAndFunctionNumbered(py::module_& m, py::handle cls, const char* name, PositionalImpl impl);
/// torch.<name>(input, ...) with `input` given by position or by keyword: the input
/// tensor, and in `rest` the other arguments (PyTorch's errors for a missing or doubled input).
Tensor splitInput(const char* name, const py::args& args, const py::kwargs& kwargs, CallArgs& rest);

/// The one argument of a method with a (Tensor <param>) and a (Number <param>) overload,
/// by position or keyword; otherwise the argument parser's error, which lists both and,
/// for a single argument of another type, marks it under each (elementwise_binding.cpp).
py::handle tensorOrNumberArg(const CallArgs& args, const char* fn, const char* param);

/// Python's NotImplemented: what an operator returns for an operand it does not take, so
/// that Python tries the reflected operator and then raises "unsupported operand type(s)".
py::object notImplemented();

/// A Tensor method 1.13 binds without arguments (METH_NOARGS: exp, abs, detach, ...):
/// any argument is CPython's TypeError (tensor_binding.cpp).
bool takesNoArguments(std::string_view method);

/// torch.return_types.<name>(values=..., indices=...) (torch/return_types.py).
py::object makeReturnType(const char* name, py::object values, py::object indices);
/// The same for a return type of any number of fields (linalg_svd's U, S, Vh).
py::object makeReturnType(const char* name, py::tuple fields);
void setReturnTypesModule(py::object module);

/// What register_hook returns: `.remove()` unregisters the hook (idempotent).
struct RemovableHandle {
    std::function<void()> remove;
};

/// torch.equal / Tensor.equal: same sizes and the same values.
bool tensorsEqual(const Tensor& a, const Tensor& b);

/// `t[key]` as Python indexing does it: ints, slices, None, Ellipsis, bools, index tensors
/// and lists, and tuples of those.
Tensor indexTensor(const Tensor& t, py::handle key);
/// `t[key] = value`: a copy into the selected part, or index_put_ for advanced indices.
void assignIndexed(const Tensor& t, py::handle key, py::handle value);

}  // namespace agv::python
