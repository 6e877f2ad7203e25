// The functions of core/ops/special_functions_more.h as PyTorch 1.13 binds them: the
// Bessel, Airy and polynomial functions live only in torch._C._special (special_airy_ai,
// special_chebyshev_polynomial_t, ...), which torch/special/__init__.py re-exports under
// their short names; the incomplete gamma functions are also torch.igamma / igammac,
// Tensor.igamma(_) / igammac(_), and special_gammainc / gammaincc. Arguments go through
// 1.13's argument parser, with 1.13's parameter names ("x" for some, "input" for others).

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/ops/special_functions_more.h"
#include "core/python/inplace_method.h"
#include "core/python/parsed_function.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

using ops::special_kernels::Polynomial;
using ops::special_kernels::Unary;

void bindSpecialFunctionsMore(py::module_& m)
{
    py::module_ special = m.attr("_special");
    const struct {
        const char* name;
        const char* argument;  // 1.13's parameter name
        Unary f;
    } unary[] = {
        {"airy_ai", "x", Unary::AiryAi},
        {"bessel_y0", "input", Unary::BesselY0},
        {"bessel_y1", "input", Unary::BesselY1},
        {"modified_bessel_i0", "input", Unary::ModifiedBesselI0},
        {"modified_bessel_i1", "input", Unary::ModifiedBesselI1},
        {"modified_bessel_k0", "input", Unary::ModifiedBesselK0},
        {"modified_bessel_k1", "input", Unary::ModifiedBesselK1},
        {"scaled_modified_bessel_k0", "x", Unary::ScaledModifiedBesselK0},
        {"scaled_modified_bessel_k1", "x", Unary::ScaledModifiedBesselK1},
        {"spherical_bessel_j0", "x", Unary::SphericalBesselJ0},
    };
    for (const auto& u : unary) {
        const std::string argument = u.argument;
        const Unary f = u.f;
        defParsed(special, {std::string("special_") + u.name + "(Tensor " + argument + ", *, Tensor out=None)"},
                  [f, argument](const ParsedArguments& a) { return wrapTensor(ops::specialUnary(f, a.tensor(argument))); });
    }

    const struct {
        const char* name;
        Polynomial f;
    } polynomials[] = {
        {"chebyshev_polynomial_t", Polynomial::ChebyshevT},
        {"chebyshev_polynomial_u", Polynomial::ChebyshevU},
        {"chebyshev_polynomial_v", Polynomial::ChebyshevV},
        {"chebyshev_polynomial_w", Polynomial::ChebyshevW},
        {"shifted_chebyshev_polynomial_t", Polynomial::ShiftedChebyshevT},
        {"shifted_chebyshev_polynomial_u", Polynomial::ShiftedChebyshevU},
        {"shifted_chebyshev_polynomial_v", Polynomial::ShiftedChebyshevV},
        {"shifted_chebyshev_polynomial_w", Polynomial::ShiftedChebyshevW},
        {"hermite_polynomial_h", Polynomial::HermiteH},
        {"hermite_polynomial_he", Polynomial::HermiteHe},
        {"laguerre_polynomial_l", Polynomial::LaguerreL},
        {"legendre_polynomial_p", Polynomial::LegendreP},
    };
    for (const auto& p : polynomials) {
        const std::string prefix = std::string("special_") + p.name;
        const Polynomial f = p.f;
        defParsed(special,
                  {prefix + "(Tensor x, Tensor n, *, Tensor out=None)", prefix + "(Scalar x, Tensor n, *, Tensor out=None)",
                   prefix + "(Tensor x, Scalar n, *, Tensor out=None)"},
                  [f](const ParsedArguments& a) {
                      switch (a.overload()) {
                      case 0: return wrapTensor(ops::specialPolynomial(f, a.tensor("x"), a.tensor("n")));
                      case 1: return wrapTensor(ops::specialPolynomial(f, a.scalar("x"), a.tensor("n")));
                      default: return wrapTensor(ops::specialPolynomial(f, a.tensor("x"), a.scalar("n")));
                      }
                  });
    }

    defParsed(special, {"special_gammainc(Tensor input, Tensor other, *, Tensor out=None)"},
              [](const ParsedArguments& a) { return wrapTensor(ops::igamma(a.tensor("input"), a.tensor("other"))); });
    defParsed(special, {"special_gammaincc(Tensor input, Tensor other, *, Tensor out=None)"},
              [](const ParsedArguments& a) { return wrapTensor(ops::igammac(a.tensor("input"), a.tensor("other"))); });

    py::handle tensorClass = m.attr("_TensorBase");
    defParsedMethodAndFunction(m, tensorClass, {"igamma(Tensor other)"},
                               {"igamma(Tensor input, Tensor other, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) {
                                   refuseOut(a, "igamma");
                                   return wrapTensor(ops::igamma(self, a.tensor("other")));
                               });
    defParsedMethodAndFunction(m, tensorClass, {"igammac(Tensor other)"},
                               {"igammac(Tensor input, Tensor other, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) {
                                   refuseOut(a, "igammac");
                                   return wrapTensor(ops::igammac(self, a.tensor("other")));
                               });
    defParsedInplaceMethod(tensorClass, {"igamma_(Tensor other)"},
                           [](Tensor& self, const ParsedArguments& a) { ops::igammaInplace(self, a.tensor("other")); });
    defParsedInplaceMethod(tensorClass, {"igammac_(Tensor other)"},
                           [](Tensor& self, const ParsedArguments& a) { ops::igammacInplace(self, a.tensor("other")); });
}

}  // namespace agv::python
