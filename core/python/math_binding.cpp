// erf, erfc, expm1 and log1p (core/ops/pointwise.cpp) as Tensor methods and torch.*
// functions.

#include "core/ops/ops.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/tensor_support.h"

namespace agv::python {

void bindMath(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
#define AGV_UNARY(name)                                                          \
    defMethodAndFunction(m, cls, #name, [](const Tensor& self, CallArgs& args) { \
        bind(args, #name, {}, 0);                                                \
        return wrapTensor(ops::name(self));                                      \
    })
    AGV_UNARY(erf);
    AGV_UNARY(erfc);
    AGV_UNARY(expm1);
    AGV_UNARY(log1p);
#undef AGV_UNARY
}

}  // namespace agv::python
