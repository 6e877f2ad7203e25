#pragma once
// The `generator=` argument of the random functions (generator_binding.cpp).

#include <pybind11/pybind11.h>

namespace agv {
class Generator;
}

namespace agv::python {

struct CallArgs;

/// The engine generator of a torch.Generator argument; null for a missing argument or
/// None (the default generator). Raises PyTorch's TypeError for anything else.
Generator* generatorArg(pybind11::handle value, const char* fn);

/// The `generator=` keyword of a random factory (rand, randn, randint, randperm). A wrong
/// type is PyTorch's "received an invalid combination of arguments" with the factory's
/// overloads, as its argument parser reports it.
Generator* factoryGeneratorArg(const CallArgs& args, const char* fn);

}  // namespace agv::python
