// erf, erfc, expm1, log1p, maximum, minimum, atan2, lerp, logsumexp, prod, amax, amin and
// xlogy (core/ops/pointwise.cpp, binary_math.cpp, logsumexp_prod.cpp, reduce_amax.cpp,
// soft_target_losses.cpp) as Tensor methods and
// torch.* functions; silu, elu and softplus (core/ops/activations.cpp) and log_sigmoid
// (core/ops/log_sigmoid.cpp) in `_agv_torch._nn`.

#include "core/ops/log_sigmoid.h"
#include "core/ops/ops.h"
#include "core/ops/reduce_amax.h"
#include "core/ops/soft_target_losses.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
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
    defMethodAndFunctionNumbered(m, cls, "amax", amaxAminImpl<true>);
    defMethodAndFunctionNumbered(m, cls, "amin", amaxAminImpl<false>);

    py::module_ nn = m.attr("_nn");
    defNative(nn, "silu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "silu", {"input"}, 1);
        return wrapTensor(ops::silu(requireTensor(a[0], "silu", "input", 1)));
    });
    defNative(nn, "log_sigmoid", [](CallArgs& args) -> py::object {
        auto a = bind(args, "log_sigmoid", {"input"}, 1);
        return wrapTensor(ops::logSigmoid(requireTensor(a[0], "log_sigmoid", "input", 1)));
    });
    defNative(nn, "elu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "elu", {"input", "alpha", "scale", "input_scale"}, 1);
        static const char* const names[] = {"input", "alpha", "scale", "input_scale"};
        auto number = [&](size_t i) { return given(a[i]) ? requireFloat(a[i], "elu", names[i]) : 1.0; };
        return wrapTensor(ops::elu(requireTensor(a[0], "elu", "input", 1), number(1), number(2), number(3)));
    });
    defNative(nn, "softplus", [](CallArgs& args) -> py::object {
        auto a = bind(args, "softplus", {"input", "beta", "threshold"}, 1);
        return wrapTensor(ops::softplus(requireTensor(a[0], "softplus", "input", 1),
                                        given(a[1]) ? requireScalar(a[1], "softplus", "beta") : Scalar(1),
                                        given(a[2]) ? requireScalar(a[2], "softplus", "threshold") : Scalar(20)));
    });
}

}  // namespace agv::python
