// The functions of core/ops/special_functions_extra.h as PyTorch 1.13 binds them: most
// live only in torch._C._special (special_entr, special_zeta, ...), which our
// torch/special/__init__.py re-exports under their short names; mvlgamma is also
// torch.mvlgamma, Tensor.mvlgamma and Tensor.mvlgamma_. Arguments go through 1.13's
// argument parser, so wrong calls get its TypeError word for word.

#include <functional>
#include <memory>
#include <string>

#include "core/ops/special_functions_extra.h"
#include "core/python/inplace_method.h"
#include "core/python/parsed_function.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

/// special_<name>(Tensor input, *, Tensor out=None).
void defUnary(py::module_& special, const char* name, Tensor (*op)(const Tensor&))
{
    const std::string signature = std::string("special_") + name + "(Tensor input, *, Tensor out=None)";
    defParsed(special, {signature}, [op](const ParsedArguments& a) { return wrapTensor(op(a.tensor("input"))); });
}

/// special_<name> with 1.13's three overloads: (Tensor, Tensor), (Number, Tensor), (Tensor, Number).
template <typename TensorTensor, typename NumberTensor, typename TensorNumber>
void defBinary(py::module_& special, const char* name, TensorTensor both, NumberTensor numberSelf,
               TensorNumber numberOther)
{
    const std::string prefix = std::string("special_") + name;
    defParsed(special,
              {prefix + "(Tensor input, Tensor other, *, Tensor out=None)",
               prefix + "(Scalar self, Tensor other, *, Tensor out=None)",
               prefix + "(Tensor input, Scalar other, *, Tensor out=None)"},
              [both, numberSelf, numberOther](const ParsedArguments& a) {
                  switch (a.overload()) {
                  case 0: return wrapTensor(both(a.tensor("input"), a.tensor("other")));
                  case 1: return wrapTensor(numberSelf(a.scalar("self"), a.tensor("other")));
                  default: return wrapTensor(numberOther(a.tensor("input"), a.scalar("other")));
                  }
              });
}

}  // namespace

void bindSpecialFunctionsExtra(py::module_& m)
{
    py::module_ special = m.def_submodule("_special", "torch._C._special: 1.13's special_* functions");
    const struct {
        const char* name;
        Tensor (*op)(const Tensor&);
    } unary[] = {
        {"entr", ops::entr},   {"ndtr", ops::ndtr},   {"ndtri", ops::ndtri},         {"log_ndtr", ops::logNdtr},
        {"i0e", ops::i0e},     {"i1", ops::i1},       {"i1e", ops::i1e},             {"erfcx", ops::erfcx},
        {"bessel_j0", ops::besselJ0}, {"bessel_j1", ops::besselJ1},
    };
    for (const auto& f : unary)
        defUnary(special, f.name, f.op);

    defBinary(
        special, "xlog1py", [](const Tensor& a, const Tensor& b) { return ops::xlog1py(a, b); },
        [](Scalar a, const Tensor& b) { return ops::xlog1py(a, b); },
        [](const Tensor& a, Scalar b) { return ops::xlog1py(a, b); });
    defBinary(
        special, "zeta", [](const Tensor& a, const Tensor& b) { return ops::zeta(a, b); },
        [](Scalar a, const Tensor& b) { return ops::zeta(a, b); },
        [](const Tensor& a, Scalar b) { return ops::zeta(a, b); });

    defParsed(special, {"special_multigammaln(Tensor input, int64_t p, *, Tensor out=None)"},
              [](const ParsedArguments& a) { return wrapTensor(ops::mvlgamma(a.tensor("input"), a.toInt("p"))); });
    defParsedMethodAndFunction(m, m.attr("_TensorBase"), {"mvlgamma(int64_t p)"},
                               {"mvlgamma(Tensor input, int64_t p, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) {
                                   refuseOut(a, "mvlgamma");
                                   return wrapTensor(ops::mvlgamma(self, a.toInt("p")));
                               });
    defParsedInplaceMethod(m.attr("_TensorBase"), {"mvlgamma_(int64_t p)"},
                           [](Tensor& self, const ParsedArguments& a) { ops::mvlgammaInplace(self, a.toInt("p")); });
}

}  // namespace agv::python
