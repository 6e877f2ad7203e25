// gather, scatter, scatter_add, index_select and masked_select as Tensor methods and
// torch.* functions, with the in-place scatter_ and scatter_add_ (core/ops/gather_scatter.cpp);
// triu, tril (and triu_, tril_), diag and trace (core/ops/triangular.cpp); flip, roll, repeat,
// tile, outer, cumsum and cumprod and their in-place forms (core/ops/reorder.cpp,
// core/ops/inplace.cpp); take and bincount (core/ops/take_bincount.cpp); unbind (core/ops/split.cpp);
// masked_fill, masked_fill_ and torch.masked_fill (core/ops/masked_fill.cpp); index_put,
// index_put_ and their torch.* functions (core/ops/index.cpp).

#include <cstring>

#include "core/ops/index_put.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/masked_fill.h"
#include "core/ops/masked_scatter.h"
#include "core/ops/ops.h"
#include "core/ops/take_bincount.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/pytorch_signatures.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

py::object gatherMethod(const Tensor& self, CallArgs& args)
{
    auto a = bind(args, "gather", {"dim", "index", "sparse_grad"}, 2);
    AGV_CHECK(!given(a[2]) || !requireBool(a[2], "gather", "sparse_grad"), RuntimeError,
              "gather(): sparse_grad=True is not supported");
    return wrapTensor(ops::gather(self, requireInt(a[0], "gather", "dim"), requireTensor(a[1], "gather", "index", 2)));
}

/// scatter(dim, index, src) or scatter(dim, index, value); `reduce` is not supported.
Tensor scatterCall(Tensor& self, CallArgs& args, const char* fn, bool inplace)
{
    auto a = bind(args, fn, {"dim", "index", "src", "value", "reduce"}, 2);
    AGV_CHECK(!given(a[4]), RuntimeError, fn, "(): the reduce argument is not supported");
    const int64_t dim = requireInt(a[0], fn, "dim");
    const Tensor index = requireTensor(a[1], fn, "index", 2);
    py::handle source = given(a[2]) ? a[2] : a[3];
    AGV_CHECK(given(source), TypeError, fn, "() missing required argument 'src' (pos 3)");
    if (isTensor(source)) {
        const Tensor src = requireTensor(source, fn, "src", 3);
        return inplace ? ops::scatterInplace(self, dim, index, src) : ops::scatter(self, dim, index, src);
    }
    const Scalar value = requireScalar(source, fn, "value");
    return inplace ? ops::scatterInplace(self, dim, index, value) : ops::scatter(self, dim, index, value);
}

Tensor scatterAddCall(Tensor& self, CallArgs& args, const char* fn, bool inplace)
{
    auto a = bind(args, fn, {"dim", "index", "src"}, 3);
    const int64_t dim = requireInt(a[0], fn, "dim");
    const Tensor index = requireTensor(a[1], fn, "index", 2);
    const Tensor src = requireTensor(a[2], fn, "src", 3);
    return inplace ? ops::scatterAddInplace(self, dim, index, src) : ops::scatterAdd(self, dim, index, src);
}

int64_t diagonalArg(CallArgs& args, const char* fn)
{
    auto a = bind(args, fn, {"diagonal"}, 0);
    return given(a[0]) ? requireInt(a[0], fn, "diagonal") : 0;
}

/// flip(0, 1) / flip((0, 1)) / flip(dims=...): a list of ints given as varargs or one argument.
IntList varInts(CallArgs& args, const char* fn, const char* keyword)
{
    if (py::handle k = args.keyword(keyword))
        return intList(k, fn, keyword);
    AGV_CHECK(args.positional.size() > 0, TypeError, fn, "() missing required argument '", keyword, "' (pos 1)");
    return sizesFromArgs(args.positional, fn);
}

std::optional<ScalarType> dtypeArg(py::handle h)
{
    if (!given(h))
        return std::nullopt;
    return asDtype(h);
}

/// cumsum / cumprod and their in-place forms: (int dim, *, torch.dtype dtype), or a
/// dimension name, which no tensor of ours has.
/// `pos` 2: torch.<fn>(input, ...), whose error lists the input and `out`.
std::pair<int64_t, std::optional<ScalarType>> cumulativeArgs(CallArgs& args, const char* fn, int pos = 1)
{
    if (args.positional.size() > 1) {
        const bool function = pos == 2;
        std::string got = describeGivenArguments(args);
        if (function)
            got = "(Tensor, " + got.substr(1);
        const std::string input = function ? "Tensor input, " : "";
        const std::string out = function ? ", Tensor out" : "";
        raise(PyExc_TypeError, std::string(fn) + "() received an invalid combination of arguments - got " + got +
                                   ", but expected one of:\n * (" + input + "int dim, *, torch.dtype dtype" + out +
                                   ")\n * (" + input + "name dim, *, torch.dtype dtype" + out + ")\n");
    }
    auto a = bind(args, fn, {"dim", "dtype"}, 1);
    if (py::isinstance<py::str>(a[0]))
        raise(PyExc_RuntimeError, "Name '" + a[0].cast<std::string>() + "' not found in Tensor[None].");
    return {requireInt(a[0], fn, "dim"), dtypeArg(a[1])};
}

Tensor cumulative(const Tensor& t, CallArgs& args, const char* fn, bool product, int pos)
{
    const auto [dim, dtype] = cumulativeArgs(args, fn, pos);
    return product ? ops::cumprod(t, dim, dtype) : ops::cumsum(t, dim, dtype);
}

void defInplace(py::handle cls, const char* name, Tensor (*call)(Tensor&, CallArgs&, const char*, bool))
{
    cls.attr(name) = py::cpp_function(
        [name, call](py::handle self, py::args args, py::kwargs kwargs) -> py::object {
            CallArgs c{std::move(args), std::move(kwargs)};
            Tensor t = *asTensor(self);
            call(t, c, name, true);
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name(name), py::is_method(cls));
}

/// masked_fill's two overloads (a Tensor or a Number value), and the argument parser's
/// error when neither fits: it lists both, and where the count of arguments is right
/// marks each argument from the first one that the overload does not take.
py::object maskedFillCall(py::handle selfObject, CallArgs& args, const char* fn, bool inplace)
{
    const bool function = !selfObject;
    std::vector<std::string_view> params = {"mask", "value"};
    if (function)
        params.insert(params.begin(), "input");
    std::vector<std::pair<std::string, py::handle>> given;
    for (py::handle v : args.positional)
        given.emplace_back("", v);
    for (auto [k, v] : args.keywords)
        given.emplace_back(py::str(k).cast<std::string>(), v);
    bool namesFit = given.size() == params.size();
    for (size_t i = 0; namesFit && i < given.size(); ++i)
        namesFit = given[i].first.empty() || given[i].first == params[i];
    auto fits = [&](size_t i, bool numberValue) {
        if (i + 1 < given.size())
            return isTensor(given[i].second);
        return numberValue ? isNumber(given[i].second) : isTensor(given[i].second);
    };
    auto fitsAll = [&](bool numberValue) {
        for (size_t i = 0; i < given.size(); ++i)
            if (!fits(i, numberValue))
                return false;
        return true;
    };
    if (namesFit && (fitsAll(false) || fitsAll(true))) {
        const Tensor self = function ? *asTensor(given[0].second) : *asTensor(selfObject);
        const Tensor mask = *asTensor(given[given.size() - 2].second);
        py::handle value = given.back().second;
        if (inplace) {
            Tensor t = self;
            if (auto v = asTensor(value))
                ops::maskedFillInplace(t, mask, *v);
            else
                ops::maskedFillInplace(t, mask, toScalar(value));
            return py::reinterpret_borrow<py::object>(selfObject);
        }
        if (auto v = asTensor(value))
            return wrapTensor(ops::maskedFill(self, mask, *v));
        return wrapTensor(ops::maskedFill(self, mask, toScalar(value)));
    }
    auto describe = [&](size_t i) {
        const std::string type = isTensor(given[i].second) ? "Tensor" : typeName(given[i].second);
        return given[i].first.empty() ? type : given[i].first + "=" + type;
    };
    std::string got;
    for (size_t i = 0; i < given.size(); ++i)
        got += (i ? ", " : "") + describe(i);
    auto overload = [&](bool numberValue) {
        std::string line = std::string(" * (") + (function ? "Tensor input, " : "") + "Tensor mask, " +
                           (numberValue ? "Number" : "Tensor") + " value)\n";
        if (!namesFit)
            return line;
        std::string marked;
        bool failed = false;
        for (size_t i = 0; i < given.size(); ++i) {
            failed = failed || !fits(i, numberValue);
            marked += (i ? ", " : "") + (failed ? "!" + describe(i) + "!" : describe(i));
        }
        return line + "      didn't match because some of the arguments have invalid types: (" + marked + ")\n";
    };
    raise(PyExc_TypeError, std::string(fn) + "() received an invalid combination of arguments - got (" + got +
                               "), but expected one of:\n" + overload(false) + overload(true));
}

/// index_put(indices, values, accumulate=False) and index_put_, parsed as 1.13's
/// python_arg_parser does: `indices` a tuple or list of Tensors (None refused, though the
/// schema says Tensor?[]), `accumulate` a real bool; errors number the arguments from
/// `first` (1 for the method, 2 for torch.index_put) and name no position for keywords.
py::object indexPutCall(const Tensor& self, CallArgs& args, int first, bool inplace)
{
    const char* fn = inplace ? "index_put_" : "index_put";
    const std::initializer_list<std::string_view> names = {"indices", "values", "accumulate"};
    std::string missing;
    int missingCount = 0;
    size_t i = 0;
    for (std::string_view name : names) {
        if (i < 2 && i >= args.positional.size() && !args.keyword(name)) {
            missing += std::string(missing.empty() ? "" : ", ") + "\"" + std::string(name) + "\"";
            ++missingCount;
        }
        ++i;
    }
    // PyTorch's parser says "argument" for several and "arguments" for one.
    if (missingCount > 0)
        raise(PyExc_TypeError, std::string(fn) + "() missing " + std::to_string(missingCount) +
                                   " required positional argument" + (missingCount == 1 ? "s" : "") + ": " + missing);
    auto a = python::bind(args, fn, names, 2);
    auto where = [&](size_t k) {
        return k < args.positional.size() ? " (position " + std::to_string(first + int(k)) + ")" : std::string();
    };
    if (!PyTuple_Check(a[0].ptr()) && !PyList_Check(a[0].ptr()))
        raise(PyExc_TypeError, std::string(fn) + "(): argument 'indices'" + where(0) +
                                   " must be tuple of Tensors, not " + typeName(a[0]));
    TensorList indices;
    for (py::handle item : a[0]) {
        auto t = asTensor(item);
        if (!t)
            raise(PyExc_TypeError, "expected Tensor as element " + std::to_string(indices.size()) + " in argument " +
                                       std::to_string(first - 1) + ", but got " + typeName(item));
        indices.push_back(*t);
    }
    auto values = asTensor(a[1]);
    if (!values)
        raise(PyExc_TypeError, std::string(fn) + "(): argument 'values'" + where(1) + " must be Tensor, not " +
                                   typeName(a[1]));
    bool accumulate = false;
    if (a[2]) {
        if (!PyBool_Check(a[2].ptr()))
            raise(PyExc_TypeError, std::string(fn) + "(): argument 'accumulate'" + where(2) + " must be bool, not " +
                                       typeName(a[2]));
        accumulate = a[2].ptr() == Py_True;
    }
    if (!inplace)
        return wrapTensor(ops::indexPut(self, indices, *values, accumulate));
    Tensor t = self;
    ops::indexPutInplace(t, indices, *values, accumulate);
    return wrapTensor(t);  // the same Python object as self
}

py::object indexPutMethod(const Tensor& self, CallArgs& args, int first)
{
    return indexPutCall(self, args, first, false);
}

py::object indexPutInplaceMethod(const Tensor& self, CallArgs& args, int first)
{
    return indexPutCall(self, args, first, true);
}

}  // namespace

void bindGatherScatter(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    for (const char* name : {"masked_fill", "masked_fill_"})
        cls.attr(name) = py::cpp_function(
            [name](py::handle self, py::args args, py::kwargs kwargs) {
                CallArgs c{std::move(args), std::move(kwargs)};
                return maskedFillCall(self, c, name, name[std::strlen(name) - 1] == '_');
            },
            py::name(name), py::is_method(cls));
    m.attr("masked_fill") = py::cpp_function(
        [](py::args args, py::kwargs kwargs) {
            CallArgs c{std::move(args), std::move(kwargs)};
            return maskedFillCall(py::handle(), c, "masked_fill", false);
        },
        py::name("masked_fill"));
    defMethodAndFunction(m, cls, "gather", gatherMethod);
    defMethodAndFunction(m, cls, "masked_scatter", [](const Tensor& t, CallArgs& args) {
        auto a = bind(args, "masked_scatter", {"mask", "source"}, 2);
        return wrapTensor(ops::maskedScatter(t, requireTensor(a[0], "masked_scatter", "mask", 1),
                                             requireTensor(a[1], "masked_scatter", "source", 2)));
    });
    cls.attr("masked_scatter_") = py::cpp_function(
        [signatures = PyTorchSignatures("masked_scatter_", true)](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            Tensor t = *asTensor(self);
            signatures.check(call, &t);
            auto a = bind(call, "masked_scatter_", {"mask", "source"}, 2);
            ops::maskedScatterInplace(t, requireTensor(a[0], "masked_scatter_", "mask", 1),
                                      requireTensor(a[1], "masked_scatter_", "source", 2));
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name("masked_scatter_"), py::is_method(cls));
    defMethodAndFunctionNumbered(m, cls, "index_put", indexPutMethod);
    defMethodAndFunctionNumbered(m, cls, "index_put_", indexPutInplaceMethod);
    defMethodAndFunction(m, cls, "scatter", [](const Tensor& t, CallArgs& a) {
        Tensor self = t;
        return wrapTensor(scatterCall(self, a, "scatter", false));
    });
    defMethodAndFunction(m, cls, "scatter_add", [](const Tensor& t, CallArgs& a) {
        Tensor self = t;
        return wrapTensor(scatterAddCall(self, a, "scatter_add", false));
    });
    defMethodAndFunction(m, cls, "index_select", [](const Tensor& t, CallArgs& args) {
        auto a = bind(args, "index_select", {"dim", "index"}, 2);
        return wrapTensor(ops::indexSelect(t, requireInt(a[0], "index_select", "dim"),
                                           requireTensor(a[1], "index_select", "index", 2)));
    });
    defMethodAndFunction(m, cls, "masked_select", [](const Tensor& t, CallArgs& args) {
        auto a = bind(args, "masked_select", {"mask"}, 1);
        return wrapTensor(ops::maskedSelect(t, requireTensor(a[0], "masked_select", "mask", 1)));
    });
    defMethodAndFunction(m, cls, "triu", [](const Tensor& t, CallArgs& a) {
        return wrapTensor(ops::triu(t, diagonalArg(a, "triu")));
    });
    defMethodAndFunction(m, cls, "tril", [](const Tensor& t, CallArgs& a) {
        return wrapTensor(ops::tril(t, diagonalArg(a, "tril")));
    });
    defMethodAndFunction(m, cls, "diag", [](const Tensor& t, CallArgs& a) {
        return wrapTensor(ops::diag(t, diagonalArg(a, "diag")));
    });
    defMethodAndFunction(m, cls, "trace", [](const Tensor& t, CallArgs& a) {
        bind(a, "trace", {}, 0);
        return wrapTensor(ops::trace(t));
    });
    defInplace(cls, "triu_", [](Tensor& t, CallArgs& a, const char* fn, bool) {
        return ops::triuInplace(t, diagonalArg(a, fn));
    });
    defInplace(cls, "tril_", [](Tensor& t, CallArgs& a, const char* fn, bool) {
        return ops::trilInplace(t, diagonalArg(a, fn));
    });
    defMethodAndFunction(m, cls, "flip", [](const Tensor& t, CallArgs& a) {
        return wrapTensor(ops::flip(t, varInts(a, "flip", "dims")));
    });
    defMethodAndFunction(m, cls, "roll", [](const Tensor& t, CallArgs& args) {
        auto a = bind(args, "roll", {"shifts", "dims"}, 1);
        return wrapTensor(ops::roll(t, intList(a[0], "roll", "shifts"),
                                    given(a[1]) ? intList(a[1], "roll", "dims") : IntList{}));
    });
    defMethodAndFunction(m, cls, "repeat", [](const Tensor& t, CallArgs& a) {
        return wrapTensor(ops::repeat(t, varInts(a, "repeat", "repeats")));
    });
    defMethodAndFunction(m, cls, "tile", [](const Tensor& t, CallArgs& a) {
        return wrapTensor(ops::tile(t, varInts(a, "tile", "dims")));
    });
    defMethodAndFunction(m, cls, "outer", [](const Tensor& t, CallArgs& args) {
        auto a = bind(args, "outer", {"vec2"}, 1);
        return wrapTensor(ops::outer(t, requireTensor(a[0], "outer", "vec2", 2)));
    });
    defMethodAndFunctionNumbered(m, cls, "cumsum", [](const Tensor& t, CallArgs& a, int pos) {
        return wrapTensor(cumulative(t, a, "cumsum", false, pos));
    });
    defMethodAndFunctionNumbered(m, cls, "cumprod", [](const Tensor& t, CallArgs& a, int pos) {
        return wrapTensor(cumulative(t, a, "cumprod", true, pos));
    });
    defMethodAndFunctionNumbered(m, cls, "take", [](const Tensor& t, CallArgs& args, int pos) -> py::object {
        auto a = bind(args, "take", {"index"}, 1);
        return wrapTensor(ops::take(t, requireTensor(a[0], "take", "index", pos)));
    });
    defMethodAndFunctionNumbered(m, cls, "bincount", [](const Tensor& t, CallArgs& args, int pos) -> py::object {
        auto a = bind(args, "bincount", {"weights", "minlength"}, 0);
        std::optional<Tensor> weights;
        if (given(a[0]) && !a[0].is_none())
            weights = requireTensor(a[0], "bincount", "weights", pos);
        const int64_t minlength = given(a[1]) ? requireInt(a[1], "bincount", "minlength") : 0;
        return wrapTensor(ops::bincount(t, weights, minlength));
    });
    defInplace(cls, "cumsum_", [](Tensor& t, CallArgs& args, const char* fn, bool) -> Tensor {
        const auto [dim, dtype] = cumulativeArgs(args, fn);
        return ops::cumsumInplace(t, dim, dtype);
    });
    defInplace(cls, "cumprod_", [](Tensor& t, CallArgs& args, const char* fn, bool) -> Tensor {
        const auto [dim, dtype] = cumulativeArgs(args, fn);
        return ops::cumprodInplace(t, dim, dtype);
    });
    defMethodAndFunction(m, cls, "unbind", [](const Tensor& t, CallArgs& args) -> py::object {
        auto a = bind(args, "unbind", {"dim"}, 0);
        return wrapTensors(ops::unbind(t, given(a[0]) ? requireInt(a[0], "unbind", "dim") : 0));
    });
    defInplace(cls, "scatter_", scatterCall);
    defInplace(cls, "scatter_add_", scatterAddCall);
}

}  // namespace agv::python
