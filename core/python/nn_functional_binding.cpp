// The kernels behind torch.nn.functional: `_agv_torch._nn.<name>`, re-exported by
// torch/nn/functional.py. Argument names and error texts are PyTorch's.

#include "core/ops/activations.h"
#include "core/ops/hardtanh.h"
#include "core/ops/nll_loss.h"
#include "core/ops/ops.h"
#include "core/ops/padding.h"
#include "core/ops/soft_target_losses.h"
#include "core/ops/upsample.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/warning.h"

namespace agv::python {

namespace {

ops::Reduction reductionArg(py::handle v)
{
    if (!given(v))
        return ops::Reduction::Mean;
    if (!PyUnicode_Check(v.ptr()))
        raise(PyExc_TypeError, "reduction must be a string, not " + typeName(v));
    const std::string text = v.cast<std::string>();
    try {
        return ops::parseReduction(text);
    } catch (const Error&) {
        raise(PyExc_ValueError, text + " is not a valid value for reduction");
    }
}

/// nll_loss / cross_entropy's class weights: None or a tensor (argument 3 of the aten call).
Tensor classWeight(py::handle v, const char* atenName)
{
    if (!given(v))
        return Tensor();
    return requireTensor(v, atenName, "weight", 3);
}

int64_t ignoreIndexArg(py::handle v, const char* name)
{
    return given(v) ? requireInt(v, name, "ignore_index") : -100;
}

Tensor unaryArg(CallArgs& args, const char* fn)
{
    py::handle input = args.positional.size() > 0 ? py::handle(args.positional[0]) : args.keyword("input");
    return requireTensor(input, fn, "input", 1);
}

}  // namespace

namespace {

/// torch._C._nn.hardtanh(input, min_val=-1, max_val=1) and hardtanh_; relu6 and relu6_ are
/// hardtanh(input, 0, 6). The bounds keep their Python type (`_saved_min_val` 0 or 0.0).
py::object hardtanhCall(CallArgs& args, const char* fn, bool inplace, bool relu6)
{
    Scalar min(int64_t(relu6 ? 0 : -1)), max(int64_t(relu6 ? 6 : 1));
    py::handle input;
    if (relu6) {
        input = bind(args, fn, {"input"}, 1)[0];
    } else {
        auto a = bind(args, fn, {"input", "min_val", "max_val"}, 1);
        input = a[0];
        auto bound = [fn](py::handle h, const char* name, int position) {
            if (!isNumber(h))
                raise(PyExc_TypeError, std::string(fn) + "(): argument '" + name + "' (position " +
                                           std::to_string(position) + ") must be Number, not " + typeName(h));
            return toScalar(h);
        };
        if (given(a[1]))
            min = bound(a[1], "min_val", 2);
        if (given(a[2]))
            max = bound(a[2], "max_val", 3);
    }
    Tensor t = requireTensor(input, fn, "input", 1);
    if (!inplace)
        return wrapTensor(ops::hardtanh(t, min, max));
    ops::hardtanhInplace(t, min, max);
    return py::reinterpret_borrow<py::object>(input);
}

/// F.pad's `pad` (an int[] of aten's schema) as 1.13's argument parser reads it: a tuple
/// or list whose first element is an int (not a bool) or has __index__ (an integer
/// tensor); the other elements are converted one by one, bools included.
IntList padArg(py::handle h)
{
    const std::string wrongType = "pad(): argument 'pad' (position 2) must be tuple of ints, not ";
    if (!PyTuple_Check(h.ptr()) && !PyList_Check(h.ptr()))
        raise(PyExc_TypeError, wrongType + typeName(h));
    IntList out;
    size_t position = 0;
    for (py::handle item : h) {
        ++position;
        std::optional<int64_t> value;
        if (PyLong_Check(item.ptr()) && (position > 1 || !PyBool_Check(item.ptr()))) {
            value = item.cast<int64_t>();
        } else if (!PyBool_Check(item.ptr()) && PyIndex_Check(item.ptr())) {
            if (PyObject* index = PyNumber_Index(item.ptr()))
                value = py::reinterpret_steal<py::object>(index).cast<int64_t>();
            else
                PyErr_Clear();
        }
        if (!value && position == 1)
            raise(PyExc_TypeError, wrongType + typeName(h));
        if (!value)
            raise(PyExc_TypeError, "pad(): argument 'pad' must be tuple of ints, but found element of type " +
                                       typeName(item) + " at pos " + std::to_string(position));
        out.push_back(*value);
    }
    return out;
}

/// upsample_nearest1d/2d/3d and _upsample_nearest_exact1d/2d/3d(input, output_size,
/// scale_factors); upsample_linear1d / upsample_bilinear2d / upsample_trilinear3d /
/// upsample_bicubic2d / _upsample_bilinear2d_aa / _upsample_bicubic2d_aa(input,
/// output_size, align_corners, scale_factors): the .vec overloads.
py::object upsampleCall(CallArgs& args, const char* fn, ops::UpsampleMode mode, bool antialias = false)
{
    const bool linear = mode == ops::UpsampleMode::Linear || mode == ops::UpsampleMode::Cubic;
    auto a = linear ? bind(args, fn, {"input", "output_size", "align_corners", "scale_factors"}, 4)
                    : bind(args, fn, {"input", "output_size", "scale_factors"}, 3);
    py::handle scales = a[linear ? 3 : 2];
    std::optional<std::vector<double>> scaleFactors;
    if (given(scales)) {
        scaleFactors.emplace();
        for (py::handle v : scales)
            scaleFactors->push_back(requireFloat(v, fn, "scale_factors"));
    }
    return wrapTensor(ops::upsample(requireTensor(a[0], fn, "input", 1), mode,
                                    given(a[1]) ? std::optional<IntList>(intList(a[1], fn, "output_size"))
                                                : std::nullopt,
                                    scaleFactors, linear && requireBool(a[2], fn, "align_corners"), antialias));
}

}  // namespace

void bindNnFunctional(py::module_& m)
{
    py::module_ nn = m.def_submodule("_nn");
    defNative(nn, "upsample_nearest1d",
              [](CallArgs& a) { return upsampleCall(a, "upsample_nearest1d", ops::UpsampleMode::Nearest); });
    defNative(nn, "upsample_nearest2d",
              [](CallArgs& a) { return upsampleCall(a, "upsample_nearest2d", ops::UpsampleMode::Nearest); });
    defNative(nn, "upsample_nearest3d",
              [](CallArgs& a) { return upsampleCall(a, "upsample_nearest3d", ops::UpsampleMode::Nearest); });
    defNative(nn, "upsample_linear1d",
              [](CallArgs& a) { return upsampleCall(a, "upsample_linear1d", ops::UpsampleMode::Linear); });
    defNative(nn, "upsample_bilinear2d",
              [](CallArgs& a) { return upsampleCall(a, "upsample_bilinear2d", ops::UpsampleMode::Linear); });
    defNative(nn, "upsample_trilinear3d",
              [](CallArgs& a) { return upsampleCall(a, "upsample_trilinear3d", ops::UpsampleMode::Linear); });
    defNative(nn, "_upsample_nearest_exact1d", [](CallArgs& a) {
        return upsampleCall(a, "_upsample_nearest_exact1d", ops::UpsampleMode::NearestExact);
    });
    defNative(nn, "_upsample_nearest_exact2d", [](CallArgs& a) {
        return upsampleCall(a, "_upsample_nearest_exact2d", ops::UpsampleMode::NearestExact);
    });
    defNative(nn, "_upsample_nearest_exact3d", [](CallArgs& a) {
        return upsampleCall(a, "_upsample_nearest_exact3d", ops::UpsampleMode::NearestExact);
    });
    defNative(nn, "upsample_bicubic2d",
              [](CallArgs& a) { return upsampleCall(a, "upsample_bicubic2d", ops::UpsampleMode::Cubic); });
    defNative(nn, "_upsample_bilinear2d_aa", [](CallArgs& a) {
        return upsampleCall(a, "_upsample_bilinear2d_aa", ops::UpsampleMode::Linear, /*antialias=*/true);
    });
    defNative(nn, "_upsample_bicubic2d_aa", [](CallArgs& a) {
        return upsampleCall(a, "_upsample_bicubic2d_aa", ops::UpsampleMode::Cubic, /*antialias=*/true);
    });
    defFunctional(nn, "relu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "relu", {"input", "inplace"}, 1);
        Tensor t = requireTensor(a[0], "relu", "input", 1);
        if (given(a[1]) && truthy(a[1])) {
            ops::reluInplace(t);
            return a[0];
        }
        return wrapTensor(ops::relu(t));
    });
    defFunctional(nn, "hardtanh", [](CallArgs& a) { return hardtanhCall(a, "hardtanh", false, false); });
    defNative(nn, "hardtanh_", [](CallArgs& a) { return hardtanhCall(a, "hardtanh_", true, false); });
    defFunctional(nn, "relu6", [](CallArgs& a) { return hardtanhCall(a, "relu6", false, true); });
    defNative(nn, "relu6_", [](CallArgs& a) { return hardtanhCall(a, "relu6_", true, true); });
    defNative(nn, "gelu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "gelu", {"input", "approximate"}, 1);
        return wrapTensor(ops::gelu(requireTensor(a[0], "gelu", "input", 1), given(a[1]) ? a[1].cast<std::string>() : "none"));
    });
    defFunctional(nn, "leaky_relu", [](CallArgs& args) -> py::object {
        auto a = bind(args, "leaky_relu", {"input", "negative_slope", "inplace"}, 1);
        Tensor t = requireTensor(a[0], "leaky_relu", "input", 1);
        const double slope = given(a[1]) ? requireFloat(a[1], "leaky_relu", "negative_slope") : 0.01;
        if (given(a[2]) && truthy(a[2])) {  // F.leaky_relu(inplace=True) is leaky_relu_ (LeakyReluBackward1)
            ops::leakyReluInplace(t, slope);
            return a[0];
        }
        return wrapTensor(ops::leakyRelu(t, slope));
    });
    defNative(nn, "leaky_relu_", [](CallArgs& args) -> py::object {
        auto a = bind(args, "leaky_relu_", {"input", "negative_slope"}, 1);
        Tensor t = requireTensor(a[0], "leaky_relu_", "input", 1);
        ops::leakyReluInplace(t, given(a[1]) ? requireFloat(a[1], "leaky_relu_", "negative_slope") : 0.01);
        return a[0];
    });
    defFunctional(nn, "sigmoid", [](CallArgs& args) -> py::object {
        warn("UserWarning", "nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.");
        return wrapTensor(ops::sigmoid(unaryArg(args, "sigmoid")));
    });
    defFunctional(nn, "tanh", [](CallArgs& args) -> py::object {
        warn("UserWarning", "nn.functional.tanh is deprecated. Use torch.tanh instead.");
        return wrapTensor(ops::tanh(unaryArg(args, "tanh")));
    });
    defFunctional(nn, "softmax", [](CallArgs& args) -> py::object {
        auto a = bind(args, "softmax", {"input", "dim", "_stacklevel", "dtype"}, 1);
        Tensor t = requireTensor(a[0], "softmax", "input", 1);
        if (!given(a[1]))
            raise(PyExc_TypeError, "softmax() missing required argument 'dim'");
        if (PyUnicode_Check(a[1].ptr()))  // 1.13's Tensor.softmax takes the name, then finds no such dim
            raiseNameNotFound(t, a[1]);
        // dtype=: 1.13 converts the input first (a ToCopyBackward0 in the graph).
        if (given(a[3]))
            if (const auto dtype = asDtype(a[3]))
                t = ops::toDtype(t, *dtype);
        return wrapTensor(ops::softmax(t, requireInt(a[1], "softmax", "dim")));
    });
    defFunctional(nn, "log_softmax", [](CallArgs& args) -> py::object {
        auto a = bind(args, "log_softmax", {"input", "dim", "_stacklevel", "dtype"}, 1);
        Tensor t = requireTensor(a[0], "log_softmax", "input", 1);
        if (!given(a[1]))
            raise(PyExc_TypeError, "log_softmax() missing required argument 'dim'");
        if (PyUnicode_Check(a[1].ptr()))  // 1.13's Tensor.log_softmax takes the name, then finds no such dim
            raiseNameNotFound(t, a[1]);
        // dtype=: 1.13 converts the input first (a ToCopyBackward0 in the graph).
        if (given(a[3]))
            if (const auto dtype = asDtype(a[3]))
                t = ops::toDtype(t, *dtype);
        return wrapTensor(ops::logSoftmax(t, requireInt(a[1], "log_softmax", "dim")));
    });
    defFunctional(nn, "dropout", [](CallArgs& args) -> py::object {
        auto a = bind(args, "dropout", {"input", "p", "training", "inplace"}, 1);
        const double p = given(a[1]) ? requireFloat(a[1], "dropout", "p") : 0.5;
        const bool training = !given(a[2]) || truthy(a[2]);
        return wrapTensor(ops::dropout(requireTensor(a[0], "dropout", "input", 1), p, training));
    });
    defNative(nn, "linear", [](CallArgs& args) -> py::object {
        auto a = bind(args, "linear", {"input", "weight", "bias"}, 2);
        Tensor bias = given(a[2]) ? requireTensor(a[2], "linear", "bias", 3) : Tensor();
        return wrapTensor(ops::linear(requireTensor(a[0], "linear", "input", 1),
                                      requireTensor(a[1], "linear", "weight", 2), bias));
    });
    defNative(nn, "pad", [](CallArgs& args) -> py::object {
        auto a = bind(args, "pad", {"input", "pad", "mode", "value"}, 2);
        Tensor input = requireTensor(a[0], "pad", "input", 1);
        const IntList pad = padArg(a[1]);
        if (given(a[2]) && !PyUnicode_Check(a[2].ptr()))
            raise(PyExc_TypeError, "pad(): argument 'mode' (position 3) must be str, not " + typeName(a[2]));
        const std::string mode = given(a[2]) ? a[2].cast<std::string>() : "constant";
        const std::optional<Scalar> value = given(a[3]) ? std::optional<Scalar>(toScalar(a[3])) : std::nullopt;
        return wrapTensor(ops::pad(input, pad, mode, value));
    });
    defFunctional(nn, "mse_loss", [](CallArgs& args) -> py::object {
        auto a = bind(args, "mse_loss", {"input", "target", "size_average", "reduce", "reduction"}, 2);
        Tensor input = requireTensor(a[0], "mse_loss", "input", 1);
        Tensor target = requireTensor(a[1], "mse_loss", "target", 2);
        if (input.sizes() != target.sizes())
            warn("UserWarning",
                    "Using a target size (torch.Size(" + sizesToString(target.sizes()) +
                        ")) that is different to the input size (torch.Size(" + sizesToString(input.sizes()) +
                        ")). This will likely lead to incorrect results due to broadcasting. Please ensure they have "
                        "the same size.");
        return wrapTensor(ops::mseLoss(input, target, reductionArg(a[4])));
    });
    defFunctional(nn, "nll_loss", [](CallArgs& args) -> py::object {
        auto a = bind(args, "nll_loss",
                      {"input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction"}, 2);
        return wrapTensor(ops::nllLoss(requireTensor(a[0], "nll_loss", "input", 1),
                                       requireTensor(a[1], "nll_loss", "target", 2), classWeight(a[2], "nll_loss_nd"),
                                       reductionArg(a[6]), ignoreIndexArg(a[4], "nll_loss")));
    });
    defFunctional(nn, "cross_entropy", [](CallArgs& args) -> py::object {
        auto a = bind(args, "cross_entropy",
                      {"input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction",
                       "label_smoothing"},
                      2);
        return wrapTensor(ops::crossEntropy(
            requireTensor(a[0], "cross_entropy", "input", 1), requireTensor(a[1], "cross_entropy", "target", 2),
            classWeight(a[2], "cross_entropy_loss"), reductionArg(a[6]), ignoreIndexArg(a[4], "cross_entropy"),
            given(a[7]) ? requireFloat(a[7], "cross_entropy", "label_smoothing") : 0.0));
    });
}

}  // namespace agv::python
