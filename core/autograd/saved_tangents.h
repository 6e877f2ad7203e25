#pragma once
// Tangents of saved tensors, kept at the dual level.
//
// Note [Saved outputs keep their tangent]
// An op that saves its own output (exp saves `result`) keeps a copy without autograd meta
// (Note [Saved output cycles]), and a tensor packed by saved-tensor hooks comes back as a
// fresh tensor; either way the tangent the tensor had under a dual level would be lost, yet
// exp's backward (grad * result) must see result's tangent for forward-over-reverse (a
// Hessian-vector product under dual_level with create_graph=True). As 1.13's
// SavedVariable::save_metadata keeps the fw_grad and unpack() sets it again, the tangent
// is kept here, by the saved variable's id, and given back on unpack. The table belongs to
// the dual level: exiting it drops every kept tangent, as PyTorch's ForwardGrad is cleared.
// An op's forward formula runs after it saved its output, so the recorder hands the
// tangent over once it exists (keepOutputTangent).

#include "core/autograd/saved_variable.h"

namespace agv::forward_ad {

/// Keeps `tensor`'s tangent (if it has one) for the saved variable `saved` when `saved`
/// holds `tensor` without its autograd meta: an output of its node, or anything a hook packed.
void keepSavedTangent(const SavedVariable& saved, const Tensor& tensor);

/// Gives `unpacked` (what `saved` just unpacked) the tangent kept for it at the open level.
void restoreSavedTangent(const SavedVariable& saved, const Tensor& unpacked);

/// Forgets what was kept for `saved` (it was released).
void forgetSavedTangent(const SavedVariable& saved);

/// Exiting the level: drops every kept tangent.
void dropSavedTangents();

}  // namespace agv::forward_ad
