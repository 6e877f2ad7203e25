#pragma once
// pybind11's functions re-exposed as CPython built-ins, the kind PyTorch's are:
// Note [Built-in methods like PyTorch's] in builtin_methods.cpp.

#include <pybind11/pybind11.h>

namespace agv::python {

/// Makes the methods and properties of `cls` method and getset descriptors, and every
/// function of `m` and its submodules `_nn`, `_special` a built-in function. Called once
/// every binding is made: a later `def` of the same name would not see its siblings.
void exposeAsBuiltins(pybind11::module_& m, pybind11::handle cls);

}  // namespace agv::python
