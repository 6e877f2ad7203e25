#pragma once
// Forward-mode automatic differentiation: dual tensors (a primal with a tangent) at
// a dual level, as PyTorch 1.13's forward_grad.{h,cpp} and the fw_grad half of
// autograd_meta.cpp. PyTorch 1.13 supports a single level (index 0) at a time.
//
// The tangent lives in the tensor's AutogradMeta and always has the tensor's layout
// (sizes, strides, offset), so a view's tangent is the same view of its base's
// tangent and an in-place op updates the tangent in place. Ops propagate tangents
// through OpRecorder::forward (see op_recorder.h); exiting the level drops them all.

#include "core/tensor/tensor.h"

namespace agv::forward_ad {

/// torch._C._enter_dual_level(): the new level's index (always 0 in PyTorch 1.13).
int64_t enterDualLevel();
/// torch._C._exit_dual_level(level): drops every tangent of that level.
void exitDualLevel(int64_t level);

/// A dual level exists and forward AD is not disabled in this scope.
bool isActive();

/// The tangent of `t` at the current level, undefined when it has none (or no level exists).
Tensor tangentOf(const Tensor& t);
bool hasTangent(const Tensor* t);

/// AutogradMeta::set_fw_grad: `tangent` becomes t's tangent, as-is when its layout matches
/// t's, copied into a tensor of t's layout otherwise. `isInplaceOp`: t is a view written in
/// place whose base gets a tangent too.
void setTangent(const Tensor& t, Tensor tangent, bool isInplaceOp = false);

/// Forgets t's own tangent (an in-place view op is about to give it a new one).
void resetTangent(const Tensor& t);

/// torch._make_dual(primal, tangent, level): a view of primal that carries the tangent.
Tensor makeDual(const Tensor& primal, const Tensor& tangent, int64_t level);
/// torch._unpack_dual(t, level).primal: t viewed without its tangent (_fw_primal).
Tensor primalView(const Tensor& t, int64_t level);

/// RAII: tangents are neither read nor propagated in this scope (while a forward formula
/// runs, so the ops it calls see plain tensors, like PyTorch's _fw_primal).
class DisabledGuard {
public:
    DisabledGuard();
    ~DisabledGuard();
    DisabledGuard(const DisabledGuard&) = delete;
    DisabledGuard& operator=(const DisabledGuard&) = delete;

private:
    bool m_previous;
};

/// PyTorch's NotImplementedError for an op with no forward derivative formula.
[[noreturn]] void throwNotImplemented(const std::string& atenName);

}  // namespace agv::forward_ad
