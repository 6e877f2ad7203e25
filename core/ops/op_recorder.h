#pragma once
// The one place where an op wires its output into the graph (micrograd style: the
// op builds its output, the recorder attaches parents and the chain rule).
//
//     OpRecorder rec("MulBackward0", {&a, &b}, mulBackward);
//     rec.save("self", a); rec.save("other", b);
//     return rec.finish(out);
//
// When no input requires grad (or grad mode is off) the recorder is inert.

#include "core/autograd/node.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// Emits TensorCreated for a tensor the script can see (no-op without a sink).
void announceTensor(const Tensor& t);

class OpRecorder {
public:
    OpRecorder(const char* name, std::initializer_list<const Tensor*> inputs, BackwardNode::Rule rule);
    OpRecorder(const char* name, const TensorList& inputs, BackwardNode::Rule rule);

    bool active() const { return m_node != nullptr; }
    const std::shared_ptr<BackwardNode>& node() const { return m_node; }
    void save(const char* slot, const Tensor& t);
    void attr(const char* name, SavedAttr value);

    /// Attaches the node as the output's grad_fn, announces node and tensor.
    Tensor finish(Tensor out);
    /// Same, and saves the output itself (see Note [Saved output cycles]).
    Tensor finishSavingResult(Tensor out, const char* slot = "result");
    TensorList finish(TensorList outs);

private:
    std::shared_ptr<BackwardNode> m_node;
};

}  // namespace agv::ops
