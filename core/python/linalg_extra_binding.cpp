// The ops of core/ops/linalg_extra.h as torch.* functions and Tensor methods where PyTorch
// 1.13 has them: vdot, addmv(_), addr(_), dist, cross, and torch.linalg.cross's kernel
// (torch._C._linalg_cross). Arguments go through 1.13's argument parser.

#include <optional>

#include "core/ops/linalg_extra.h"
#include "core/python/bindings.h"
#include "core/python/inplace_method.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

Scalar scalarOr(const ParsedArguments& a, std::string_view name, Scalar fallback)
{
    return a.has(name) ? a.scalar(name) : fallback;
}

/// _default_cross_dim: the first dim of size 3 when torch.cross is given none.
int64_t defaultCrossDim(const Tensor& self)
{
    for (int64_t d = 0; d < self.dim(); ++d)
        if (self.sizes()[size_t(d)] == 3)
            return d;
    raise(PyExc_RuntimeError, "no dimension of size 3 in input");
}

}  // namespace

void bindLinalgExtra(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defParsedMethodAndFunction(m, cls, {"vdot(Tensor other)"}, {"vdot(Tensor input, Tensor other, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "vdot");
                                   return wrapTensor(ops::vdot(self, a.tensor("other")));
                               });
    defParsedMethodAndFunction(
        m, cls, {"addmv(Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1)"},
        {"addmv(Tensor input, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            refuseOut(a, "addmv");
            return wrapTensor(ops::addmv(self, a.tensor("mat"), a.tensor("vec"), scalarOr(a, "beta", 1),
                                         scalarOr(a, "alpha", 1)));
        });
    const auto addmvInplace = [](Tensor& self, const ParsedArguments& a) {
        ops::addmvInplace(self, a.tensor("mat"), a.tensor("vec"), scalarOr(a, "beta", 1), scalarOr(a, "alpha", 1));
    };
    defParsedInplaceMethod(cls, {"addmv_(Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1)"}, addmvInplace);
    defParsedInplaceFunction(m, {"addmv_(Tensor input, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1)"},
                             addmvInplace);
    defParsedMethodAndFunction(
        m, cls, {"addr(Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1)"},
        {"addr(Tensor input, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            refuseOut(a, "addr");
            return wrapTensor(ops::addr(self, a.tensor("vec1"), a.tensor("vec2"), scalarOr(a, "beta", 1),
                                        scalarOr(a, "alpha", 1)));
        });
    defParsedInplaceMethod(cls, {"addr_(Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1)"},
                           [](Tensor& self, const ParsedArguments& a) {
                               ops::addrInplace(self, a.tensor("vec1"), a.tensor("vec2"), scalarOr(a, "beta", 1),
                                                scalarOr(a, "alpha", 1));
                           });
    defParsedMethodAndFunction(m, cls, {"dist(Tensor other, Scalar p=2)"},
                               {"dist(Tensor input, Tensor other, Scalar p=2)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   return wrapTensor(ops::dist(self, a.tensor("other"), scalarOr(a, "p", 2)));
                               });
    // 1.13's torch.cross with dim=None takes the first dim of size 3 (and warns nothing).
    defParsedMethodAndFunction(m, cls, {"cross(Tensor other, int64_t? dim=None)"},
                               {"cross(Tensor input, Tensor other, int64_t? dim=None, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "cross");
                                   const int64_t dim = a.has("dim") ? a.toInt("dim") : defaultCrossDim(self);
                                   return wrapTensor(ops::linalgCross(self, a.tensor("other"), dim));
                               });
    m.def("_linalg_cross", [](py::args args, py::kwargs kwargs) {
        static const ArgumentParser parser{"linalg_cross(Tensor input, Tensor other, *, int64_t dim=-1, Tensor out=None)"};
        const CallArgs call{std::move(args), std::move(kwargs)};
        const ParsedArguments a = parser.parse(call);
        refuseOut(a, "linalg.cross");
        return wrapTensor(ops::linalgCross(a.tensor("input"), a.tensor("other"), a.has("dim") ? a.toInt("dim") : -1));
    });
}

}  // namespace agv::python
