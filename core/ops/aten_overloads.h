#pragma once
// The aten overload behind a backward node: "MmBackward0" -> "aten.mm.default", what a
// TorchDispatchMode sees (selective checkpointing's policy functions compare with it).

#include <string>
#include <string_view>

namespace agv::ops {

/// From PyTorch 1.13's own pairing (aten_overload_table.inc, gen_aten_overloads.py);
/// a node missing there is named from its node name ("FooBarBackward0" -> "aten.foo_bar.default").
/// A name that is already an overload ("aten.relu_.default": an in-place op offered to
/// selective checkpointing, see inplace_intercept.h) is returned as it is.
std::string atenOverloadOf(std::string_view nodeName);

/// The in-place overload of the op whose out-of-place form records `nodeName`:
/// ("ReluBackward0", "relu_") -> "aten.relu_.default", ("PowBackward0", "pow_") ->
/// "aten.pow_.Scalar" (1.13 names pow_'s overloads after the exponent only).
std::string atenInplaceOverloadOf(std::string_view nodeName, std::string_view inplaceName);

/// "MaxPool2DWithIndicesBackward0" -> "max_pool2d_with_indices" (the aten base name).
std::string atenNameOf(std::string_view nodeName);

}  // namespace agv::ops
