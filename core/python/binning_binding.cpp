// torch.histc / Tensor.histc, torch.searchsorted and torch.bucketize (core/ops/binning.h),
// bound by 1.13's argument parser with its overloads for a Python number in place of the
// values tensor.

#include "core/ops/binning.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

py::object histcImpl(const Tensor& self, const ParsedArguments& a)
{
    refuseOut(a, "histc");
    const int64_t bins = a.has("bins") ? a.toInt("bins") : 100;
    const Scalar min = a.has("min") ? a.scalar("min") : Scalar(int64_t(0));
    const Scalar max = a.has("max") ? a.scalar("max") : Scalar(int64_t(0));
    return wrapTensor(ops::histc(self, bins, min, max));
}

/// side= as the kernel reads it: None, or a str.
std::optional<std::string> sideArg(const ParsedArguments& a)
{
    if (!a.has("side"))
        return std::nullopt;
    py::handle side = a["side"];
    if (!py::isinstance<py::str>(side))
        raise(PyExc_TypeError, std::string("searchsorted(): argument 'side' must be str, not ") +
                                   Py_TYPE(side.ptr())->tp_name);
    return side.cast<std::string>();
}

py::object searchsortedFunction(CallArgs& args)
{
    static const ArgumentParser parser{
        "searchsorted(Tensor sorted_sequence, Tensor input, *, bool out_int32=False, bool right=False, "
        "PyObject* side=None, Tensor? sorter=None, Tensor out=None)",
        "searchsorted(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, "
        "PyObject* side=None, Tensor? sorter=None)"};
    const ParsedArguments a = parser.parse(args);
    const Tensor boundaries = a.tensor("sorted_sequence");
    const bool outInt32 = a.toBool("out_int32", false), right = a.toBool("right", false);
    const Tensor sorter = a.has("sorter") ? a.tensor("sorter") : Tensor();
    if (a.overload() == 1)
        return wrapTensor(ops::searchsorted(boundaries, a.scalar("self"), outInt32, right, sideArg(a), sorter));
    refuseOut(a, "searchsorted");
    return wrapTensor(ops::searchsorted(boundaries, a.tensor("input"), outInt32, right, sideArg(a), sorter));
}

py::object bucketizeFunction(CallArgs& args)
{
    static const ArgumentParser parser{
        "bucketize(Tensor input, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor out=None)",
        "bucketize(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False)"};
    const ParsedArguments a = parser.parse(args);
    const Tensor boundaries = a.tensor("boundaries");
    const bool outInt32 = a.toBool("out_int32", false), right = a.toBool("right", false);
    if (a.overload() == 1)
        return wrapTensor(ops::bucketize(a.scalar("self"), boundaries, outInt32, right));
    refuseOut(a, "bucketize");
    return wrapTensor(ops::bucketize(a.tensor("input"), boundaries, outInt32, right));
}

}  // namespace

void bindBinning(py::module_& m)
{
    defParsedMethodAndFunction(m, m.attr("_TensorBase"), {"histc(int64_t bins=100, Scalar min=0, Scalar max=0)"},
                               {"histc(Tensor input, int64_t bins=100, Scalar min=0, Scalar max=0, *, Tensor out=None)"},
                               histcImpl);
    defNative(m, "searchsorted", searchsortedFunction);
    defNative(m, "bucketize", bucketizeFunction);
}

}  // namespace agv::python
