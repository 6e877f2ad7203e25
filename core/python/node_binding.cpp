// grad_fn objects as Python sees them: `y.grad_fn`, `.name()`, `.next_functions`,
// `._saved_self`, printed as `<MulBackward0 object at 0x7f...>`.

#include "core/autograd/node.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"

namespace agv::python {

void bindNodes(py::module_& m)
{
    py::class_<Node, std::shared_ptr<Node>>(m, "Node").def("name", [](const Node& n) { return n.name(); });
}

}  // namespace agv::python
