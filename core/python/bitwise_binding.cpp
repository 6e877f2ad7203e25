// torch.bitwise_and / or / xor / not / left_shift / right_shift, their Tensor methods and
// in-place forms, and the operators & | ^ ~ << >> (core/ops/bitwise.cpp).

#include "core/ops/bitwise.h"
#include "core/ops/ops.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

using ops::BitwiseOp;

bool isOperand(py::handle h) { return isTensor(h) || isNumber(h); }

/// A tensor operand, or a Python number as PyTorch wraps it (it does not promote).
std::optional<Tensor> operand(py::handle h, const Tensor& like)
{
    if (auto t = asTensor(h))
        return *t;
    if (isNumber(h))
        return ops::scalarTensor(toScalar(h), like.device());
    return std::nullopt;
}

[[noreturn]] void invalidArguments(BitwiseOp op, const CallArgs& args)
{
    const std::string given = describeGivenArguments(args);
    // The parser marks what does not fit the (Number self, Tensor other) signature.
    std::string marked;
    for (size_t i = 0; i < args.positional.size(); ++i) {
        py::handle h = args.positional[i];
        const bool fits = i == 0 ? !isTensor(h) && isNumber(h) : i == 1 && isTensor(h);
        marked += std::string(i == 0 ? "" : ", ") + (fits ? typeName(h) : "!" + typeName(h) + "!");
    }
    raise(PyExc_TypeError, std::string(ops::bitwiseFunctionName(op)) +
                               "() received an invalid combination of arguments - got " + given +
                               ", but expected one of:\n * (Tensor input, Tensor other, *, Tensor out)\n"
                               " * (Number self, Tensor other)\n      didn't match because some of the arguments "
                               "have invalid types: (" + marked + ")\n * (Tensor input, Number other, *, Tensor out)\n");
}

template <BitwiseOp Op>
py::object methodImpl(const Tensor& self, CallArgs& args, int pos)
{
    auto a = bind(args, ops::bitwiseFunctionName(Op), {"other"}, 1);
    auto other = operand(a[0], self);
    if (!other)
        raise(PyExc_TypeError, std::string(ops::bitwiseFunctionName(Op)) + "(): argument 'other' (position " +
                                   std::to_string(pos) + ") must be Tensor, not " + typeName(a[0]));
    return wrapTensor(ops::bitwise(self, *other, Op));
}

template <BitwiseOp Op>
py::object function(py::args args, py::kwargs kwargs)
{
    CallArgs call{args, kwargs};
    // bitwise_and(Number self, Tensor other): the number is wrapped, as for the operators.
    if (args.size() == 2 && kwargs.empty() && !isTensor(args[0]) && isNumber(args[0])) {
        auto other = asTensor(args[1]);
        if (!other)
            invalidArguments(Op, call);
        return wrapTensor(ops::bitwise(ops::scalarTensor(toScalar(args[0]), other->device()), *other, Op));
    }
    if (args.size() == 2 && kwargs.empty() && isTensor(args[0]) && !isOperand(args[1]))
        invalidArguments(Op, call);
    CallArgs rest;
    const Tensor input = splitInput(ops::bitwiseFunctionName(Op), args, kwargs, rest);
    return methodImpl<Op>(input, rest, 2);
}

template <BitwiseOp Op>
void defineBinary(py::module_& m, py::handle cls, const char* inplaceName)
{
    const char* name = ops::bitwiseFunctionName(Op);
    m.attr(name) = py::cpp_function(&function<Op>, py::name(name));
    cls.attr(name) = py::cpp_function(
        [](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            return methodImpl<Op>(*asTensor(self), call, 1);
        },
        py::name(name), py::is_method(cls));
    cls.attr(inplaceName) = py::cpp_function(
        [inplaceName](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            auto a = bind(call, inplaceName, {"other"}, 1);
            Tensor t = *asTensor(self);
            auto other = operand(a[0], t);
            if (!other)
                raise(PyExc_TypeError, std::string(inplaceName) + "(): argument 'other' (position 1) must be "
                                                                  "Tensor, not " + typeName(a[0]));
            ops::bitwiseInplace(t, *other, Op);
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name(inplaceName), py::is_method(cls));
}

/// a <op> b, b <op> a (reflected) and a <op>= b: NotImplemented for what is not a tensor
/// or a number, so that Python raises its own "unsupported operand type(s)".
template <BitwiseOp Op>
void defineOperators(py::handle cls, const char* forward, const char* reflected, const char* inplace)
{
    cls.attr(forward) = py::cpp_function(
        [](py::handle self, py::handle other) -> py::object {
            const Tensor t = *asTensor(self);
            auto o = operand(other, t);
            return o ? wrapTensor(ops::bitwise(t, *o, Op)) : notImplemented();
        },
        py::name(forward), py::is_method(cls));
    cls.attr(reflected) = py::cpp_function(
        [](py::handle self, py::handle other) -> py::object {
            const Tensor t = *asTensor(self);
            auto o = operand(other, t);
            return o ? wrapTensor(ops::bitwise(*o, t, Op)) : notImplemented();
        },
        py::name(reflected), py::is_method(cls));
    cls.attr(inplace) = py::cpp_function(
        [](py::handle self, py::handle other) -> py::object {
            Tensor t = *asTensor(self);
            auto o = operand(other, t);
            if (!o)
                return notImplemented();
            ops::bitwiseInplace(t, *o, Op);
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name(inplace), py::is_method(cls));
}

}  // namespace

void bindBitwise(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defineBinary<BitwiseOp::And>(m, cls, "bitwise_and_");
    defineBinary<BitwiseOp::Or>(m, cls, "bitwise_or_");
    defineBinary<BitwiseOp::Xor>(m, cls, "bitwise_xor_");
    defineBinary<BitwiseOp::LeftShift>(m, cls, "bitwise_left_shift_");
    defineBinary<BitwiseOp::RightShift>(m, cls, "bitwise_right_shift_");
    defineOperators<BitwiseOp::And>(cls, "__and__", "__rand__", "__iand__");
    defineOperators<BitwiseOp::Or>(cls, "__or__", "__ror__", "__ior__");
    defineOperators<BitwiseOp::Xor>(cls, "__xor__", "__rxor__", "__ixor__");
    defineOperators<BitwiseOp::LeftShift>(cls, "__lshift__", "__rlshift__", "__ilshift__");
    defineOperators<BitwiseOp::RightShift>(cls, "__rshift__", "__rrshift__", "__irshift__");
    m.attr("bitwise_not") = py::cpp_function(
        [](py::args args, py::kwargs kwargs) {
            CallArgs rest;
            const Tensor input = splitInput("bitwise_not", args, kwargs, rest);
            bind(rest, "bitwise_not", {}, 0);
            return wrapTensor(ops::bitwiseNot(input));
        },
        py::name("bitwise_not"));
    cls.attr("bitwise_not") = py::cpp_function([](py::handle self) { return wrapTensor(ops::bitwiseNot(*asTensor(self))); },
                                               py::name("bitwise_not"), py::is_method(cls));
    cls.attr("bitwise_not_") = py::cpp_function(
        [](py::handle self) {
            Tensor t = *asTensor(self);
            ops::bitwiseNotInplace(t);
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name("bitwise_not_"), py::is_method(cls));
    cls.attr("__invert__") = py::cpp_function(
        [](py::handle self) {
            const Tensor t = *asTensor(self);
            if (!isIntegralType(t.dtype(), true))
                raise(PyExc_TypeError, "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
            return wrapTensor(ops::bitwiseNot(t));
        },
        py::name("__invert__"), py::is_method(cls));
}

}  // namespace agv::python
