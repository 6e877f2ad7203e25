#pragma once
// Note [View + inplace]
// A view shares storage and version counter with its base. When an in-place op
// modifies a view, the base's values change too, so the base's history must be
// rewritten: the base gets a CopySlices node that routes the gradient of the
// modified region through the in-place op's backward and the rest straight to the
// base's old history. Any view whose version no longer matches the version at which
// its grad_fn was computed regenerates it lazily as AsStridedBackward0 from the
// base (Tensor::gradFn()). This is what `b[0] = 1000.0` does to `b`.

#include <memory>

#include "core/autograd/node.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// A tensor viewing `t`'s storage with the given geometry (shares the version counter).
Tensor makeView(const Tensor& t, IntList sizes, IntList strides, int64_t offset);

/// Refuses in-place ops PyTorch refuses (leaf that requires grad, view of one, inference tensors).
/// `requiresGrad`: whether any input of the op requires grad (check_inplace's argument);
/// without it, whether self does.
void checkInplace(const Tensor& self, bool requiresGrad);
void checkInplace(const Tensor& self);

/// handle_view_on_rebase: a view that was not made by a single-output op in grad mode
/// (CreationMeta) cannot have its history rewritten; raises PyTorch's error. `indirect`: the
/// in-place change went to its base or another view of it (found when its grad_fn is next asked).
void handleViewOnRebase(const Tensor& view, bool indirect);

/// A view op's autograd kernel collects self's gradient edge before the view kernel runs
/// its own checks, so a view that may no longer be used (an output of a multi-output op,
/// or of no_grad, whose base was modified in place) is refused first.
void gradientEdgeFirst(const Tensor& t);

/// retain_grad follows a tensor to its new grad_fn (an in-place op, a view's regenerated
/// history): its hook moves from `from` to `to`; the tensor's other hooks stay behind.
void moveRetainGradHook(const Tensor& t, Node* from, Node& to);

/// Marks the outputs of split / chunk / unbind (CreationMeta::MultiOutputNode in grad mode).
void markMultiOutputViews(TensorList& views);

/// assert_no_internal_overlap: refuses to write through an expanded tensor (a dim of size
/// > 1 with stride 0), which would write one element several times.
void checkNoInternalOverlap(const Tensor& self);

/// Makes `node` the new history of `self` after an in-place op (CopySlices for views).
/// With `saveResult`, the modified tensor is saved as the node's "result" before the
/// node is announced. Without `announce` the caller announces `node` itself, once it is
/// complete (a custom Function saves its tensors after wiring all its outputs).
void rebaseHistory(Tensor& self, const std::shared_ptr<BackwardNode>& node, bool saveResult = false,
                   bool announce = true);

/// set_history after an in-place view op (t_, transpose_, ...): `node` becomes self's
/// grad_fn directly, also when self is a view (its base keeps its history).
void setInplaceViewHistory(Tensor& self, const std::shared_ptr<BackwardNode>& node);

/// Configures an AsStridedBackward0 node regenerating `view`'s grad_fn from `base`.
void configureAsStridedBackward(BackwardNode& node, const Tensor& base, const Tensor& view);

}  // namespace agv::ops

namespace agv {
using ops::configureAsStridedBackward;
}
