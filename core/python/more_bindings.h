#pragma once
// Binding files added after bindings.h: declared here so that adding one rebuilds only
// torch_module.cpp, not every file that includes bindings.h.

#include <pybind11/pybind11.h>

namespace agv::python {

void bindRandomSamplers(pybind11::module_& m);  // random_binding.cpp: exponential_, geometric_, cauchy_, log_normal_, random_, poisson
void bindNnExtra(pybind11::module_& m);         // nn_extra_binding.cpp: pixel_shuffle, pixel_unshuffle, soft/multi margin losses

}  // namespace agv::python
