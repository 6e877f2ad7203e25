// The kernels behind torch.nn.functional (torch/nn/functional.py calls these).

#include "core/ops/ops.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"

namespace agv::python {

void bindNnFunctional(py::module_& m)
{
    py::module_ nn = m.def_submodule("_nn");
    nn.def("relu", [](py::handle t) { return wrapTensor(ops::relu(requireTensor(t, "relu", "input", 1))); });
}

}  // namespace agv::python
