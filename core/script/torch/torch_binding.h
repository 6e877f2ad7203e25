#pragma once
// Installs the torch-like modules into an interpreter: torch, torch.nn,
// torch.nn.functional, torch.autograd, torch.optim, torch.cuda. After this,
// plain PyTorch scripts run against the embedded engine.

namespace agv::script {
class Interpreter;
}

namespace agv::script::torch {

void installTorch(Interpreter& in);
/// Drops the binding's per-thread references to script objects (class objects,
/// dtype singletons). Call once the interpreter is gone, never during thread exit.
void releaseTorchState();

}  // namespace agv::script::torch
