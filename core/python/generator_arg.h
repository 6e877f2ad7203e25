#pragma once
// The `generator=` argument of the random functions (generator_binding.cpp).

#include <pybind11/pybind11.h>

namespace agv {
class Generator;
}

namespace agv::python {

/// The engine generator of a torch.Generator argument; null for a missing argument or
/// None (the default generator). Raises PyTorch's TypeError for anything else.
Generator* generatorArg(pybind11::handle value, const char* fn);

}  // namespace agv::python
