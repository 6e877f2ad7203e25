#pragma once
// Selective checkpointing's dispatch modes see in-place ops too: PyTorch's
// TorchDispatchMode receives `x.relu_()` as aten.relu_.default, counts the call, asks the
// policy and may keep the output. The engine's interceptor (op_interceptor.h) is fed by
// OpRecorder::finish, which in-place ops never reach; this hands them over.
//
// The mode sits below ADInplaceOrView, and two things follow from that order:
//  - the op is offered after its kernel wrote and before the version bump, so a kept
//    output carries self's version from before the bump, and the recompute that restores
//    it finds it mutated (current PyTorch raises "Tensor cached during selective
//    activation checkpoint has been mutated" the same way);
//  - a restored in-place op does not run (the autograd kernel returns self whatever the
//    mode returned), so self gets back the values it had before the kernel wrote.

#include <cstdint>
#include <initializer_list>
#include <string>

#include "core/ops/op_interceptor.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

class InplaceIntercept {
public:
    /// Inert unless an interceptor is pushed. `nodeName` is the node the op records
    /// ("ReluBackward0"), `inplaceName` the op ("relu_").
    InplaceIntercept(const char* nodeName, const char* inplaceName, std::initializer_list<const Tensor*> inputs,
                     const Tensor& self);

    /// After the kernel wrote self and before self.bumpVersion().
    void offer(const Tensor& self);
    /// Once self's history is wired: the trace event (node 0 when nothing requires grad).
    void announce(uint64_t node, const Tensor& self) const;

private:
    bool m_active = false;
    std::string m_op;
    TensorList m_inputs;
    Tensor m_before;  ///< self's values before the write, for a restored op
    InterceptOutcome m_outcome;
};

}  // namespace agv::ops
