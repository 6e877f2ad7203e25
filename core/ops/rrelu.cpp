// See rrelu.h: Activation.cpp's rrelu / rrelu_with_noise_out_cpu / _rrelu_with_noise_train
// and FunctionsManual's rrelu_with_noise_backward.

#include "core/ops/rrelu.h"

#include <memory>

#include "core/error.h"
#include "core/ops/activations.h"
#include "core/ops/inplace_record.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/random/generator.h"

namespace agv::ops {

namespace {

double asDouble(const Scalar& s)
{
    return s.isFloating() ? s.toDouble() : double(s.toInt());
}

/// Scalar::to<T>() for the dtypes the training kernel takes.
template <typename T>
T scalarAs(const Scalar& s)
{
    return T(asDouble(s));
}

/// (lower + upper) / 2 as 1.13 computes it on 0-d tensors: in double when either bound is
/// a float, else the true division of two longs in the default float dtype.
double evalSlope(const Scalar& lower, const Scalar& upper)
{
    if (lower.isFloating() || upper.isFloating())
        return (asDouble(lower) + asDouble(upper)) / 2;
    return double(float(double(lower.toInt() + upper.toInt()) / 2));
}

void saveAttrs(OpRecorder& rec, const Scalar& lower, const Scalar& upper, bool training)
{
    rec.attr("lower", scalarAttr(lower));
    rec.attr("upper", scalarAttr(upper));
    rec.attr("training", training);
}

struct RreluValues {
    Tensor out;
    Tensor noise;
};

RreluValues rreluValues(const Tensor& self, const Scalar& lower, const Scalar& upper, bool training,
                        Generator* generator)
{
    // Both modes write into empty_like(self, LEGACY_CONTIGUOUS_MEMORY_FORMAT): a
    // channels-last input's result is contiguous (leaky_relu_out keeps the output given).
    if (!training)
        return {kernel::dense(leakyRelu(self, evalSlope(lower, upper))), Tensor()};
    const Tensor input = kernel::dense(self);
    RreluValues v{kernel::newTensor(self.sizes(), self.dtype(), self.device()),
                  kernel::newTensor(self.sizes(), self.dtype(), self.device())};
    Generator& gen = generatorOrDefault(generator);
    const auto draw = [&](auto typeTag) {
        using T = decltype(typeTag);
        const double from = double(scalarAs<T>(lower)), to = double(scalarAs<T>(upper));
        const T* in = input.data<T>();
        T* o = v.out.data<T>();
        T* noise = v.noise.data<T>();
        for (int64_t i = 0; i < input.numel(); ++i) {
            if (in[i] <= T(0)) {
                // uniform_real_distribution<double>(lower, upper), the bounds rounded to T first.
                const T r = T(gen.uniformDouble() * (to - from) + from);
                o[i] = T(in[i] * r);
                noise[i] = r;
            } else {
                noise[i] = T(1);
                o[i] = in[i];
            }
        }
    };
    switch (self.dtype()) {
    case ScalarType::Float32: draw(float()); break;
    case ScalarType::Float64: draw(double()); break;
    case ScalarType::BFloat16: draw(BFloat16()); break;
    default: throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "rrelu_with_noise_out_cpu");
    }
    return v;
}

/// rrelu_with_noise_backward: grad * noise where training drew slopes from a range wider
/// than 1e-6 (compared in float), leaky_relu_backward with the mean slope otherwise. It is
/// an op of its own (RreluWithNoiseBackwardBackward0), linear in grad.
Tensor rreluBackward(const Tensor& grad, const Tensor& selfOrResult, const Tensor& noise, const Scalar& lower,
                     const Scalar& upper, bool training)
{
    const bool useNoise = training && float(asDouble(upper) - asDouble(lower)) > 1e-6f;
    Tensor out = quietly([&] {
        return useNoise ? mul(grad, noise)
                        : internal::leakyReluBackward(grad, selfOrResult, Scalar(evalSlope(lower, upper)));
    });
    OpRecorder rec("RreluWithNoiseBackwardBackward0", {&grad, &selfOrResult},
                   [lower, upper, training](BackwardNode& n, const variable_list& g) {
                       // grad_output: rrelu_with_noise_backward(grad, self, noise, ...); self: zeros_like(grad)
                       const Tensor noiseSaved = n.saved(0), selfSaved = n.saved(1);
                       Tensor gradGrad = n.needsInputGrad(0)
                                             ? rreluBackward(g[0], selfSaved, noiseSaved, lower, upper, training)
                                             : Tensor();
                       Tensor gradSelf = n.needsInputGrad(1) ? zerosLike(g[0]) : Tensor();
                       return variable_list{gradGrad, gradSelf};
                   });
    if (rec.active()) {
        rec.save("noise", noise);
        rec.save("self", selfOrResult);
        saveAttrs(rec, lower, upper, training);
    }
    return rec.finish(out);
}

void checkBounds(const Scalar& lower, const Scalar& upper)
{
    AGV_CHECK(asDouble(lower) <= asDouble(upper), RuntimeError,
              "Lower bound should be less than or equal to the upper bound");
}

}  // namespace

Tensor rrelu(const Tensor& self, Scalar lower, Scalar upper, bool training, Generator* generator)
{
    checkBounds(lower, upper);
    RreluValues v = quietly([&] { return rreluValues(self, lower, upper, training, generator); });
    const Tensor noise = v.noise;
    OpRecorder rec("RreluWithNoiseBackward0", {&self},
                   [lower, upper, training](BackwardNode& n, const variable_list& g) {
                       return variable_list{rreluBackward(g[0], n.saved(1), n.saved(0), lower, upper, training)};
                   });
    if (rec.active()) {
        // Eval mode never reads the noise; 1.13 saves its uninitialised buffer.
        rec.save("noise", noise.defined() ? noise : kernel::newTensor(self.sizes(), self.dtype(), self.device()));
        rec.save("self", self);
        saveAttrs(rec, lower, upper, training);
    }
    // auto_element_wise: the backward formula applied to the tangent.
    rec.forward([&self, noise, lower, upper, training](const InputTangents& t, const Tensor&) {
        return rreluBackward(t[0], self, noise, lower, upper, training);
    });
    return rec.finish(v.out);
}

Tensor& rreluInplace(Tensor& self, Scalar lower, Scalar upper, bool training, Generator* generator)
{
    checkBounds(lower, upper);
    auto noise = std::make_shared<Tensor>();
    InplaceRecord record;
    record.opName = "rrelu_with_noise_";
    record.nodeName = "RreluWithNoiseBackward1";
    record.savesResult = true;
    record.rule = [lower, upper, training](BackwardNode& n, const variable_list& g) {
        return variable_list{rreluBackward(g[0], n.saved(1), n.saved(0), lower, upper, training)};
    };
    record.save = [&, noise](OpRecorder& rec, const Tensor&) {
        rec.save("noise", noise->defined() ? *noise : kernel::newTensor(self.sizes(), self.dtype(), self.device()));
        saveAttrs(rec, lower, upper, training);
    };
    return recordInplace(self, {&self}, record, [&, noise] {
        RreluValues v = rreluValues(self, lower, upper, training, generator);
        *noise = v.noise;
        return v.out;
    });
}

}  // namespace agv::ops
