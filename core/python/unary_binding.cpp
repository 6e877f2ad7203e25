// The trigonometric and hyperbolic functions (core/ops/trig_hyperbolic.cpp) with their
// NumPy-style aliases (arcsin, arcsinh, ...), the special functions (lgamma, digamma,
// polygamma, erfinv, i0, sinc: core/ops/special_functions.cpp), and the in-place unary
// methods (x.sqrt_(), x.tan_(), ...) as Tensor methods and torch.* functions, as PyTorch
// 1.13 has them.

#include "core/ops/ops.h"
#include "core/ops/special_functions.h"
#include "core/ops/transcendental_inplace.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

using UnaryFn = Tensor (*)(const Tensor&);
using InplaceFn = Tensor& (*)(Tensor&);

/// Tensor.<name>() and torch.<name>(input).
void defUnary(py::module_& m, py::handle cls, const char* name, UnaryFn fn)
{
    cls.attr(name) = py::cpp_function(
        [fn, name](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            bind(call, name, {}, 0);
            return wrapTensor(fn(*asTensor(self)));
        },
        py::name(name), py::is_method(cls));
    m.attr(name) = py::cpp_function(
        [fn, name](py::args args, py::kwargs kwargs) {
            CallArgs rest;
            const Tensor t = splitInput(name, args, kwargs, rest);
            bind(rest, name, {}, 0);
            return wrapTensor(fn(t));
        },
        py::name(name));
}

/// Tensor.<name>() returning self, and (withFunction) torch.<name>(input) returning input.
void defInplace(py::module_& m, py::handle cls, const char* name, InplaceFn fn, bool withFunction = true)
{
    cls.attr(name) = py::cpp_function(
        [fn, name](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            bind(call, name, {}, 0);
            Tensor t = *asTensor(self);
            fn(t);
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name(name), py::is_method(cls));
    if (!withFunction)
        return;
    m.attr(name) = py::cpp_function(
        [fn, name](py::args args, py::kwargs kwargs) -> py::object {
            CallArgs rest;
            Tensor t = splitInput(name, args, kwargs, rest);
            bind(rest, name, {}, 0);
            fn(t);
            return args.size() > 0 ? py::reinterpret_borrow<py::object>(args[0]) : py::object(kwargs["input"]);
        },
        py::name(name));
}

/// x.round_() and x.round_(decimals=n) (keyword-only, as round's).
py::object roundInplace(py::handle self, py::args args, py::kwargs kwargs)
{
    CallArgs call{std::move(args), std::move(kwargs)};
    py::handle decimals = call.keyword("decimals");
    Tensor t = *asTensor(self);
    if (given(decimals))
        ops::roundInplace(t, requireInt(decimals, "round_", "decimals"));
    else {
        bind(call, "round_", {}, 0);
        ops::roundInplace(t);
    }
    return py::reinterpret_borrow<py::object>(self);
}

/// torch.polygamma(n, input), Tensor.polygamma(n) and Tensor.polygamma_(n).
void defPolygamma(py::module_& m, py::handle cls)
{
    m.attr("polygamma") = py::cpp_function(
        [](py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            auto a = bind(call, "polygamma", {"n", "input"}, 2);
            const int64_t n = requireInt(a[0], "polygamma", "n");
            return wrapTensor(ops::polygamma(n, requireTensor(a[1], "polygamma", "input", 2)));
        },
        py::name("polygamma"));
    cls.attr("polygamma") = py::cpp_function(
        [](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            auto a = bind(call, "polygamma", {"n"}, 1);
            return wrapTensor(ops::polygamma(requireInt(a[0], "polygamma", "n"), *asTensor(self)));
        },
        py::name("polygamma"), py::is_method(cls));
    cls.attr("polygamma_") = py::cpp_function(
        [](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            auto a = bind(call, "polygamma_", {"n"}, 1);
            Tensor t = *asTensor(self);
            ops::polygammaInplace(t, requireInt(a[0], "polygamma_", "n"));
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name("polygamma_"), py::is_method(cls));
}

}  // namespace

void bindUnary(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    struct Trig {
        const char* name;
        const char* alias;
        UnaryFn fn;
        const char* inplaceName;
        const char* inplaceAlias;
        InplaceFn inplace;
    };
    const Trig trig[] = {
        {"tan", nullptr, ops::tan, "tan_", nullptr, ops::tanInplace},
        {"atan", "arctan", ops::atan, "atan_", "arctan_", ops::atanInplace},
        {"asin", "arcsin", ops::asin, "asin_", "arcsin_", ops::asinInplace},
        {"acos", "arccos", ops::acos, "acos_", "arccos_", ops::acosInplace},
        {"sinh", nullptr, ops::sinh, "sinh_", nullptr, ops::sinhInplace},
        {"cosh", nullptr, ops::cosh, "cosh_", nullptr, ops::coshInplace},
        {"asinh", "arcsinh", ops::asinh, "asinh_", "arcsinh_", ops::asinhInplace},
        {"acosh", "arccosh", ops::acosh, "acosh_", "arccosh_", ops::acoshInplace},
        {"atanh", "arctanh", ops::atanh, "atanh_", "arctanh_", ops::atanhInplace},
    };
    for (const Trig& t : trig) {
        defUnary(m, cls, t.name, t.fn);
        defInplace(m, cls, t.inplaceName, t.inplace);
        if (t.alias) {
            defUnary(m, cls, t.alias, t.fn);
            defInplace(m, cls, t.inplaceAlias, t.inplace);
        }
    }

    defInplace(m, cls, "abs_", ops::absInplace);
    defInplace(m, cls, "neg_", ops::negInplace);
    defInplace(m, cls, "sqrt_", ops::sqrtInplace);
    defInplace(m, cls, "rsqrt_", ops::rsqrtInplace);
    defInplace(m, cls, "log_", ops::logInplace);
    defInplace(m, cls, "erf_", ops::erfInplace);
    defInplace(m, cls, "erfc_", ops::erfcInplace);
    defInplace(m, cls, "expm1_", ops::expm1Inplace);
    defInplace(m, cls, "log1p_", ops::log1pInplace);
    defInplace(m, cls, "log2_", ops::log2Inplace);
    defInplace(m, cls, "log10_", ops::log10Inplace);
    defInplace(m, cls, "exp2_", ops::exp2Inplace);
    defInplace(m, cls, "reciprocal_", ops::reciprocalInplace);
    defInplace(m, cls, "sin_", ops::sinInplace);
    defInplace(m, cls, "cos_", ops::cosInplace);
    defInplace(m, cls, "floor_", ops::floorInplace);
    defInplace(m, cls, "ceil_", ops::ceilInplace);
    defInplace(m, cls, "trunc_", ops::truncInplace);
    defInplace(m, cls, "frac_", ops::fracInplace);
    // PyTorch has these two as methods only (no torch.sign_, torch.logical_not_).
    defInplace(m, cls, "sign_", ops::signInplace, false);
    defInplace(m, cls, "logical_not_", ops::logicalNotInplace, false);
    cls.attr("round_") = py::cpp_function(roundInplace, py::name("round_"), py::is_method(cls));

    // 1.13 has torch.i0_ and torch.sinc_ but no torch.lgamma_, digamma_ or erfinv_.
    const struct {
        const char* name;
        UnaryFn fn;
        const char* inplaceName;
        InplaceFn inplace;
        bool inplaceFunction;
    } special[] = {
        {"lgamma", ops::lgamma, "lgamma_", ops::lgammaInplace, false},
        {"digamma", ops::digamma, "digamma_", ops::digammaInplace, false},
        {"erfinv", ops::erfinv, "erfinv_", ops::erfinvInplace, false},
        {"i0", ops::i0, "i0_", ops::i0Inplace, true},
        {"sinc", ops::sinc, "sinc_", ops::sincInplace, true},
    };
    for (const auto& f : special) {
        defUnary(m, cls, f.name, f.fn);
        defInplace(m, cls, f.inplaceName, f.inplace, f.inplaceFunction);
    }
    defPolygamma(m, cls);
}

}  // namespace agv::python
