#pragma once
// A hook every op passes once its outputs exist and before autograd wires them: the
// engine's counterpart of the TorchDispatchMode that selective activation checkpointing
// (torch.utils.checkpoint.create_selective_checkpoint_contexts) pushes.
//
// PyTorch's mode sees each aten op below autograd and decides whether to run it. Ours
// sees the op after its kernel ran: it may keep the outputs (forward) or hand back the
// ones it kept (recompute). What the script sees — values, saved tensors, grad_fns,
// errors — is the same; the kernel's time is spent either way.
//
// Interceptors nest like dispatch modes: only the innermost one sees an op, and while
// it runs it is taken off the stack (ops it runs itself pass the outer ones).

#include <cstdint>
#include <string>
#include <string_view>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// What an interceptor did with one op, for the trace (trace::SelectiveCheckpointOp).
struct InterceptOutcome {
    bool decided = false;   ///< false: the interceptor let the op pass unremarked
    uint8_t policy = 0;     ///< trace::SacPolicy
    uint8_t action = 0;     ///< trace::SacAction
    std::string op;         ///< "aten.mm.default"
};

class OpInterceptor {
public:
    virtual ~OpInterceptor() = default;
    /// `nodeName` is the backward node the op records ("MmBackward0"); `outputs` may be
    /// replaced by tensors of the same count (they are wired into autograd afterwards).
    virtual InterceptOutcome intercept(std::string_view nodeName, const TensorList& inputs, TensorList& outputs) = 0;
};

void pushOpInterceptor(OpInterceptor* interceptor);
/// Removes `interceptor`, which must be the innermost; throws RuntimeError otherwise.
void popOpInterceptor(OpInterceptor* interceptor);

namespace detail {
extern thread_local int t_interceptorDepth;
}

/// Cheap test the recorder makes for every op.
inline bool opInterceptorActive() { return detail::t_interceptorDepth > 0; }

/// Hands the op to the innermost interceptor (taken off the stack meanwhile).
InterceptOutcome interceptOp(std::string_view nodeName, const TensorList& inputs, TensorList& outputs);

/// Publishes what the interceptor decided (no-op when it let the op pass).
void announceIntercept(const InterceptOutcome& outcome, uint64_t node, const TensorList& outputs);

}  // namespace agv::ops
