// The in-place samplers of core/ops/random_inplace.h as Tensor methods (1.13 has no
// torch.* function for them) and torch.poisson, bound with PyTorch's signatures so that
// a wrong call gets its message word for word.

#include <memory>
#include <optional>
#include <string>

#include "core/ops/random_inplace.h"
#include "core/python/bindings.h"
#include "core/python/generator_arg.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

namespace {

using SamplerImpl = void (*)(Tensor& self, const ParsedArguments& args);

/// Tensor.<name> (in place, returning self) bound by `signatures`.
void defSampler(py::handle cls, std::initializer_list<std::string_view> signatures, SamplerImpl impl)
{
    auto parser = std::make_shared<ArgumentParser>(signatures);
    const std::string name = FunctionSignature(*signatures.begin()).name;
    cls.attr(name.c_str()) = py::cpp_function(
        [parser, impl](py::handle selfObject, py::args args, py::kwargs kwargs) {
            const CallArgs call{std::move(args), std::move(kwargs)};
            const ParsedArguments parsed = parser->parse(call);
            Tensor self = *asTensor(selfObject);
            impl(self, parsed);
            return py::reinterpret_borrow<py::object>(selfObject);
        },
        py::name(name.c_str()), py::is_method(cls));
}

double doubleOr(const ParsedArguments& a, std::string_view name, double fallback)
{
    return a.has(name) ? a.toDouble(name) : fallback;
}

}  // namespace

void bindRandomSamplers(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defSampler(cls, {"exponential_(double lambd=1, *, Generator? generator=None)"},
               [](Tensor& self, const ParsedArguments& a) {
                   ops::exponentialInplace(self, doubleOr(a, "lambd", 1.0), generatorArg(a["generator"], "exponential_"));
               });
    defSampler(cls, {"geometric_(double p, *, Generator? generator=None)"}, [](Tensor& self, const ParsedArguments& a) {
        ops::geometricInplace(self, a.toDouble("p"), generatorArg(a["generator"], "geometric_"));
    });
    defSampler(cls, {"cauchy_(double median=0, double sigma=1, *, Generator? generator=None)"},
               [](Tensor& self, const ParsedArguments& a) {
                   ops::cauchyInplace(self, doubleOr(a, "median", 0.0), doubleOr(a, "sigma", 1.0),
                                      generatorArg(a["generator"], "cauchy_"));
               });
    defSampler(cls, {"log_normal_(double mean=1, double std=2, *, Generator? generator=None)"},
               [](Tensor& self, const ParsedArguments& a) {
                   ops::logNormalInplace(self, doubleOr(a, "mean", 1.0), doubleOr(a, "std", 2.0),
                                         generatorArg(a["generator"], "log_normal_"));
               });
    // The overloads in 1.13's order, which its "invalid combination" message lists.
    defSampler(cls,
               {"random_(*, Generator? generator=None)",
                "random_(int64_t from, int64_t? to, *, Generator? generator=None)",
                "random_(int64_t to, *, Generator? generator=None)"},
               [](Tensor& self, const ParsedArguments& a) {
                   Generator* generator = generatorArg(a["generator"], "random_");
                   switch (a.overload()) {
                   case 0: ops::randomInplace(self, generator); break;
                   case 1: {
                       const std::optional<int64_t> to =
                           a.has("to") ? std::optional<int64_t>(a.toInt("to")) : std::nullopt;
                       ops::randomFromToInplace(self, a.toInt("from"), to, generator);
                       break;
                   }
                   default: ops::randomToInplace(self, a.toInt("to"), generator); break;
                   }
               });
    defNative(m, "poisson", [](CallArgs& args) {
        static const ArgumentParser parser{"poisson(Tensor input, Generator? generator=None)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::poisson(a.tensor("input"), generatorArg(a["generator"], "poisson")));
    });
}

}  // namespace agv::python
