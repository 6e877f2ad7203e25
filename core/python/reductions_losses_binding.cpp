// Norms, sorting, logical reductions and the losses added with them: Tensor methods
// (all, any, sort, argsort, topk) with their torch.* functions, Tensor.index_add_ and index_add, the
// kernels behind torch.norm / torch.linalg (_norm, _frobenius_norm, _linalg_vector_norm,
// used by torch/functional.py and torch/linalg), and the loss kernels of `_agv_torch._nn`.

#include <map>

#include "core/ops/nansum.h"
#include "core/ops/norm_scalar.h"
#include "core/ops/ops.h"
#include "core/ops/soft_target_losses.h"
#include "core/ops/var_mean.h"
#include "core/python/bindings.h"
#include "core/python/out_argument.h"
#include "core/python/py_values.h"
#include "core/python/pytorch_signatures.h"
#include "core/python/tensor_support.h"

namespace agv::python {

Tensor splitInput(const char* name, const py::args& args, const py::kwargs& kwargs, CallArgs& rest)
{
    py::handle input;
    py::tuple positional;
    py::dict keywords;
    const std::string inputKey = CallArgs{py::args(), kwargs}.keywordFor("input");  // "input", or "x" for it
    for (auto [k, v] : kwargs)
        if (!inputKey.empty() && py::str(k).cast<std::string>() == inputKey)
            input = v;
        else
            keywords[k] = v;
    if (args.size() > 0) {
        if (input)
            raise(PyExc_TypeError, std::string(name) + "() got multiple values for argument 'input'");
        input = args[0];
        positional = py::tuple(args.size() - 1);
        for (size_t i = 1; i < args.size(); ++i)
            positional[i - 1] = args[i];
    }
    if (!input)
        raise(PyExc_TypeError, std::string(name) + "() missing required argument 'input' (pos 1)");
    Tensor t = requireTensor(input, name, "input", 1);
    rest = CallArgs{py::args(positional), py::kwargs(keywords)};
    return t;
}

void defMethodAndFunctionNumbered(py::module_& m, py::handle cls, const char* name, PositionalImpl impl)
{
    // The function form takes `input` as defMethodAndFunction's does.
    m.attr(name) = py::cpp_function(
        [impl, name, signatures = PyTorchSignatures(name, false)](py::args args, py::kwargs kwargs) -> py::object {
            signatures.check(CallArgs{args, kwargs});
            auto call = [impl, name](const py::args& a, const py::kwargs& k) {
                CallArgs rest;
                const Tensor t = splitInput(name, a, k, rest);
                return impl(t, rest, 2);
            };
            if (passesOut(kwargs))  // Note [out= arguments]
                return callWithOut(name, args, kwargs, call);
            return call(args, kwargs);
        },
        py::name(name));
    cls.attr(name) = py::cpp_function(
        [impl, signatures = PyTorchSignatures(name, true)](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            const Tensor t = *asTensor(self);
            signatures.check(call, &t);
            return impl(t, call, 1);
        },
        py::name(name), py::is_method(cls));
}

void defMethodAndFunction(py::module_& m, py::handle cls, const char* name, MethodImpl impl)
{
    cls.attr(name) = py::cpp_function(
        [impl, signatures = PyTorchSignatures(name, true)](py::handle self, py::args args, py::kwargs kwargs) {
            CallArgs call{std::move(args), std::move(kwargs)};
            const Tensor t = *asTensor(self);
            signatures.check(call, &t);
            return impl(t, call);
        },
        py::name(name), py::is_method(cls));
    m.attr(name) = py::cpp_function(
        [impl, name, signatures = PyTorchSignatures(name, false)](py::args args, py::kwargs kwargs) -> py::object {
            signatures.check(CallArgs{args, kwargs});
            auto call = [impl, name](const py::args& a, const py::kwargs& k) {
                CallArgs rest;
                const Tensor t = splitInput(name, a, k, rest);
                return impl(t, rest);
            };
            if (passesOut(kwargs))  // Note [out= arguments]
                return callWithOut(name, args, kwargs, call);
            return call(args, kwargs);
        },
        py::name(name));
}

namespace {

bool flag(py::handle v, bool fallback, const char* fn, const char* arg)
{
    return given(v) ? requireBool(v, fn, arg) : fallback;
}

py::object logical(const Tensor& self, CallArgs& args, bool isAll)
{
    const char* fn = isAll ? "all" : "any";
    auto a = bind(args, fn, {"dim", "keepdim"}, 0);
    if (given(a[0]) && !PyLong_Check(a[0].ptr()))
        raise(PyExc_TypeError, std::string(fn) + "() received an invalid combination of arguments - got (" +
                                   typeName(a[0]) + "), but expected one of:\n * ()\n      didn't match because some "
                                   "of the arguments have invalid types: (!" + typeName(a[0]) +
                                   "!)\n * (int dim, bool keepdim)\n * (name dim, bool keepdim)\n");
    std::optional<int64_t> dim;
    if (given(a[0]))
        dim = requireInt(a[0], fn, "dim");
    const bool keepdim = flag(a[1], false, fn, "keepdim");
    return wrapTensor(isAll ? ops::all(self, dim, keepdim) : ops::any(self, dim, keepdim));
}

py::object sortMethod(const Tensor& self, CallArgs& args)
{
    auto a = bind(args, "sort", {"dim", "descending", "stable"}, 0);
    const int64_t dim = given(a[0]) ? requireInt(a[0], "sort", "dim") : -1;
    auto [values, indices] = ops::sort(self, dim, flag(a[1], false, "sort", "descending"),
                                       flag(a[2], false, "sort", "stable"));
    return makeReturnType("sort", wrapTensor(values), wrapTensor(indices));
}

/// var/std(dim=None, unbiased=True, keepdim=False, *, correction=None), and var(unbiased).
py::object varianceMethod(const Tensor& self, CallArgs& args, bool takeSqrt)
{
    const char* fn = takeSqrt ? "std" : "var";
    auto a = bind(args, fn, {"dim", "unbiased", "keepdim", "correction"}, 0);
    py::handle dim = a[0], unbiased = a[1];
    if (given(dim) && PyBool_Check(dim.ptr()) && !given(unbiased)) {  // var(False): the unbiased flag
        unbiased = dim;
        dim = py::handle();
    }
    if (given(unbiased) && given(a[3]))
        raise(PyExc_RuntimeError, std::string(fn) + ": Only one of \"unbiased\" or \"correction\" may be given");
    const int64_t correction = given(a[3])                  ? requireInt(a[3], fn, "correction")
                               : given(unbiased) && !truthy(unbiased) ? 0
                                                                      : 1;
    std::optional<IntList> dims;
    if (given(dim))
        dims = intList(dim, fn, "dim");
    const bool keepdim = given(a[2]) && truthy(a[2]);
    return wrapTensor(takeSqrt ? ops::std(self, dims, correction, keepdim) : ops::var(self, dims, correction, keepdim));
}

/// torch.var_mean / torch.std_mean(input, dim=None, unbiased=True, keepdim=False, *,
/// correction=None), and (input, unbiased): a plain tuple (var or std, mean). The
/// correction node attribute is None only where correction=None was passed.
/// The argument parser's error for var_mean / std_mean: `flagged` maps a signature's index
/// to the keywords it does not take.
[[noreturn]] void momentsOverloadError(const char* fn, const CallArgs& call,
                                       const std::map<int, std::string>& flagged)
{
    const char* signatures[] = {"(Tensor input, tuple of ints dim, *, int correction, bool keepdim)",
                                "(Tensor input, tuple of ints dim, bool unbiased, bool keepdim)",
                                "(Tensor input, bool unbiased)",
                                "(Tensor input, tuple of names dim, *, int correction, bool keepdim)",
                                "(Tensor input, tuple of names dim, bool unbiased, bool keepdim)"};
    std::string message = std::string(fn) + "() received an invalid combination of arguments - got " +
                          describeGivenArguments(call) + ", but expected one of:\n";
    for (int i = 0; i < 5; ++i) {
        message += std::string(" * ") + signatures[i] + "\n";
        if (auto it = flagged.find(i); it != flagged.end())
            message += "      didn't match because some of the keywords were incorrect: " + it->second + "\n";
    }
    raise(PyExc_TypeError, message);
}

py::object momentsFunction(CallArgs& call, bool takeSqrt)
{
    const char* fn = takeSqrt ? "std_mean" : "var_mean";
    CallArgs args;
    const Tensor self = splitInput(fn, call.positional, call.keywords, args);
    auto a = bind(args, fn, {"dim", "unbiased", "keepdim", "correction"}, 0);
    py::handle dim = a[0], unbiased = a[1];
    if (given(dim) && PyBool_Check(dim.ptr()) && !given(unbiased)) {  // var_mean(x, False): the unbiased flag
        unbiased = dim;
        dim = py::handle();
    }
    // correction is keyword-only and unbiased a bool: no overload takes anything else.
    if (args.positional.size() > 3 || (given(a[1]) && !PyBool_Check(a[1].ptr())))
        momentsOverloadError(fn, call, {});
    // Only the (input, unbiased) overload has no dim: keepdim and correction need one.
    if (!a[0] && (args.keyword("keepdim") || args.keyword("correction"))) {
        std::string wrong;
        for (const char* k : {"correction", "keepdim"})
            if (args.keyword(k))
                wrong += (wrong.empty() ? "" : ", ") + std::string(k);
        momentsOverloadError(fn, call, {{2, wrong}});
    }
    if (given(unbiased) && args.keyword("correction"))
        momentsOverloadError(fn, call, {{1, "correction"}, {4, "correction"}});
    std::optional<int64_t> correction;
    if (given(a[3]))
        correction = requireInt(a[3], fn, "correction");
    else if (!args.keyword("correction"))
        correction = given(unbiased) && !truthy(unbiased) ? 0 : 1;
    std::optional<IntList> dims;
    if (given(dim))
        dims = intList(dim, fn, "dim");
    const bool keepdim = given(a[2]) && truthy(a[2]);
    auto [spread, mean] = takeSqrt ? ops::stdMean(self, dims, correction, keepdim)
                                   : ops::varMean(self, dims, correction, keepdim);
    return py::make_tuple(wrapTensor(spread), wrapTensor(mean));
}

py::object argsortMethod(const Tensor& self, CallArgs& args)
{
    auto a = bind(args, "argsort", {"dim", "descending"}, 0);
    const int64_t dim = given(a[0]) ? requireInt(a[0], "argsort", "dim") : -1;
    return wrapTensor(ops::argsort(self, dim, flag(a[1], false, "argsort", "descending")));
}

py::object topkMethod(const Tensor& self, CallArgs& args)
{
    auto a = bind(args, "topk", {"k", "dim", "largest", "sorted"}, 1);
    const int64_t k = requireInt(a[0], "topk", "k");
    const int64_t dim = given(a[1]) ? requireInt(a[1], "topk", "dim") : -1;
    auto [values, indices] = ops::topk(self, k, dim, flag(a[2], true, "topk", "largest"),
                                       flag(a[3], true, "topk", "sorted"));
    return makeReturnType("topk", wrapTensor(values), wrapTensor(indices));
}

ops::Reduction reductionArg(py::handle v)
{
    if (!given(v))
        return ops::Reduction::Mean;
    return ops::parseReduction(v.cast<std::string>());
}

Tensor optionalTensor(py::handle v, const char* fn, const char* arg, int position)
{
    return given(v) ? requireTensor(v, fn, arg, position) : Tensor();
}

}  // namespace

void bindReductionsAndLosses(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defMethodAndFunction(m, cls, "all", [](const Tensor& t, CallArgs& a) { return logical(t, a, true); });
    defMethodAndFunction(m, cls, "any", [](const Tensor& t, CallArgs& a) { return logical(t, a, false); });
    defMethodAndFunction(m, cls, "sort", sortMethod);
    defMethodAndFunction(m, cls, "var", [](const Tensor& t, CallArgs& a) { return varianceMethod(t, a, false); });
    defMethodAndFunction(m, cls, "std", [](const Tensor& t, CallArgs& a) { return varianceMethod(t, a, true); });
    defNative(m, "var_mean", [](CallArgs& a) { return momentsFunction(a, false); });
    defNative(m, "std_mean", [](CallArgs& a) { return momentsFunction(a, true); });
    defMethodAndFunction(m, cls, "nansum", [](const Tensor& t, CallArgs& args) -> py::object {
        auto a = bind(args, "nansum", {"dim", "keepdim", "dtype"}, 0);
        std::optional<ScalarType> dtype;
        if (given(a[2]))
            dtype = asDtype(a[2]);
        std::optional<IntList> dims;
        if (given(a[0]))
            dims = intList(a[0], "nansum", "dim");
        return wrapTensor(ops::nansum(t, dims, given(a[1]) && truthy(a[1]), dtype));
    });
    defMethodAndFunction(m, cls, "argsort", argsortMethod);
    defMethodAndFunction(m, cls, "topk", topkMethod);

    cls.attr("index_add_") = py::cpp_function(
        [](py::handle self, py::args args, py::kwargs kwargs) -> py::object {
            CallArgs call{std::move(args), std::move(kwargs)};
            auto a = bind(call, "index_add_", {"dim", "index", "source", "alpha"}, 3);
            Tensor t = *asTensor(self);
            ops::indexAddInplace(t, requireInt(a[0], "index_add_", "dim"),
                                 requireTensor(a[1], "index_add_", "index", 2),
                                 requireTensor(a[2], "index_add_", "source", 3),
                                 given(a[3]) ? requireScalar(a[3], "index_add_", "alpha") : Scalar(1));
            return py::reinterpret_borrow<py::object>(self);
        },
        py::name("index_add_"), py::is_method(cls));
    defMethodAndFunction(m, cls, "index_add", [](const Tensor& t, CallArgs& call) -> py::object {
        auto a = bind(call, "index_add", {"dim", "index", "source", "alpha"}, 3);
        return wrapTensor(ops::indexAdd(t, requireInt(a[0], "index_add", "dim"),
                                        requireTensor(a[1], "index_add", "index", 2),
                                        requireTensor(a[2], "index_add", "source", 3),
                                        given(a[3]) ? requireScalar(a[3], "index_add", "alpha") : Scalar(1)));
    });

    defNative(m, "_norm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "norm", {"input", "p", "dim", "keepdim"}, 3);
        return wrapTensor(ops::norm(requireTensor(a[0], "norm", "input", 1), requireScalar(a[1], "norm", "p"),
                                    intList(a[2], "norm", "dim"), flag(a[3], false, "norm", "keepdim")));
    });
    defNative(m, "_norm_scalar", [](CallArgs& args) -> py::object {
        auto a = bind(args, "norm", {"input", "p"}, 2);
        return wrapTensor(ops::normScalar(requireTensor(a[0], "norm", "input", 1), requireScalar(a[1], "norm", "p")));
    });
    defNative(m, "_frobenius_norm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "frobenius_norm", {"input", "dim", "keepdim"}, 2);
        return wrapTensor(ops::frobeniusNorm(requireTensor(a[0], "frobenius_norm", "input", 1),
                                             intList(a[1], "frobenius_norm", "dim"),
                                             flag(a[2], false, "frobenius_norm", "keepdim")));
    });
    defNative(m, "_linalg_vector_norm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "linalg_vector_norm", {"input", "ord", "dim", "keepdim"}, 1);
        std::optional<IntList> dims;
        if (given(a[2]))
            dims = intList(a[2], "linalg_vector_norm", "dim");
        const Scalar ord = given(a[1]) ? requireScalar(a[1], "linalg_vector_norm", "ord") : Scalar(int64_t(2));
        return wrapTensor(ops::linalgVectorNorm(requireTensor(a[0], "linalg_vector_norm", "input", 1), ord, dims,
                                                flag(a[3], false, "linalg_vector_norm", "keepdim")));
    });

    defNative(m, "kl_div", [](CallArgs& args) -> py::object {
        auto a = bind(args, "kl_div", {"input", "target", "reduction", "log_target"}, 2);
        // at::Reduction's number: 0 none, 1 mean, 2 sum (F.kl_div turns 'batchmean' into sum).
        // Left out, PyTorch 1.13's torch.kl_div does not reduce (its parser reads the default
        // `Mean` as 0).
        const int64_t reduction = given(a[2]) ? requireInt(a[2], "kl_div", "reduction") : 0;
        return wrapTensor(ops::klDiv(requireTensor(a[0], "kl_div", "input", 1), requireTensor(a[1], "kl_div", "target", 2),
                                     reduction, flag(a[3], false, "kl_div", "log_target")));
    });

    py::module_ nn = m.attr("_nn").cast<py::module_>();
    defFunctional(nn, "binary_cross_entropy", [](CallArgs& args) -> py::object {
        auto a = bind(args, "binary_cross_entropy", {"input", "target", "weight", "reduction"}, 2);
        return wrapTensor(ops::binaryCrossEntropy(requireTensor(a[0], "binary_cross_entropy", "input", 1),
                                                  requireTensor(a[1], "binary_cross_entropy", "target", 2),
                                                  optionalTensor(a[2], "binary_cross_entropy", "weight", 3),
                                                  reductionArg(a[3])));
    });
    defFunctional(nn, "binary_cross_entropy_with_logits", [](CallArgs& args) -> py::object {
        const char* fn = "binary_cross_entropy_with_logits";
        auto a = bind(args, fn, {"input", "target", "weight", "pos_weight", "reduction"}, 2);
        return wrapTensor(ops::binaryCrossEntropyWithLogits(
            requireTensor(a[0], fn, "input", 1), requireTensor(a[1], fn, "target", 2),
            optionalTensor(a[2], fn, "weight", 3), optionalTensor(a[3], fn, "pos_weight", 4), reductionArg(a[4])));
    });
    defFunctional(nn, "smooth_l1_loss", [](CallArgs& args) -> py::object {
        auto a = bind(args, "smooth_l1_loss", {"input", "target", "reduction", "beta"}, 2);
        return wrapTensor(ops::smoothL1Loss(requireTensor(a[0], "smooth_l1_loss", "input", 1),
                                            requireTensor(a[1], "smooth_l1_loss", "target", 2), reductionArg(a[2]),
                                            given(a[3]) ? requireFloat(a[3], "smooth_l1_loss", "beta") : 1.0));
    });
    defFunctional(nn, "huber_loss", [](CallArgs& args) -> py::object {
        auto a = bind(args, "huber_loss", {"input", "target", "reduction", "delta"}, 2);
        return wrapTensor(ops::huberLoss(requireTensor(a[0], "huber_loss", "input", 1),
                                         requireTensor(a[1], "huber_loss", "target", 2), reductionArg(a[2]),
                                         given(a[3]) ? requireFloat(a[3], "huber_loss", "delta") : 1.0));
    });
}

}  // namespace agv::python
