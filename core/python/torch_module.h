#pragma once
// Registers `_agv_torch` as a built-in module; call before the interpreter starts.

namespace agv::python {

void registerTorchModule();

}  // namespace agv::python
