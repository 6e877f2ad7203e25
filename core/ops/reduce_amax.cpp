// amax / amin: the values of max / min over several dims at once, without indices.
// Unlike max(dim), whose gradient goes to the one reported index, their backward
// (derivatives.yaml's scale_grad_by_count) splits the gradient evenly among all the
// elements equal to the result: (grad / mask.sum(dim, true)) * mask.

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/reduce_amax.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// FunctionsManual's restore_reduced_dims: `output` with a size-1 dim put back at each
/// reduced dim (dims as the caller gave them, negative ones counted from the end).
Tensor restoreReducedDims(const Tensor& output, const IntList& dims, bool keepdim)
{
    if (keepdim)
        return output;
    const int64_t total = output.dim() + int64_t(dims.size());
    IntList target(size_t(total), 0);
    for (int64_t d : dims)
        target[size_t(d < 0 ? total + d : d)] = 1;
    size_t j = 0;
    for (int64_t s : output.sizes()) {
        while (target[j] > 0)
            ++j;
        target[j++] = s;
    }
    return reshape(output, target);
}

/// The reduction's values in the keepdim shape; `wrapped` are the reduced dims.
Tensor extremeValues(const Tensor& self, const IntList& wrapped, bool isMax)
{
    IntList keptSizes = self.sizes();
    for (int64_t d : wrapped)
        keptSizes[size_t(d)] = 1;
    IntList outStrides = contiguousStrides(keptSizes);
    for (int64_t d : wrapped)
        outStrides[size_t(d)] = 0;
    Tensor out = kernel::newTensor(keptSizes, self.dtype(), self.device());
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), isMax ? "max_values_cpu" : "min_values_cpu", [&] {
        using T = scalar_t;
        // The reduction's identity (lower_bound / upper_bound): -inf / +inf for floats.
        T identity;
        if constexpr (std::is_same_v<T, bool>)
            identity = !isMax;
        else if constexpr (kIsFloating<T>)
            identity = T(isMax ? -INFINITY : INFINITY);
        else
            identity = isMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
        T* o = out.data<T>();
        for (int64_t i = 0; i < out.numel(); ++i)
            o[i] = identity;
        // max_impl / min_impl: a NaN on either side gives NaN.
        kernel::stridedLoop<2>(self.sizes(), {static_cast<char*>(out.rawData()), static_cast<char*>(self.rawData())},
                               {outStrides, self.strides()}, {sizeof(T), sizeof(T)},
                               [&](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
                                   T* op = reinterpret_cast<T*>(p[0]);
                                   const T* ip = reinterpret_cast<const T*>(p[1]);
                                   for (int64_t i = 0; i < n; ++i) {
                                       T& acc = op[i * s[0]];
                                       const T x = ip[i * s[1]];
                                       if (kernel::isNan(acc) || kernel::isNan(x))
                                           acc = kernel::isNan(acc) ? acc : x;
                                       else
                                           acc = (isMax ? x > acc : x < acc) ? x : acc;
                                   }
                               });
    });
    return out;
}

Tensor amaxAmin(const Tensor& self, const IntList& dims, bool keepdim, bool isMax)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    const char* name = isMax ? "amax" : "amin";
    const IntList wrapped = reductionDims(self, dims);
    if (self.numel() == 0) {
        // zero_numel_check_dims
        AGV_CHECK(!dims.empty(), RuntimeError, name,
                  "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
                  "with the 'dim' argument.");
        for (int64_t d : wrapped)
            AGV_CHECK(self.dim() == 0 || self.sizes()[size_t(d)] != 0, IndexError, name,
                      "(): Expected reduction dim ", d, " to have non-zero size.");
    }
    Tensor out = extremeValues(self, self.dim() == 0 ? IntList{} : wrapped, isMax);
    if (!keepdim && self.dim() > 0) {
        IntList sizes;
        for (int64_t d = 0; d < self.dim(); ++d)
            if (std::find(wrapped.begin(), wrapped.end(), d) == wrapped.end())
                sizes.push_back(self.sizes()[size_t(d)]);
        out.impl()->setGeometry(sizes, contiguousStrides(sizes), 0);
    }
    OpRecorder rec(isMax ? "AmaxBackward0" : "AminBackward0", {&self},
                   [dims, keepdim](BackwardNode& n, const variable_list& g) {
                       const Tensor self = n.saved(0), result = n.saved(1);
                       // scale_grad_by_count(restore_reduced_dims(grad), restore_reduced_dims(result) == self, dim)
                       const Tensor mask = compare(restoreReducedDims(result, dims, keepdim), self, CompareOp::Eq);
                       const Tensor grad = restoreReducedDims(g[0], dims, keepdim);
                       return variable_list{mul(div(grad, sum(mask, dims, true)), mask)};
                   });
    rec.save("self", self);
    rec.attr("dim", dims);
    rec.attr("keepdim", keepdim);
    // amaxamin_jvp: the tangent averaged over the elements equal to the result
    rec.forward([&self, dims, keepdim](const InputTangents& t, const Tensor& result) {
        const Tensor mask = compare(self, restoreReducedDims(result, dims, keepdim), CompareOp::Eq);
        return div(sum(where(mask, t[0], scalarTensor(Scalar(0.0))), dims, keepdim), sum(mask, dims, keepdim));
    });
    return rec.finishSavingResult(out);
}

}  // namespace

Tensor amax(const Tensor& self, const IntList& dims, bool keepdim) { return amaxAmin(self, dims, keepdim, true); }
Tensor amin(const Tensor& self, const IntList& dims, bool keepdim) { return amaxAmin(self, dims, keepdim, false); }

}  // namespace agv::ops
