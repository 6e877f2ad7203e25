// The ops of core/ops/binary_special.h as Tensor methods and torch.* functions where
// PyTorch 1.13 has them: fmax, fmin, copysign(_), gcd(_), lcm(_) and nextafter(_), bound
// by 1.13's argument parser (a Python number where `other` must be a Tensor is refused
// with its words; copysign takes either).

#include <string>

#include "core/ops/binary_special.h"
#include "core/python/bindings.h"
#include "core/python/inplace_method.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

constexpr char kFmax[] = "fmax";
constexpr char kFmin[] = "fmin";
constexpr char kGcd[] = "gcd";
constexpr char kLcm[] = "lcm";
constexpr char kNextafter[] = "nextafter";

/// Tensor.<Name>(other) and torch.<Name>(input, other, *, out=None).
template <Tensor (*Op)(const Tensor&, const Tensor&), const char* Name>
void defBinary(py::module_& m, py::handle cls)
{
    const std::string method = std::string(Name) + "(Tensor other)";
    const std::string function = std::string(Name) + "(Tensor input, Tensor other, *, Tensor out=None)";
    defParsedMethodAndFunction(m, cls, {method}, {function}, [](const Tensor& self, const ParsedArguments& a) {
        refuseOut(a, Name);
        return wrapTensor(Op(self, a.tensor("other")));
    });
}

/// Tensor.<Name>_(other).
template <Tensor& (*Op)(Tensor&, const Tensor&), const char* Name>
void defBinaryInplaceMethod(py::handle cls)
{
    const std::string method = std::string(Name) + "_(Tensor other)";
    defParsedInplaceMethod(cls, {method}, [](Tensor& self, const ParsedArguments& a) { Op(self, a.tensor("other")); });
}

/// copysign's overloads: (Tensor other) first, then (Number other).
void copysignInto(Tensor& self, const ParsedArguments& a)
{
    if (a.overload() == 0)
        ops::copysignInplace(self, a.tensor("other"));
    else
        ops::copysignInplace(self, a.scalar("other"));
}

}  // namespace

void bindBinarySpecial(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defBinary<ops::fmax, kFmax>(m, cls);
    defBinary<ops::fmin, kFmin>(m, cls);
    defBinary<ops::gcd, kGcd>(m, cls);
    defBinary<ops::lcm, kLcm>(m, cls);
    defBinary<ops::nextafter, kNextafter>(m, cls);
    defBinaryInplaceMethod<ops::gcdInplace, kGcd>(cls);
    defBinaryInplaceMethod<ops::lcmInplace, kLcm>(cls);
    defBinaryInplaceMethod<ops::nextafterInplace, kNextafter>(cls);
    defParsedInplaceFunction(m, {"gcd_(Tensor input, Tensor other)"},
                             [](Tensor& self, const ParsedArguments& a) { ops::gcdInplace(self, a.tensor("other")); });
    defParsedInplaceFunction(m, {"lcm_(Tensor input, Tensor other)"},
                             [](Tensor& self, const ParsedArguments& a) { ops::lcmInplace(self, a.tensor("other")); });

    defParsedMethodAndFunction(m, cls, {"copysign(Tensor other)", "copysign(Scalar other)"},
                               {"copysign(Tensor input, Tensor other, *, Tensor out=None)",
                                "copysign(Tensor input, Scalar other, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "copysign");
                                   if (a.overload() == 0)
                                       return wrapTensor(ops::copysign(self, a.tensor("other")));
                                   return wrapTensor(ops::copysign(self, a.scalar("other")));
                               });
    defParsedInplaceMethod(cls, {"copysign_(Tensor other)", "copysign_(Scalar other)"}, copysignInto);
}

}  // namespace agv::python
