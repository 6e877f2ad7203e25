// The tensor ops over special_functions_more_kernels.h's element functions: 1.13's
// TensorIterator loops (cpu_kernel, one element at a time; igamma's vectorized path calls
// the same scalar function lane by lane), its type promotion, and derivatives.yaml's
// igamma / igammac formulas.

#include "core/ops/special_functions_more.h"

#include <type_traits>

#include "core/ops/inplace_checks.h"
#include "core/ops/inplace_record.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/special_functions.h"
#include "core/ops/type_promotion.h"

namespace agv::ops {

namespace {

using special_kernels::IncompleteGamma;
using special_kernels::Polynomial;
using special_kernels::Unary;

/// The kernel's name in its dispatch error: "<op>_cpu".
const char* kernelName(Unary f)
{
    switch (f) {
    case Unary::AiryAi: return "airy_ai_cpu";
    case Unary::BesselY0: return "bessel_y0_cpu";
    case Unary::BesselY1: return "bessel_y1_cpu";
    case Unary::ModifiedBesselI0: return "modified_bessel_i0_cpu";
    case Unary::ModifiedBesselI1: return "modified_bessel_i1_cpu";
    case Unary::ModifiedBesselK0: return "modified_bessel_k0_cpu";
    case Unary::ModifiedBesselK1: return "modified_bessel_k1_cpu";
    case Unary::ScaledModifiedBesselK0: return "scaled_modified_bessel_k0_cpu";
    case Unary::ScaledModifiedBesselK1: return "scaled_modified_bessel_k1_cpu";
    case Unary::SphericalBesselJ0: return "spherical_bessel_j0_cpu";
    }
    return "";
}

const char* kernelName(Polynomial f)
{
    switch (f) {
    case Polynomial::ChebyshevT: return "chebyshev_polynomial_t_cpu";
    case Polynomial::ChebyshevU: return "chebyshev_polynomial_u_cpu";
    case Polynomial::ChebyshevV: return "chebyshev_polynomial_v_cpu";
    case Polynomial::ChebyshevW: return "chebyshev_polynomial_w_cpu";
    case Polynomial::ShiftedChebyshevT: return "shifted_chebyshev_polynomial_t_cpu";
    case Polynomial::ShiftedChebyshevU: return "shifted_chebyshev_polynomial_u_cpu";
    case Polynomial::ShiftedChebyshevV: return "shifted_chebyshev_polynomial_v_cpu";
    case Polynomial::ShiftedChebyshevW: return "shifted_chebyshev_polynomial_w_cpu";
    case Polynomial::HermiteH: return "hermite_polynomial_h_cpu";
    case Polynomial::HermiteHe: return "hermite_polynomial_he_cpu";
    case Polynomial::LaguerreL: return "laguerre_polynomial_l_cpu";
    case Polynomial::LegendreP: return "legendre_polynomial_p_cpu";
    }
    return "";
}

Tensor polynomialValues(Polynomial f, const Tensor& a, const Tensor& b, ScalarType type)
{
    const Tensor x = kernel::convert(a, type), n = kernel::convert(b, type);
    const IntList shape = broadcastShapes(x.sizes(), n.sizes());
    return AGV_DISPATCH_FLOATING(type, kernelName(f), [&] {
        using T = scalar_t;
        return kernel::mapBinary<T, T>(x, n, shape, type,
                                       [f](T p, T q) { return special_kernels::evaluate(f, p, q); });
    });
}

/// igamma_kernel / igammac_kernel: float and double, and Half / BFloat16 through float.
Tensor incompleteGammaValues(IncompleteGamma f, const Tensor& self, const Tensor& other, ScalarType type)
{
    const Tensor a = kernel::convert(self, type), x = kernel::convert(other, type);
    const IntList shape = broadcastShapes(a.sizes(), x.sizes());
    const char* name = f == IncompleteGamma::Lower ? "igamma_cpu" : "igammac_cpu";
    return AGV_DISPATCH_FLOATING_AND_HALF(type, name, [&] {
        using T = scalar_t;
        return kernel::mapBinary<T, T>(a, x, shape, type, [f](T p, T q) {
            if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
                return special_kernels::evaluate(f, p, q);
            else
                return T(special_kernels::evaluate(f, float(p), float(q)));
        });
    });
}

/// exp((self - 1) * log(other) - other - lgamma(self)): d/dx of P(a, x) at (self, other).
Tensor incompleteGammaDensity(const Tensor& self, const Tensor& other)
{
    const Tensor logPower = mul(internal::subScalar(self, Scalar(int64_t(1))), log(other));
    return exp(sub(sub(logPower, other), lgamma(self)));
}

/// IgammaBackward0 / IgammacBackward0 over saved self and other.
BackwardNode::Rule incompleteGammaRule(IncompleteGamma f)
{
    return [f](BackwardNode& n, const variable_list& g) {
        const bool lower = f == IncompleteGamma::Lower;
        // Note [Backward formulas run in input-name order]: other's first.
        Tensor gradOther;
        if (n.needsInputGrad(1)) {
            const Tensor density = incompleteGammaDensity(n.saved(0), n.saved(1));
            gradOther = lower ? mul(g[0], density) : mul(neg(g[0]), density);
        }
        if (n.needsInputGrad(0))
            throw Error(PyExc::NotImplementedError, lower ? "the derivative for 'igamma: input' is not implemented."
                                                          : "the derivative for 'igammac: input' is not implemented.");
        return variable_list{Tensor(), gradOther};
    };
}

Tensor incompleteGamma(IncompleteGamma f, const Tensor& self, const Tensor& other)
{
    checkSameDevice(self, other);
    Tensor out = incompleteGammaValues(f, self, other, resultType({&self, &other}));
    OpRecorder rec(f == IncompleteGamma::Lower ? "IgammaBackward0" : "IgammacBackward0", {&self, &other},
                   incompleteGammaRule(f));
    rec.save("self", self);
    rec.save("other", other);
    return rec.finish(std::move(out));
}

Tensor& incompleteGammaInplace(IncompleteGamma f, Tensor& self, const Tensor& other)
{
    checkResultType(self, other);
    InplaceRecord record;
    record.opName = f == IncompleteGamma::Lower ? "igamma_" : "igammac_";
    record.nodeName = f == IncompleteGamma::Lower ? "IgammaBackward0" : "IgammacBackward0";
    record.rule = incompleteGammaRule(f);
    record.needsOriginalSelf = true;
    record.save = [&other](OpRecorder& rec, const Tensor& originalSelf) {
        rec.save("self", originalSelf);
        rec.save("other", other);
    };
    return recordInplace(self, {&self, &other}, record, [&] {
        return incompleteGammaValues(f, self, other, resultType({&self, &other}));
    });
}

}  // namespace

Tensor specialUnary(Unary f, const Tensor& self)
{
    const ScalarType outType = floatResultType(self.dtype());
    const Tensor in = kernel::convert(self, outType);
    return AGV_DISPATCH_FLOATING(outType, kernelName(f), [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(in, outType, [f](T x) { return special_kernels::evaluate(f, x); });
    });
}

Tensor specialPolynomial(Polynomial f, const Tensor& x, const Tensor& n)
{
    checkSameDevice(x, n);
    return polynomialValues(f, x, n, floatResultType(resultType({&x, &n})));
}

Tensor specialPolynomial(Polynomial f, Scalar x, const Tensor& n)
{
    return polynomialValues(f, scalarTensor(x, n.device()), n, floatResultType(resultType(n, x)));
}

Tensor specialPolynomial(Polynomial f, const Tensor& x, Scalar n)
{
    return polynomialValues(f, x, scalarTensor(n, x.device()), floatResultType(resultType(x, n)));
}

Tensor igamma(const Tensor& self, const Tensor& other) { return incompleteGamma(IncompleteGamma::Lower, self, other); }

Tensor igammac(const Tensor& self, const Tensor& other) { return incompleteGamma(IncompleteGamma::Upper, self, other); }

Tensor& igammaInplace(Tensor& self, const Tensor& other)
{
    return incompleteGammaInplace(IncompleteGamma::Lower, self, other);
}

Tensor& igammacInplace(Tensor& self, const Tensor& other)
{
    return incompleteGammaInplace(IncompleteGamma::Upper, self, other);
}

}  // namespace agv::ops
