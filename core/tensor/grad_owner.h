#pragma once
// Which leaf's `.grad` a tensor is, for the trace. PyTorch users write gradients
// through `.grad` (`p.grad.zero_()`, `p.grad.mul_(0.5)`, `p.grad[0] = 1`): the picture
// must show the leaf's new `.grad` then. Gradient tensors do not know their leaf, so
// whoever makes a tensor some leaf's `.grad` notes it here (keyed by the version
// counter, which views of the gradient share), and an in-place op on it asks here.
// Only used while a trace is recorded.

#include <memory>

#include "core/trace/event.h"

namespace agv {

class TensorImpl;

/// `leaf.grad` is now `grad`'s data (call after assigning it).
void noteGradOwner(const std::shared_ptr<TensorImpl>& leaf);

/// The leaf whose current `.grad` uses version counter `counter`, or null.
std::shared_ptr<TensorImpl> gradOwnerOf(trace::Id counter);

}  // namespace agv
