// torch.kthvalue, median, nanmedian, mode, cummax and cummin, as functions and Tensor methods,
// returning torch.return_types named tuples (values, indices); median() of every
// element returns a tensor. Also the kernels behind torch.unique / unique_consecutive
// (torch/functional.py): torch._unique2, torch.unique_dim, torch.unique_consecutive.
// torch.aminmax (core/ops/aminmax.h) returns torch.return_types.aminmax (min, max).
// And the running torch.logcumsumexp (core/ops/logcumsumexp.h), bound by the argument parser.

#include "core/ops/aminmax.h"
#include "core/ops/logcumsumexp.h"
#include "core/ops/order_statistics.h"
#include "core/ops/unique.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

bool keepdimArg(py::handle v, const char* fn) { return given(v) && requireBool(v, fn, "keepdim"); }

py::object kthvalueMethod(const Tensor& self, CallArgs& args)
{
    auto a = bind(args, "kthvalue", {"k", "dim", "keepdim"}, 1);
    const int64_t dim = given(a[1]) ? requireInt(a[1], "kthvalue", "dim") : -1;
    auto [values, indices] = ops::kthvalue(self, requireInt(a[0], "kthvalue", "k"), dim, keepdimArg(a[2], "kthvalue"));
    return makeReturnType("kthvalue", wrapTensor(values), wrapTensor(indices));
}

/// median() of every element, or median(dim, keepdim=False) along a dim.
py::object medianMethod(const Tensor& self, CallArgs& args)
{
    if (args.positional.empty() && args.keywords.empty())
        return wrapTensor(ops::median(self));
    auto a = bind(args, "median", {"dim", "keepdim"}, 1);
    auto [values, indices] = ops::median(self, requireInt(a[0], "median", "dim"), keepdimArg(a[1], "median"));
    return makeReturnType("median", wrapTensor(values), wrapTensor(indices));
}

/// nanmedian() of every element, or nanmedian(dim, keepdim=False) along a dim.
py::object nanmedianMethod(const Tensor& self, CallArgs& args)
{
    if (args.positional.empty() && args.keywords.empty())
        return wrapTensor(ops::nanmedian(self));
    auto a = bind(args, "nanmedian", {"dim", "keepdim"}, 1);
    auto [values, indices] = ops::nanmedian(self, requireInt(a[0], "nanmedian", "dim"), keepdimArg(a[1], "nanmedian"));
    return makeReturnType("nanmedian", wrapTensor(values), wrapTensor(indices));
}

py::object modeMethod(const Tensor& self, CallArgs& args)
{
    auto a = bind(args, "mode", {"dim", "keepdim"}, 0);
    const int64_t dim = given(a[0]) ? requireInt(a[0], "mode", "dim") : -1;
    auto [values, indices] = ops::mode(self, dim, keepdimArg(a[1], "mode"));
    return makeReturnType("mode", wrapTensor(values), wrapTensor(indices));
}

template <bool IsMax>
py::object runningExtremeMethod(const Tensor& self, CallArgs& args)
{
    const char* fn = IsMax ? "cummax" : "cummin";
    auto a = bind(args, fn, {"dim"}, 1);
    const int64_t dim = requireInt(a[0], fn, "dim");
    auto [values, indices] = IsMax ? ops::cummax(self, dim) : ops::cummin(self, dim);
    return makeReturnType(fn, wrapTensor(values), wrapTensor(indices));
}

py::object uniqueTuple(const ops::UniqueResult& r)
{
    return py::make_tuple(wrapTensor(r.values), wrapTensor(r.inverse), wrapTensor(r.counts));
}

bool flagArg(py::handle v, const char* fn, const char* name, bool fallback)
{
    return given(v) ? requireBool(v, fn, name) : fallback;
}

/// torch._unique2(input, sorted=True, return_inverse=False, return_counts=False)
py::object unique2Function(CallArgs& args)
{
    auto a = bind(args, "_unique2", {"input", "sorted", "return_inverse", "return_counts"}, 1);
    const Tensor self = requireTensor(a[0], "_unique2", "input", 1);
    return uniqueTuple(ops::unique2(self, flagArg(a[1], "_unique2", "sorted", true),
                                    flagArg(a[2], "_unique2", "return_inverse", false),
                                    flagArg(a[3], "_unique2", "return_counts", false)));
}

/// torch.unique_dim(input, dim, sorted=True, return_inverse=False, return_counts=False)
py::object uniqueDimFunction(CallArgs& args)
{
    auto a = bind(args, "unique_dim", {"input", "dim", "sorted", "return_inverse", "return_counts"}, 2);
    const Tensor self = requireTensor(a[0], "unique_dim", "input", 1);
    // return_inverse and return_counts are checked, but 1.13's kernel computes both anyway.
    flagArg(a[3], "unique_dim", "return_inverse", false);
    flagArg(a[4], "unique_dim", "return_counts", false);
    return uniqueTuple(ops::uniqueDim(self, requireInt(a[1], "unique_dim", "dim")));
}

/// torch.unique_consecutive(input, return_inverse=False, return_counts=False, dim=None)
py::object uniqueConsecutiveFunction(CallArgs& args)
{
    const char* fn = "unique_consecutive";
    auto a = bind(args, fn, {"input", "return_inverse", "return_counts", "dim"}, 1);
    const Tensor self = requireTensor(a[0], fn, "input", 1);
    std::optional<int64_t> dim;
    if (given(a[3]))
        dim = requireInt(a[3], fn, "dim");
    return uniqueTuple(ops::uniqueConsecutive(self, dim, flagArg(a[1], fn, "return_inverse", false),
                                              flagArg(a[2], fn, "return_counts", false)));
}

}  // namespace

void bindOrderStatistics(py::module_& m)
{
    defNative(m, "_unique2", unique2Function);
    defNative(m, "unique_dim", uniqueDimFunction);
    defNative(m, "_unique_consecutive", uniqueConsecutiveFunction);
    py::object cls = m.attr("_TensorBase");
    defParsedMethodAndFunction(m, cls, {"logcumsumexp(int64_t dim)", "logcumsumexp(Dimname dim)"},
                               {"logcumsumexp(Tensor input, int64_t dim, *, Tensor out=None)",
                                "logcumsumexp(Tensor input, Dimname dim, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "logcumsumexp");
                                   if (a.overload() == 1) {
                                       if (!a.has("dim") || a["dim"].is_none())
                                           raise(PyExc_RuntimeError, "Please look up dimensions by name, got: name = None.");
                                       raiseNameNotFound(self, a["dim"]);
                                   }
                                   return wrapTensor(ops::logcumsumexp(self, a.toInt("dim")));
                               });
    defParsedMethodAndFunction(m, cls, {"aminmax(*, int64_t? dim=None, bool keepdim=False)"},
                               {"aminmax(Tensor input, *, int64_t? dim=None, bool keepdim=False, PyObject* out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   std::optional<int64_t> dim;
                                   if (a.has("dim"))
                                       dim = a.toInt("dim");
                                   refuseOut(a, "aminmax");
                                   auto [min, max] = ops::aminmax(self, dim, a.toBool("keepdim", false));
                                   return makeReturnType("aminmax", wrapTensor(min), wrapTensor(max));
                               });
    defMethodAndFunction(m, cls, "kthvalue", kthvalueMethod);
    defMethodAndFunction(m, cls, "median", medianMethod);
    defMethodAndFunction(m, cls, "nanmedian", nanmedianMethod);
    defMethodAndFunction(m, cls, "mode", modeMethod);
    defMethodAndFunction(m, cls, "cummax", runningExtremeMethod<true>);
    defMethodAndFunction(m, cls, "cummin", runningExtremeMethod<false>);
}

}  // namespace agv::python
