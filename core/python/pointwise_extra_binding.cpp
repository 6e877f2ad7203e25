// torch.rsub, and the ops of core/ops/pointwise_extra.h as torch.* functions and Tensor
// methods where PyTorch 1.13 has them: nan_to_num(_), clamp_max(_) / clamp_min(_),
// isposinf, isneginf, signbit, logaddexp, logaddexp2, deg2rad(_), rad2deg(_), hypot(_),
// logit(_) and heaviside(_). Arguments are bound with the argument parser's words
// ("missing 1 required positional arguments", "(position 2) must be float").

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/ops/activations.h"
#include "core/ops/ops.h"
#include "core/ops/pointwise_extra.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

/// The arguments after `input`, bound by name: which were given by position (the errors
/// number those, from `first`: 2 for torch.<fn>(input, ...), 1 for the method).
struct Bound {
    std::vector<py::object> values;
    size_t positional = 0;
    int first = 1;
};

/// missing_args: "missing 1 required positional arguments" (sic) naming every required
/// parameter from the first missing one on ("missing 2 required positional argument").
[[noreturn]] void raiseMissing(const char* fn, const std::vector<std::string>& names)
{
    std::string listed;
    for (const std::string& n : names)
        listed += (listed.empty() ? "\"" : ", \"") + n + "\"";
    raise(PyExc_TypeError, std::string(fn) + "() missing " + std::to_string(names.size()) +
                               " required positional argument" + (names.size() == 1 ? "s" : "") + ": " + listed);
}

Bound bindArgs(const CallArgs& args, const char* fn, std::initializer_list<std::string_view> names, size_t required,
               int first)
{
    const size_t offset = size_t(first - 1);
    const size_t given = args.positional.size();
    if (given > names.size()) {
        const size_t most = names.size() + offset, least = required + offset;
        raise(PyExc_TypeError, std::string(fn) + "() takes " +
                                   (least == most ? "" : "from " + std::to_string(least) + " to ") +
                                   std::to_string(most) + " positional argument" + (most == 1 ? "" : "s") + " but " +
                                   std::to_string(given + offset) + (given + offset == 1 ? " was" : " were") + " given");
    }
    Bound b{std::vector<py::object>(names.size()), given, first};
    size_t i = 0;
    for (std::string_view name : names) {
        if (i < given)
            b.values[i] = py::reinterpret_borrow<py::object>(args.positional[i]);
        else if (py::handle k = args.keyword(name))
            b.values[i] = py::reinterpret_borrow<py::object>(k);
        // The parser reports a missing argument before a keyword it does not know.
        if (i < required && !b.values[i]) {
            std::vector<std::string> missing;
            for (auto it = names.begin() + i; it != names.begin() + required; ++it)
                missing.emplace_back(*it);
            raiseMissing(fn, missing);
        }
        ++i;
    }
    for (auto [key, value] : args.keywords) {
        const std::string k = py::str(key);
        const auto it = std::find(names.begin(), names.end(), k);
        if (it == names.end())
            raise(PyExc_TypeError, std::string(fn) + "() got an unexpected keyword argument '" + k + "'");
        if (size_t(it - names.begin()) < given)
            raise(PyExc_TypeError, std::string(fn) + "() got multiple values for argument '" + k + "'");
    }
    return b;
}

/// " (position N)" for an argument given by position, nothing for a keyword.
std::string positionOf(const Bound& b, size_t i)
{
    return i < b.positional ? " (position " + std::to_string(int(i) + b.first) + ")" : std::string();
}

Tensor tensorArg(const Bound& b, size_t i, const char* fn, const char* name)
{
    if (auto t = asTensor(b.values[i]))
        return *t;
    raise(PyExc_TypeError, std::string(fn) + "(): argument '" + name + "'" + positionOf(b, i) + " must be Tensor, not " +
                               typeName(b.values[i]));
}

/// A `float?` parameter: None or left out is nullopt; a number or a one-element tensor.
std::optional<double> optionalFloatArg(const Bound& b, size_t i, const char* fn, const char* name)
{
    const py::object& v = b.values[i];
    if (!given(v))
        return std::nullopt;
    if (isNumber(v))
        return toScalar(v).toDouble();
    if (auto t = asTensor(v); t && t->numel() == 1)
        return t->item();
    raise(PyExc_TypeError,
          std::string(fn) + "(): argument '" + name + "'" + positionOf(b, i) + " must be float, not " + typeName(v));
}

/// One implementation serves the method and the function: `selfObject` is the tensor's
/// Python object (what an in-place op returns), `first` the position of the first argument.
using Impl = py::object (*)(py::handle selfObject, const Tensor& self, CallArgs& args, int first);

/// torch.<name>(input, ...), with `input` by position or keyword; `required` names the
/// parameters after it that must be given (for the parser's "missing" error).
void defFunction(py::module_& m, const char* name, Impl impl, std::vector<std::string> required = {})
{
    m.attr(name) = py::cpp_function(
        [impl, name, required](py::args args, py::kwargs kwargs) {
            py::object input;
            py::dict keywords;
            for (auto [k, v] : kwargs) {
                if (py::str(k).cast<std::string>() == "input")
                    input = py::reinterpret_borrow<py::object>(v);
                else
                    keywords[k] = v;
            }
            py::tuple positional(args.size() > 0 ? args.size() - 1 : 0);
            if (args.size() > 0) {
                if (input)
                    raise(PyExc_TypeError, std::string(name) + "() got multiple values for argument 'input'");
                input = py::reinterpret_borrow<py::object>(args[0]);
                for (size_t i = 1; i < args.size(); ++i)
                    positional[i - 1] = args[i];
            }
            if (!input) {
                std::vector<std::string> missing{"input"};
                missing.insert(missing.end(), required.begin(), required.end());
                raiseMissing(name, missing);
            }
            if (!isTensor(input))
                raise(PyExc_TypeError, std::string(name) + "(): argument 'input'" +
                                           (args.size() > 0 ? " (position 1)" : "") + " must be Tensor, not " +
                                           typeName(input));
            const Tensor self = *asTensor(input);
            CallArgs rest{py::args(positional), py::kwargs(keywords)};
            return impl(input, self, rest, 2);
        },
        py::name(name));
}

void defMethod(py::handle cls, const char* name, Impl impl)
{
    cls.attr(name) = py::cpp_function(
        [impl](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            return impl(self, *asTensor(self), call, 1);
        },
        py::name(name), py::is_method(cls));
}

void defBoth(py::module_& m, py::handle cls, const char* name, Impl impl, std::vector<std::string> required = {})
{
    defFunction(m, name, impl, std::move(required));
    defMethod(cls, name, impl);
}

/// A method without parameters is a METH_NOARGS method in PyTorch.
void refuseArguments(const CallArgs& args, const char* name, int first)
{
    if (first == 1 && !args.positional.empty())
        raise(PyExc_TypeError, std::string("_TensorBase.") + name + "() takes no arguments (" +
                                   std::to_string(args.positional.size()) + " given)");
    bindArgs(args, name, {}, 0, first);
}

// ---------------------------------------------------------------- rsub

/// torch.rsub(input, other, *, alpha=1) and torch.rsub(input, Number other, Number alpha=1).
py::object rsub(CallArgs& args)
{
    py::handle input = argAt(args, 0, "input"), other = argAt(args, 1, "other"), alpha = argAt(args, 2, "alpha");
    size_t known = 0;
    for (const char* k : {"input", "other", "alpha"})
        known += args.keyword(k) ? 1 : 0;
    const bool shapeOk = args.positional.size() <= 3 && known == args.keywords.size();
    const auto isAlpha = [](py::handle a) { return !a || isNumber(a) || (isTensor(a) && asTensor(a)->numel() == 1); };
    if (shapeOk && input && isTensor(input) && other && isAlpha(alpha)) {
        const Scalar alphaValue = alpha ? requireScalar(alpha, "rsub", "alpha") : Scalar(int64_t(1));
        if (isTensor(other) && args.positional.size() <= 2)
            return wrapTensor(ops::rsub(*asTensor(input), *asTensor(other), alphaValue));
        if (isNumber(other))
            return wrapTensor(ops::rsub(*asTensor(input), toScalar(other), alphaValue));
    }
    raise(PyExc_TypeError, "rsub() received an invalid combination of arguments - got " + describeGivenArguments(args) +
                               ", but expected one of:\n * (Tensor input, Tensor other, *, Number alpha)\n"
                               " * (Tensor input, Number other, Number alpha)\n");
}

// ---------------------------------------------------------------- nan_to_num

template <bool Inplace>
py::object nanToNum(py::handle selfObject, const Tensor& self, CallArgs& args, int first)
{
    const char* fn = Inplace ? "nan_to_num_" : "nan_to_num";
    const Bound b = bindArgs(args, fn, {"nan", "posinf", "neginf"}, 0, first);
    const auto nan = optionalFloatArg(b, 0, fn, "nan");
    const auto posinf = optionalFloatArg(b, 1, fn, "posinf");
    const auto neginf = optionalFloatArg(b, 2, fn, "neginf");
    if (!Inplace)
        return wrapTensor(ops::nanToNum(self, nan, posinf, neginf));
    Tensor t = self;
    ops::nanToNumInplace(t, nan, posinf, neginf);
    return py::reinterpret_borrow<py::object>(selfObject);
}

// ---------------------------------------------------------------- clamp_max / clamp_min

/// clamp_max / clamp_min (and their in-place forms): a Tensor or a Number bound. The
/// function's overload error lists the full signatures; the method's marks a wrong type.
template <bool IsMax, bool Inplace>
py::object clampBound(py::handle selfObject, const Tensor& self, CallArgs& args, int first)
{
    const char* fn = IsMax ? (Inplace ? "clamp_max_" : "clamp_max") : (Inplace ? "clamp_min_" : "clamp_min");
    const char* param = IsMax ? "max" : "min";
    py::handle bound;
    if (first == 1) {
        bound = tensorOrNumberArg(args, fn, param);
    } else {
        if (args.positional.size() + args.keywords.size() == 1)
            bound = args.positional.empty() ? args.keyword(param) : py::handle(args.positional[0]);
        if (!bound || !(isTensor(bound) || isNumber(bound))) {
            std::string got = "(Tensor";
            for (py::handle v : args.positional)
                got += ", " + (isTensor(v) ? std::string("Tensor") : typeName(v));
            const std::string keywords = describeGivenArguments(CallArgs{py::args(py::tuple()), args.keywords});
            if (args.keywords.size() > 0)
                got += ", " + keywords.substr(1, keywords.size() - 2);
            got += ")";
            raise(PyExc_TypeError, std::string(fn) + "() received an invalid combination of arguments - got " + got +
                                       ", but expected one of:\n * (Tensor input, Tensor " + param +
                                       ", *, Tensor out)\n * (Tensor input, Number " + param + ", *, Tensor out)\n");
        }
    }
    Tensor t = self;
    if (auto b = asTensor(bound)) {
        if constexpr (Inplace)
            IsMax ? ops::clampMaxInplace(t, *b) : ops::clampMinInplace(t, *b);
        else
            return wrapTensor(IsMax ? ops::clampMax(self, *b) : ops::clampMin(self, *b));
    } else {
        const Scalar s = toScalar(bound);
        if constexpr (Inplace)
            IsMax ? ops::clampMaxInplace(t, s) : ops::clampMinInplace(t, s);
        else
            return wrapTensor(IsMax ? ops::clampMax(self, s) : ops::clampMin(self, s));
    }
    return py::reinterpret_borrow<py::object>(selfObject);
}

// ---------------------------------------------------------------- unary

py::object isposinfImpl(py::handle, const Tensor& self, CallArgs& args, int first)
{
    refuseArguments(args, "isposinf", first);
    return wrapTensor(ops::isposinf(self));
}

py::object isneginfImpl(py::handle, const Tensor& self, CallArgs& args, int first)
{
    refuseArguments(args, "isneginf", first);
    return wrapTensor(ops::isneginf(self));
}

py::object signbitImpl(py::handle, const Tensor& self, CallArgs& args, int first)
{
    refuseArguments(args, "signbit", first);
    return wrapTensor(ops::signbit(self));
}

template <bool Deg2Rad, bool Inplace>
py::object angleImpl(py::handle selfObject, const Tensor& self, CallArgs& args, int first)
{
    const char* fn = Deg2Rad ? (Inplace ? "deg2rad_" : "deg2rad") : (Inplace ? "rad2deg_" : "rad2deg");
    refuseArguments(args, fn, first);
    if (!Inplace)
        return wrapTensor(Deg2Rad ? ops::deg2rad(self) : ops::rad2deg(self));
    Tensor t = self;
    Deg2Rad ? ops::deg2radInplace(t) : ops::rad2degInplace(t);
    return py::reinterpret_borrow<py::object>(selfObject);
}

template <bool Inplace>
py::object logitImpl(py::handle selfObject, const Tensor& self, CallArgs& args, int first)
{
    const char* fn = Inplace ? "logit_" : "logit";
    const Bound b = bindArgs(args, fn, {"eps"}, 0, first);
    const auto eps = optionalFloatArg(b, 0, fn, "eps");
    if (!Inplace)
        return wrapTensor(ops::logit(self, eps));
    Tensor t = self;
    ops::logitInplace(t, eps);
    return py::reinterpret_borrow<py::object>(selfObject);
}

// ---------------------------------------------------------------- binary

template <Tensor (*Op)(const Tensor&, const Tensor&)>
py::object binaryImpl(const char* fn, const char* param, const Tensor& self, CallArgs& args, int first)
{
    const Bound b = bindArgs(args, fn, {param}, 1, first);
    return wrapTensor(Op(self, tensorArg(b, 0, fn, param)));
}

template <Tensor& (*Op)(Tensor&, const Tensor&)>
py::object binaryInplaceImpl(const char* fn, const char* param, py::handle selfObject, const Tensor& self,
                             CallArgs& args, int first)
{
    const Bound b = bindArgs(args, fn, {param}, 1, first);
    const Tensor other = tensorArg(b, 0, fn, param);
    Tensor t = self;
    Op(t, other);
    return py::reinterpret_borrow<py::object>(selfObject);
}

}  // namespace

void bindPointwiseExtra(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defNative(m, "rsub", rsub);

    defBoth(m, cls, "nan_to_num", nanToNum<false>);
    defBoth(m, cls, "nan_to_num_", nanToNum<true>);

    defBoth(m, cls, "clamp_max", clampBound<true, false>);
    defBoth(m, cls, "clamp_max_", clampBound<true, true>);
    defBoth(m, cls, "clamp_min", clampBound<false, false>);
    defBoth(m, cls, "clamp_min_", clampBound<false, true>);

    defBoth(m, cls, "isposinf", isposinfImpl);
    defBoth(m, cls, "isneginf", isneginfImpl);
    defBoth(m, cls, "signbit", signbitImpl);

    defBoth(m, cls, "deg2rad", angleImpl<true, false>);
    defBoth(m, cls, "deg2rad_", angleImpl<true, true>);
    defBoth(m, cls, "rad2deg", angleImpl<false, false>);
    defBoth(m, cls, "rad2deg_", angleImpl<false, true>);

    defBoth(m, cls, "logit", logitImpl<false>);
    defBoth(m, cls, "logit_", logitImpl<true>);

    defBoth(m, cls, "logaddexp", [](py::handle, const Tensor& self, CallArgs& args, int first) {
        return binaryImpl<ops::logaddexp>("logaddexp", "other", self, args, first);
    }, {"other"});
    defBoth(m, cls, "logaddexp2", [](py::handle, const Tensor& self, CallArgs& args, int first) {
        return binaryImpl<ops::logaddexp2>("logaddexp2", "other", self, args, first);
    }, {"other"});
    defBoth(m, cls, "hypot", [](py::handle, const Tensor& self, CallArgs& args, int first) {
        return binaryImpl<ops::hypot>("hypot", "other", self, args, first);
    }, {"other"});
    defMethod(cls, "hypot_", [](py::handle o, const Tensor& self, CallArgs& args, int first) {
        return binaryInplaceImpl<ops::hypotInplace>("hypot_", "other", o, self, args, first);
    });
    defBoth(m, cls, "heaviside", [](py::handle, const Tensor& self, CallArgs& args, int first) {
        return binaryImpl<ops::heaviside>("heaviside", "values", self, args, first);
    }, {"values"});
    defMethod(cls, "heaviside_", [](py::handle o, const Tensor& self, CallArgs& args, int first) {
        return binaryInplaceImpl<ops::heavisideInplace>("heaviside_", "values", o, self, args, first);
    });
}

}  // namespace agv::python
