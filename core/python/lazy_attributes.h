#pragma once
// `_agv_torch._attributes_on_first_use(globals, names)`: a package whose names load
// their submodule on first read (torch.nn, torch.optim), so `import torch` runs only
// what a script uses. Note [Names loaded on first use] in lazy_attributes.cpp.

#include <pybind11/pybind11.h>

namespace agv::python {

void bindLazyAttributes(pybind11::module_& m);

}  // namespace agv::python
