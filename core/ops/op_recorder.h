#pragma once
// The one place where an op wires its output into the graph (micrograd style: the
// op builds its output, the recorder attaches parents and the chain rule).
//
//     OpRecorder rec("MulBackward0", {&a, &b}, mulBackward);
//     rec.save("self", a); rec.save("other", b);
//     return rec.finish(out);
//
// When no input requires grad (or grad mode is off) the recorder is inert.
//
// Forward-mode AD rides on the same recorder: when an input has a tangent at the dual
// level, the op states its forward derivative (derivatives.yaml's `result:` formula)
//
//     rec.forward([&](const InputTangents& t, const Tensor&) {
//         return add(mul(t[1], a), mul(t[0], b)); });
//
// and finish() gives the output its tangent; an op that states none raises PyTorch's
// NotImplementedError. An op whose outputs are all differentiable (split, unbind) states
// one tangent per output with forwardEach; otherwise only the first output gets one.

#include <functional>
#include <memory>
#include <string>

#include "core/autograd/node.h"
#include "core/ops/op_interceptor.h"
#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// Emits TensorCreated for a tensor the script can see (no-op without a sink).
void announceTensor(const Tensor& t);

/// The tangents of an op's inputs, read by its forward derivative formula.
class InputTangents {
public:
    /// Input i's tangent; zeros of its shape and dtype when it has none (PyTorch's
    /// _efficientzerotensor), so formulas are written once for every case.
    Tensor operator[](size_t i) const;
    bool defined(size_t i) const { return m_tangents.at(i).defined(); }
    /// Input i has no tangent: operator[] gives zeros (see addTangentTerms).
    bool isZero(size_t i) const { return !defined(i); }
    /// Input i as it was when the op began (an in-place op's original self).
    const Tensor& primal(size_t i) const { return m_primals.at(i); }

private:
    friend class OpRecorder;
    TensorList m_primals;
    TensorList m_tangents;
};

/// a + b in a forward formula where a term computed from a missing tangent is zero:
/// PyTorch's ZeroTensor add returns a copy of the other term, so its signed zeros
/// survive (0 + -0 would be +0). The graph is a + b's, as PyTorch's autograd records it.
Tensor addTangentTerms(const Tensor& a, bool aIsZero, const Tensor& b, bool bIsZero);
/// a - b likewise: a zero `a` gives exactly -b.
Tensor subTangentTerms(const Tensor& a, bool aIsZero, const Tensor& b, bool bIsZero);

/// A forward derivative formula: the output's tangent from the inputs' tangents and
/// the output itself (already wired into the graph, as PyTorch's `result`).
using ForwardRule = std::function<Tensor(const InputTangents& t, const Tensor& result)>;
/// The forward formula of an op whose outputs are all differentiable (split, unbind):
/// one tangent per output, from the inputs' tangents and the outputs.
using ForwardEachRule = std::function<TensorList(const InputTangents& t, const TensorList& results)>;

/// A Scalar argument as its node keeps it: a float stays a float, an int an int (what
/// grad_fn._saved_alpha and friends print).
inline SavedAttr scalarAttr(const Scalar& s)
{
    return s.isFloating() ? SavedAttr(s.toDouble()) : SavedAttr(s.toInt());
}

class OpRecorder {
public:
    OpRecorder(const char* name, std::initializer_list<const Tensor*> inputs, BackwardNode::Rule rule);
    OpRecorder(const char* name, const TensorList& inputs, BackwardNode::Rule rule);

    bool active() const { return m_node != nullptr; }
    const std::shared_ptr<BackwardNode>& node() const { return m_node; }
    void save(const char* slot, const Tensor& t);
    void attr(const char* name, SavedAttr value);

    /// Whether an input has a tangent, so the op's forward formula will run.
    bool forwardActive() const { return m_forward != nullptr; }
    /// The op's forward derivative formula (see above); cheap to call when inactive.
    void forward(ForwardRule rule);
    /// For an op with several differentiable outputs: finish(TensorList) gives each its tangent.
    void forwardEach(ForwardEachRule rule);
    /// For in-place ops: the value of self before it was overwritten, for the formula.
    void setOriginalSelf(const Tensor& originalSelf);
    /// For in-place ops: writes the new tangent into self's tangent (or gives self one).
    void finishInplaceTangent(const Tensor& self);
    /// For in-place view ops (squeeze_, t_): self's tangent is replaced by the formula's view.
    void finishInplaceViewTangent(const Tensor& self);

    /// Attaches the node as the output's grad_fn, announces node and tensor.
    Tensor finish(Tensor out);
    /// Same, and saves the output itself (see Note [Saved output cycles]).
    Tensor finishSavingResult(Tensor out, const char* slot = "result");
    TensorList finish(TensorList outs);

private:
    void startForward(const char* name, const TensorList& inputs);
    void giveTangent(const Tensor& out);
    void giveTangents(const TensorList& outs);

    /// Kept only while an OpInterceptor is pushed (selective checkpointing).
    struct InterceptState {
        std::string name;
        TensorList inputs;
    };
    void startIntercept(const char* name, TensorList inputs);
    /// Hands the outputs to the interceptor (no-op without one); they may be replaced.
    InterceptOutcome intercept(TensorList& outs);
    InterceptOutcome intercept(Tensor& out);
    void announceIntercepted(const InterceptOutcome& outcome, const TensorList& outs) const;

    struct ForwardState {
        std::string name;
        InputTangents tangents;
        ForwardRule rule;
        ForwardEachRule eachRule;
    };
    std::shared_ptr<BackwardNode> m_node;
    /// Set when only inference tensors came in (see op_recorder.cpp): finish() stamps
    /// the results' versions by this node's rule.
    const char* m_inferenceStamp = nullptr;
    std::unique_ptr<ForwardState> m_forward;
    std::unique_ptr<InterceptState> m_intercept;
};

}  // namespace agv::ops
