// erf, erfc, expm1, log1p, maximum, minimum, atan2, lerp, logsumexp, prod, amax, amin and
// xlogy / xlogy_ (core/ops/pointwise.cpp, binary_math.cpp, logsumexp_prod.cpp, reduce_amax.cpp,
// soft_target_losses.cpp) as Tensor methods and
// torch.* functions; the activations of core/ops/activations.cpp: silu, elu, softplus,
// softshrink, hardsigmoid, hardswish, mish and glu, and log_sigmoid (log_sigmoid.cpp), in `_agv_torch._nn`, selu,
// celu, threshold, hardshrink and prelu as torch.* (the last two also as Tensor methods).

#include "core/ops/activations.h"
#include "core/ops/lerp_inplace.h"
#include "core/ops/log_sigmoid.h"
#include "core/ops/ops.h"
#include "core/ops/reduce_amax.h"
#include "core/ops/soft_target_losses.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

py::object maximumImpl(const Tensor& self, CallArgs& args, int pos)
{
    auto a = bind(args, "maximum", {"other"}, 1);
    return wrapTensor(ops::maximum(self, requireTensor(a[0], "maximum", "other", pos)));
}

py::object minimumImpl(const Tensor& self, CallArgs& args, int pos)
{
    auto a = bind(args, "minimum", {"other"}, 1);
    return wrapTensor(ops::minimum(self, requireTensor(a[0], "minimum", "other", pos)));
}

py::object atan2Impl(const Tensor& self, CallArgs& args, int pos)
{
    auto a = bind(args, "atan2", {"other"}, 1);
    return wrapTensor(ops::atan2(self, requireTensor(a[0], "atan2", "other", pos)));
}

py::object lerpImpl(const Tensor& self, CallArgs& args, int pos)
{
    auto a = bind(args, "lerp", {"end", "weight"}, 2);
    const Tensor end = requireTensor(a[0], "lerp", "end", pos);
    if (auto w = asTensor(a[1]))
        return wrapTensor(ops::lerp(self, end, *w));
    return wrapTensor(ops::lerp(self, end, requireScalar(a[1], "lerp", "weight")));
}

py::object logsumexpImpl(const Tensor& self, CallArgs& args, int)
{
    auto a = bind(args, "logsumexp", {"dim", "keepdim"}, 1);
    return wrapTensor(ops::logsumexp(self, intList(a[0], "logsumexp", "dim"), given(a[1]) && truthy(a[1])));
}

py::object prodImpl(const Tensor& self, CallArgs& args, int)
{
    auto a = bind(args, "prod", {"dim", "keepdim", "dtype"}, 0);
    std::optional<ScalarType> dtype;
    if (given(a[2]))
        dtype = asDtype(a[2]);
    if (!given(a[0]))
        return wrapTensor(ops::prod(self, dtype));
    return wrapTensor(ops::prod(self, requireInt(a[0], "prod", "dim"), given(a[1]) && truthy(a[1]), dtype));
}

/// amax / amin: dim an int or a sequence of ints (None or left out: every dim).
template <bool IsMax>
py::object amaxAminImpl(const Tensor& self, CallArgs& args, int pos)
{
    const char* name = IsMax ? "amax" : "amin";
    auto a = bind(args, name, {"dim", "keepdim"}, 0);
    IntList dims;
    if (given(a[0])) {
        const bool isInt = PyLong_Check(a[0].ptr()) && !PyBool_Check(a[0].ptr());
        if (!isInt && !PyTuple_Check(a[0].ptr()) && !PyList_Check(a[0].ptr()))
            raise(PyExc_TypeError, std::string(name) + "(): argument 'dim' (position " + std::to_string(pos) +
                                       ") must be tuple of ints, not " + typeName(a[0]));
        dims = intList(a[0], name, "dim");
    }
    const bool keepdim = given(a[1]) && requireBool(a[1], name, "keepdim");
    return wrapTensor(IsMax ? ops::amax(self, dims, keepdim) : ops::amin(self, dims, keepdim));
}

/// xlogy(self, other): either side a tensor or a Python number (XlogyBackward0 / 1 / 2).
py::object xlogyOf(py::handle self, py::handle other)
{
    auto selfTensor = asTensor(self), otherTensor = asTensor(other);
    if (selfTensor && otherTensor)
        return wrapTensor(ops::xlogy(*selfTensor, *otherTensor));
    if (selfTensor && isNumber(other))
        return wrapTensor(ops::xlogy(*selfTensor, toScalar(other)));
    if (otherTensor && isNumber(self))
        return wrapTensor(ops::xlogy(toScalar(self), *otherTensor));
    auto name = [](py::handle h) { return isTensor(h) ? std::string("Tensor") : typeName(h); };
    raise(PyExc_TypeError, "xlogy() received an invalid combination of arguments - got (" + name(self) + ", " +
                               name(other) +
                               "), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out)\n"
                               " * (Number self, Tensor other, *, Tensor out)\n"
                               " * (Tensor input, Number other, *, Tensor out)\n");
}

/// An optional Scalar argument: `fallback` when left out.
Scalar scalarOr(const py::object& v, const char* fn, const char* name, Scalar fallback)
{
    return given(v) ? requireScalar(v, fn, name) : fallback;
}

py::object hardshrinkImpl(const Tensor& self, CallArgs& args, int)
{
    auto a = bind(args, "hardshrink", {"lambd"}, 0);
    return wrapTensor(ops::hardshrink(self, scalarOr(a[0], "hardshrink", "lambd", Scalar(0.5))));
}

/// An activation's in-place form: applies `op` to the input tensor and returns it.
py::object inplaceActivation(CallArgs& args, const char* name, Tensor& (*op)(Tensor&))
{
    auto a = bind(args, name, {"input"}, 1);
    Tensor t = requireTensor(a[0], name, "input", 1);
    op(t);
    return a[0];
}

py::object preluImpl(const Tensor& self, CallArgs& args, int pos)
{
    auto a = bind(args, "prelu", {"weight"}, 1);
    return wrapTensor(ops::prelu(self, requireTensor(a[0], "prelu", "weight", pos)));
}

// torch.selu: elu with SELU's fixed alpha and scale (EluBackward0).
constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;

}  // namespace

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
    defMethodAndFunctionNumbered(m, cls, "maximum", maximumImpl);
    defMethodAndFunctionNumbered(m, cls, "minimum", minimumImpl);
    defMethodAndFunctionNumbered(m, cls, "atan2", atan2Impl);
    defMethodAndFunctionNumbered(m, cls, "lerp", lerpImpl);
    cls.attr("lerp_") = py::cpp_function(
        [](py::handle selfObject, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            auto a = bind(call, "lerp_", {"end", "weight"}, 2);
            Tensor self = *asTensor(selfObject);
            const Tensor end = requireTensor(a[0], "lerp_", "end", 1);
            if (auto w = asTensor(a[1]))
                ops::lerpInplace(self, end, *w);
            else
                ops::lerpInplace(self, end, requireScalar(a[1], "lerp_", "weight"));
            return py::reinterpret_borrow<py::object>(selfObject);
        },
        py::name("lerp_"), py::is_method(cls));
    defMethodAndFunctionNumbered(m, cls, "logsumexp", logsumexpImpl);
    defMethodAndFunctionNumbered(m, cls, "prod", prodImpl);
    defNative(m, "xlogy", [](CallArgs& args) -> py::object {
        auto a = bind(args, "xlogy", {"self", "other"}, 2);
        return xlogyOf(a[0], a[1]);
    });
    cls.attr("xlogy") = py::cpp_function(
        [](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            auto a = bind(call, "xlogy", {"other"}, 1);
            return xlogyOf(self, a[0]);
        },
        py::name("xlogy"), py::is_method(cls));
    // xlogy_ with a tensor or a number: the parser's overloads, so a wrong argument gets
    // 1.13's message. The function form counts its own positions.
    defParsedMethodAndFunction(
        m, cls, {"xlogy_(Tensor other)", "xlogy_(Scalar other)"},
        {"xlogy_(Tensor input, Tensor other)", "xlogy_(Tensor input, Scalar other)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            Tensor target = self;
            if (a.overload() == 0)
                ops::xlogyInplace(target, a.tensor("other"));
            else
                ops::xlogyInplace(target, a.scalar("other"));
            return wrapTensor(target);
        });
    defMethodAndFunctionNumbered(m, cls, "amax", amaxAminImpl<true>);
    defMethodAndFunctionNumbered(m, cls, "amin", amaxAminImpl<false>);

    defMethodAndFunctionNumbered(m, cls, "hardshrink", hardshrinkImpl);
    defMethodAndFunctionNumbered(m, cls, "prelu", preluImpl);
    defNative(m, "pairwise_distance", [](CallArgs& args) -> py::object {
        auto a = bind(args, "pairwise_distance", {"x1", "x2", "p", "eps", "keepdim"}, 2);
        return wrapTensor(ops::pairwiseDistance(requireTensor(a[0], "pairwise_distance", "x1", 1),
                                                requireTensor(a[1], "pairwise_distance", "x2", 2),
                                                given(a[2]) ? requireFloat(a[2], "pairwise_distance", "p") : 2.0,
                                                given(a[3]) ? requireFloat(a[3], "pairwise_distance", "eps") : 1e-6,
                                                given(a[4]) && truthy(a[4])));
    });
    defNative(m, "selu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "selu", {"input"}, 1);
        return wrapTensor(ops::elu(requireTensor(a[0], "selu", "input", 1), kSeluAlpha, kSeluScale));
    });
    defNative(m, "celu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "celu", {"input", "alpha"}, 1);
        return wrapTensor(ops::celu(requireTensor(a[0], "celu", "input", 1), scalarOr(a[1], "celu", "alpha", Scalar(1.0))));
    });
    defNative(m, "selu_", [](CallArgs& args) -> py::object {
        auto a = bind(args, "selu_", {"input"}, 1);
        Tensor t = requireTensor(a[0], "selu_", "input", 1);
        ops::eluInplace(t, kSeluAlpha, kSeluScale);
        return a[0];
    });
    defNative(m, "celu_", [](CallArgs& args) -> py::object {
        auto a = bind(args, "celu_", {"input", "alpha"}, 1);
        Tensor t = requireTensor(a[0], "celu_", "input", 1);
        ops::celuInplace(t, scalarOr(a[1], "celu_", "alpha", Scalar(1.0)));
        return a[0];
    });
    defNative(m, "threshold_", [](CallArgs& args) -> py::object {
        auto a = bind(args, "threshold_", {"input", "threshold", "value"}, 3);
        Tensor t = requireTensor(a[0], "threshold_", "input", 1);
        ops::thresholdInplace(t, requireScalar(a[1], "threshold_", "threshold"), requireScalar(a[2], "threshold_", "value"));
        return a[0];
    });
    defNative(m, "threshold", [](CallArgs& args) -> py::object {
        auto a = bind(args, "threshold", {"input", "threshold", "value"}, 3);
        return wrapTensor(ops::threshold(requireTensor(a[0], "threshold", "input", 1),
                                         requireScalar(a[1], "threshold", "threshold"),
                                         requireScalar(a[2], "threshold", "value")));
    });

    py::module_ nn = m.attr("_nn");
    defNative(nn, "softshrink", [](CallArgs& args) -> py::object {
        auto a = bind(args, "softshrink", {"input", "lambd"}, 1);
        return wrapTensor(ops::softshrink(requireTensor(a[0], "softshrink", "input", 1),
                                          scalarOr(a[1], "softshrink", "lambd", Scalar(0.5))));
    });
    defFunctional(nn, "hardsigmoid", [](CallArgs& args) -> py::object {
        auto a = bind(args, "hardsigmoid", {"input"}, 1);
        return wrapTensor(ops::hardsigmoid(requireTensor(a[0], "hardsigmoid", "input", 1)));
    });
    defFunctional(nn, "hardswish", [](CallArgs& args) -> py::object {
        auto a = bind(args, "hardswish", {"input"}, 1);
        return wrapTensor(ops::hardswish(requireTensor(a[0], "hardswish", "input", 1)));
    });
    // F.silu / hardsigmoid / hardswish / mish with inplace=True.
    defNative(nn, "silu_", [](CallArgs& a) { return inplaceActivation(a, "silu_", ops::siluInplace); });
    defNative(nn, "hardsigmoid_", [](CallArgs& a) { return inplaceActivation(a, "hardsigmoid_", ops::hardsigmoidInplace); });
    defNative(nn, "hardswish_", [](CallArgs& a) { return inplaceActivation(a, "hardswish_", ops::hardswishInplace); });
    defNative(nn, "mish_", [](CallArgs& a) { return inplaceActivation(a, "mish_", ops::mishInplace); });
    defNative(nn, "log_sigmoid", [](CallArgs& args) -> py::object {
        auto a = bind(args, "log_sigmoid", {"input"}, 1);
        return wrapTensor(ops::logSigmoid(requireTensor(a[0], "log_sigmoid", "input", 1)));
    });
    defFunctional(nn, "mish", [](CallArgs& args) -> py::object {
        auto a = bind(args, "mish", {"input"}, 1);
        return wrapTensor(ops::mish(requireTensor(a[0], "mish", "input", 1)));
    });
    defFunctional(nn, "glu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "glu", {"input", "dim"}, 1);
        return wrapTensor(ops::glu(requireTensor(a[0], "glu", "input", 1), given(a[1]) ? requireInt(a[1], "glu", "dim") : -1));
    });
    defFunctional(nn, "silu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "silu", {"input"}, 1);
        return wrapTensor(ops::silu(requireTensor(a[0], "silu", "input", 1)));
    });
    defFunctional(nn, "elu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "elu", {"input", "alpha", "scale", "input_scale"}, 1);
        static const char* const names[] = {"input", "alpha", "scale", "input_scale"};
        // The numbers keep their Python type: elu's node shows _saved_alpha 2 or 2.0 as given.
        auto number = [&](size_t i) { return given(a[i]) ? requireScalar(a[i], "elu", names[i]) : Scalar(1); };
        return wrapTensor(ops::elu(requireTensor(a[0], "elu", "input", 1), number(1), number(2), number(3)));
    });
    defNative(nn, "elu_", [](CallArgs& args) -> py::object {
        auto a = bind(args, "elu_", {"input", "alpha", "scale", "input_scale"}, 1);
        static const char* const names[] = {"input", "alpha", "scale", "input_scale"};
        auto number = [&](size_t i) { return given(a[i]) ? requireScalar(a[i], "elu_", names[i]) : Scalar(1); };
        Tensor t = requireTensor(a[0], "elu_", "input", 1);
        ops::eluInplace(t, number(1), number(2), number(3));
        return a[0];
    });
    defNative(nn, "softplus", [](CallArgs& args) -> py::object {
        auto a = bind(args, "softplus", {"input", "beta", "threshold"}, 1);
        return wrapTensor(ops::softplus(requireTensor(a[0], "softplus", "input", 1),
                                        given(a[1]) ? requireScalar(a[1], "softplus", "beta") : Scalar(1),
                                        given(a[2]) ? requireScalar(a[2], "softplus", "threshold") : Scalar(20)));
    });
}

}  // namespace agv::python
