#include "core/ops/native_dropout.h"

#include "core/autograd/grad_mode.h"
#include "core/ops/cuda_random.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/random/cuda_generator.h"

namespace agv::ops {

namespace {

/// get_vector_size: 4 elements per thread when the data is aligned for it (a GPU's
/// allocations always are: only the tensor's offset can misalign it) and the count divides,
/// else 2, else 1; 1 for a layout that is not dense.
int vectorWidth(const Tensor& t, bool dense)
{
    if (!dense)
        return 1;
    int width = t.offset() % 4 == 0 ? 4 : t.offset() % 2 == 0 ? 2 : 1;
    while (width > 1 && t.numel() % width != 0)
        width /= 2;
    return width;
}

/// native_dropout_backward: (float)mask * grad * scale, in the kernel's accumulation type.
Tensor maskedScale(const Tensor& grad, const Tensor& mask, double scale)
{
    const Tensor g = kernel::dense(grad);
    const Tensor m = kernel::dense(mask);
    Tensor out = kernel::newTensor(grad.sizes(), grad.dtype(), grad.device());
    AGV_DISPATCH_FLOATING_AND_HALF(grad.dtype(), "masked_scale", [&] {
        using T = scalar_t;
        const CudaAcc<T> s = CudaAcc<T>(scale);
        const T* gp = g.data<T>();
        const bool* mp = m.data<bool>();
        T* op = out.data<T>();
        for (int64_t i = 0; i < out.numel(); ++i)
            op[i] = T(CudaAcc<T>(float(mp[i]) * CudaAcc<T>(gp[i])) * s);
    });
    return out;
}

}  // namespace

Tensor nativeDropout(const Tensor& input, double p)
{
    const double keep = 1.0 - p;
    // derivatives.yaml's scale for native_dropout in training.
    const double backwardScale = 1.0 / (1.0 - p);
    const bool dense = isNonOverlappingAndDense(input);
    // The fused kernel walks memory in order: a dense input as it lies, anything else as
    // the contiguous tensor empty_like gives it.
    const Tensor source = dense ? input : kernel::dense(input);
    Tensor out = kernel::newTensorLaidOutAs(source, input.dtype());
    Tensor mask = kernel::newTensorLaidOutAs(source, ScalarType::Bool);
    const std::vector<uint8_t> kept = random::cudaDropoutMask(
        input.numel(), keep, input.dtype() == ScalarType::Float64, vectorWidth(input, dense));
    AGV_DISPATCH_FLOATING_AND_HALF(input.dtype(), "fused_dropout", [&] {
        using T = scalar_t;
        const CudaAcc<T> keepAcc = CudaAcc<T>(keep);
        // accscalar_t scale = 1.0 / p: a double quotient of the kept probability.
        const CudaAcc<T> scale = CudaAcc<T>(1.0 / double(keepAcc));
        const T* in = source.data<T>();
        T* o = out.data<T>();
        bool* m = mask.data<bool>();
        for (size_t i = 0; i < kept.size(); ++i) {
            const float r = float(kept[i]);
            o[i] = T(CudaAcc<T>(CudaAcc<T>(in[i]) * r) * scale);
            m[i] = kept[i] != 0;
        }
    });
    announceTensor(mask);
    OpRecorder rec("NativeDropoutBackward0", {&input}, [backwardScale](BackwardNode& n, const variable_list& g) {
        const Tensor result1 = n.saved(0);
        // infinitely_differentiable_native_dropout_backward under create_graph.
        if (GradMode::isEnabled())
            return variable_list{mul(g[0], mul(toDtype(result1, g[0].dtype()), Scalar(backwardScale)))};
        return variable_list{maskedScale(g[0], result1, backwardScale)};
    });
    rec.attr("p", p);
    rec.attr("train", true);
    rec.save("result1", mask);
    rec.forward([mask, backwardScale](const InputTangents& t, const Tensor&) {
        return mul(mul(t[0], Scalar(backwardScale)), mask);
    });
    return rec.finish(out);
}

}  // namespace agv::ops
