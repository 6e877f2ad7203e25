#pragma once
// Node: one backward function in the graph (PyTorch's torch::autograd::Node).
// A Node receives the gradients of the forward op's outputs and returns the
// gradients of its inputs, which flow along `next_edges` to earlier nodes.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/autograd/saved_variable.h"
#include "core/tensor/tensor.h"
#include "core/trace/event.h"

namespace agv {

using variable_list = std::vector<Tensor>;
class Node;

/// While the engine applies `node` in a backward that runs only the nodes in `executes`,
/// the node's needsInputGrad answers false for edges toward any other node.
class ApplyingNodeScope {
public:
    ApplyingNodeScope(const Node* node, const std::function<bool(const Node*)>* executes);
    ~ApplyingNodeScope();
    ApplyingNodeScope(const ApplyingNodeScope&) = delete;
    ApplyingNodeScope& operator=(const ApplyingNodeScope&) = delete;

private:
    const Node* m_previousNode;
    const std::function<bool(const Node*)>* m_previousExecutes;
};

/// Shape/dtype/device of one forward output: the gradient flowing in must match it.
struct InputMetadata {
    IntList shape;
    ScalarType dtype = ScalarType::Float32;
    Device device;
};

/// A non-tensor value a node saved (grad_fn._saved_alpha, _saved_dim...).
struct NoneValue {};
/// An int64_t attribute that PyTorch 1.13's generated code hands to Python through
/// PyLong_FromUnsignedLong, so a negative one reads as 2**64 + value (EmbeddingBackward0's
/// _saved_padding_idx of -1 is 18446744073709551615).
struct UnsignedAttr {
    int64_t value;
};
/// A float[] attribute (UpsampleBilinear2DBackward1's _saved_scale_factors): a tuple of floats.
struct FloatListAttr {
    std::vector<double> values;
};
using SavedAttr = std::variant<NoneValue, bool, int64_t, double, IntList, std::string, UnsignedAttr, FloatListAttr>;

class Node : public std::enable_shared_from_this<Node> {
public:
    Node();
    virtual ~Node();
    Node(const Node&) = delete;
    Node& operator=(const Node&) = delete;

    /// PyTorch's name, e.g. "MulBackward0".
    virtual std::string name() const = 0;
    /// Computes input gradients from output gradients. Grad mode is set by the engine.
    virtual variable_list apply(variable_list&& grads) = 0;

    uint64_t id() const { return m_id; }
    /// Execution priority: later-created nodes run first (as in PyTorch's engine).
    uint64_t sequenceNr() const { return m_sequenceNr; }

    const std::vector<Edge>& nextEdges() const { return m_nextEdges; }
    void setNextEdges(std::vector<Edge> edges) { m_nextEdges = std::move(edges); }
    void addNextEdge(Edge edge) { m_nextEdges.push_back(std::move(edge)); }
    Edge& nextEdge(size_t i) { return m_nextEdges[i]; }
    size_t numOutputs() const { return m_nextEdges.size(); }
    /// Whether input i of the forward op needs a gradient: its edge leads somewhere and, while
    /// this node runs in a backward that runs only part of the graph (autograd.grad), that
    /// backward runs the node it leads to (1.13's task_should_compute_output; see
    /// Note [Gradients toward nodes the task does not run]).
    bool needsInputGrad(size_t i) const;

    uint32_t addInputMetadata(const Tensor& output);
    const std::vector<InputMetadata>& inputMetadata() const { return m_inputMetadata; }
    size_t numInputs() const { return m_inputMetadata.size(); }

    /// Saved tensors in slot order (for _saved_* attributes, the trace and release).
    virtual std::vector<const SavedVariable*> savedVariables() const { return {}; }
    /// The saved variable of a slot, for grad_fn._raw_saved_* (nullptr: no such slot).
    virtual SavedVariable* savedVariable(const std::string& slot) { return nullptr; }
    /// Saved non-tensor attributes.
    const std::vector<std::pair<std::string, SavedAttr>>& savedAttrs() const { return m_attrs; }
    void setAttr(std::string name, SavedAttr value) { m_attrs.emplace_back(std::move(name), std::move(value)); }
    /// Frees saved tensors (end of a backward without retain_graph).
    virtual void releaseVariables() {}
    bool variablesReleased() const { return m_released; }

    /// Tensor hooks of non-leaf outputs: run on the incoming gradient for output `inputNr`.
    struct PreHook {
        int id;
        uint32_t inputNr;
        TensorHookFn fn;
        bool retainGrad = false;
        std::weak_ptr<TensorImpl> tensor;  ///< the output the hook belongs to (for the trace)
    };
    int addPreHook(uint32_t inputNr, TensorHookFn fn, bool retainGrad = false, std::weak_ptr<TensorImpl> tensor = {});
    bool removePreHook(int id);
    const std::vector<PreHook>& preHooks() const { return m_preHooks; }

    /// Hooks on the node itself (grad_fn.register_prehook / register_hook). A pre hook sees
    /// the gradients flowing in (PyTorch's grad_outputs) before the node runs; a post hook
    /// sees what the node computed (grad_inputs) and the gradients it got. Each may return
    /// replacements; nullopt keeps what there is.
    using FunctionPreHook = std::function<std::optional<variable_list>(const variable_list& gradOutputs)>;
    using FunctionPostHook =
        std::function<std::optional<variable_list>(const variable_list& gradInputs, const variable_list& gradOutputs)>;
    int addFunctionPreHook(FunctionPreHook fn);
    int addFunctionPostHook(FunctionPostHook fn);
    bool removeFunctionHook(int id);
    const std::vector<std::pair<int, FunctionPreHook>>& functionPreHooks() const { return m_functionPreHooks; }
    const std::vector<std::pair<int, FunctionPostHook>>& functionPostHooks() const { return m_functionPostHooks; }

    const trace::StackTrace& forwardTrace() const { return m_forwardTrace; }
    void setForwardTrace(trace::StackTrace trace) { m_forwardTrace = std::move(trace); }

protected:
    void markReleased() { m_released = true; }
    void setSequenceNr(uint64_t nr) { m_sequenceNr = nr; }

private:
    std::vector<Edge> m_nextEdges;
    std::vector<InputMetadata> m_inputMetadata;
    std::vector<std::pair<std::string, SavedAttr>> m_attrs;
    std::vector<PreHook> m_preHooks;
    std::vector<std::pair<int, FunctionPreHook>> m_functionPreHooks;
    std::vector<std::pair<int, FunctionPostHook>> m_functionPostHooks;
    trace::StackTrace m_forwardTrace;
    uint64_t m_id;
    uint64_t m_sequenceNr;
    int m_nextHookId = 0;
    bool m_released = false;

    friend class AccumulateGrad;
    friend void releaseGraphIteratively(std::vector<Edge>& edges);
};

/// Accumulates incoming gradients into a leaf's .grad.
class AccumulateGrad final : public Node {
public:
    explicit AccumulateGrad(std::shared_ptr<TensorImpl> variable);
    std::string name() const override { return "AccumulateGrad"; }
    variable_list apply(variable_list&& grads) override;
    const std::shared_ptr<TensorImpl>& variable() const { return m_variable; }

private:
    std::shared_ptr<TensorImpl> m_variable;
};

/// A backward function given by a rule (one table of backward rules lives in core/ops):
/// the rule receives the incoming gradients and the node (for its saved tensors).
class BackwardNode : public Node {
public:
    using Rule = std::function<variable_list(BackwardNode& node, const variable_list& grads)>;

    BackwardNode(std::string name, Rule rule) : m_name(std::move(name)), m_rule(std::move(rule)) {}

    std::string name() const override { return m_name; }
    void setRule(Rule rule) { m_rule = std::move(rule); }
    variable_list apply(variable_list&& grads) override;

    /// Saves a tensor for backward under a slot name ("self", "other", "result").
    void save(std::string slot, const Tensor& tensor, bool isOutput = false);
    /// Unpacks saved slot i (checked: version, release).
    Tensor saved(size_t i);
    std::vector<const SavedVariable*> savedVariables() const override;
    SavedVariable* savedVariable(const std::string& slot) override;
    void releaseVariables() override;

private:
    std::string m_name;
    Rule m_rule;
    std::vector<SavedVariable> m_saved;
};

// --- graph wiring helpers used by every op ---

/// Whether an op on these inputs must record a node (grad mode on and some input requires grad).
bool computeRequiresGrad(std::initializer_list<const Tensor*> inputs);
bool computeRequiresGrad(const TensorList& inputs);
/// The edge a gradient for `t` must flow to: its grad_fn, or its leaf accumulator, or none.
Edge gradientEdge(const Tensor& t);
std::shared_ptr<Node> gradAccumulator(const Tensor& leaf);
std::vector<Edge> collectNextEdges(std::initializer_list<const Tensor*> inputs);
std::vector<Edge> collectNextEdges(const TensorList& inputs);
/// Makes `node` the grad_fn of the outputs (output i -> input_nr i) and emits the trace events.
void setHistory(const std::shared_ptr<Node>& node, std::initializer_list<Tensor*> outputs);
void setHistory(const std::shared_ptr<Node>& node, TensorList& outputs);
/// Emits NodeCreated (and TensorSaved for its saved variables) once wiring is complete.
/// Node::name() as PyTorch's C++ gives it: its hand-written nodes (CopySlices,
/// AccumulateGrad, NotImplemented, ...) are named by their qualified type,
/// "torch::autograd::CopySlices"; generated ones by their plain name.
std::string qualifiedNodeName(const Node& node);

void announceNode(const Node& node);

/// Frees a graph iteratively so a 1,000,000-node chain does not overflow the stack.
void releaseGraphIteratively(std::vector<Edge>& edges);

}  // namespace agv
