// torch.kthvalue, median, mode, cummax and cummin, as functions and Tensor methods,
// returning torch.return_types named tuples (values, indices); median() of every
// element returns a tensor.

#include "core/ops/order_statistics.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
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

}  // namespace

void bindOrderStatistics(py::module_& m)
{
    py::object cls = m.attr("_TensorBase");
    defMethodAndFunction(m, cls, "kthvalue", kthvalueMethod);
    defMethodAndFunction(m, cls, "median", medianMethod);
    defMethodAndFunction(m, cls, "mode", modeMethod);
    defMethodAndFunction(m, cls, "cummax", runningExtremeMethod<true>);
    defMethodAndFunction(m, cls, "cummin", runningExtremeMethod<false>);
}

}  // namespace agv::python
