#pragma once
// Kept out of bindings.h so that adding it rebuilds only torch_module.cpp.

#include <pybind11/pybind11.h>

namespace agv::python {

/// random_binding.cpp: Tensor.exponential_, geometric_, cauchy_, log_normal_, random_
/// and torch.poisson.
void bindRandomSamplers(pybind11::module_& m);

}  // namespace agv::python
