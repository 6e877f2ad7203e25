// torch.take and torch.bincount with PyTorch 1.13's checks, in its order.

#include "core/ops/backward_versions.h"
#include "core/ops/take_bincount.h"

#include "core/autograd/grad_mode.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/kernels.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"
#include "core/ops/quietly.h"
#include "core/ops/ops.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// A contiguous copy (or t itself), made outside autograd and the trace: kernel input.
Tensor contiguousValues(const Tensor& t)
{
    trace::MuteGuard mute;
    GradModeGuard noGrad(false);
    return contiguous(t);
}

/// index's elements as flat positions into a tensor of `numel` elements.
std::vector<int64_t> takePositions(const Tensor& index, int64_t numel)
{
    std::vector<int64_t> positions(size_t(index.numel()));
    for (int64_t i = 0; i < index.numel(); ++i) {
        const int64_t k = index.intValueAt(i);
        AGV_CHECK(k >= -numel && k < numel, IndexError, "out of range: tried to access index ", k, " on a tensor of ",
                  numel, " elements.");
        positions[size_t(i)] = k < 0 ? k + numel : k;
    }
    return positions;
}

/// take_backward: zeros of self's shape with grad put at the positions, accumulating
/// repeated ones in index order (put_ with accumulate=True).
Tensor takeBackward(const Tensor& grad, const Tensor& self, const std::vector<int64_t>& positions)
{
    Tensor out = zeros(self.sizes(), grad.dtype(), grad.device());
    const Tensor g = contiguousValues(grad);
    AGV_DISPATCH_ALL_AND_HALF(grad.dtype(), "put_", [&] {
        using T = scalar_t;
        const T* src = g.data<T>();
        T* dst = out.data<T>();
        for (size_t i = 0; i < positions.size(); ++i)
            dst[positions[i]] = T(dst[positions[i]] + src[i]);
    });
    return out;
}

}  // namespace

Tensor take(const Tensor& self, const Tensor& index)
{
    // The autograd kernel runs first (edges, saves); the checks below are the CPU kernel's.
    OpRecorder rec("TakeBackward0", {&self}, [](BackwardNode& n, const variable_list& g) {
        // The index is read again from the saved tensor, whose version is checked.
        const Tensor self = n.saved(0);
        const Tensor index = n.saved(1);
        // zeros_like, then put_ (See Note [Versions of gradients built in place])
        const std::vector<int64_t> positions = takePositions(index, self.numel());
        if (!GradMode::isEnabled() || !g[0].requiresGrad())
            return variable_list{builtInPlace(takeBackward(g[0], self, positions), 1)};
        // Under create_graph, put_ records PutBackward0: the gradient taken back out.
        const Tensor source = g[0];
        Tensor zerosSelf;  // grad_self: fresh zeros, which need no gradient
        OpRecorder put("PutBackward0", {&zerosSelf, &source}, [](BackwardNode& p, const variable_list& gg) {
            const Tensor putIndex = p.saved(0), putSource = p.saved(1);
            return variable_list{Tensor(), reshape(take(gg[0], putIndex), putSource.sizes())};
        });
        put.attr("accumulate", true);
        put.save("index", index);
        put.save("source", source);
        Tensor out = quietly([&] { return takeBackward(source, self, positions); });
        return variable_list{builtInPlace(put.finish(out), 1)};
    });
    // take_backward(grad, self, index): saved in that order
    rec.save("self", self);
    rec.save("index", index);
    rec.forward([&index](const InputTangents& t, const Tensor&) { return take(t[0], index); });  // linear
    AGV_CHECK(index.dtype() == ScalarType::Int64, RuntimeError, "take(): Expected a long tensor for index, but got ",
              legacyDtypeShortName(index.dtype()));
    AGV_CHECK(self.numel() > 0 || index.numel() == 0, IndexError, "take(): tried to take from an empty tensor");
    const std::vector<int64_t> positions = takePositions(index, self.numel());
    const Tensor values = contiguousValues(self);
    Tensor out = kernel::newTensor(index.sizes(), self.dtype(), self.device());
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "take_cpu", [&] {
        using T = scalar_t;
        const T* src = values.data<T>();
        T* dst = out.data<T>();
        for (size_t i = 0; i < positions.size(); ++i)
            dst[i] = src[positions[i]];
    });
    return rec.finish(out);
}

Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights, int64_t minlength)
{
    AGV_CHECK(isIntegralType(self.dtype(), false), RuntimeError,
              "\"bincount_cpu\" not implemented for '", legacyDtypeShortName(self.dtype()), "'");
    AGV_CHECK(minlength >= 0, RuntimeError, "minlength should be >= 0");
    if (self.dim() == 1 && self.numel() == 0)
        return zeros({minlength}, ScalarType::Int64, self.device());
    int64_t largest = -1;
    bool negative = false;
    for (int64_t i = 0; i < self.numel(); ++i) {
        const int64_t v = self.intValueAt(i);
        negative = negative || v < 0;
        largest = std::max(largest, v);
    }
    AGV_CHECK(self.dim() == 1 && !negative, RuntimeError, "bincount only supports 1-d non-negative integral inputs.");
    const bool weighted = weights.has_value() && weights->defined();
    AGV_CHECK(!weighted || (weights->dim() == 1 && weights->sizes()[0] == self.sizes()[0]), RuntimeError,
              "weights should be 1-d and have the same length as input");
    const int64_t bins = std::max(largest + 1, minlength);
    if (!weighted) {
        Tensor counts = zeros({bins}, ScalarType::Int64, self.device());
        int64_t* c = counts.data<int64_t>();
        for (int64_t i = 0; i < self.numel(); ++i)
            ++c[self.intValueAt(i)];
        return counts;
    }
    // PyTorch sums float32 weights in float32 and converts every other dtype to float64.
    const ScalarType sumType = weights->dtype() == ScalarType::Float32 ? ScalarType::Float32 : ScalarType::Float64;
    const Tensor w = kernel::convert(contiguousValues(*weights), sumType);
    Tensor out = zeros({bins}, sumType, self.device());
    AGV_DISPATCH_FLOATING(sumType, "bincount_cpu", [&] {
        using T = scalar_t;
        const T* src = w.data<T>();
        T* dst = out.data<T>();
        for (int64_t i = 0; i < self.numel(); ++i)
            dst[self.intValueAt(i)] += src[i];
    });
    refuseTangents("aten::bincount", {&*weights});
    OpRecorder rec = notImplementedRecorder("bincount", {&*weights});
    return rec.finish(out);
}

}  // namespace agv::ops
