#pragma once
// The aten overload behind a backward node: "MmBackward0" -> "aten.mm.default", what a
// TorchDispatchMode sees (selective checkpointing's policy functions compare with it).

#include <string>
#include <string_view>

namespace agv::ops {

/// From PyTorch 1.13's own pairing (aten_overload_table.inc, gen_aten_overloads.py);
/// a node missing there is named from its node name ("FooBarBackward0" -> "aten.foo_bar.default").
std::string atenOverloadOf(std::string_view nodeName);

/// "MaxPool2DWithIndicesBackward0" -> "max_pool2d_with_indices" (the aten base name).
std::string atenNameOf(std::string_view nodeName);

}  // namespace agv::ops
