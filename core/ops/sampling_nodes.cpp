#include "core/ops/sampling_nodes.h"

#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

const char* nodeName(SampledBy op)
{
    switch (op) {
    case SampledBy::NormalTensorFloat: return "NormalBackward1";
    case SampledBy::NormalFloatTensor: return "NormalBackward2";
    case SampledBy::NormalTensorTensor: return "NormalBackward3";
    case SampledBy::Bernoulli: return "BernoulliBackward0";
    }
    return "NormalBackward1";
}

}  // namespace

Tensor recordSample(SampledBy op, const Tensor& sample, const TensorList& inputs)
{
    std::vector<IntList> inputSizes;
    for (const Tensor& t : inputs)
        inputSizes.push_back(t.sizes());
    OpRecorder rec(nodeName(op), inputs, [inputSizes](BackwardNode&, const variable_list& g) {
        // at::zeros_symint(mean.sym_sizes(), grad.options()); bernoulli's zeros_like(grad)
        // has the same shape, as the sample has self's.
        variable_list grads;
        for (const IntList& sizes : inputSizes)
            grads.push_back(zeros(sizes, g[0].dtype(), g[0].device()));
        return grads;
    });
    // grad_fn._saved_mean_sizes / _saved_std_sizes (bernoulli keeps nothing).
    if (op == SampledBy::NormalTensorFloat || op == SampledBy::NormalTensorTensor)
        rec.attr("mean_sizes", inputSizes.front());
    if (op == SampledBy::NormalFloatTensor || op == SampledBy::NormalTensorTensor)
        rec.attr("std_sizes", inputSizes.back());
    return rec.finish(sample);
}

}  // namespace agv::ops
