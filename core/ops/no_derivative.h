#pragma once
// Inputs without a derivative in PyTorch 1.13, two kinds.
//
// Note [NotImplemented nodes]: an op with no entry in derivatives.yaml of PyTorch 1.13
// (floor_divide, remainder.Scalar_Tensor, heaviside, bincount, hardsigmoid_backward, ...)
// goes through autogradNotImplementedFallback. Under grad mode its result's grad_fn is
// NotImplemented, whose edges lead only to the inputs that require grad (next_functions
// holds no (None, 0) for the others), and whose backward raises
// "derivative for aten::NAME is not implemented".

#include <initializer_list>

#include "core/ops/op_recorder.h"

namespace agv::ops {

/// The recorder for such an op: `atenName` is the name in the error ("floor_divide_" for
/// the in-place form). Tensors that do not require grad may be passed; they get no edge.
OpRecorder notImplementedRecorder(const char* atenName, std::initializer_list<const Tensor*> inputs);

/// An argument derivatives.yaml marks non-differentiable for an op that has a derivative
/// (binary_cross_entropy's weight, nll_loss's weight): under grad mode, one that requires
/// grad is refused before the kernel runs (check_no_requires_grad).
void checkNoRequiresGrad(const Tensor& argument, const char* name, const char* function);

}  // namespace agv::ops
