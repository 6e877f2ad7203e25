// Autograd entry points and switches: backward, grad, grad mode, inference mode,
// anomaly mode.

#include "core/autograd/grad_mode.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"

namespace agv::python {

void bindAutograd(py::module_& m)
{
    m.def("is_grad_enabled", [] { return GradMode::isEnabled(); });
    m.def("_set_grad_enabled", [](bool enabled) { GradMode::setEnabled(enabled); });
}

}  // namespace agv::python
