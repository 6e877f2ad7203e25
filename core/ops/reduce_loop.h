#pragma once
// The loop PyTorch 1.13's TensorIterator runs a reduction in (reduce_loop.cpp), for the
// reductions whose rounding depends on it (sum, mean, prod, var, std, norm).

#include "core/tensor/tensor.h"

namespace agv::ops {

/// A reduction's dims as TensorIterator orders and merges them.
struct ReduceLoop {
    IntList sizes;       ///< merged dims, innermost first
    IntList inStrides;   ///< element strides of the input
    IntList outStrides;  ///< element strides of the output (0 along reduced dims)
};

/// reorder_dimensions then coalesce_dimensions over (output, input): the output's reduced
/// dims first, then by stride, the output asked before the input; then adjacent dims merged
/// where both operands' strides allow. `outStrides` are the keepdim output's, 0 on reduced dims.
ReduceLoop reduceLoop(const IntList& sizes, const IntList& inStrides, const IntList& outStrides);

/// Where the elements that one output of a reduction of `t` over `dims` (normalized) takes
/// lie, relative to the first of them (in elements), in the order binary_kernel_reduce
/// visits them: the reduced dims as reduceLoop orders and merges them, the first fastest.
std::vector<int64_t> reducedElementOffsets(const Tensor& t, const IntList& dims);

}  // namespace agv::ops
