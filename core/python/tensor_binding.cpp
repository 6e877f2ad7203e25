// torch.Tensor: attributes, methods, Python operators, indexing and printing, all
// forwarding to the engine (core/ops). The Python type wraps TensorImpl held by
// std::shared_ptr, exactly the engine's Tensor handle.

#include <pybind11/stl.h>

#include "core/autograd/engine.h"
#include "core/ops/ops.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"

namespace agv::python {

namespace {
using ImplPtr = std::shared_ptr<TensorImpl>;
Tensor T(const ImplPtr& p) { return Tensor(p); }
}  // namespace

void bindTensor(py::module_& m)
{
    py::class_<TensorImpl, ImplPtr> cls(m, "Tensor", py::dynamic_attr());
    cls.attr("__module__") = "torch";
    cls.def("__repr__", [](const ImplPtr& self) { return T(self).repr(); })
        .def_property_readonly("shape", [](const ImplPtr& self) { return wrapSize(self->sizes()); })
        .def_property_readonly("dtype", [](const ImplPtr& self) { return wrapDtype(self->dtype()); })
        .def_property_readonly("grad_fn", [](const ImplPtr&) { return py::none(); })
        .def_property(
            "requires_grad", [](const ImplPtr& self) { return T(self).requiresGrad(); },
            [](const ImplPtr& self, py::handle v) {
                Tensor t(self);
                ops::requiresGrad_(t, requireBool(v, "requires_grad", "requires_grad"));
            })
        .def_property_readonly("grad", [](const ImplPtr& self) { return wrapTensor(T(self).grad()); })
        .def("__add__", [](const ImplPtr& self, py::handle other) -> py::object {
            if (auto o = asTensor(other))
                return wrapTensor(ops::add(T(self), *o));
            if (isNumber(other))
                return wrapTensor(ops::add(T(self), toScalar(other)));
            return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        })
        .def("__mul__", [](const ImplPtr& self, py::handle other) -> py::object {
            if (auto o = asTensor(other))
                return wrapTensor(ops::mul(T(self), *o));
            if (isNumber(other))
                return wrapTensor(ops::mul(T(self), toScalar(other)));
            return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        })
        .def("sum", [](const ImplPtr& self) { return wrapTensor(ops::sum(T(self))); })
        .def("backward", [](const ImplPtr& self) {
            Tensor t(self);
            agv::backward({t});
        });
}

}  // namespace agv::python
