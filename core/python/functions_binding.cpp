// torch.* functions: factories, math, reductions, joins, random state.

#include "core/ops/ops.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"

namespace agv::python {

void bindFunctions(py::module_& m)
{
    m.def("ones", [](py::args args) { return wrapTensor(ops::ones(sizesFromArgs(args, "ones"))); });
}

}  // namespace agv::python
