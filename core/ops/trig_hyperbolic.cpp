// Note [trig and hyperbolic kernels]
// PyTorch 1.13's CPU kernels for these round in three different ways (measured against
// Debian's build on float32 and float64 runs of 3 to 100 elements):
//   * tan, atan, asin, acos are VML kernels: every element through SLEEF's 1-ulp vector
//     function, tails included (See Note [SLEEF unary loop]);
//   * sinh and cosh are cpu_kernel_vec kernels: SLEEF in the Vectorized body, glibc's
//     std::sinh / std::cosh in the scalar one (Note [cpu_kernel_vec bodies] says which
//     elements get which);
//   * asinh, acosh and atanh are plain cpu_kernel loops of glibc's functions.
// Their backward formulas (derivatives.yaml) are compositions of ordinary ops, written
// here with the same ops in the same order, so gradients, double-backward graphs and
// node names are PyTorch's: e.g. asin's grad * (-self * self + 1).rsqrt() records
// NegBackward0, MulBackward0, AddBackward1 (a Scalar overload, See Note [Scalar
// overloads in composites]) and RsqrtBackward0 under create_graph.

#include <cmath>

#include "core/ops/inplace_unary.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/sleef_math.h"
#include "core/ops/type_promotion.h"
#include "core/ops/vectorized_loop.h"

namespace agv::ops {

namespace {

enum class Body { Vml, VectorAndScalar, Scalar };

/// The op's values in the float result type of t (an integer t is converted first, as
/// TensorIterator casts it); float16 is refused with the kernel's name. bfloat16 computes
/// in float and rounds once, Vectorized<BFloat16>'s 16 lanes deciding which elements take
/// the vector body (Note [bfloat16 activations compute in float]).
template <typename F>
Tensor kernelValues(const Tensor& t, const char* name, Body body, sleef::Function fn, F scalar)
{
    const ScalarType type = floatResultType(t.dtype());
    const bool bfloat16 = type == ScalarType::BFloat16;
    const ScalarType computeType = bfloat16 ? ScalarType::Float32 : type;
    if (computeType != ScalarType::Float32 && computeType != ScalarType::Float64)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(type, name);
    const Tensor in = kernel::convert(t, computeType);
    const Tensor x = kernel::dense(in);
    Tensor out = kernel::newTensor(in.sizes(), computeType, in.device());
    AGV_DISPATCH_FLOATING(computeType, name, [&] {
        using T = scalar_t;
        const T* xs = x.data<T>();
        T* ys = out.data<T>();
        const int64_t n = in.numel();
        const bool vectorised = body != Body::Scalar && sleef::apply(fn, xs, ys, n);
        if (!vectorised) {
            for (int64_t i = 0; i < n; ++i)
                ys[i] = scalar(xs[i]);
            return;
        }
        if (body == Body::VectorAndScalar) {
            const std::vector<bool> vectorBody =
                bfloat16 ? kernel::vectorizedElements(t.sizes(), {IntList{}, t.strides()}, int64_t(16))
                         : kernel::vectorizedElements(in.sizes(), {IntList{}, in.strides()}, int64_t(32 / sizeof(T)));
            for (int64_t i = 0; i < n; ++i)
                if (!vectorBody[size_t(i)])
                    ys[i] = scalar(xs[i]);
        }
    });
    return kernel::asElementwiseOutput(bfloat16 ? kernel::convert(out, ScalarType::BFloat16) : out, {&t});
}

Tensor tanValues(const Tensor& t)
{
    return kernelValues(t, "tan_vml_cpu", Body::Vml, sleef::Function::Tan, [](auto x) { return std::tan(x); });
}
Tensor atanValues(const Tensor& t)
{
    return kernelValues(t, "atan_vml_cpu", Body::Vml, sleef::Function::Atan, [](auto x) { return std::atan(x); });
}
Tensor asinValues(const Tensor& t)
{
    return kernelValues(t, "asin_vml_cpu", Body::Vml, sleef::Function::Asin, [](auto x) { return std::asin(x); });
}
Tensor acosValues(const Tensor& t)
{
    return kernelValues(t, "acos_vml_cpu", Body::Vml, sleef::Function::Acos, [](auto x) { return std::acos(x); });
}
Tensor sinhValues(const Tensor& t)
{
    return kernelValues(t, "sinh_cpu", Body::VectorAndScalar, sleef::Function::Sinh,
                        [](auto x) { return std::sinh(x); });
}
Tensor coshValues(const Tensor& t)
{
    return kernelValues(t, "cosh_cpu", Body::VectorAndScalar, sleef::Function::Cosh,
                        [](auto x) { return std::cosh(x); });
}
/// A cpu_kernel of glibc's function (no SLEEF function is involved).
template <typename F>
Tensor glibcValues(const Tensor& t, const char* name, F scalar)
{
    return kernelValues(t, name, Body::Scalar, sleef::Function{}, scalar);
}
Tensor asinhValues(const Tensor& t) { return glibcValues(t, "asinh_cpu", [](auto x) { return std::asinh(x); }); }
Tensor acoshValues(const Tensor& t) { return glibcValues(t, "acosh_cpu", [](auto x) { return std::acosh(x); }); }
Tensor atanhValues(const Tensor& t) { return glibcValues(t, "atanh_cpu", [](auto x) { return std::atanh(x); }); }

// ---------------------------------------------------------------- derivatives.yaml formulas
// `grad` is the incoming gradient (or, for forward AD, the tangent: `result:
// auto_element_wise` is the same formula).

/// tan: grad * (1 + result.pow(2))
Tensor tanFormula(const Tensor& grad, const Tensor& result)
{
    return mul(grad, internal::addScalar(pow(result, Scalar(int64_t(2))), Scalar(int64_t(1))));
}
/// atan: grad / (self * self + 1)
Tensor atanFormula(const Tensor& grad, const Tensor& self)
{
    return div(grad, internal::addScalar(mul(self, self), Scalar(int64_t(1))));
}
/// (-self * self + 1).rsqrt(), asin's and acos's factor
Tensor asinFactor(const Tensor& self)
{
    return rsqrt(internal::addScalar(mul(neg(self), self), Scalar(int64_t(1))));
}
/// asin: grad * (-self * self + 1).rsqrt()
Tensor asinFormula(const Tensor& grad, const Tensor& self) { return mul(grad, asinFactor(self)); }
/// acos: grad * -((-self * self + 1).rsqrt())
Tensor acosFormula(const Tensor& grad, const Tensor& self) { return mul(grad, neg(asinFactor(self))); }
/// asinh: grad * (self.pow(2) + 1).rsqrt()
Tensor asinhFormula(const Tensor& grad, const Tensor& self)
{
    return mul(grad, rsqrt(internal::addScalar(pow(self, Scalar(int64_t(2))), Scalar(int64_t(1)))));
}
/// acosh (real): grad * (self * self - 1).rsqrt()
Tensor acoshFormula(const Tensor& grad, const Tensor& self)
{
    return mul(grad, rsqrt(internal::subScalar(mul(self, self), Scalar(int64_t(1)))));
}
/// atanh: grad * 1 / (1 - self.pow(2)). ATen's `number - tensor` is
/// empty_like(tensor).fill_(number).sub_(tensor), so the graph shows SubBackward0.
Tensor atanhFormula(const Tensor& grad, const Tensor& self)
{
    Tensor denominator = onesLike(self);
    subInplace(denominator, pow(self, Scalar(int64_t(2))));
    return div(internal::mulScalar(grad, Scalar(int64_t(1))), denominator);
}

using Formula = Tensor (*)(const Tensor& grad, const Tensor& saved);
using Values = Tensor (*)(const Tensor& t);

/// An op whose node saves self (AtanBackward0, ...).
Tensor recordSavingSelf(const Tensor& t, Tensor out, const char* nodeName, Formula formula)
{
    OpRecorder rec(nodeName, {&t}, [formula](BackwardNode& n, const variable_list& g) {
        return variable_list{formula(g[0], n.saved(0))};
    });
    rec.save("self", t);
    rec.forward([&t, formula](const InputTangents& tangents, const Tensor&) { return formula(tangents[0], t); });
    return rec.finish(out);
}

Tensor& inplaceSavingSelf(Tensor& self, const char* opName, const char* nodeName, Values values, Formula formula)
{
    return unaryInplace(
        self, opName, nodeName, InplaceSaves::OriginalSelf, values,
        [formula](BackwardNode& n, const variable_list& g) { return variable_list{formula(g[0], n.saved(0))}; },
        [formula](const InputTangents& t, const Tensor&) { return formula(t[0], t.primal(0)); }, true);
}

/// asinh_, acosh_, atanh_: derivatives.yaml has `not_implemented("inplace version of
/// asinh")`, so PyTorch 1.13 records AsinhBackward1 (no saved tensors) whose backward
/// raises NotImplementedError.
Tensor& inplaceNotImplemented(Tensor& self, const char* opName, const char* nodeName, Values values,
                              const char* what)
{
    const std::string message = std::string("the derivative for '") + what + "' is not implemented.";
    return unaryInplace(
        self, opName, nodeName, InplaceSaves::Nothing, values,
        [message](BackwardNode&, const variable_list&) -> variable_list {
            throw Error(PyExc::NotImplementedError, message);
        },
        nullptr, true);
}

}  // namespace

Tensor tan(const Tensor& t)
{
    Tensor out = tanValues(t);
    OpRecorder rec("TanBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{tanFormula(g[0], n.saved(0))};
    });
    rec.forward([](const InputTangents& tangents, const Tensor& result) { return tanFormula(tangents[0], result); });
    return rec.finishSavingResult(out);
}

Tensor atan(const Tensor& t) { return recordSavingSelf(t, atanValues(t), "AtanBackward0", atanFormula); }
Tensor asin(const Tensor& t) { return recordSavingSelf(t, asinValues(t), "AsinBackward0", asinFormula); }
Tensor acos(const Tensor& t) { return recordSavingSelf(t, acosValues(t), "AcosBackward0", acosFormula); }

Tensor sinh(const Tensor& t)
{
    return recordSavingSelf(t, sinhValues(t), "SinhBackward0",
                            [](const Tensor& grad, const Tensor& self) { return mul(grad, cosh(self)); });
}

Tensor cosh(const Tensor& t)
{
    return recordSavingSelf(t, coshValues(t), "CoshBackward0",
                            [](const Tensor& grad, const Tensor& self) { return mul(grad, sinh(self)); });
}

Tensor asinh(const Tensor& t) { return recordSavingSelf(t, asinhValues(t), "AsinhBackward0", asinhFormula); }
Tensor acosh(const Tensor& t) { return recordSavingSelf(t, acoshValues(t), "AcoshBackward0", acoshFormula); }
Tensor atanh(const Tensor& t) { return recordSavingSelf(t, atanhValues(t), "AtanhBackward0", atanhFormula); }

Tensor& tanInplace(Tensor& self)
{
    return unaryInplace(
        self, "tan_", "TanBackward0", InplaceSaves::Result, tanValues,
        [](BackwardNode& n, const variable_list& g) { return variable_list{tanFormula(g[0], n.saved(0))}; },
        [](const InputTangents& t, const Tensor& result) { return tanFormula(t[0], result); }, true);
}

Tensor& atanInplace(Tensor& self) { return inplaceSavingSelf(self, "atan_", "AtanBackward0", atanValues, atanFormula); }
Tensor& asinInplace(Tensor& self) { return inplaceSavingSelf(self, "asin_", "AsinBackward0", asinValues, asinFormula); }
Tensor& acosInplace(Tensor& self) { return inplaceSavingSelf(self, "acos_", "AcosBackward0", acosValues, acosFormula); }

Tensor& sinhInplace(Tensor& self)
{
    return inplaceSavingSelf(self, "sinh_", "SinhBackward0", sinhValues,
                             [](const Tensor& grad, const Tensor& s) { return mul(grad, cosh(s)); });
}

Tensor& coshInplace(Tensor& self)
{
    return inplaceSavingSelf(self, "cosh_", "CoshBackward0", coshValues,
                             [](const Tensor& grad, const Tensor& s) { return mul(grad, sinh(s)); });
}

Tensor& asinhInplace(Tensor& self)
{
    return inplaceNotImplemented(self, "asinh_", "AsinhBackward1", asinhValues, "inplace version of asinh");
}

Tensor& acoshInplace(Tensor& self)
{
    return inplaceNotImplemented(self, "acosh_", "AcoshBackward1", acoshValues, "inplace version of acosh");
}

Tensor& atanhInplace(Tensor& self)
{
    return inplaceNotImplemented(self, "atanh_", "AtanhBackward1", atanhValues, "inplace version of atanh");
}

}  // namespace agv::ops
