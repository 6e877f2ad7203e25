// See bilinear.h: Linear.cpp's _trilinear and bilinear, and FunctionsManual's
// _trilinear_backward.

#include "core/ops/bilinear.h"

#include <vector>

#include "core/error.h"
#include "core/ops/einsum.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

std::vector<bool> dimsToBitset(const IntList& dims, int64_t ndim)
{
    std::vector<bool> out(size_t(ndim), false);
    for (int64_t d : dims)
        out[size_t(wrapDim(d, ndim))] = true;
    return out;
}

Tensor trilinearValues(Tensor i1, Tensor i2, Tensor i3, const IntList& expand1In, const IntList& expand2In,
                       const IntList& expand3In, const IntList& sumdimIn, int64_t unrollDim)
{
    const int64_t totalDim = i1.dim() + int64_t(expand1In.size());
    AGV_CHECK(unrollDim >= 0 && unrollDim < totalDim, RuntimeError, "unroll_dim must be in [0,", totalDim - 1, "]");
    const std::vector<bool> expand1 = dimsToBitset(expand1In, totalDim), expand2 = dimsToBitset(expand2In, totalDim);
    const std::vector<bool> expand3 = dimsToBitset(expand3In, totalDim), sumdim = dimsToBitset(sumdimIn, totalDim);
    IntList outputSize, sumDims12, sumDims23;
    int64_t unrollSize = -1;
    for (int64_t i = 0; i < totalDim; ++i) {
        const size_t d = size_t(i);
        int64_t s = 0;
        if (expand1[d])
            i1 = unsqueeze(i1, i);
        else
            s = i1.size(i);
        if (expand2[d])
            i2 = unsqueeze(i2, i);
        else
            s = i2.size(i);
        if (expand3[d]) {
            i3 = unsqueeze(i3, i);
            if (sumdim[d] && i != unrollDim)
                sumDims12.push_back(i);
        } else {
            s = i3.size(i);
            if (sumdim[d] && i != unrollDim)
                sumDims23.push_back(i);
        }
        outputSize.push_back(sumdim[d] ? 1 : s);
        if (i == unrollDim)
            unrollSize = s;
    }
    const int64_t slice1 = expand1[size_t(unrollDim)] ? 0 : 1, slice2 = expand2[size_t(unrollDim)] ? 0 : 1;
    const int64_t slice3 = expand3[size_t(unrollDim)] ? 0 : 1;
    Tensor output = zeros(outputSize, i1.dtype(), i1.device());
    // An empty operand leaves the output zeros.
    if (i1.numel() != 0 && i2.numel() != 0 && i3.numel() != 0) {
        for (int64_t k = 0; k < unrollSize; ++k) {
            Tensor buf = sumproductPair(narrow(i1, unrollDim, k * slice1, 1), narrow(i2, unrollDim, k * slice2, 1),
                                        sumDims12);
            buf = sumproductPair(buf, narrow(i3, unrollDim, k * slice3, 1), sumDims23);
            Tensor target = sumdim[size_t(unrollDim)] ? output : narrow(output, unrollDim, k, 1);
            addInplace(target, buf);
        }
    }
    IntList squeezed;
    for (int64_t i = 0; i < totalDim; ++i)
        if (!sumdim[size_t(i)])
            squeezed.push_back(outputSize[size_t(i)]);
    return view(output, squeezed);
}

}  // namespace

Tensor trilinear(const Tensor& i1, const Tensor& i2, const Tensor& i3, const IntList& expand1, const IntList& expand2,
                 const IntList& expand3, const IntList& sumdim, int64_t unrollDim)
{
    Tensor out = quietly([&] { return trilinearValues(i1, i2, i3, expand1, expand2, expand3, sumdim, unrollDim); });
    OpRecorder rec("TrilinearBackward0", {&i1, &i2, &i3},
                   [expand1, expand2, expand3, sumdim](BackwardNode& n, const variable_list& g) {
                       // _trilinear_backward: each input's gradient is a _trilinear with the
                       // output's sumdim and that input's expand dims exchanged.
                       const Tensor s1 = n.saved(0), s2 = n.saved(1), s3 = n.saved(2);
                       Tensor g1 = n.needsInputGrad(0) ? trilinear(g[0], s2, s3, sumdim, expand2, expand3, expand1)
                                                       : Tensor();
                       Tensor g2 = n.needsInputGrad(1) ? trilinear(s1, g[0], s3, expand1, sumdim, expand3, expand2)
                                                       : Tensor();
                       Tensor g3 = n.needsInputGrad(2) ? trilinear(s1, s2, g[0], expand1, expand2, sumdim, expand3)
                                                       : Tensor();
                       return variable_list{g1, g2, g3};
                   });
    if (rec.active()) {
        rec.attr("expand1", expand1);
        rec.attr("expand2", expand2);
        rec.attr("expand3", expand3);
        rec.save("i1", i1);
        rec.save("i2", i2);
        rec.save("i3", i3);
        rec.attr("sumdim", sumdim);
    }
    // The sum of three _trilinear calls, each with one input replaced by its tangent.
    rec.forward([&, expand1, expand2, expand3, sumdim, unrollDim](const InputTangents& t, const Tensor&) {
        const Tensor first = trilinear(t[0], i2, i3, expand1, expand2, expand3, sumdim, unrollDim);
        const Tensor second = trilinear(i1, t[1], i3, expand1, expand2, expand3, sumdim, unrollDim);
        const Tensor third = trilinear(i1, i2, t[2], expand1, expand2, expand3, sumdim, unrollDim);
        return addTangentTerms(addTangentTerms(first, t.isZero(0), second, t.isZero(1)), t.isZero(0) && t.isZero(1),
                               third, t.isZero(2));
    });
    return rec.finish(out);
}

Tensor bilinear(const Tensor& input1, const Tensor& input2, const Tensor& weight, const Tensor& bias)
{
    AGV_CHECK(input1.dim() == input2.dim(), RuntimeError, "bilinear(): input dimensions do not match: got ",
              input1.dim(), " and ", input2.dim());
    for (int64_t i = 0; i + 1 < input1.dim(); ++i)
        AGV_CHECK(input1.size(i) == input2.size(i), RuntimeError,
                  "bilinear(): input batch dimensions do not match at dim ", i, ": got ", input1.size(i), " and ",
                  input2.size(i));
    AGV_CHECK(input1.size(input1.dim() - 1) == weight.size(1), RuntimeError,
              "bilinear(): input1 size does not match weight size: got ", input1.size(input1.dim() - 1),
              " but expected ", weight.size(1));
    AGV_CHECK(input2.size(input2.dim() - 1) == weight.size(2), RuntimeError,
              "bilinear(): input2 size does not match weight size: got ", input2.size(input2.dim() - 1),
              " but expected ", weight.size(2));
    AGV_CHECK(!bias.defined() || bias.size(0) == weight.size(0), RuntimeError,
              "bilinear(): bias size does not match weight size: got ", bias.size(0), " but expected ",
              weight.size(0));
    IntList outputSize(input1.sizes().begin(), input1.sizes().end() - 1);
    outputSize.push_back(weight.size(0));
    const Tensor flat1 = reshape(input1, {-1, input1.size(-1)});
    const Tensor flat2 = reshape(input2, {-1, input2.size(-1)});
    Tensor output = reshape(trilinear(flat1, weight, flat2, {1, 3}, {0}, {1, 2}, {2, 3}), outputSize);
    return bias.defined() ? add(output, bias) : output;
}

}  // namespace agv::ops
