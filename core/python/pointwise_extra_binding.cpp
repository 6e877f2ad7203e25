// torch.rsub: its (Tensor input, Tensor other, *, Number alpha) and (Tensor input, Number
// other, Number alpha) overloads, with the argument parser's overload error.

#include "core/ops/ops.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"

namespace agv::python {

namespace {

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

}  // namespace

void bindPointwiseExtra(py::module_& m)
{
    defNative(m, "rsub", rsub);
}

}  // namespace agv::python
