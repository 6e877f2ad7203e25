// ConvolutionBackwardBackward0's formula, _convolution_double_backward of PyTorch 1.13.
// convolution_backward is linear in grad_output and, separately, in input and in weight,
// so each of its gradients is a convolution again:
//   grad_output <- conv(ggI, weight) + conv(input, ggW) + ggb (broadcast over batch and space)
//   weight      <- conv(ggI, grad_output) with batch and channels swapped
//   input       <- the transposed convolution of grad_output with ggW
// Every step is an autograd op (convolution, transpose, narrow, cat, add, view, expand),
// so the result is differentiable once more, and a triple backward records what 1.13's
// records. The values go through our convolution, which picks 1.13's algorithm for each
// of these calls, so they agree to the last bit.

#include "core/ops/convolution_double_backward.h"

#include "core/ops/ops.h"

namespace agv::ops::conv {

namespace {

/// PyTorch's subvariable: channels [g*n, (g+1)*n) of `t` along `dim`, a view.
Tensor groupView(const Tensor& t, int64_t dim, int64_t groups, int64_t g)
{
    const int64_t n = t.sizes()[size_t(dim)] / groups;
    return narrow(t, dim, n * g, n);
}

/// Cuts the spatial sizes of `t` down to those of `like` where they are larger: the
/// convolutions below can only pad symmetrically, so they may compute a margin too many.
Tensor narrowSpatialTo(Tensor t, const Tensor& like)
{
    for (int64_t d = 2; d < t.dim(); ++d)
        if (t.sizes()[size_t(d)] > like.sizes()[size_t(d)])
            t = narrow(t, d, 0, like.sizes()[size_t(d)]);
    return t;
}

Tensor convolveWith(const Tensor& input, const Tensor& weight, const Params& p)
{
    return convolution(input, weight, Tensor(), p.stride, p.padding, p.dilation, p.transposed, p.outputPadding,
                       p.groups);
}

/// grad_output's gradient: conv(ggI, weight) + conv(input, ggW) + ggb.
Tensor gradOutputGrad(const Tensor& ggI, const Tensor& ggW, const Tensor& ggb, const Tensor& gradOutput,
                      const Tensor& weight, const Tensor& input, const Params& p)
{
    Tensor ggO;
    if (input.numel() != 0) {
        if (ggI.defined())
            ggO = convolveWith(ggI, weight, p);
        if (ggW.defined()) {
            const Tensor term = convolveWith(input, ggW, p);
            ggO = ggO.defined() ? add(ggO, term) : term;
        }
    }
    if (ggb.defined()) {
        IntList biasShape(size_t(gradOutput.dim()), 1);
        biasShape[1] = ggb.sizes()[0];
        const Tensor expanded = expand(view(contiguous(ggb), biasShape), gradOutput.sizes());
        ggO = ggO.defined() ? add(ggO, expanded) : expanded;
    }
    return ggO;
}

/// weight's gradient: ggI correlated with grad_output over the batch. With batch and
/// channels swapped, the batch becomes the channel a convolution sums over; stride and
/// dilation trade places because grad_output's samples sit `stride` apart in the input
/// while the kernel's taps sit `dilation` apart.
Tensor weightGrad(const Tensor& ggI, const Tensor& gradOutput, const Tensor& weight, const Tensor& input,
                  const Params& p)
{
    if (!ggI.defined() || input.numel() == 0)
        return Tensor();
    Params q = p;
    q.groups = 1;  // groups are taken one by one below
    std::swap(q.dilation, q.stride);
    q.transposed = false;
    const Tensor gradOutputT = transpose(gradOutput, 0, 1), ggIT = transpose(ggI, 0, 1);
    // A transposed convolution's weight maps its output back to its input: the roles swap.
    auto correlate = [&](const Tensor& ggIPart, const Tensor& gradOutputPart) {
        return p.transposed ? convolveWith(gradOutputPart, ggIPart, q) : convolveWith(ggIPart, gradOutputPart, q);
    };
    Tensor gradWeightT;
    if (p.groups == 1) {
        gradWeightT = correlate(ggIT, gradOutputT);
    } else {
        TensorList parts;
        for (int64_t g = 0; g < p.groups; ++g)
            parts.push_back(correlate(groupView(ggIT, 0, p.groups, g), groupView(gradOutputT, 0, p.groups, g)));
        gradWeightT = cat(parts, 1);
    }
    return narrowSpatialTo(transpose(gradWeightT, 0, 1), weight);
}

/// input's gradient: grad_output run through the convolution that goes the other way
/// (transposed for a convolution, plain for a transposed one) with ggW as its weight.
Tensor inputGrad(const Tensor& ggW, const Tensor& gradOutput, const Tensor& weight, const Tensor& input,
                 const Params& p)
{
    if (!ggW.defined() || input.numel() == 0)
        return Tensor();
    Params q = p;
    q.transposed = !p.transposed;
    if (p.transposed)
        return narrowSpatialTo(convolveWith(gradOutput, ggW, q), input);
    // The rows a strided convolution never read still need places in the result: the
    // transposed convolution's output_padding restores them.
    for (size_t i = 0; i + 2 < size_t(weight.dim()); ++i) {
        const int64_t kernel = weight.sizes()[i + 2], outSize = gradOutput.sizes()[i + 2];
        const int64_t reached = (kernel - 1) * q.dilation[i] - 2 * q.padding[i] + (q.stride[i] * (outSize - 1) + 1);
        if (reached != input.sizes()[i + 2])
            q.outputPadding[i] = input.sizes()[i + 2] - reached;
    }
    return convolveWith(gradOutput, ggW, q);
}

}  // namespace

variable_list doubleBackward(const Tensor& ggI, const Tensor& ggW, const Tensor& ggb, const Tensor& gradOutput,
                             const Tensor& weight, const Tensor& input, const Params& p)
{
    // 1.13 recomputes groups for a 5-d convolution from the channels ("hacky way of
    // inferring the groups number for grouped Conv3D"); it equals the forward's.
    Params params = p;
    if (!p.transposed && input.dim() > 4)
        params.groups = weight.sizes()[1] > 0 ? input.sizes()[1] / weight.sizes()[1] : -1;
    Tensor ggO = gradOutputGrad(ggI, ggW, ggb, gradOutput, weight, input, params);
    Tensor gradWeight = weightGrad(ggI, gradOutput, weight, input, params);
    Tensor gradInput = inputGrad(ggW, gradOutput, weight, input, params);
    return variable_list{ggO, gradInput, gradWeight};
}

}  // namespace agv::ops::conv
