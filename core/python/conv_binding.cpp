// torch.convolution, torch._C._select_conv_backend, the 2-d and 3-d pooling kernels and
// batch / layer / group norm: the layers of a CNN. The padding strings, the
// unbatched inputs and the per-dimension expansion of conv1d/conv2d live in
// torch/nn/functional.py, as in PyTorch they live in its conv2d wrappers.

#include "core/ops/embedding_renorm.h"
#include "core/ops/group_norm.h"
#include "core/ops/ops.h"
#include "core/ops/pooling3d.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"

namespace agv::python {

namespace {

/// torch._C._ConvBackend's members in PyTorch 1.13's order (the values it prints).
enum class ConvBackend {
    CudaDepthwise2d, CudaDepthwise3d, Cudnn, CudnnTranspose, Empty, Miopen, MiopenDepthwise, MiopenTranspose,
    Mkldnn, MkldnnEmpty, NnpackSpatial, Overrideable, Slow2d, Slow3d, SlowDilated2d, SlowDilated3d,
    SlowTranspose2d, SlowTranspose3d, Winograd3x3Depthwise, Xnnpack2d
};

constexpr const char* kBackendNames[] = {
    "CudaDepthwise2d", "CudaDepthwise3d", "Cudnn", "CudnnTranspose", "Empty", "Miopen", "MiopenDepthwise",
    "MiopenTranspose", "Mkldnn", "MkldnnEmpty", "NnpackSpatial", "Overrideable", "Slow2d", "Slow3d",
    "SlowDilated2d", "SlowDilated3d", "SlowTranspose2d", "SlowTranspose3d", "Winograd3x3Depthwise", "Xnnpack2d"};

struct ConvCall {
    Tensor input, weight, bias;
    IntList stride, padding, dilation, outputPadding;
    bool transposed;
    int64_t groups;
};

ConvCall convArgs(CallArgs& args, const char* fn)
{
    auto a = bind(args, fn,
                  {"input", "weight", "bias", "stride", "padding", "dilation", "transposed", "output_padding", "groups"},
                  9);
    ConvCall c;
    c.input = requireTensor(a[0], fn, "input", 1);
    c.weight = requireTensor(a[1], fn, "weight", 2);
    c.bias = given(a[2]) ? requireTensor(a[2], fn, "bias", 3) : Tensor();
    c.stride = intList(a[3], fn, "stride");
    c.padding = intList(a[4], fn, "padding");
    c.dilation = intList(a[5], fn, "dilation");
    c.transposed = requireBool(a[6], fn, "transposed");
    c.outputPadding = intList(a[7], fn, "output_padding");
    c.groups = requireInt(a[8], fn, "groups");
    return c;
}

}  // namespace

void bindConvolution(py::module_& m)
{
    py::enum_<ConvBackend> backend(m, "_ConvBackend");
    for (size_t i = 0; i < std::size(kBackendNames); ++i)
        backend.value(kBackendNames[i], ConvBackend(i));

    defNative(m, "convolution", [](CallArgs& args) -> py::object {
        const ConvCall c = convArgs(args, "convolution");
        return wrapTensor(ops::convolution(c.input, c.weight, c.bias, c.stride, c.padding, c.dilation, c.transposed,
                                           c.outputPadding, c.groups));
    });
    py::module_ nn = m.attr("_nn");
    defFunctional(nn, "max_pool2d_with_indices", [](CallArgs& args) -> py::object {
        auto a = bind(args, "max_pool2d_with_indices",
                      {"input", "kernel_size", "stride", "padding", "dilation", "ceil_mode"}, 2);
        const char* fn = "max_pool2d_with_indices";
        auto [values, indices] = ops::maxPool2dWithIndices(
            requireTensor(a[0], fn, "input", 1), intList(a[1], fn, "kernel_size"),
            given(a[2]) ? intList(a[2], fn, "stride") : IntList{}, given(a[3]) ? intList(a[3], fn, "padding") : IntList{0},
            given(a[4]) ? intList(a[4], fn, "dilation") : IntList{1}, given(a[5]) && truthy(a[5]));
        return py::make_tuple(wrapTensor(values), wrapTensor(indices));
    });
    defNative(nn, "avg_pool2d", [](CallArgs& args) -> py::object {
        auto a = bind(args, "avg_pool2d",
                      {"input", "kernel_size", "stride", "padding", "ceil_mode", "count_include_pad", "divisor_override"},
                      2);
        const char* fn = "avg_pool2d";
        return wrapTensor(ops::avgPool2d(
            requireTensor(a[0], fn, "input", 1), intList(a[1], fn, "kernel_size"),
            given(a[2]) ? intList(a[2], fn, "stride") : IntList{}, given(a[3]) ? intList(a[3], fn, "padding") : IntList{0},
            given(a[4]) && truthy(a[4]), !given(a[5]) || truthy(a[5]),
            given(a[6]) ? std::optional<int64_t>(requireInt(a[6], fn, "divisor_override")) : std::nullopt));
    });
    defFunctional(nn, "adaptive_avg_pool2d", [](CallArgs& args) -> py::object {
        auto a = bind(args, "adaptive_avg_pool2d", {"input", "output_size"}, 2);
        return wrapTensor(ops::adaptiveAvgPool2d(requireTensor(a[0], "adaptive_avg_pool2d", "input", 1),
                                                 intList(a[1], "adaptive_avg_pool2d", "output_size")));
    });
    defFunctional(nn, "adaptive_max_pool2d", [](CallArgs& args) -> py::object {
        auto a = bind(args, "adaptive_max_pool2d", {"input", "output_size"}, 2);
        auto [values, indices] = ops::adaptiveMaxPool2d(requireTensor(a[0], "adaptive_max_pool2d", "input", 1),
                                                        intList(a[1], "adaptive_max_pool2d", "output_size"));
        return py::make_tuple(wrapTensor(values), wrapTensor(indices));
    });
    defFunctional(nn, "adaptive_avg_pool3d", [](CallArgs& args) -> py::object {
        auto a = bind(args, "adaptive_avg_pool3d", {"input", "output_size"}, 2);
        return wrapTensor(ops::adaptiveAvgPool3d(requireTensor(a[0], "adaptive_avg_pool3d", "input", 1),
                                                 intList(a[1], "adaptive_avg_pool3d", "output_size")));
    });
    defFunctional(nn, "adaptive_max_pool3d", [](CallArgs& args) -> py::object {
        auto a = bind(args, "adaptive_max_pool3d", {"input", "output_size"}, 2);
        auto [values, indices] = ops::adaptiveMaxPool3d(requireTensor(a[0], "adaptive_max_pool3d", "input", 1),
                                                        intList(a[1], "adaptive_max_pool3d", "output_size"));
        return py::make_tuple(wrapTensor(values), wrapTensor(indices));
    });
    defFunctional(nn, "avg_pool3d", [](CallArgs& args) -> py::object {
        auto a = bind(args, "avg_pool3d",
                      {"input", "kernel_size", "stride", "padding", "ceil_mode", "count_include_pad", "divisor_override"},
                      2);
        const char* fn = "avg_pool3d";
        return wrapTensor(ops::avgPool3d(
            requireTensor(a[0], fn, "input", 1), intList(a[1], fn, "kernel_size"),
            given(a[2]) ? intList(a[2], fn, "stride") : IntList{}, given(a[3]) ? intList(a[3], fn, "padding") : IntList{0},
            given(a[4]) && truthy(a[4]), !given(a[5]) || truthy(a[5]),
            given(a[6]) ? std::optional<int64_t>(requireInt(a[6], fn, "divisor_override")) : std::nullopt));
    });
    defFunctional(nn, "max_pool3d_with_indices", [](CallArgs& args) -> py::object {
        auto a = bind(args, "max_pool3d_with_indices",
                      {"input", "kernel_size", "stride", "padding", "dilation", "ceil_mode"}, 2);
        const char* fn = "max_pool3d_with_indices";
        auto [values, indices] = ops::maxPool3dWithIndices(
            requireTensor(a[0], fn, "input", 1), intList(a[1], fn, "kernel_size"),
            given(a[2]) ? intList(a[2], fn, "stride") : IntList{}, given(a[3]) ? intList(a[3], fn, "padding") : IntList{0},
            given(a[4]) ? intList(a[4], fn, "dilation") : IntList{1}, given(a[5]) && truthy(a[5]));
        return py::make_tuple(wrapTensor(values), wrapTensor(indices));
    });
    defNative(m, "batch_norm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "batch_norm",
                      {"input", "weight", "bias", "running_mean", "running_var", "training", "momentum", "eps"}, 8);
        const char* fn = "batch_norm";
        auto optional = [&](size_t i, const char* name) {
            return given(a[i]) ? requireTensor(a[i], fn, name, int(i) + 1) : Tensor();
        };
        return wrapTensor(ops::batchNorm(requireTensor(a[0], fn, "input", 1), optional(1, "weight"),
                                         optional(2, "bias"), optional(3, "running_mean"),
                                         optional(4, "running_var"), requireBool(a[5], fn, "training"),
                                         requireFloat(a[6], fn, "momentum"), requireFloat(a[7], fn, "eps")));
    });
    defNative(m, "layer_norm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "layer_norm", {"input", "normalized_shape", "weight", "bias", "eps", "cudnn_enable"}, 2);
        const char* fn = "layer_norm";
        // normalized_shape is int[] (not int[1]): a bare int is refused, as PyTorch does.
        if (!PyTuple_Check(a[1].ptr()) && !PyList_Check(a[1].ptr()))
            raise(PyExc_TypeError, std::string(fn) + "(): argument 'normalized_shape' (position 2) must be tuple of "
                                                      "ints, not " + std::string(py::str(a[1].get_type().attr("__name__"))));
        auto optional = [&](size_t i, const char* name) {
            return given(a[i]) ? requireTensor(a[i], fn, name, int(i) + 1) : Tensor();
        };
        return wrapTensor(ops::layerNorm(requireTensor(a[0], fn, "input", 1), intList(a[1], fn, "normalized_shape"),
                                         optional(2, "weight"), optional(3, "bias"),
                                         given(a[4]) ? requireFloat(a[4], fn, "eps") : 1e-5));
    });
    defNative(m, "group_norm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "group_norm", {"input", "num_groups", "weight", "bias", "eps", "cudnn_enabled"}, 2);
        const char* fn = "group_norm";
        auto optional = [&](size_t i, const char* name) {
            return given(a[i]) ? requireTensor(a[i], fn, name, int(i) + 1) : Tensor();
        };
        return wrapTensor(ops::groupNorm(requireTensor(a[0], fn, "input", 1), requireInt(a[1], fn, "num_groups"),
                                         optional(2, "weight"), optional(3, "bias"),
                                         given(a[4]) ? requireFloat(a[4], fn, "eps") : 1e-5));
    });
    defNative(m, "embedding", [](CallArgs& args) -> py::object {
        auto a = bind(args, "embedding", {"weight", "indices", "padding_idx", "scale_grad_by_freq", "sparse"}, 2);
        const char* fn = "embedding";
        return wrapTensor(ops::embedding(requireTensor(a[0], fn, "weight", 1), requireTensor(a[1], fn, "indices", 2),
                                         given(a[2]) ? requireInt(a[2], fn, "padding_idx") : -1,
                                         given(a[3]) && requireBool(a[3], fn, "scale_grad_by_freq"),
                                         given(a[4]) && requireBool(a[4], fn, "sparse")));
    });
    defNative(m, "embedding_renorm_", [](CallArgs& args) -> py::object {
        auto a = bind(args, "embedding_renorm_", {"input", "indices", "max_norm", "norm_type"}, 4);
        const char* fn = "embedding_renorm_";
        Tensor weight = requireTensor(a[0], fn, "input", 1);
        ops::embeddingRenormInplace(weight, requireTensor(a[1], fn, "indices", 2), requireFloat(a[2], fn, "max_norm"),
                                    requireFloat(a[3], fn, "norm_type"));
        return py::reinterpret_borrow<py::object>(a[0]);
    });
    defNative(m, "_select_conv_backend", [](CallArgs& args) -> py::object {
        const ConvCall c = convArgs(args, "_select_conv_backend");
        const std::string name = ops::selectConvBackend(c.input, c.weight, c.bias, c.stride, c.padding, c.dilation,
                                                        c.transposed, c.outputPadding, c.groups);
        for (size_t i = 0; i < std::size(kBackendNames); ++i)
            if (name == kBackendNames[i])
                return py::cast(ConvBackend(i));
        return py::none();
    });
}

}  // namespace agv::python
