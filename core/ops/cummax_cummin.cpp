// cummax and cummin: the running maximum / minimum along a dim and where it was found.
// PyTorch 1.13's cummax_cummin_helper walks each slice keeping the best so far; an
// element replaces it when it is NaN, or when the best is not NaN and the element is
// >= (cummax) or <= (cummin) it, so a tie moves the index to the later element and the
// first NaN sticks. The gradient of each output element goes to the input element it
// copies (cummaxmin_backward: zeros scatter-added at the indices).

#include <functional>

#include "core/autograd/grad_mode.h"
#include "core/ops/backward_versions.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/order_statistics.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

template <typename Better>
std::pair<Tensor, Tensor> runningExtreme(const Tensor& self, int64_t dimIn, bool isMax)
{
    const char* kernelName = isMax ? "cummax_cpu" : "cummin_cpu";
    // AT_DISPATCH_ALL_TYPES_AND2(kBool, kBFloat16): values are copied, never rounded.
    if (self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), kernelName);
    Tensor values = kernel::newTensor(self.sizes(), self.dtype(), self.device());
    Tensor indices = kernel::newTensor(self.sizes(), ScalarType::Int64, self.device());
    // A 0-d tensor is its own running extreme; its dim is not checked.
    const int64_t dim = self.dim() == 0 ? 0 : wrapDim(dimIn, self.dim());
    if (self.numel() > 0) {
        const int64_t n = self.dim() == 0 ? 1 : self.sizes()[size_t(dim)];
        const int64_t inStride = self.dim() == 0 ? 0 : self.strides()[size_t(dim)];
        const int64_t outStride = self.dim() == 0 ? 0 : values.strides()[size_t(dim)];
        IntList outer = self.sizes();
        if (self.dim() > 0)
            outer[size_t(dim)] = 1;
        const std::vector<int64_t> inBase = kernel::elementOffsets(outer, self.strides());
        const std::vector<int64_t> outBase = kernel::elementOffsets(outer, values.strides());
        AGV_DISPATCH_ALL_AND_HALF(self.dtype(), kernelName, [&] {
            using T = scalar_t;
            const T* x = self.data<T>();
            T* v = values.data<T>();
            int64_t* ix = indices.data<int64_t>();
            const Better better;
            for (size_t s = 0; s < inBase.size(); ++s) {
                T best = x[inBase[s]];
                int64_t where = 0;
                for (int64_t i = 0; i < n; ++i) {
                    const T value = x[inBase[s] + i * inStride];
                    if (kernel::isNan(value) || (!kernel::isNan(best) && better(value, best))) {
                        best = value;
                        where = i;
                    }
                    v[outBase[s] + i * outStride] = best;
                    ix[outBase[s] + i * outStride] = where;
                }
            }
        });
    }
    OpRecorder rec(isMax ? "CummaxBackward0" : "CumminBackward0", {&self},
                   [dim](BackwardNode& n, const variable_list& g) {
                       const Tensor input = n.saved(1), idx = n.saved(0);
                       if (input.numel() == 0)
                           return variable_list{input};
                       // zeros, then scatter_add_ (See Note [Versions of gradients built in place])
                       if (input.dim() == 0)
                           return variable_list{GradMode::isEnabled() && g[0].requiresGrad() ? g[0] : builtInPlace(detachedClone(g[0]), 2)};
                       return variable_list{builtInPlace(
                           scatterAdd(zeros(input.sizes(), input.dtype(), input.device()), dim, idx, g[0]), 2)};
                   });
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    rec.save("indices", indices);
    rec.save("self", self);
    // derivatives.yaml: result0: self_t.gather(dim, indices)
    rec.forward([dim, &indices](const InputTangents& t, const Tensor&) {
        return t[0].dim() == 0 ? clone(t[0]) : gather(t[0], dim, indices);
    });
    values = rec.finish(values);
    // Both outputs count the same kernel calls (Note [Versions of results computed from
    // inference tensors]).
    indices.impl()->versionCounter()->version = values.version();
    announceTensor(indices);
    return {values, indices};
}

}  // namespace

std::pair<Tensor, Tensor> cummax(const Tensor& self, int64_t dim)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    return runningExtreme<std::greater_equal<>>(self, dim, true);
}

std::pair<Tensor, Tensor> cummin(const Tensor& self, int64_t dim)
{
    return runningExtreme<std::less_equal<>>(self, dim, false);
}

}  // namespace agv::ops
