// F.pad's dispatch (PadNd.cpp) and its reflect / replicate / circular modes as PyTorch 1.13
// computes them on the CPU (ReflectionPad.cpp, ReplicationPadding.cpp, _pad_circular).
//
// Reflect and replicate read every output element from one input element; which one is
// worked out per padded dimension by 1.13's index formula, negative (cropping) padding
// included. Their backward adds each output gradient into the element it was read from, in
// the output's row-major order into a zeroed gradient, as the CPU loops do, so repeated
// contributions round alike. The backward is differentiable (ReflectionPad2DBackwardBackward0
// pads the incoming gradient again and gives zeros for self).

#include "core/ops/padding.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/autograd/grad_mode.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

enum class PadMode { Reflect, Replicate };

/// One of reflection_pad{1,2,3}d / replication_pad{1,2,3}d.
struct PadOp {
    PadMode mode;
    int64_t spatialDims;  ///< how many trailing dimensions are padded: padding.size() / 2

    std::string nodeName(const char* suffix) const
    {
        return std::string(mode == PadMode::Reflect ? "ReflectionPad" : "ReplicationPad") +
               std::to_string(spatialDims) + "D" + suffix;
    }
    /// The name the CPU kernel dispatches under (its "not implemented for 'Long'" error).
    std::string kernelName() const
    {
        if (mode == PadMode::Reflect)
            return "reflection_pad" + std::to_string(spatialDims) + "d" + (spatialDims == 3 ? "_cpu" : "");
        return "replication_pad" + std::to_string(spatialDims) + "d_cpu";
    }
};

/// The input seen as planes x D x H x W (every leading dimension flattened into planes, 1
/// for a dimension not padded) and where each output position reads from.
struct PadGeometry {
    int64_t planes = 1;
    std::array<int64_t, 3> inputSize{1, 1, 1};
    std::array<int64_t, 3> outputSize{1, 1, 1};
    std::array<std::vector<int64_t>, 3> source;  ///< per output position, the input position
    IntList inputSizes;
    IntList outputSizes;
};

/// The input position output position `o` of one dimension reads (1.13's ip_x computation).
int64_t sourcePosition(PadMode mode, int64_t o, int64_t before, int64_t inputSize)
{
    const int64_t inputStart = std::max<int64_t>(0, -before), outputStart = std::max<int64_t>(0, before);
    int64_t i;
    if (o < before)
        i = mode == PadMode::Reflect ? before * 2 - o : before;
    else if (o < inputSize + before)
        i = o;
    else
        i = mode == PadMode::Reflect ? (inputSize + before - 1) * 2 - o : inputSize + before - 1;
    return i - outputStart + inputStart;
}

/// "[ torch.FloatTensor{2,0} ]": how ATen prints an empty tensor into an error message.
std::string emptyTensorText(const Tensor& t)
{
    std::string sizes;
    for (size_t i = 0; i < t.sizes().size(); ++i)
        sizes += (i ? "," : "") + std::to_string(t.sizes()[i]);
    return std::string("[ torch.") + legacyTensorTypeName(t.dtype()) + "{" + sizes + "} ]";
}

/// padding::check_valid_input<dims>: dims + 1 dimensions, or dims + 2 with a batch that may be empty.
void checkValidInput(const Tensor& self, int64_t dims)
{
    const int64_t ndim = self.dim();
    const bool batchMode = ndim == dims + 2;
    bool valid = batchMode || ndim == dims + 1;
    for (int64_t d = batchMode ? 1 : 0; valid && d < ndim; ++d)
        valid = self.sizes()[size_t(d)] != 0;
    AGV_CHECK(valid, RuntimeError, "Expected ", dims + 1, "D or ", dims + 2,
              "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: ",
              sizesToString(self.sizes()));
}

/// Reflection's "padding must be smaller than the dimension" check of one dimension.
void checkReflectionPadding(int64_t argument, int64_t before, int64_t after, int64_t size, int64_t dim,
                            const std::string& input)
{
    AGV_CHECK(before < size && after < size, RuntimeError, "Argument #", argument,
              ": Padding size should be less than the corresponding input dimension, but got: padding (", before, ", ",
              after, ") at dimension ", dim, " of input ", input);
}

/// The checks of each op's shape function, in 1.13's order and words, then the geometry.
PadGeometry padGeometry(const PadOp& op, const Tensor& self, const IntList& padding)
{
    const int64_t k = op.spatialDims, ndim = self.dim();
    const IntList& sizes = self.sizes();
    auto size = [&](int64_t d) { return sizes[size_t(d)]; };
    // before / after / input size / output size of spatial dimension j (0 = W, 1 = H, 2 = D)
    auto before = [&](int64_t j) { return padding[size_t(2 * j)]; };
    auto after = [&](int64_t j) { return padding[size_t(2 * j + 1)]; };
    auto in = [&](int64_t j) { return size(ndim - 1 - j); };
    auto out = [&](int64_t j) { return in(j) + before(j) + after(j); };

    if (op.mode == PadMode::Reflect && k == 1) {
        AGV_CHECK((ndim == 2 && size(1) != 0) || (ndim == 3 && size(1) != 0 && size(2) != 0), RuntimeError,
                  "2D or 3D (batch mode) tensor expected for input, but got: ", emptyTensorText(self));
        checkReflectionPadding(4, before(0), after(0), in(0), ndim - 1, sizesToString(sizes));
        // TORCH_CHECK(output_w >= 1, 2, "input (W: "...): the stray 2 is part of the message.
        AGV_CHECK(out(0) >= 1, RuntimeError, "2input (W: ", in(0), ")is too small. Calculated output W: ", out(0));
    } else if (op.mode == PadMode::Reflect && k == 2) {
        const bool validDims = size(1) != 0 && size(2) != 0;
        AGV_CHECK((ndim == 3 && validDims) || (ndim == 4 && validDims && size(3) != 0), RuntimeError,
                  "3D or 4D (batch mode) tensor expected for input, but got: ", emptyTensorText(self));
        checkReflectionPadding(4, before(0), after(0), in(0), ndim - 1, std::to_string(ndim));
        checkReflectionPadding(6, before(1), after(1), in(1), ndim - 2, std::to_string(ndim));
        AGV_CHECK(out(0) >= 1 || out(1) >= 1, RuntimeError, "input (H: ", in(1), ", W: ", in(0),
                  ")is too small. Calculated output H: ", out(1), " W: ", out(0));
        // The output is resized to the negative size, which fails in numel().
        AGV_CHECK(out(0) >= 0 && out(1) >= 0, RuntimeError, "numel: integer multiplication overflow");
    } else if (op.mode == PadMode::Reflect) {
        checkValidInput(self, 3);
        for (int64_t j = 0; j < 3; ++j)
            checkReflectionPadding(4 + 2 * j, before(j), after(j), in(j), ndim - 1 - j, sizesToString(sizes));
    } else {
        checkValidInput(self, k);
        if (k == 1)
            AGV_CHECK(out(0) >= 1, RuntimeError, "input (W: ", in(0), ") is too small. Calculated output W: ", out(0));
        if (k == 2)
            AGV_CHECK(out(0) >= 1 || out(1) >= 1, RuntimeError, "input (H: ", in(1), ", W: ", in(0),
                      " ) is too small. Calculated output H: ", out(1), " W: ", out(0));
    }
    if (k == 3)
        AGV_CHECK(out(0) >= 1 || out(1) >= 1 || out(2) >= 1, RuntimeError, "input (D: ", in(2), " H: ", in(1),
                  ", W: ", in(0), ") is too small. Calculated output D: ", out(2), " H: ", out(1), " W: ", out(0));

    PadGeometry g;
    g.inputSizes = sizes;
    g.outputSizes = sizes;
    for (int64_t j = 0; j < k; ++j)
        g.outputSizes[size_t(ndim - 1 - j)] = out(j);
    for (size_t d = 0; d < g.outputSizes.size(); ++d)
        AGV_CHECK(g.outputSizes[d] >= 0, RuntimeError, "Trying to create tensor with negative dimension ",
                  g.outputSizes[d], ": ", sizesToString(g.outputSizes));
    for (int64_t d = 0; d < ndim - k; ++d)
        g.planes *= size(d);
    for (int64_t j = 0; j < k; ++j) {
        const size_t slot = size_t(2 - j);  // W is slot 2, H slot 1, D slot 0
        g.inputSize[slot] = in(j);
        g.outputSize[slot] = out(j);
        for (int64_t o = 0; o < out(j); ++o)
            g.source[slot].push_back(sourcePosition(op.mode, o, before(j), in(j)));
    }
    for (size_t slot = 0; slot < 3; ++slot)
        if (g.source[slot].empty() && g.outputSize[slot] == 1)
            g.source[slot].push_back(0);
    return g;
}

/// Calls visit(outputIndex, inputIndex) for every output element in row-major order.
template <typename Visit>
void forEachElement(const PadGeometry& g, Visit visit)
{
    const auto& [od, oh, ow] = g.outputSize;
    const auto& [id, ih, iw] = g.inputSize;
    int64_t o = 0;
    for (int64_t p = 0; p < g.planes; ++p)
        for (int64_t z = 0; z < od; ++z)
            for (int64_t y = 0; y < oh; ++y) {
                const int64_t row = ((p * id + g.source[0][size_t(z)]) * ih + g.source[1][size_t(y)]) * iw;
                for (int64_t x = 0; x < ow; ++x)
                    visit(o++, row + g.source[2][size_t(x)]);
            }
}

Tensor padValues(const PadOp& op, const Tensor& self, const PadGeometry& g)
{
    return AGV_DISPATCH_FLOATING(self.dtype(), op.kernelName().c_str(), [&] {
        using T = scalar_t;
        const Tensor input = kernel::dense(self);
        Tensor out = kernel::newTensor(g.outputSizes, self.dtype(), self.device());
        const T* in = input.data<T>();
        T* o = out.data<T>();
        forEachElement(g, [&](int64_t outIndex, int64_t inIndex) { o[outIndex] = in[inIndex]; });
        return out;
    });
}

Tensor padBackwardValues(const PadOp& op, const Tensor& grad, const PadGeometry& g, const Tensor& self)
{
    AGV_CHECK(grad.sizes() == g.outputSizes, RuntimeError, "grad_output must have the size ",
              sizesToString(g.outputSizes), ", but got ", sizesToString(grad.sizes()));
    return AGV_DISPATCH_FLOATING(self.dtype(), (op.kernelName() + "_backward").c_str(), [&] {
        using T = scalar_t;
        const Tensor gradOutput = kernel::dense(kernel::convert(grad, self.dtype()));
        Tensor gradInput = zeros(g.inputSizes, self.dtype(), self.device());
        const T* go = gradOutput.data<T>();
        T* gi = gradInput.data<T>();
        forEachElement(g, [&](int64_t outIndex, int64_t inIndex) { gi[inIndex] += go[outIndex]; });
        return gradInput;
    });
}

Tensor padForward(const PadOp& op, const Tensor& self, const IntList& padding);

/// reflection_pad{N}d_backward(grad_output, self, padding): differentiable in grad_output
/// (the pad again) and flat in self (zeros_like(self)); the node keeps only self's shape.
Tensor padBackward(const PadOp& op, const Tensor& grad, const Tensor& self, const IntList& padding)
{
    Tensor out;
    {
        GradModeGuard noGrad(false);
        out = padBackwardValues(op, grad, padGeometry(op, self, padding), self);
    }
    const IntList selfSizes = self.sizes();
    const ScalarType selfType = self.dtype();
    const Device selfDevice = self.device();
    OpRecorder rec(op.nodeName("BackwardBackward0").c_str(), {&grad, &self},
                   [op, padding, selfSizes, selfType, selfDevice](BackwardNode& n, const variable_list& g) {
                       return variable_list{n.needsInputGrad(0) ? padForward(op, g[0], padding) : Tensor(),
                                            n.needsInputGrad(1) ? zeros(selfSizes, selfType, selfDevice) : Tensor()};
                   });
    rec.attr("padding", padding);
    rec.forward([op, &self, padding](const InputTangents& t, const Tensor&) {
        return padBackward(op, t[0], self, padding);
    });
    return rec.finish(out);
}

Tensor padForward(const PadOp& op, const Tensor& self, const IntList& padding)
{
    Tensor out;
    {
        GradModeGuard noGrad(false);
        out = padValues(op, self, padGeometry(op, self, padding));
    }
    OpRecorder rec(op.nodeName("Backward0").c_str(), {&self}, [op, padding](BackwardNode& n, const variable_list& g) {
        return variable_list{padBackward(op, g[0], n.saved(0), padding)};
    });
    rec.save("self", self);
    rec.attr("padding", padding);
    rec.forward([op, padding](const InputTangents& t, const Tensor&) { return padForward(op, t[0], padding); });
    return rec.finish(out);
}

}  // namespace

Tensor reflectionPad(const Tensor& self, const IntList& padding)
{
    return padForward({PadMode::Reflect, int64_t(padding.size() / 2)}, self, padding);
}

Tensor replicationPad(const Tensor& self, const IntList& padding)
{
    return padForward({PadMode::Replicate, int64_t(padding.size() / 2)}, self, padding);
}

Tensor circularPad(const Tensor& self, const IntList& padding)
{
    const IntList& inShape = self.sizes();
    const int64_t ndim = int64_t(inShape.size()) - 2;
    AGV_CHECK(int64_t(padding.size()) + 4 == int64_t(inShape.size()) * 2, RuntimeError,
              "Invalid padding size, expected ", ndim * 2, " but got ", padding.size());
    IntList outShape = inShape;
    for (int64_t i = 0; i < ndim; ++i) {
        // Dimension 2 + i takes the padding pair ndim - 1 - i (the pairs run from the last dimension).
        const int64_t before = padding[size_t(2 * (ndim - i - 1))], after = padding[size_t(2 * (ndim - i - 1) + 1)];
        const int64_t size = inShape[size_t(2 + i)];
        outShape[size_t(2 + i)] = size + before + after;
        AGV_CHECK(before <= size && after <= size, RuntimeError, "Padding value causes wrapping around more than once.");
        AGV_CHECK(outShape[size_t(2 + i)] >= 0, RuntimeError, "Negative padding value is resulting in an empty dimension");
    }

    // The middle: the input (cropped by negative padding) copied into an empty tensor.
    Tensor out = empty(outShape, self.dtype(), self.device());
    Tensor outSlice = out, inSlice = self;
    for (int64_t i = 0; i < ndim; ++i) {
        const int64_t dim = ndim - i + 1;
        const int64_t before = padding[size_t(2 * i)], after = padding[size_t(2 * i + 1)];
        outSlice = slice(outSlice, dim, std::max<int64_t>(before, 0), outShape[size_t(dim)] - std::max<int64_t>(after, 0));
        inSlice = slice(inSlice, dim, std::max<int64_t>(-before, 0), inShape[size_t(dim)] - std::max<int64_t>(-after, 0));
    }
    copyInplace(outSlice, inSlice);

    // Then each padded border, last dimension first, copied from the other end of the
    // output itself (so corners are written more than once, as in 1.13).
    for (int64_t i = 0; i < ndim; ++i) {
        const int64_t dim = ndim - i + 1;
        const int64_t before = padding[size_t(2 * i)], after = padding[size_t(2 * i + 1)];
        const int64_t size = outShape[size_t(dim)];
        if (before > 0) {
            Tensor border = slice(out, dim, 0, before);
            Tensor source = slice(out, dim, size - before - std::max<int64_t>(after, 0), size - std::max<int64_t>(after, 0));
            copyInplace(border, source);
        }
        if (after > 0) {
            Tensor border = slice(out, dim, size - after, size);
            Tensor source = slice(out, dim, std::max<int64_t>(before, 0), std::max<int64_t>(before, 0) + after);
            copyInplace(border, source);
        }
    }
    return out;
}

Tensor pad(const Tensor& self, const IntList& pad, const std::string& mode, std::optional<Scalar> value)
{
    AGV_CHECK(mode == "constant" || mode == "reflect" || mode == "replicate" || mode == "circular",
              NotImplementedError, "Unrecognised padding mode ", mode);
    const int64_t inputDim = self.dim();
    AGV_CHECK(pad.size() % 2 == 0, RuntimeError, "Padding length must be divisible by 2");
    AGV_CHECK(int64_t(pad.size()) <= inputDim * 2, RuntimeError, "Padding length too large");
    if (mode == "constant")
        return constantPadNd(self, pad, value.value_or(Scalar(0.0)));
    AGV_CHECK(!value || value->toDouble() == 0, RuntimeError, "Padding mode \"", mode,
              "\" doesn't take in value argument");
    // 1, 2 or 3 padded dimensions after one or two leading ones (channels, batch).
    const int64_t padded = int64_t(pad.size()) / 2;
    AGV_CHECK(padded >= 1 && padded <= 3 && (inputDim == padded + 1 || inputDim == padded + 2), NotImplementedError,
              "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now");
    if (mode == "reflect")
        return reflectionPad(self, pad);
    if (mode == "replicate")
        return replicationPad(self, pad);
    return circularPad(self, pad);
}

}  // namespace agv::ops
