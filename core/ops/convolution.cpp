// torch.convolution: the one autograd op behind conv1d/conv2d/conv_transpose*d
// (grad_fn ConvolutionBackward0 whatever the algorithm), with PyTorch 1.13's checks.
//
// Note [Convolution backends]
// PyTorch 1.13 on a CPU runs a float32 convolution through oneDNN ("Mkldnn") when
// the problem is big enough to pay for oneDNN's layout changes, and otherwise
// through im2col + GEMM ("Slow2d", "SlowDilated2d", "SlowTranspose2d", and for 5-d
// inputs "Slow3d", "SlowDilated3d", "SlowTranspose3d"); float64 and integer tensors
// always take the im2col path. The two round differently, so we take the same
// decision (use_mkldnn of aten/src/ATen/native/Convolution.cpp, the same test for
// 4-d and 5-d inputs) and `torch._C._select_conv_backend` reports it, as PyTorch's
// does. Grouped convolutions on the im2col path run group by group and are
// concatenated (slow_conv3d batches its groups in one call, but that call runs one
// GEMM per group on the same slices, so the sums are the same); 1-d convolutions are
// 2-d ones of height 1.

#include <cstring>

#include "core/autograd/grad_mode.h"
#include "core/ops/convolution.h"
#include "core/ops/convolution_double_backward.h"
#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

bool anyOf(const IntList& values, bool (*pred)(int64_t))
{
    for (int64_t v : values)
        if (pred(v))
            return true;
    return false;
}

}  // namespace

namespace conv {

const char* backendName(Backend b)
{
    switch (b) {
    case Backend::Empty: return "Empty";
    case Backend::Mkldnn: return "Mkldnn";
    case Backend::Slow2d: return "Slow2d";
    case Backend::SlowDilated2d: return "SlowDilated2d";
    case Backend::SlowTranspose2d: return "SlowTranspose2d";
    case Backend::Slow3d: return "Slow3d";
    case Backend::SlowDilated3d: return "SlowDilated3d";
    case Backend::SlowTranspose3d: return "SlowTranspose3d";
    }
    return "Empty";
}

namespace {

bool useOnednn(const Tensor& input, const Tensor& weight, const Params& p)
{
    if (p.transposed || input.dtype() != ScalarType::Float32 || (input.dim() != 4 && input.dim() != 5))
        return false;
    // PyTorch's use_mkldnn reads the weight's last two sizes and the input's first four,
    // whatever the dimension: a 3-d input's width never counts towards "big enough".
    const IntList& in = input.sizes();
    const int64_t kernelW = weight.sizes().back(), kernelH = weight.sizes()[weight.sizes().size() - 2];
    const bool strided = anyOf(p.stride, [](int64_t s) { return s != 1; });
    const bool dilated = anyOf(p.dilation, [](int64_t d) { return d != 1; });
    // PyTorch: for 1x1 filters the im2col path is faster single-threaded (it runs one thread here).
    const bool notPointwise = strided || dilated || in[0] >= 16 || kernelW != 1 || kernelH != 1;
    const bool bigEnough =
        p.groups > 1 || (kernelW > 3 && kernelH > 3) || in[0] > 1 || in[0] * in[1] * in[2] * in[3] > 20480;
    return notPointwise && bigEnough;
}

}  // namespace

Backend selectBackend(const Tensor& input, const Tensor& weight, const Params& p)
{
    if (input.sizes()[0] == 0 || input.sizes()[1] == 0)
        return Backend::Empty;
    if (useOnednn(input, weight, p))
        return Backend::Mkldnn;
    const bool dilated = anyOf(p.dilation, [](int64_t d) { return d != 1; });
    if (input.dim() == 4)
        return p.transposed ? Backend::SlowTranspose2d : dilated ? Backend::SlowDilated2d : Backend::Slow2d;
    return p.transposed ? Backend::SlowTranspose3d : dilated ? Backend::SlowDilated3d : Backend::Slow3d;
}

IntList outputSizes(const IntList& input, const IntList& weight, const Params& p)
{
    IntList out{input[0], p.transposed ? weight[1] * p.groups : weight[0]};
    for (size_t d = 2; d < input.size(); ++d) {
        const size_t i = d - 2;
        const int64_t extent = p.dilation[i] * (weight[d] - 1);
        out.push_back(p.transposed ? (input[d] - 1) * p.stride[i] - 2 * p.padding[i] + extent + p.outputPadding[i] + 1
                                   : (input[d] + 2 * p.padding[i] - extent - 1) / p.stride[i] + 1);
    }
    return out;
}

}  // namespace conv

namespace {

using conv::Backend;
using conv::Params;

IntList expandParam(const IntList& values, const char* name, size_t spatial)
{
    if (values.size() == 1)
        return IntList(spatial, values[0]);
    if (values.size() != spatial)
        AGV_RAISE(RuntimeError, "expected ", name, " to be a single integer value or a list of ", spatial,
                  " values to match the convolution dimensions, but got ", name, "=", sizesToString(values));
    return values;
}

std::string joinX(const IntList& values)
{
    std::string s;
    for (size_t i = 0; i < values.size(); ++i)
        s += (i ? " x " : "") + std::to_string(values[i]);
    return s;
}

/// check_shape_forward of PyTorch 1.13, message for message.
void checkShapes(const Tensor& input, const Tensor& weight, const Tensor& bias, const Params& p)
{
    const IntList& w = weight.sizes();
    const std::string wText = sizesToString(w);
    AGV_CHECK(!anyOf(p.padding, [](int64_t v) { return v < 0; }), RuntimeError, "negative padding is not supported");
    AGV_CHECK(!anyOf(p.outputPadding, [](int64_t v) { return v < 0; }), RuntimeError,
              "negative output_padding is not supported");
    AGV_CHECK(!anyOf(p.stride, [](int64_t v) { return v <= 0; }), RuntimeError, "non-positive stride is not supported");
    AGV_CHECK(weight.dim() == input.dim(), RuntimeError, "Expected ", weight.dim(), "-dimensional input for ",
              weight.dim(), "-dimensional weight ", wText, ", but got ", input.dim(), "-dimensional input of size ",
              sizesToString(input.sizes()), " instead");
    AGV_CHECK(w[0] >= p.groups, RuntimeError, "Given groups=", p.groups, ", expected weight to be at least ", p.groups,
              " at dimension 0, but got weight of size ", wText, " instead");
    // PyTorch brackets the size list twice in this one message.
    AGV_CHECK(w[0] % p.groups == 0, RuntimeError, "Given groups=", p.groups, ", expected weight to be divisible by ",
              p.groups, " at dimension 0, but got weight of size [", wText, "] instead");
    const int64_t channels = input.sizes()[1];
    if (!p.transposed) {
        AGV_CHECK(channels == w[1] * p.groups, RuntimeError, "Given groups=", p.groups, ", weight of size ", wText,
                  ", expected input", sizesToString(input.sizes()), " to have ", w[1] * p.groups,
                  " channels, but got ", channels, " channels instead");
        AGV_CHECK(!bias.defined() || (bias.dim() == 1 && bias.sizes()[0] == w[0]), RuntimeError,
                  "Given weight of size ", wText, ", expected bias to be 1-dimensional with ", w[0],
                  " elements, but got bias of size ", sizesToString(bias.sizes()), " instead");
        IntList padded, kernel;
        bool fits = true;
        for (size_t d = 2; d < size_t(input.dim()); ++d) {
            padded.push_back(input.sizes()[d] + 2 * p.padding[d - 2]);
            kernel.push_back(p.dilation[d - 2] * (w[d] - 1) + 1);
            fits = fits && padded.back() >= kernel.back();
        }
        AGV_CHECK(fits, RuntimeError, "Calculated padded input size per channel: (", joinX(padded),
                  "). Kernel size: (", joinX(kernel), "). Kernel size can't be greater than actual input size");
    } else {
        AGV_CHECK(channels == w[0], RuntimeError, "Given transposed=1, weight of size ", wText, ", expected input",
                  sizesToString(input.sizes()), " to have ", w[0], " channels, but got ", channels,
                  " channels instead");
        AGV_CHECK(!bias.defined() || (bias.dim() == 1 && bias.sizes()[0] == w[1] * p.groups), RuntimeError,
                  "Given transposed=1, weight of size ", wText, ", expected bias to be 1-dimensional with ",
                  w[1] * p.groups, " elements, but got bias of size ", sizesToString(bias.sizes()), " instead");
    }
}

void checkTypes(const Tensor& input, const Tensor& weight, const Tensor& bias, Backend backend)
{
    // slow_conv3d and slow_conv_dilated3d copy the bias into the output, converting it,
    // so they take a bias of any dtype (see biasAsInput).
    const bool biasConverted = backend == Backend::Slow3d || backend == Backend::SlowDilated3d;
    for (const Tensor* other : {&weight, &bias}) {
        if (!other->defined() || other->dtype() == input.dtype() || (other == &bias && biasConverted))
            continue;
        const char* role = other == &weight ? "weight" : "bias";
        if (backend == Backend::Mkldnn)
            AGV_RAISE(RuntimeError, "Input type (torch.", legacyTensorTypeName(input.dtype()), ") and ", role,
                      " type (torch.", legacyTensorTypeName(other->dtype()),
                      ") should be the same or input should be a MKLDNN tensor and ", role, " is a dense tensor");
        AGV_RAISE(RuntimeError, "expected scalar type ", legacyDtypeShortName(input.dtype()), " but found ",
                  legacyDtypeShortName(other->dtype()));
    }
}

using kernel::dense;

/// Channels [g*n, (g+1)*n) of `t` along `dim`, contiguous.
Tensor groupSlice(const Tensor& t, int64_t dim, int64_t groups, int64_t g)
{
    if (!t.defined() || groups == 1)
        return t;
    const int64_t n = t.sizes()[size_t(dim)] / groups;
    return contiguous(narrow(t, dim, g * n, n));
}

/// The parameters of one group's convolution, run on its slices of input, weight and bias
/// (a transposed convolution's output channels are weight.size(1) * groups).
Params withOneGroup(Params p)
{
    p.groups = 1;
    return p;
}

/// The dtypes PyTorch 1.13's 3-d im2col kernels dispatch on, with their error for the others
/// (slow_conv3d takes every integer type; the dilated and transposed kernels only int64).
void checkSlow3dDtype(ScalarType dtype, Backend backend)
{
    const bool floating = dtype == ScalarType::Float32 || dtype == ScalarType::Float64;
    switch (backend) {
    case Backend::Slow3d:
        if (floating || isIntegralType(dtype, false))
            return;
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, "compute_columns3d");
    case Backend::SlowDilated3d:
        if (floating || dtype == ScalarType::Int64)
            return;
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, "slow_conv_dilated<>");
    case Backend::SlowTranspose3d:
        if (floating || dtype == ScalarType::Int64)
            return;
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, "slow_conv_transpose3d_out_cpu");
    default: return;
    }
}

/// Whether slow_conv2d takes its channels-last paths here (Note [slow_conv2d channels last]);
/// its integer convolutions keep the contiguous ones. 1.13 runs a grouped one group by
/// group on channels-last copies of the slices and concatenates the results.
bool slowChannelsLast(Backend backend, const Params& p, const Tensor& input, bool channelsLast)
{
    return channelsLast && backend == Backend::Slow2d && input.dim() == 4 && isFloatingType(input.dtype());
}

/// slow_conv_dilated2d's forward takes the same channels-last im2col + GEMM; its backward's
/// sums are the contiguous kernel's.
bool slowDilatedChannelsLast(Backend backend, const Tensor& input, bool channelsLast)
{
    return channelsLast && backend == Backend::SlowDilated2d && input.dim() == 4 && isFloatingType(input.dtype());
}

Tensor runForward(const Tensor& input, const Tensor& weight, const Tensor& bias, const Params& p, Backend backend,
                  bool channelsLast)
{
    checkSlow3dDtype(input.dtype(), backend);
    if (backend == Backend::Empty) {
        // No batch or no input channels: an empty output, with no channels when the input
        // has none (PyTorch's Empty backend derives it from the input).
        IntList sizes = conv::outputSizes(input.sizes(), weight.sizes(), p);
        if (input.sizes()[1] == 0)
            sizes[1] = 0;
        return zeros(sizes, input.dtype(), input.device());
    }
    if (backend == Backend::Mkldnn)
        return conv::onednnForward(input, dense(weight), dense(bias), p, channelsLast);
    const Tensor biasAsInput = bias.defined() && bias.dtype() != input.dtype() ? toDtype(bias, input.dtype()) : bias;
    const Params oneGroup = withOneGroup(p);
    if (slowChannelsLast(backend, p, input, channelsLast) || slowDilatedChannelsLast(backend, input, channelsLast)) {
        TensorList outs;
        for (int64_t g = 0; g < p.groups; ++g)
            outs.push_back(conv::im2colForwardChannelsLast(groupSlice(input, 1, p.groups, g),
                                                           dense(groupSlice(weight, 0, p.groups, g)),
                                                           dense(groupSlice(biasAsInput, 0, p.groups, g)), oneGroup));
        return outs.size() == 1 ? outs[0] : cat(outs, 1);
    }
    TensorList outs;
    for (int64_t g = 0; g < p.groups; ++g) {
        const Tensor in = groupSlice(input, 1, p.groups, g), w = dense(groupSlice(weight, 0, p.groups, g));
        const Tensor b = dense(groupSlice(biasAsInput, 0, p.groups, g));
        outs.push_back(p.transposed ? conv::im2colTransposedForward(in, w, b, oneGroup)
                                    : conv::im2colForward(in, w, b, oneGroup));
    }
    return outs.size() == 1 ? outs[0] : cat(outs, 1);
}

/// The bias gradient: gradOut summed over the batch and every spatial dimension at once.
Tensor biasGrad(const Tensor& gradOut)
{
    IntList dims{0};
    for (int64_t d = 2; d < gradOut.dim(); ++d)
        dims.push_back(d);
    return sum(gradOut, dims);
}

// Note [Dilated bias gradient]
// slow_conv_dilated2d/3d accumulate the bias gradient sample by sample (zero, then
// += each sample's spatial sum), where the other kernels sum over batch and space in
// one reduction; the two round differently once the batch has more than one sample.
Tensor biasGradPerSample(const Tensor& gradOut)
{
    IntList dims;
    for (int64_t d = 1; d < gradOut.dim() - 1; ++d)
        dims.push_back(d);
    Tensor total = zeros({gradOut.sizes()[1]}, gradOut.dtype(), gradOut.device());
    for (int64_t n = 0; n < gradOut.sizes()[0]; ++n)
        total = add(total, sum(select(gradOut, 0, n), dims));
    return total;
}

// Note [Bias gradient of the group-by-group kernels]
// The kernels PyTorch runs group by group (all but Mkldnn and Slow3d) compute each
// group's bias gradient from that group's contiguous slice of grad_output, and a sum
// over a slice of other sizes can take another reduction order than one over the whole
// tensor; slow_conv3d, which does its groups itself, sums the whole grad_output.
Tensor backendBiasGrad(const Tensor& gradOut, int64_t groups, Backend backend)
{
    const bool dilated = backend == Backend::SlowDilated2d || backend == Backend::SlowDilated3d;
    if (backend == Backend::Slow3d || backend == Backend::Empty || groups == 1)
        return dilated ? biasGradPerSample(gradOut) : biasGrad(gradOut);
    TensorList parts;
    for (int64_t g = 0; g < groups; ++g) {
        const Tensor slice = groupSlice(gradOut, 1, groups, g);
        parts.push_back(dilated ? biasGradPerSample(slice) : biasGrad(slice));
    }
    return cat(parts, 0);
}

conv::Grads runBackward(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p,
                        Backend backend, conv::Mask mask, bool channelsLast)
{
    if (backend == Backend::Mkldnn)
        return conv::onednnBackward(gradOut, input, dense(weight), p, mask, channelsLast);
    conv::Grads grads;
    if (backend == Backend::Empty) {
        if (mask[0])
            grads.input = zerosLike(input);
        if (mask[1])
            grads.weight = zerosLike(weight);
    } else if (slowChannelsLast(backend, p, input, channelsLast)) {
        TensorList inputs, weights;
        for (int64_t g = 0; g < p.groups; ++g) {
            const Tensor in = groupSlice(input, 1, p.groups, g), w = dense(groupSlice(weight, 0, p.groups, g));
            const Tensor go = groupSlice(gradOut, 1, p.groups, g);
            if (mask[0])
                inputs.push_back(conv::im2colGradInputChannelsLast(go, in, w, withOneGroup(p)));
            if (mask[1])
                weights.push_back(conv::im2colGradWeightChannelsLast(go, in, w, withOneGroup(p)));
        }
        if (mask[0])
            grads.input = inputs.size() == 1 ? inputs[0] : cat(inputs, 1);
        if (mask[1])
            grads.weight = weights.size() == 1 ? weights[0] : cat(weights, 0);
    } else {
        TensorList inputs, weights;
        for (int64_t g = 0; g < p.groups; ++g) {
            const Tensor in = groupSlice(input, 1, p.groups, g), w = dense(groupSlice(weight, 0, p.groups, g));
            const Tensor go = groupSlice(gradOut, 1, p.groups, g);
            const conv::Mask inner{mask[0], mask[1], false};
            conv::Grads part = p.transposed ? conv::im2colTransposedBackward(go, in, w, withOneGroup(p), inner)
                                            : conv::im2colBackward(go, in, w, withOneGroup(p), inner);
            inputs.push_back(part.input);
            weights.push_back(part.weight);
        }
        if (mask[0])
            grads.input = inputs.size() == 1 ? inputs[0] : cat(inputs, 1);
        if (mask[1])
            grads.weight = weights.size() == 1 ? weights[0] : cat(weights, 0);
    }
    if (mask[2])
        grads.bias = backendBiasGrad(gradOut, p.groups, backend);
    return grads;
}

// Note [Channels-last convolutions]
// 1.13's 2-d convolutions that are not transposed (Mkldnn, Slow2d and SlowDilated2d
// alike, whatever the dtype) lay their output, grad_input and grad_weight out channels
// last when the input or the weight suggests channels_last (Note [Memory formats]); the
// transposed and 3-d ones stay contiguous. They also compute with channels-last kernels,
// whose sums round differently: oneDNN given NHWC activations (as ideep describes them,
// conv_onednn.cpp) and slow_conv2d's channels-last im2col + GEMM (Note [slow_conv2d
// channels last], slow_conv_dilated2d's forward too). Still the contiguous kernels' values:
// slow_conv_dilated2d's gradients of channels-last inputs (README).
MemoryFormat convolutionFormat(const Tensor& input, const Tensor& weight, const Params& p)
{
    const bool channelsLast = !p.transposed && input.dim() == 4 && weight.dim() == 4 &&
                              (suggestMemoryFormat(input) == MemoryFormat::ChannelsLast ||
                               suggestMemoryFormat(weight) == MemoryFormat::ChannelsLast);
    return channelsLast ? MemoryFormat::ChannelsLast : MemoryFormat::Preserve;
}

/// 1-d convolutions run as 2-d ones of height 1 (PyTorch's view1d_as_2d).
Params as2d(Params p)
{
    if (p.stride.size() == 1) {
        p.stride.insert(p.stride.begin(), 1);
        p.padding.insert(p.padding.begin(), 0);
        p.dilation.insert(p.dilation.begin(), 1);
        p.outputPadding.insert(p.outputPadding.begin(), 0);
    }
    return p;
}

Tensor with2d(const Tensor& t) { return t.dim() == 3 ? unsqueeze(t, 2) : t; }

Params paramsFor(const Tensor& weight, const IntList& stride, const IntList& padding, const IntList& dilation,
                 bool transposed, const IntList& outputPadding, int64_t groups)
{
    AGV_CHECK(weight.dim() >= 3, RuntimeError, "weight should have at least three dimensions");
    AGV_CHECK(groups > 0, RuntimeError, "non-positive groups is not supported");
    const size_t spatial = size_t(weight.dim() - 2);
    Params p;
    p.stride = expandParam(stride, "stride", spatial);
    p.padding = expandParam(padding, "padding", spatial);
    p.dilation = expandParam(dilation, "dilation", spatial);
    p.transposed = transposed;
    p.outputPadding = expandParam(outputPadding, "output_padding", spatial);
    p.groups = groups;
    return p;
}

/// convolution_backward as an op: ConvolutionBackward0 computes its gradients with it, so
/// under create_graph they share one node, ConvolutionBackwardBackward0 (outputs 0, 1, 2:
/// input, weight, bias; those the mask leaves out stay undefined), whose formula is
/// _convolution_double_backward. `p` is the convolution's parameters, `p2` the same widened
/// to 2-d for a 1-d convolution (see as2d).
variable_list convolutionBackward(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p,
                                  const Params& p2, Backend backend, conv::Mask mask)
{
    // 1.13's convolution_backward refuses what its forward let through: a plain convolution
    // given output_padding (reached by a triple backward through a transposed convolution,
    // whose double backward runs one). The numbers are printed separated by spaces.
    if (!p.transposed && anyOf(p.outputPadding, [](int64_t v) { return v != 0; })) {
        std::string padding;
        for (size_t i = 0; i < p.outputPadding.size(); ++i)
            padding += (i ? " " : "") + std::to_string(p.outputPadding[i]);
        AGV_RAISE(RuntimeError, "output_padding is not supported for non-transposed convolutions; got: ", padding);
    }
    OpRecorder rec("ConvolutionBackwardBackward0", {&gradOut, &input, &weight},
                   [p](BackwardNode& n, const variable_list& g) {
                       auto incoming = [&g](size_t i) { return i < g.size() ? g[i] : Tensor(); };
                       const Tensor savedGradOut = n.saved(0), savedInput = n.saved(1), savedWeight = n.saved(2);
                       return conv::doubleBackward(incoming(0), incoming(1), incoming(2), savedGradOut, savedWeight,
                                                   savedInput, p);
                   });
    rec.attr("dilation", p.dilation);
    rec.save("grad_output", gradOut);
    rec.attr("groups", p.groups);
    rec.save("input", input);
    rec.attr("output_padding", p.outputPadding);
    rec.attr("padding", p.padding);
    rec.attr("stride", p.stride);
    rec.attr("transposed", p.transposed);
    rec.save("weight", weight);
    conv::Grads grads = quietly([&] {
        const MemoryFormat format = convolutionFormat(input, weight, p);
        conv::Grads computed = runBackward(dense(with2d(gradOut)), dense(with2d(input)), with2d(weight), p2, backend,
                                           mask, format == MemoryFormat::ChannelsLast);
        computed.input = laidOutIn(kernel::freshCopy(computed.input, input.sizes()), format);
        // Slow2d's grad_weight is made channels-last contiguous rather than allocated so:
        // a 1x1 kernel's contiguous gradient already is, and keeps its strides.
        computed.weight = kernel::freshCopy(computed.weight, weight.sizes());
        if (computed.weight.defined() && (backend != Backend::Slow2d || !isContiguousIn(computed.weight, format)))
            computed.weight = laidOutIn(computed.weight, format);
        computed.bias = kernel::freshCopy(
            computed.bias, IntList{p2.transposed ? weight.sizes()[1] * p2.groups : weight.sizes()[0]});
        return computed;
    });
    // Forward-over-reverse: convolution_backward is linear in grad_output and bilinear in
    // (grad_output, weight) and (grad_output, input), so its tangents are two backward
    // passes each, and the bias's the tangent of grad_output summed as the bias's gradient.
    rec.forwardEach([p, p2, backend](const InputTangents& t, const TensorList& results) {
        const Tensor &gradOutP = t.primal(0), &inputP = t.primal(1), &weightP = t.primal(2);
        TensorList tangents(3);
        if (results[0].defined())
            tangents[0] = add(convolutionBackward(gradOutP, inputP, t[2], p, p2, backend, {true, false, false})[0],
                              convolutionBackward(t[0], inputP, weightP, p, p2, backend, {true, false, false})[0]);
        if (results[1].defined())
            tangents[1] = add(convolutionBackward(gradOutP, t[1], weightP, p, p2, backend, {false, true, false})[1],
                              convolutionBackward(t[0], inputP, weightP, p, p2, backend, {false, true, false})[1]);
        if (results[2].defined()) {
            IntList dims{0};
            for (int64_t d = 2; d < t[0].dim(); ++d)
                dims.push_back(d);
            tangents[2] = sum(t[0], dims);
        }
        return tangents;
    });
    return rec.finish(TensorList{grads.input, grads.weight, grads.bias});
}

}  // namespace

std::string selectConvBackend(const Tensor& input, const Tensor& weight, const Tensor& bias, const IntList& stride,
                              const IntList& padding, const IntList& dilation, bool transposed,
                              const IntList& outputPadding, int64_t groups)
{
    const Params p = paramsFor(weight, stride, padding, dilation, transposed, outputPadding, groups);
    checkShapes(input, weight, bias, p);
    trace::MuteGuard mute;
    GradModeGuard noGrad(false);
    return conv::backendName(conv::selectBackend(with2d(input), with2d(weight), as2d(p)));
}

Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, const IntList& stride,
                   const IntList& padding, const IntList& dilation, bool transposed, const IntList& outputPadding,
                   int64_t groups)
{
    const Params p = paramsFor(weight, stride, padding, dilation, transposed, outputPadding, groups);
    checkShapes(input, weight, bias, p);
    AGV_CHECK(input.numel() > 0 || input.sizes()[0] == 0 || input.sizes()[1] == 0, RuntimeError,
              "Only zero batch or zero channel inputs are supported, but got input shape: ",
              sizesToString(input.sizes()));
    const Params p2 = as2d(p);
    Tensor out;
    Backend backend;
    {
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        const Tensor in2 = dense(with2d(input));
        const Tensor w2 = with2d(weight);
        backend = conv::selectBackend(in2, w2, p2);
        checkTypes(input, weight, bias, backend);
        const bool channelsLast = convolutionFormat(input, weight, p) == MemoryFormat::ChannelsLast;
        const Tensor result = runForward(in2, w2, bias, p2, backend, channelsLast);
        IntList sizes = conv::outputSizes(input.sizes(), weight.sizes(), p);
        sizes[1] = result.sizes()[1];
        out = laidOutIn(kernel::freshCopy(result, sizes), convolutionFormat(input, weight, p));
    }

    OpRecorder rec("ConvolutionBackward0", {&input, &weight, &bias}, [p, p2, backend](BackwardNode& n,
                                                                                     const variable_list& g) {
        const Tensor in = n.saved(0), w = n.saved(1);
        if (!g[0].defined())
            return variable_list(3);
        const conv::Mask mask{n.needsInputGrad(0), n.needsInputGrad(1), n.needsInputGrad(2)};
        return convolutionBackward(g[0], in, w, p, p2, backend, mask);
    });
    rec.attr("bias_sym_sizes_opt", bias.defined() ? bias.sizes() : IntList{0});
    rec.attr("dilation", p.dilation);
    rec.attr("groups", groups);
    rec.save("input", input);
    rec.attr("output_padding", p.outputPadding);
    rec.attr("padding", p.padding);
    rec.attr("stride", p.stride);
    rec.attr("transposed", transposed);
    rec.save("weight", weight);
    // convolution_jvp: convolution(input_t, weight) + convolution(input, weight_t, bias_t)
    rec.forward([&](const InputTangents& t, const Tensor&) {
        const Tensor biasTangent = bias.defined() ? t[2] : Tensor();
        return add(convolution(t[0], weight, Tensor(), stride, padding, dilation, transposed, outputPadding, groups),
                   convolution(input, t[1], biasTangent, stride, padding, dilation, transposed, outputPadding,
                               groups));
    });
    return rec.finish(out);
}

}  // namespace agv::ops
