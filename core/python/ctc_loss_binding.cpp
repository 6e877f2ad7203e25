// torch.ctc_loss and torch._ctc_loss (core/ops/ctc_loss.h), each with its int[] and
// Tensor lengths overloads; F.ctc_loss calls torch.ctc_loss. 1.13's torch has no
// _ctc_loss_backward: it is reached only through CtcLossBackward0.

#include "core/ops/ctc_loss.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

namespace {

// Note [The default reduction of torch.ctc_loss]
// native_functions.yaml writes `int reduction=Mean`, which 1.13's Python argument parser
// reads with atol as 0: torch.ctc_loss called without a reduction does not reduce. Only
// F.ctc_loss passes an explicit reduction (mean by default).
ops::Reduction reductionFromNumber(int64_t number)
{
    switch (number) {
    case 0: return ops::Reduction::None;
    case 1: return ops::Reduction::Mean;
    default: return ops::Reduction::Sum;
    }
}

}  // namespace

void bindCtcLoss(py::module_& m)
{
    defNative(m, "ctc_loss", [](CallArgs& args) -> py::object {
        // See Note [The default reduction of torch.ctc_loss]
        static const ArgumentParser parser{
            "ctc_loss(Tensor log_probs, Tensor targets, IntArrayRef input_lengths, IntArrayRef target_lengths, "
            "int64_t blank=0, int64_t reduction=0, bool zero_infinity=False)",
            "ctc_loss(Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths, "
            "int64_t blank=0, int64_t reduction=0, bool zero_infinity=False)"};
        const ParsedArguments a = parser.parse(args);
        const int64_t blank = a.has("blank") ? a.toInt("blank") : 0;
        const ops::Reduction reduction = reductionFromNumber(a.has("reduction") ? a.toInt("reduction") : 0);
        const bool zeroInfinity = a.toBool("zero_infinity", false);
        if (a.overload() == 0)
            return wrapTensor(ops::ctcLoss(a.tensor("log_probs"), a.tensor("targets"), a.intList("input_lengths"),
                                           a.intList("target_lengths"), blank, reduction, zeroInfinity));
        return wrapTensor(ops::ctcLoss(a.tensor("log_probs"), a.tensor("targets"), a.tensor("input_lengths"),
                                       a.tensor("target_lengths"), blank, reduction, zeroInfinity));
    });
    defNative(m, "_ctc_loss", [](CallArgs& args) -> py::object {
        static const ArgumentParser parser{
            "_ctc_loss(Tensor log_probs, Tensor targets, IntArrayRef input_lengths, IntArrayRef target_lengths, "
            "int64_t blank=0, bool zero_infinity=False)",
            "_ctc_loss(Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths, "
            "int64_t blank=0, bool zero_infinity=False)"};
        const ParsedArguments a = parser.parse(args);
        const int64_t blank = a.has("blank") ? a.toInt("blank") : 0;
        const bool zeroInfinity = a.toBool("zero_infinity", false);
        auto [nll, logAlpha] =
            a.overload() == 0
                ? ops::ctcLossWithAlpha(a.tensor("log_probs"), a.tensor("targets"), a.intList("input_lengths"),
                                        a.intList("target_lengths"), blank, zeroInfinity)
                : ops::ctcLossWithAlpha(a.tensor("log_probs"), a.tensor("targets"), a.tensor("input_lengths"),
                                        a.tensor("target_lengths"), blank, zeroInfinity);
        return py::make_tuple(wrapTensor(nll), wrapTensor(logAlpha));
    });
}

}  // namespace agv::python
