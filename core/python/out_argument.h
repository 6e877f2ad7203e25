#pragma once
// out= arguments of torch.* functions. See Note [out= arguments].

#include <functional>
#include <string>

#include "core/python/py_values.h"

namespace agv::python {

/// True when the call passes out= (None included, which 1.13 takes as no out=).
bool passesOut(const py::kwargs& kwargs);

/// torch.<name>(*args, out=out, **rest): calls `compute` without out= and writes its result
/// into out (a tensor, or a tuple of tensors for functions with several results), as 1.13's
/// out= variants do; returns out itself (a return type named <name>_out for a tuple).
using OutCompute = std::function<py::object(const py::args&, const py::kwargs&)>;
py::object callWithOut(const std::string& name, const py::args& args, const py::kwargs& kwargs,
                       const OutCompute& compute);
/// The same, for a Python callable.
py::object callWithOut(const std::string& name, const py::args& args, const py::kwargs& kwargs,
                       py::handle compute);

}  // namespace agv::python
