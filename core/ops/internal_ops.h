#pragma once
// Differentiable building blocks that PyTorch uses inside its composite ops and
// backward formulas but that scripts do not call directly. They record their own
// nodes under PyTorch's names, so the graphs of matmul, linear, max(dim) and
// indexing (and their double backward) look like PyTorch's.

#include <utility>
#include <vector>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops::internal {

/// at::_unsafe_view: reshapes a contiguous tensor without making it a view for
/// autograd (UnsafeViewBackward0).
Tensor unsafeView(const Tensor& t, const IntList& sizes);

/// at::alias: a view of all of `t` (AliasBackward0), what indexing returns when the index
/// selects everything (x[...], x[:, :n] of n columns).
Tensor alias(const Tensor& t);

/// zeros(sizes).scatter(dim, index, src) for an index with one entry per output
/// slice along dim (ScatterBackward0: the gradient of max/min along a dim).
Tensor scatterIntoZeros(const IntList& sizes, int64_t dim, const Tensor& index, const Tensor& src);

/// The (values, indices) of a reduction that picks one element per slice along dim
/// (max/min, kthvalue, median, mode): squeezes dim unless keepdim and records `name`
/// (value_selecting_reduction_backward, with gather_with_keepdimed_indices as tangent).
std::pair<Tensor, Tensor> recordValueSelection(const char* name, const Tensor& t, int64_t dimIn, int64_t dim,
                                               bool keepdim, std::pair<Tensor, Tensor> out);

/// t.gather(dim, index) (GatherBackward0).
Tensor gather(const Tensor& t, int64_t dim, const Tensor& index);

/// clamp_backward: grad where lo <= self <= hi, else +0 (a `where`, so no -0.0 and
/// WhereBackward0 in double backward).
Tensor clampBackward(const Tensor& grad, const Tensor& self, double lo, double hi);

/// sigmoid_backward(grad_output, output) = grad_output * (1 - output) * output, the
/// gradient SigmoidBackward0 passes on (SigmoidBackwardBackward0).
Tensor sigmoidBackward(const Tensor& gradOutput, const Tensor& output);
/// tanh_backward(grad_output, output) = grad_output * (1 - output * output), the
/// gradient TanhBackward0 passes on (TanhBackwardBackward0).
Tensor tanhBackward(const Tensor& gradOutput, const Tensor& output);

/// `t + s`, `t - s`, `t * s`, `t / s` as PyTorch's C++ composites and backward formulas
/// write them: the Scalar overloads, recorded as AddBackward1 / SubBackward1 /
/// MulBackward1 / DivBackward1 (See Note [Scalar overloads in composites]).
Tensor addScalar(const Tensor& t, Scalar s);
Tensor subScalar(const Tensor& t, Scalar s);
Tensor mulScalar(const Tensor& t, Scalar s);
Tensor divScalar(const Tensor& t, Scalar s);

}  // namespace agv::ops::internal
