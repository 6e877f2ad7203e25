#pragma once
// The NotImplementedError of 1.13's ops that have no forward derivative formula but are
// listed for forward AD through a TorchScript decomposition (run_jit_decomposition_with_args_
// for_jvp) that 1.13 does not ship for them (_softmax_backward_data, nextafter, _cdist_forward):
// the usual message plus a note about TorchScript.

#include <string>

namespace agv::forward_ad {

[[noreturn]] void throwNoDecomposition(const std::string& atenName);

}  // namespace agv::forward_ad
