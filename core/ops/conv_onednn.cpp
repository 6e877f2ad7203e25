// Float32 convolutions through oneDNN, the library PyTorch 1.13 calls "mkldnn" and
// links from Debian (libdnnl 2.6). We describe each primitive as PyTorch's ideep
// layer does (every layout "any", so oneDNN picks the same blocked layouts and the
// same JIT kernel as it does for PyTorch; for a channels-last convolution the activations
// fixed as NHWC and only the weights "any"), which makes the sums round identically. oneDNN runs on one thread: the order of a weight-gradient
// reduction split across threads would depend on the thread count.

#include <dnnl.hpp>

#include <cstring>

#include "core/error.h"
#include "core/ops/convolution.h"
#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"
#include "core/ops/onednn_engine.h"

namespace agv::ops::conv {

namespace {

using dnnl::memory;
using Tag = memory::format_tag;
constexpr memory::data_type kF32 = memory::data_type::f32;

using onednn::cpuEngine;

memory::dims dimsOf(const IntList& sizes) { return memory::dims(sizes.begin(), sizes.end()); }

/// Row-major layout of 3 to 6 dimensions (6: the grouped weight of a 3-d convolution).
Tag plainTag(size_t ndim)
{
    switch (ndim) {
    case 3: return Tag::abc;
    case 4: return Tag::abcd;
    case 5: return Tag::abcde;
    default: return Tag::abcdef;
    }
}

/// Weights as oneDNN wants them: (groups, out/groups, in/groups, k...) when grouped.
memory::desc plainWeightDesc(const Tensor& weight, int64_t groups)
{
    memory::dims dims = dimsOf(weight.sizes());
    if (groups > 1) {
        dims[0] /= groups;
        dims.insert(dims.begin(), groups);
    }
    return memory::desc(dims, kF32, plainTag(dims.size()));
}

memory::desc anyDesc(const memory::desc& plain) { return memory::desc(plain.dims(), kF32, Tag::any); }

struct Geometry {
    memory::dims strides, dilates, padL, padR;
};

Geometry geometryOf(const IntList& input, const IntList& weight, const IntList& output, const Params& p)
{
    Geometry g;
    for (size_t i = 0; i < p.stride.size(); ++i) {
        g.strides.push_back(p.stride[i]);
        g.dilates.push_back(p.dilation[i] - 1);  // oneDNN counts the gaps, not the step
        g.padL.push_back(p.padding[i]);
        // the right padding that makes oneDNN's output size equal to ours
        const int64_t extent = (weight[i + 2] - 1) * p.dilation[i] + 1;
        g.padR.push_back((output[i + 2] - 1) * p.stride[i] + extent - input[i + 2] - p.padding[i]);
    }
    return g;
}

/// Runs primitives (on the one OpenMP thread cpuEngine() pinned) and waits.
class Runner {
public:
    Runner() : m_stream(cpuEngine()) {}
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    void run(const dnnl::primitive& prim, std::unordered_map<int, memory> args)
    {
        prim.execute(m_stream, args);
        m_stream.wait();
    }
    /// `user` in the layout `wanted`: the same memory, or a reordered copy.
    memory toLayout(const memory& user, const memory::desc& wanted)
    {
        if (user.get_desc() == wanted)
            return user;
        memory converted(wanted, cpuEngine());
        run(dnnl::reorder(user, converted), {{DNNL_ARG_FROM, user}, {DNNL_ARG_TO, converted}});
        return converted;
    }
    /// Copies `result` into the plain memory `user` unless it already is that memory.
    void fromLayout(const memory& result, const memory& user)
    {
        if (result.get_desc() != user.get_desc())
            run(dnnl::reorder(result, user), {{DNNL_ARG_FROM, result}, {DNNL_ARG_TO, user}});
    }
    memory scratchpad(const memory::desc& desc) { return memory(desc, cpuEngine()); }

private:
    dnnl::stream m_stream;
};

dnnl::primitive_attr userScratchpad()
{
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    return attr;
}

memory userMemory(const Tensor& t) { return memory(memory::desc(dimsOf(t.sizes()), kF32, plainTag(t.dim())), cpuEngine(), t.rawData()); }

/// The forward primitive description backward primitives are derived from.
dnnl::convolution_forward::primitive_desc forwardHint(const memory::desc& src, const memory::desc& weights,
                                                      const memory::desc* bias, const memory::desc& dst,
                                                      const Geometry& g)
{
    using Fwd = dnnl::convolution_forward;
    const auto desc = bias ? Fwd::desc(dnnl::prop_kind::forward_training, dnnl::algorithm::convolution_direct, src,
                                       weights, *bias, dst, g.strides, g.dilates, g.padL, g.padR)
                           : Fwd::desc(dnnl::prop_kind::forward_training, dnnl::algorithm::convolution_direct, src,
                                       weights, dst, g.strides, g.dilates, g.padL, g.padR);
    return Fwd::primitive_desc(desc, cpuEngine());
}

}  // namespace

namespace {

/// A copy of a 4-d tensor laid out channels last (NHWC in memory).
Tensor channelsLastCopy(const Tensor& t)
{
    Tensor out = kernel::newStridedTensor(t.sizes(), channelsLastFormatStrides(t.sizes()), t.dtype(), t.device());
    kernel::copyInto(out, t);
    return out;
}

/// oneDNN's view of an activation: NHWC for a channels-last convolution (ideep fixes the
/// activations' layout so and leaves only the weights' to oneDNN), else row-major.
memory activationMemory(const Tensor& t, bool channelsLast)
{
    if (!channelsLast)
        return userMemory(t);
    return memory(memory::desc(dimsOf(t.sizes()), kF32, Tag::nhwc), cpuEngine(), t.rawData());
}

}  // namespace

Tensor onednnForward(const Tensor& inputIn, const Tensor& weight, const Tensor& bias, const Params& p,
                     bool channelsLast)
{
    const IntList outSizes = outputSizes(inputIn.sizes(), weight.sizes(), p);
    const Tensor input = channelsLast ? channelsLastCopy(inputIn) : inputIn;
    Tensor out = channelsLast ? kernel::newStridedTensor(outSizes, channelsLastFormatStrides(outSizes), input.dtype(),
                                                         input.device())
                              : kernel::newTensor(outSizes, input.dtype(), input.device());
    try {
        const Geometry g = geometryOf(input.sizes(), weight.sizes(), outSizes, p);
        const memory src = activationMemory(input, channelsLast), dst = activationMemory(out, channelsLast);
        const memory userWeights(plainWeightDesc(weight, p.groups), cpuEngine(), weight.rawData());
        const memory::desc biasDesc({weight.sizes()[0]}, kF32, Tag::a);

        using Fwd = dnnl::convolution_forward;
        const auto srcAny = channelsLast ? src.get_desc() : anyDesc(src.get_desc()),
                   weightsAny = anyDesc(userWeights.get_desc()),
                   dstAny = channelsLast ? dst.get_desc() : anyDesc(dst.get_desc());
        const auto desc = bias.defined()
                              ? Fwd::desc(dnnl::prop_kind::forward_training, dnnl::algorithm::convolution_direct,
                                          srcAny, weightsAny, biasDesc, dstAny, g.strides, g.dilates, g.padL,
                                          g.padR)
                              : Fwd::desc(dnnl::prop_kind::forward_training, dnnl::algorithm::convolution_direct,
                                          srcAny, weightsAny, dstAny, g.strides, g.dilates, g.padL, g.padR);
        const Fwd::primitive_desc pd(desc, userScratchpad(), cpuEngine());

        Runner runner;
        const memory weights = runner.toLayout(userWeights, pd.weights_desc());
        const memory result = pd.dst_desc() == dst.get_desc() ? dst : memory(pd.dst_desc(), cpuEngine());
        std::unordered_map<int, memory> args{{DNNL_ARG_SRC, runner.toLayout(src, pd.src_desc())},
                                             {DNNL_ARG_WEIGHTS, weights},
                                             {DNNL_ARG_DST, result},
                                             {DNNL_ARG_SCRATCHPAD, runner.scratchpad(pd.scratchpad_desc())}};
        if (bias.defined())
            args.emplace(DNNL_ARG_BIAS, memory(biasDesc, cpuEngine(), bias.rawData()));
        runner.run(Fwd(pd), std::move(args));
        runner.fromLayout(result, dst);
    } catch (const dnnl::error& e) {
        AGV_RAISE(RuntimeError, "oneDNN convolution failed: ", e.what());
    }
    return out;
}

Grads onednnBackward(const Tensor& gradOutIn, const Tensor& inputIn, const Tensor& weight, const Params& p, Mask mask,
                     bool channelsLast)
{
    Grads grads;
    const Tensor gradOut = channelsLast ? channelsLastCopy(gradOutIn) : gradOutIn;
    const Tensor input = channelsLast ? channelsLastCopy(inputIn) : inputIn;
    try {
        const Geometry g = geometryOf(input.sizes(), weight.sizes(), gradOut.sizes(), p);
        const memory userGradOut = activationMemory(gradOut, channelsLast),
                     userInput = activationMemory(input, channelsLast);
        const memory userWeights(plainWeightDesc(weight, p.groups), cpuEngine(), weight.rawData());
        const auto srcAny = channelsLast ? userInput.get_desc() : anyDesc(userInput.get_desc()),
                   weightsAny = anyDesc(userWeights.get_desc()),
                   dstAny = channelsLast ? userGradOut.get_desc() : anyDesc(userGradOut.get_desc());
        Runner runner;

        if (mask[0]) {
            using Bwd = dnnl::convolution_backward_data;
            grads.input = channelsLast ? kernel::newStridedTensor(input.sizes(), channelsLastFormatStrides(input.sizes()),
                                                                  input.dtype(), input.device())
                                       : kernel::newTensor(input.sizes(), input.dtype(), input.device());
            const memory gradInput = activationMemory(grads.input, channelsLast);
            const auto hint = forwardHint(srcAny, weightsAny, nullptr, dstAny, g);
            const Bwd::primitive_desc pd(Bwd::desc(dnnl::algorithm::convolution_direct, srcAny, weightsAny, dstAny,
                                                   g.strides, g.dilates, g.padL, g.padR),
                                         userScratchpad(), cpuEngine(), hint);
            const memory result = pd.diff_src_desc() == gradInput.get_desc() ? gradInput
                                                                             : memory(pd.diff_src_desc(), cpuEngine());
            runner.run(Bwd(pd), {{DNNL_ARG_DIFF_DST, runner.toLayout(userGradOut, pd.diff_dst_desc())},
                                 {DNNL_ARG_WEIGHTS, runner.toLayout(userWeights, pd.weights_desc())},
                                 {DNNL_ARG_DIFF_SRC, result},
                                 {DNNL_ARG_SCRATCHPAD, runner.scratchpad(pd.scratchpad_desc())}});
            runner.fromLayout(result, gradInput);
        }
        if (mask[1] || mask[2]) {
            using Bwd = dnnl::convolution_backward_weights;
            grads.weight = kernel::newTensor(weight.sizes(), weight.dtype(), weight.device());
            const memory gradWeight(userWeights.get_desc(), cpuEngine(), grads.weight.rawData());
            const memory::desc biasDesc({weight.sizes()[0]}, kF32, Tag::a);
            const memory::desc* biasPtr = mask[2] ? &biasDesc : nullptr;
            const auto hint = forwardHint(srcAny, weightsAny, biasPtr, dstAny, g);
            const auto desc = mask[2] ? Bwd::desc(dnnl::algorithm::convolution_direct, srcAny, weightsAny, biasDesc,
                                                  dstAny, g.strides, g.dilates, g.padL, g.padR)
                                      : Bwd::desc(dnnl::algorithm::convolution_direct, srcAny, weightsAny, dstAny,
                                                  g.strides, g.dilates, g.padL, g.padR);
            const Bwd::primitive_desc pd(desc, userScratchpad(), cpuEngine(), hint);
            const memory result = pd.diff_weights_desc() == gradWeight.get_desc()
                                      ? gradWeight
                                      : memory(pd.diff_weights_desc(), cpuEngine());
            std::unordered_map<int, memory> args{{DNNL_ARG_SRC, runner.toLayout(userInput, pd.src_desc())},
                                                 {DNNL_ARG_DIFF_DST, runner.toLayout(userGradOut, pd.diff_dst_desc())},
                                                 {DNNL_ARG_DIFF_WEIGHTS, result},
                                                 {DNNL_ARG_SCRATCHPAD, runner.scratchpad(pd.scratchpad_desc())}};
            if (mask[2]) {
                grads.bias = kernel::newTensor({weight.sizes()[0]}, weight.dtype(), weight.device());
                args.emplace(DNNL_ARG_DIFF_BIAS, memory(biasDesc, cpuEngine(), grads.bias.rawData()));
            }
            runner.run(Bwd(pd), std::move(args));
            runner.fromLayout(result, gradWeight);
            if (!mask[1])
                grads.weight = Tensor();
        }
    } catch (const dnnl::error& e) {
        AGV_RAISE(RuntimeError, "oneDNN convolution backward failed: ", e.what());
    }
    return grads;
}

}  // namespace agv::ops::conv
