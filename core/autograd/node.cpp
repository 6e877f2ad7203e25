#include "core/autograd/node.h"

#include <algorithm>
#include <limits>

#include "core/autograd/checkpoint_segment.h"
#include "core/autograd/grad_mode.h"
#include "core/trace/sink.h"

namespace agv {

namespace {
uint64_t g_nextSequenceNr = 0;

thread_local const Node* t_applyingNode = nullptr;
thread_local const std::function<bool(const Node*)>* t_applyingExecutes = nullptr;
}  // namespace

ApplyingNodeScope::ApplyingNodeScope(const Node* node, const std::function<bool(const Node*)>* executes)
    : m_previousNode(t_applyingNode), m_previousExecutes(t_applyingExecutes)
{
    t_applyingNode = node;
    t_applyingExecutes = executes;
}

ApplyingNodeScope::~ApplyingNodeScope()
{
    t_applyingNode = m_previousNode;
    t_applyingExecutes = m_previousExecutes;
}

bool Node::needsInputGrad(size_t i) const
{
    if (i >= m_nextEdges.size() || !m_nextEdges[i].valid())
        return false;
    // Only the node being applied is filtered: nodes its formula records under
    // create_graph (and any forward op a hook runs) ask about their own edges.
    if (t_applyingNode != this || t_applyingExecutes == nullptr)
        return true;
    return (*t_applyingExecutes)(m_nextEdges[i].function.get());
}

Node::Node() : m_id(nextObjectId()), m_sequenceNr(g_nextSequenceNr++) {}

Node::~Node() { releaseGraphIteratively(m_nextEdges); }

void releaseGraphIteratively(std::vector<Edge>& edges)
{
    // Destroying a long chain recursively (node -> next node -> ...) would overflow the
    // stack, so nodes that would die here are moved onto an explicit stack first and
    // their edges detached before they are destroyed.
    std::vector<std::shared_ptr<Node>> stack;
    for (Edge& e : edges)
        if (e.function && e.function.use_count() == 1)
            stack.push_back(std::move(e.function));
    edges.clear();
    while (!stack.empty()) {
        std::shared_ptr<Node> node = std::move(stack.back());
        stack.pop_back();
        for (Edge& e : node->m_nextEdges)
            if (e.function && e.function.use_count() == 1)
                stack.push_back(std::move(e.function));
        node->m_nextEdges.clear();
        // `node` dies here with no edges left to recurse into.
    }
}

uint32_t Node::addInputMetadata(const Tensor& output)
{
    // An output the op left undefined (convolution_backward's output_mask) keeps its slot,
    // as 1.13's Node::undefined_input() does: no tensor points at it, and the outputs after
    // it keep their numbers.
    if (!output.defined()) {
        m_inputMetadata.push_back({});
        return static_cast<uint32_t>(m_inputMetadata.size() - 1);
    }
    m_inputMetadata.push_back({output.sizes(), output.dtype(), output.device()});
    return static_cast<uint32_t>(m_inputMetadata.size() - 1);
}

// Note [Where a tensor's hooks run]
// In 1.13 a tensor's Python hooks live in one dict (Tensor._backward_hooks), which joins
// the node's pre-hooks when the first of them is registered; later hooks go into that
// dict, wherever it sits. retain_grad's hook is a pre-hook of its own, appended when it is
// called. So with `h1, retain_grad(), h2` the gradient .grad keeps has passed h1 and h2,
// and with `retain_grad(), h1` it has passed neither. A hook-less entry marks the end of
// each tensor's dict: a tensor hook goes in front of it, a retain_grad hook at the end.
// (The dict also stays with the node it joined when an in-place op gives the tensor a new
// grad_fn: ops::registerHook remembers that node.)
int Node::addPreHook(uint32_t inputNr, TensorHookFn fn, bool retainGrad, std::weak_ptr<TensorImpl> tensor)
{
    const int id = m_nextHookId++;
    if (!retainGrad) {
        const std::shared_ptr<TensorImpl> owner = tensor.lock();
        auto dictEnd = std::find_if(m_preHooks.begin(), m_preHooks.end(), [&](const PreHook& h) {
            return !h.fn && h.inputNr == inputNr && h.tensor.lock() == owner;
        });
        if (dictEnd != m_preHooks.end()) {
            m_preHooks.insert(dictEnd, {id, inputNr, std::move(fn), false, std::move(tensor)});
            return id;
        }
        m_preHooks.push_back({id, inputNr, std::move(fn), false, tensor});
        m_preHooks.push_back({-1, inputNr, {}, false, std::move(tensor)});
        return id;
    }
    m_preHooks.push_back({id, inputNr, std::move(fn), retainGrad, std::move(tensor)});
    return id;
}

bool Node::removePreHook(int id)
{
    auto it = std::find_if(m_preHooks.begin(), m_preHooks.end(), [id](const PreHook& h) { return h.id == id; });
    if (it == m_preHooks.end())
        return false;
    m_preHooks.erase(it);
    return true;
}

int Node::addFunctionPreHook(FunctionPreHook fn)
{
    const int id = m_nextHookId++;
    m_functionPreHooks.emplace_back(id, std::move(fn));
    return id;
}

int Node::addFunctionPostHook(FunctionPostHook fn)
{
    const int id = m_nextHookId++;
    m_functionPostHooks.emplace_back(id, std::move(fn));
    return id;
}

bool Node::removeFunctionHook(int id)
{
    auto erase = [id](auto& hooks) {
        return std::erase_if(hooks, [id](const auto& h) { return h.first == id; }) > 0;
    };
    return erase(m_functionPreHooks) || erase(m_functionPostHooks);
}

// --- BackwardNode ---

variable_list BackwardNode::apply(variable_list&& grads)
{
    // 1.13's generated apply() unpacks every saved variable before its formulas run, so a
    // released node refuses a second backward even where no formula reads one (custom
    // Functions, whose ctx.saved_tensors is read on demand, override apply()).
    if (variablesReleased())
        for (const SavedVariable& s : m_saved)
            s.unpack(shared_from_this());
    return m_rule(*this, grads);
}

void BackwardNode::save(std::string slot, const Tensor& tensor, bool isOutput)
{
    m_saved.emplace_back(tensor, isOutput, std::move(slot));
}

Tensor BackwardNode::saved(size_t i) { return m_saved.at(i).unpack(shared_from_this()); }

std::vector<const SavedVariable*> BackwardNode::savedVariables() const
{
    std::vector<const SavedVariable*> out;
    out.reserve(m_saved.size());
    for (const SavedVariable& s : m_saved)
        out.push_back(&s);
    return out;
}

SavedVariable* BackwardNode::savedVariable(const std::string& slot)
{
    for (SavedVariable& s : m_saved)
        if (s.slot() == slot)
            return &s;
    return nullptr;
}

void BackwardNode::releaseVariables()
{
    for (SavedVariable& s : m_saved)
        s.release();
    markReleased();
}

// --- wiring ---

bool computeRequiresGrad(std::initializer_list<const Tensor*> inputs)
{
    if (!GradMode::isEnabled())
        return false;
    for (const Tensor* t : inputs)
        if (t && t->defined() && t->requiresGrad())
            return true;
    return false;
}

bool computeRequiresGrad(const TensorList& inputs)
{
    if (!GradMode::isEnabled())
        return false;
    for (const Tensor& t : inputs)
        if (t.defined() && t.requiresGrad())
            return true;
    return false;
}

std::shared_ptr<Node> gradAccumulator(const Tensor& leaf)
{
    AutogradMeta& meta = leaf.impl()->ensureAutograd();
    if (auto existing = meta.gradAccumulator.lock())
        return existing;
    auto acc = std::make_shared<AccumulateGrad>(leaf.implPtr());
    meta.gradAccumulator = acc;
    if (trace::enabled()) {
        trace::NodeCreated created;
        created.node = acc->id();
        created.name = acc->name();
        created.variable = leaf.id();
        trace::publish(std::move(created));
    }
    return acc;
}

Edge gradientEdge(const Tensor& t)
{
    if (!t.defined() || !t.requiresGrad())
        return {};
    if (auto fn = t.gradFn())
        return {fn, t.outputNr()};
    // Only a tensor that itself requires grad accumulates one: a view made under no_grad
    // of a tensor that requires grad does not (grad_accumulator() is null: no edge).
    const AutogradMeta* meta = t.impl()->autograd();
    if (!meta || !meta->requiresGrad)
        return {};
    return {gradAccumulator(t), 0};
}

std::vector<Edge> collectNextEdges(std::initializer_list<const Tensor*> inputs)
{
    std::vector<Edge> edges;
    edges.reserve(inputs.size());
    for (const Tensor* t : inputs)
        edges.push_back(t ? gradientEdge(*t) : Edge{});
    return edges;
}

std::vector<Edge> collectNextEdges(const TensorList& inputs)
{
    std::vector<Edge> edges;
    edges.reserve(inputs.size());
    for (const Tensor& t : inputs)
        edges.push_back(gradientEdge(t));
    return edges;
}

namespace {
void attach(const std::shared_ptr<Node>& node, Tensor& out)
{
    if (!out.defined()) {
        node->addInputMetadata(out);
        return;
    }
    AutogradMeta& meta = out.impl()->ensureAutograd();
    meta.outputNr = node->addInputMetadata(out);
    meta.gradFn = node;
    meta.requiresGrad = true;
}
}  // namespace

void setHistory(const std::shared_ptr<Node>& node, std::initializer_list<Tensor*> outputs)
{
    for (Tensor* out : outputs)
        attach(node, *out);
}

void setHistory(const std::shared_ptr<Node>& node, TensorList& outputs)
{
    // An output left undefined (a backward op's gradient its mask did not ask for) keeps
    // its place, so the outputs after it keep their numbers, as in PyTorch's set_history.
    for (Tensor& out : outputs) {
        if (out.defined())
            attach(node, out);
        else
            node->addInputMetadata(out);
    }
}

std::string qualifiedNodeName(const Node& node)
{
    static const char* const handWritten[] = {"CopySlices", "CopyBackwards", "AccumulateGrad", "GraphRoot",
                                              "Error", "DelayedError", "NotImplemented", "Identity"};
    for (const char* name : handWritten)
        if (node.name() == name)
            return std::string("torch::autograd::") + name;
    return node.name();
}

void announceNode(const Node& node)
{
    if (AnomalyMode::isEnabled())
        const_cast<Node&>(node).setForwardTrace(AnomalyMode::currentStack());
    if (!trace::enabled())
        return;
    trace::NodeCreated created;
    created.node = node.id();
    created.name = node.name();
    for (const Edge& e : node.nextEdges())
        created.nextEdges.push_back({e.function ? e.function->id() : 0, e.inputNr});
    created.forwardTrace = node.forwardTrace();
    created.checkpointSegment = CheckpointSegments::current();
    if (CheckpointSegments::recomputing())
        created.phase = trace::NodePhase::Recompute;
    trace::publish(std::move(created));
    for (const SavedVariable* s : node.savedVariables()) {
        if (!s->defined())
            continue;
        trace::TensorSaved saved;
        saved.saved = s->id();
        saved.node = node.id();
        saved.slot = s->slot();
        saved.tensor = s->tensorId();
        saved.versionCounter = s->versionCounterId();
        saved.savedVersion = s->savedVersion();
        saved.isOutput = s->isOutput();
        saved.bytes = s->bytes();
        if (const SavedVariableHooks* hooks = s->hooks()) {
            const std::string packedOn = hooks->packedDevice();
            saved.holding = !packedOn.empty() && packedOn != s->device() ? trace::SavedHolding::Offloaded
                                                                          : trace::SavedHolding::PackedByHook;
        }
        trace::publish(std::move(saved));
        s->publishPacked();
    }
}

}  // namespace agv
