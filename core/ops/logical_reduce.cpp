// all and any: logical reductions to bool tensors (no autograd: a bool output cannot
// require grad).

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

Tensor logicalReduce(const Tensor& t, std::optional<int64_t> dimIn, bool keepdim, bool isAll)
{
    IntList kept = t.sizes(), reduced = t.sizes();
    IntList outSizes;
    if (dimIn) {
        const int64_t dim = wrapDim(*dimIn, t.dim());
        for (int64_t d = 0; d < t.dim(); ++d)
            (d == dim ? kept : reduced)[size_t(d)] = 1;
        outSizes = kept;
        if (!keepdim && t.dim() > 0)
            outSizes.erase(outSizes.begin() + dim);
    } else {
        for (int64_t d = 0; d < t.dim(); ++d)
            kept[size_t(d)] = 1;
    }
    Tensor out = kernel::newTensor(outSizes, ScalarType::Bool, t.device());
    const std::vector<int64_t> outer = kernel::elementOffsets(kept, t.strides());
    const std::vector<int64_t> inner = kernel::elementOffsets(reduced, t.strides());
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), isAll ? "all" : "any", [&] {
        using T = scalar_t;
        const T* x = t.data<T>();
        bool* o = out.data<bool>();
        for (size_t i = 0; i < outer.size(); ++i) {
            bool acc = isAll;
            for (int64_t off : inner) {
                const bool v = x[outer[i] + off] != T(0);
                acc = isAll ? (acc && v) : (acc || v);
            }
            o[i] = acc;
        }
    });
    announceTensor(out);
    return out;
}

}  // namespace

Tensor all(const Tensor& t, std::optional<int64_t> dim, bool keepdim) { return logicalReduce(t, dim, keepdim, true); }
Tensor any(const Tensor& t, std::optional<int64_t> dim, bool keepdim) { return logicalReduce(t, dim, keepdim, false); }

}  // namespace agv::ops
