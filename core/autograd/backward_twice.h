#pragma once
// ERR_BACKWARD_TWICE, for nodes that refuse a second run themselves (CopySlices checks its
// fn before any saved tensor is unpacked).

namespace agv {

/// Raises PyTorch's "Trying to backward through the graph a second time" error.
[[noreturn]] void raiseBackwardTwice();

}  // namespace agv
