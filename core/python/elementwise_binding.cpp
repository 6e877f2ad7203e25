// floor, ceil, round, trunc, frac, sign, sgn, log2, log10, exp2 (core/ops/rounding.cpp,
// pointwise.cpp), fmod, remainder, floor_divide, logical_and / or / xor / not, argmin,
// nonzero and addcmul / addcdiv (core/ops/addcmul.cpp) as Tensor methods and torch.*
// functions; the in-place remainder_, fmod_, floor_divide_ and pow_ (core/ops/inplace.cpp). Their aliases and composites (torch.fix, torch.square, ...) are Python,
// in torch/_composites.py.

#include "core/ops/inplace_arith.h"
#include "core/ops/ops.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

/// fmod / remainder / floor_divide: `other` a tensor or a Python number.
template <Tensor (*ByTensor)(const Tensor&, const Tensor&), Tensor (*ByNumber)(const Tensor&, Scalar)>
py::object binaryImpl(const char* name, const Tensor& self, CallArgs& args, int pos)
{
    auto a = bind(args, name, {"other"}, 1);
    if (auto other = asTensor(a[0]))
        return wrapTensor(ByTensor(self, *other));
    if (!isNumber(a[0])) {
        if (pos == 2 && std::string_view(name) == "fmod")
            raise(PyExc_TypeError, "fmod() received an invalid combination of arguments - got (Tensor, " +
                                       typeName(a[0]) + "), but expected one of:\n * (Tensor input, Tensor other, *, "
                                       "Tensor out)\n * (Tensor input, Number other, *, Tensor out)\n");
        raise(PyExc_TypeError, std::string(name) + "(): argument 'other' (position " + std::to_string(pos) +
                                   ") must be Tensor, not " + typeName(a[0]));
    }
    return wrapTensor(ByNumber(self, toScalar(a[0])));
}

Tensor remainderByNumber(const Tensor& a, Scalar b) { return ops::remainder(a, b); }
Tensor remainderByTensor(const Tensor& a, const Tensor& b) { return ops::remainder(a, b); }
Tensor fmodByNumber(const Tensor& a, Scalar b) { return ops::fmod(a, b); }
Tensor fmodByTensor(const Tensor& a, const Tensor& b) { return ops::fmod(a, b); }
Tensor floorDivideByNumber(const Tensor& a, Scalar b) { return ops::floorDivide(a, b); }

py::object fmodImpl(const Tensor& self, CallArgs& args, int pos)
{
    return binaryImpl<fmodByTensor, fmodByNumber>("fmod", self, args, pos);
}

py::object remainderImpl(const Tensor& self, CallArgs& args, int pos)
{
    return binaryImpl<remainderByTensor, remainderByNumber>("remainder", self, args, pos);
}

py::object floorDivideImpl(const Tensor& self, CallArgs& args, int pos)
{
    return binaryImpl<ops::floorDivide, floorDivideByNumber>("floor_divide", self, args, pos);
}

/// remainder_ / fmod_ / floor_divide_ / pow_: a tensor or a Python number, in place.
template <Tensor& (*ByTensor)(Tensor&, const Tensor&), Tensor& (*ByNumber)(Tensor&, Scalar)>
void defInplaceBinary(py::handle cls, const char* name, const char* param)
{
    cls.attr(name) = py::cpp_function(
        [name, param](py::handle self, py::args args, py::kwargs kwargs) -> py::object {
            const CallArgs c{std::move(args), std::move(kwargs)};
            py::handle other = tensorOrNumberArg(c, name, param);
            Tensor t = *asTensor(self);
            if (auto o = asTensor(other))
                ByTensor(t, *o);
            else
                ByNumber(t, toScalar(other));
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name(name), py::is_method(cls));
}

template <ops::LogicalOp Op>
py::object logicalImpl(const Tensor& self, CallArgs& args, int pos)
{
    const char* name = Op == ops::LogicalOp::And ? "logical_and" : Op == ops::LogicalOp::Or ? "logical_or" : "logical_xor";
    auto a = bind(args, name, {"other"}, 1);
    return wrapTensor(ops::logical(self, requireTensor(a[0], name, "other", pos), Op));
}

py::object roundImpl(const Tensor& self, CallArgs& args)
{
    // decimals is keyword-only: round(input, *, decimals=0)
    py::handle decimals = args.keyword("decimals");
    if (!given(decimals))
        return wrapTensor(ops::round(self));
    return wrapTensor(ops::round(self, requireInt(decimals, "round", "decimals")));
}

py::object argminImpl(const Tensor& self, const ParsedArguments& a)
{
    refuseOut(a, "argmin");
    std::optional<int64_t> dim;
    if (a.has("dim"))
        dim = a.toInt("dim");
    return wrapTensor(ops::argmin(self, dim, a.toBool("keepdim", false)));
}

py::object nonzeroImpl(const Tensor& self, CallArgs& args)
{
    auto a = bind(args, "nonzero", {"as_tuple"}, 0);
    Tensor indices = ops::nonzero(self);
    if (!given(a[0]) || !truthy(a[0]))
        return wrapTensor(indices);
    // as_tuple: one index tensor per dim (a 0-d input counts as one dim, as in PyTorch).
    if (self.dim() == 0)
        return py::make_tuple(wrapTensor(ops::fromInts({indices.sizes()[0]}, std::vector<int64_t>(
                                                            size_t(indices.sizes()[0]), 0), ScalarType::Int64)));
    py::tuple columns(size_t(self.dim()));
    for (int64_t d = 0; d < self.dim(); ++d)
        columns[size_t(d)] = wrapTensor(ops::contiguous(ops::select(indices, 1, d)));
    return std::move(columns);
}

/// addcmul / addcdiv (in place when Inplace): value keyword-only, as in PyTorch.
template <bool IsDiv, bool Inplace>
py::object addcImpl(const Tensor& self, CallArgs& args, int pos)
{
    const char* name = IsDiv ? (Inplace ? "addcdiv_" : "addcdiv") : (Inplace ? "addcmul_" : "addcmul");
    py::handle value = args.keyword("value");
    py::kwargs rest;
    for (auto [k, v] : args.keywords)
        if (py::str(k).cast<std::string>() != "value")
            rest[k] = v;
    CallArgs tensors{args.positional, rest};
    auto a = bind(tensors, name, {"tensor1", "tensor2"}, 2);
    const Tensor t1 = requireTensor(a[0], name, "tensor1", pos);
    const Tensor t2 = requireTensor(a[1], name, "tensor2", pos + 1);
    const Scalar v = given(value) ? requireScalar(value, name, "value") : Scalar(int64_t(1));
    if constexpr (Inplace) {
        Tensor t = self;
        IsDiv ? ops::addcdivInplace(t, t1, t2, v) : ops::addcmulInplace(t, t1, t2, v);
        return py::none();
    } else {
        return wrapTensor(IsDiv ? ops::addcdiv(self, t1, t2, v) : ops::addcmul(self, t1, t2, v));
    }
}

}  // namespace

py::handle tensorOrNumberArg(const CallArgs& args, const char* fn, const char* param)
{
    py::handle value;
    if (args.positional.size() == 1 && args.keywords.empty())
        value = args.positional[0];
    else if (args.positional.empty() && args.keywords.size() == 1)
        value = args.keyword(param);
    if (value && (isTensor(value) || isNumber(value)))
        return value;
    const std::string marked =
        value ? "      didn't match because some of the arguments have invalid types: (!" + typeName(value) + "!)\n"
              : std::string();
    raise(PyExc_TypeError, std::string(fn) + "() received an invalid combination of arguments - got " +
                               describeGivenArguments(args) + ", but expected one of:\n * (Tensor " + param + ")\n" +
                               marked + " * (Number " + param + ")\n" + marked);
}

void bindElementwise(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
#define AGV_UNARY(name)                                                          \
    defMethodAndFunction(m, cls, #name, [](const Tensor& self, CallArgs& args) { \
        bind(args, #name, {}, 0);                                                \
        return wrapTensor(ops::name(self));                                      \
    })
    AGV_UNARY(floor);
    AGV_UNARY(ceil);
    AGV_UNARY(trunc);
    AGV_UNARY(frac);
    AGV_UNARY(sign);
    AGV_UNARY(sgn);
    AGV_UNARY(log2);
    AGV_UNARY(log10);
    AGV_UNARY(exp2);
#undef AGV_UNARY
    defMethodAndFunction(m, cls, "logical_not", [](const Tensor& self, CallArgs& args) {
        bind(args, "logical_not", {}, 0);
        return wrapTensor(ops::logicalNot(self));
    });
    defMethodAndFunction(m, cls, "round", roundImpl);
    defParsedMethodAndFunction(m, cls, {"argmin(int64_t? dim=None, bool keepdim=False)"},
                               {"argmin(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)"},
                               argminImpl);
    defMethodAndFunction(m, cls, "nonzero", nonzeroImpl);
    defMethodAndFunctionNumbered(m, cls, "fmod", fmodImpl);
    defMethodAndFunctionNumbered(m, cls, "remainder", remainderImpl);
    // torch.remainder(number, tensor) is an overload of its own (remainder.Scalar_Tensor).
    m.attr("remainder") = py::cpp_function(
        [](py::args args, py::kwargs kwargs) -> py::object {
            if (args.size() == 2 && py::len(kwargs) == 0 && isNumber(args[0]) && !isTensor(args[0])) {
                if (auto other = asTensor(args[1]))
                    return wrapTensor(ops::remainder(toScalar(args[0]), *other));
                if (isNumber(args[1]))
                    raise(PyExc_TypeError,
                          "remainder() received an invalid combination of arguments - got (" + typeName(args[0]) +
                              ", " + typeName(args[1]) +
                              "), but expected one of:\n * (Tensor input, Tensor other, *, Tensor out)\n * (Number "
                              "self, Tensor other)\n      didn't match because some of the arguments have invalid "
                              "types: (!" + typeName(args[0]) + "!, !" + typeName(args[1]) +
                              "!)\n * (Tensor input, Number other, *, Tensor out)\n");
            }
            CallArgs rest;
            const Tensor input = splitInput("remainder", args, kwargs, rest);
            return remainderImpl(input, rest, 2);
        },
        py::name("remainder"));
    defMethodAndFunctionNumbered(m, cls, "floor_divide", floorDivideImpl);
    defInplaceBinary<ops::remainderInplace, ops::remainderInplace>(cls, "remainder_", "other");
    defInplaceBinary<ops::fmodInplace, ops::fmodInplace>(cls, "fmod_", "other");
    defInplaceBinary<ops::floorDivideInplace, ops::floorDivideInplace>(cls, "floor_divide_", "other");
    defInplaceBinary<ops::powInplace, ops::powInplace>(cls, "pow_", "exponent");
    defMethodAndFunctionNumbered(m, cls, "logical_and", logicalImpl<ops::LogicalOp::And>);
    defMethodAndFunctionNumbered(m, cls, "logical_or", logicalImpl<ops::LogicalOp::Or>);
    defMethodAndFunctionNumbered(m, cls, "logical_xor", logicalImpl<ops::LogicalOp::Xor>);
    defMethodAndFunctionNumbered(m, cls, "addcmul", addcImpl<false, false>);
    defMethodAndFunctionNumbered(m, cls, "addcdiv", addcImpl<true, false>);
    // In place: the method returns self (the Python object), so bound here directly.
    auto inplace = [&](const char* name, PositionalImpl impl) {
        cls.attr(name) = py::cpp_function(
            [impl](py::handle self, py::args args, py::kwargs kwargs) {
                CallArgs call{std::move(args), std::move(kwargs)};
                impl(*asTensor(self), call, 1);
                return py::reinterpret_borrow<py::object>(self);
            },
            py::name(name), py::is_method(cls));
    };
    inplace("addcmul_", addcImpl<false, true>);
    inplace("addcdiv_", addcImpl<true, true>);
}

}  // namespace agv::python
