#include "core/autograd/engine.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "core/autograd/grad_mode.h"
#include "core/autograd/node.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/ops.h"
#include "core/ops/zero_tensor.h"
#include "core/tensor/grad_owner.h"
#include "core/trace/sink.h"
#include "core/warning.h"

namespace agv {

namespace {

std::string sizeString(const IntList& sizes)
{
    std::string s = "torch.Size([";
    for (size_t i = 0; i < sizes.size(); ++i)
        s += (i ? ", " : "") + std::to_string(sizes[i]);
    return s + "])";
}

/// Gradients waiting at one node's inputs, summed as they arrive.
struct InputBuffer {
    variable_list grads;
    void add(size_t index, Tensor grad)
    {
        if (!grad.defined())
            return;
        if (grads.size() <= index)
            grads.resize(index + 1);
        if (!grads[index].defined())
            grads[index] = std::move(grad);
        else
            grads[index] = ops::add(grads[index], grad);
    }
};

struct ReadyOrder {
    bool operator()(const std::shared_ptr<Node>& a, const std::shared_ptr<Node>& b) const
    {
        return a->sequenceNr() < b->sequenceNr();
    }
};

int64_t nextGraphTaskId()
{
    static int64_t next = 0;
    return next++;
}

struct GraphTask {
    int64_t id = nextGraphTaskId();  ///< torch._C._current_graph_task_id()
    bool keepGraph = false;
    bool createGraph = false;
    std::unordered_map<Node*, int> dependencies;
    std::unordered_map<Node*, InputBuffer> buffers;
    // autograd.grad: capture gradients arriving at (node, input_nr) instead of running everything.
    std::map<std::pair<Node*, uint32_t>, std::vector<size_t>> captures;
    std::unordered_set<Node*> needed;  ///< empty: run all nodes
    /// With captures: the nodes a gradient may be sent to (1.13's exec_info should_execute);
    /// see Note [Gradients toward nodes the task does not run].
    std::unordered_set<Node*> executes;
    bool runInputNodes = false;        ///< backward(inputs=...): see grad()
    TensorList captured;
};

bool hasNan(const Tensor& t)
{
    if (!isFloatingType(t.dtype()))
        return false;
    for (int64_t i = 0; i < t.numel(); ++i)
        if (std::isnan(t.valueAt(i)))
            return true;
    return false;
}

std::string ordinal(size_t i)
{
    // PyTorch prints "0th", "1th", ... literally.
    return std::to_string(i) + "th";
}

std::string formatStack(const trace::StackTrace& stack)
{
    std::string out;
    for (const trace::StackFrame& f : stack) {
        out += "  File \"" + f.file + "\", line " + std::to_string(f.line) + ", in " + f.function + "\n";
        if (!f.sourceLine.empty())
            out += "    " + f.sourceLine + "\n";
    }
    return out;
}

/// A backward failure: anomaly mode's warning with the forward trace, and the trace event.
/// Anomaly mode names the node that failed and where the forward created it.
void warnAnomaly(const Node& node)
{
    if (AnomalyMode::isEnabled() && !node.forwardTrace().empty())
        warn("UserWarning", "Error detected in " + node.name() + ". Traceback of forward call that caused the error:\n" +
                                formatStack(node.forwardTrace()) +
                                " (Triggered internally at  ./torch/csrc/autograd/python_anomaly_mode.cpp:114.)");
}

void reportFailure(const Node& node, Error& error)
{
    if (error.failingNode == 0)
        error.failingNode = node.id();
    warnAnomaly(node);
    if (!trace::enabled())
        return;
    trace::ErrorRaised raised;
    raised.exceptionType = pyExcName(error.exc());
    raised.message = error.message();
    raised.kind = error.kind();
    raised.failingNode = error.failingNode;
    raised.staleTensor = error.staleTensor;
    raised.forwardTrace = node.forwardTrace();
    trace::publish(std::move(raised));
}

std::string previewOrNone(const Tensor& t) { return t.defined() ? t.preview() : std::string(); }

Tensor runHooks(Node& node, uint32_t inputNr, Tensor grad)
{
    if (!grad.defined())
        return grad;
    if (auto* acc = dynamic_cast<AccumulateGrad*>(&node)) {
        AutogradMeta* meta = acc->variable()->autograd();
        // A leaf set to requires_grad=False after its hooks were registered: 1.13 calls
        // none of them (nor accumulates), though its AccumulateGrad is still in the graph.
        if (!meta || !meta->requiresGrad)
            return grad;
        const auto hooks = meta->hooks;  // a hook may remove hooks
        for (const auto& [id, fn] : hooks) {
            Tensor replaced = fn(grad);
            if (trace::enabled())
                trace::publish(trace::HookCalled{acc->variable()->id(), node.id(), "tensor_hook"});
            if (replaced.defined())
                grad = replaced;
        }
        return grad;
    }
    const auto hooks = node.preHooks();
    for (const Node::PreHook& hook : hooks) {
        if (hook.inputNr != inputNr || !hook.fn)  // no fn: the end of a tensor's hook dict (node.cpp)
            continue;
        Tensor replaced = hook.fn(grad);
        if (trace::enabled()) {
            auto owner = hook.tensor.lock();
            trace::publish(trace::HookCalled{owner ? owner->id() : 0, node.id(),
                                          hook.retainGrad ? "retain_grad" : "tensor_hook"});
        }
        if (replaced.defined())
            grad = replaced;
    }
    return grad;
}

/// validate_outputs for one gradient flowing along `edge`: checked and conformed (shape,
/// dtype, device) to the input it reaches. `producer` returned it ("Function MulBackward0
/// returned an invalid gradient ..."); null for the gradients backward() starts with.
void conformGradient(const Edge& edge, Tensor& grad, size_t i, const Node* producer)
{
    if (!edge.valid() || !grad.defined())
        return;
    const auto who = [producer] { return producer ? "Function " + producer->name() + " returned an " : std::string(); };
    const InputMetadata& meta = edge.function->inputMetadata().at(edge.inputNr);
    if (grad.sizes() != meta.shape) {
        if (!ops::isExpandableTo(meta.shape, grad.sizes()))
            AGV_RAISE(RuntimeError, who(), "invalid gradient at index ", i, " - got ", sizesToString(grad.sizes()),
                      " but expected shape compatible with ", sizesToString(meta.shape));
        grad = ops::sumTo(grad, meta.shape);
    }
    if (grad.dtype() != meta.dtype)
        grad = ops::toDtype(grad, meta.dtype);
    if (!(grad.device() == meta.device)) {
        // A 0-dim CPU input of a cuda op (x_cuda * torch.tensor(2.)) gets its gradient
        // summed on the GPU, and backward(torch.tensor(1.)) of a cuda loss starts from a CPU
        // scalar: the engine brings such a scalar to its input's device.
        AGV_CHECK(grad.dim() == 0, RuntimeError, who(), "invalid gradient at index ", i, " - expected device ",
                  meta.device.str(), " but got ", grad.device().str());
        grad = ops::toDevice(grad, meta.device);
    }
}

/// Checks and conforms the gradients a node returned to where they flow.
void validateOutputs(const Node& node, variable_list& outputs)
{
    AGV_CHECK(outputs.size() == node.numOutputs(), RuntimeError, "function ", node.name(),
              " returned an incorrect number of gradients (expected ", node.numOutputs(), ", got ", outputs.size(),
              ")");
    for (size_t i = 0; i < outputs.size(); ++i)
        conformGradient(node.nextEdges()[i], outputs[i], i, &node);
}

thread_local GraphTask* t_currentTask = nullptr;

/// The graph task being executed on this thread (a backward inside a backward nests).
class CurrentTask {
public:
    explicit CurrentTask(GraphTask& task) : m_previous(t_currentTask) { t_currentTask = &task; }
    ~CurrentTask() { t_currentTask = m_previous; }
    CurrentTask(const CurrentTask&) = delete;
    CurrentTask& operator=(const CurrentTask&) = delete;

private:
    GraphTask* m_previous;
};

void execute(GraphTask& task, const std::vector<Edge>& rootEdges, const TensorList& rootGrads)
{
    CurrentTask current(task);
    // Count, for every node reachable from the roots, how many edges point at it.
    std::vector<Node*> stack;
    std::unordered_set<Node*> seen;
    for (const Edge& e : rootEdges) {
        if (!e.valid())
            continue;
        task.dependencies[e.function.get()] += 1;
        if (seen.insert(e.function.get()).second)
            stack.push_back(e.function.get());
    }
    while (!stack.empty()) {
        Node* node = stack.back();
        stack.pop_back();
        for (const Edge& e : node->nextEdges()) {
            if (!e.valid())
                continue;
            task.dependencies[e.function.get()] += 1;
            if (seen.insert(e.function.get()).second)
                stack.push_back(e.function.get());
        }
    }

    if (!task.captures.empty()) {
        // Only nodes on a path to a captured input need to run: walk the graph in
        // reverse topological order via a post-order DFS.
        std::unordered_set<Node*> captureNodes;
        for (const auto& [key, idx] : task.captures)
            captureNodes.insert(key.first);
        std::unordered_map<Node*, bool> memo;
        for (const Edge& root : rootEdges) {
            if (!root.valid())
                continue;
            std::vector<std::pair<Node*, size_t>> dfs{{root.function.get(), 0}};
            while (!dfs.empty()) {
                auto& [node, child] = dfs.back();
                if (child == 0 && memo.count(node)) {
                    dfs.pop_back();
                    continue;
                }
                if (child < node->nextEdges().size()) {
                    Node* next = node->nextEdges()[child++].function.get();
                    if (next && !memo.count(next))
                        dfs.push_back({next, 0});
                    continue;
                }
                // A node runs when a gradient it computes leads to a capture; a captured
                // node itself only when one of its inputs is captured further down
                // (should_execute() in 1.13's init_to_execute).
                bool need = false;
                for (const Edge& e : node->nextEdges())
                    if (e.valid() && memo[e.function.get()])
                        need = true;
                const bool captured = captureNodes.count(node) > 0;
                memo[node] = need || captured;
                if (need || captured)
                    task.executes.insert(node);
                if (need || (captured && task.runInputNodes))
                    task.needed.insert(node);
                dfs.pop_back();
            }
        }
    }

    std::priority_queue<std::shared_ptr<Node>, std::vector<std::shared_ptr<Node>>, ReadyOrder> ready;
    for (size_t i = 0; i < rootEdges.size(); ++i) {
        const Edge& e = rootEdges[i];
        if (!e.valid())
            continue;
        Tensor grad = rootGrads[i];
        conformGradient(e, grad, i, nullptr);
        task.buffers[e.function.get()].add(e.inputNr, grad);
        if (--task.dependencies[e.function.get()] == 0)
            ready.push(e.function);
    }

    // Note [Gradients toward nodes the task does not run]
    // autograd.grad and backward(inputs=...) run only the nodes that lead to their inputs.
    // 1.13's nodes do not even compute a gradient toward any other node
    // (task_should_compute_output), and ours ask the same through needsInputGrad while the
    // engine applies them (ApplyingNodeScope). So a formula that would fail is never run
    // (zeta's gradient toward x when only q's is asked for), and under create_graph the ops
    // of a branch nobody asked for are not recorded: the window does not draw an MmBackward0
    // for a weight when only the input's gradient is wanted. A node whose formula computes
    // all its gradients anyway has the extra ones dropped below. That matters when
    // CopySlices marks such a node needed mid-run (an in-place write of a leaf into a view):
    // only the gradients that arrive after that count, as in 1.13, not the ones computed
    // before toward a node nobody was going to run.
    //
    // Note [The graph a backward builds]
    // A node's backward runs its formula out of ops; their events stay out of the trace, as
    // the learner did not write them, unless the backward has create_graph=True: then those
    // ops build the graph of the gradient (MulBackward0 after PowBackward0's formula,
    // ConvolutionBackwardBackward0, ...), which a second backward walks, so the window
    // must show it being built, node by node, as the first backward runs.
    //
    // 1.13's GraphTask runs with grad mode set to create_graph: its nodes, every hook (user
    // code: a backward() inside a hook finds nothing that requires grad) and the sums of
    // gradients that meet.
    GradModeGuard mode(task.createGraph);
    const std::function<bool(const Node*)> taskRuns = [&task](const Node* n) {
        return task.executes.count(const_cast<Node*>(n)) > 0;
    };
    while (!ready.empty()) {
        std::shared_ptr<Node> node = ready.top();
        ready.pop();
        variable_list inputs = std::move(task.buffers[node.get()].grads);
        task.buffers.erase(node.get());
        inputs.resize(std::max(inputs.size(), node->numInputs()));

        // autograd.grad captures the gradient arriving at an input's node before that node's
        // hooks run (1.13's evaluate_function): a hook on an input tensor does not change
        // what grad() returns, and the hooks of a node that need not run never fire.
        // backward(inputs=...) runs the inputs' nodes, hooks first (init_to_execute with
        // accumulate_grad), so its gradients are taken after them.
        auto capture = [&] {
            for (uint32_t i = 0; i < inputs.size(); ++i) {
                auto it = task.captures.find({node.get(), i});
                if (it != task.captures.end())
                    for (size_t index : it->second)
                        task.captured[index] = inputs[i];
            }
        };
        if (!task.runInputNodes)
            capture();
        if (!task.captures.empty() && !task.needed.count(node.get()))
            continue;

        for (uint32_t i = 0; i < inputs.size(); ++i)
            inputs[i] = runHooks(*node, i, inputs[i]);
        const auto functionPreHooks = node->functionPreHooks();  // a hook may remove hooks
        for (const auto& [id, hook] : functionPreHooks)
            if (std::optional<variable_list> replaced = hook(inputs))
                inputs = std::move(*replaced);
        if (task.runInputNodes)
            capture();
        // autograd.grad leaves .grad alone: an input leaf's AccumulateGrad is not needed, so it
        // was skipped above, unless CopySlices marked it (markNeededInCurrentGraphTask), when
        // 1.13 runs it too. backward(inputs=...) runs an input leaf's AccumulateGrad as 1.13's
        // engine does, with its in-place accumulation and its copy of a gradient that is a
        // view (sum's expanded gradient must not become .grad).

        variable_list gradInputs = inputs;
        variable_list outputs;
        try {
            {
                // See Note [The graph a backward builds].
                std::optional<trace::MuteGuard> mute;
                if (!task.createGraph)
                    mute.emplace();
                // See Note [Gradients toward nodes the task does not run].
                std::optional<ApplyingNodeScope> onlyWhatTheTaskRuns;
                if (!task.captures.empty())
                    onlyWhatTheTaskRuns.emplace(node.get(), &taskRuns);
                outputs = node->apply(std::move(inputs));
            }
            const auto postHooks = node->functionPostHooks();  // a hook may remove hooks
            for (const auto& [id, hook] : postHooks)
                if (std::optional<variable_list> replaced = hook(outputs, gradInputs))
                    outputs = std::move(*replaced);
            validateOutputs(*node, outputs);
        } catch (Error& error) {
            reportFailure(*node, error);
            throw;
        } catch (...) {
            // An exception of the script's own code (a custom Function's backward, a hook):
            // the host records it with its Python traceback; anomaly mode still names the node.
            warnAnomaly(*node);
            throw;
        }

        if (AnomalyMode::isEnabled() && AnomalyMode::checkNan()) {
            for (size_t i = 0; i < outputs.size(); ++i) {
                if (outputs[i].defined() && hasNan(outputs[i])) {
                    Error error(PyExc::RuntimeError,
                                "Function '" + node->name() + "' returned nan values in its " + ordinal(i) +
                                    " output.",
                                ErrorKind::NanDetected);
                    reportFailure(*node, error);
                    throw error;
                }
            }
        }

        if (trace::enabled()) {
            trace::NodeExecuted executed;
            executed.node = node->id();
            for (const Tensor& g : gradInputs)
                executed.gradInputs.push_back(previewOrNone(g));
            for (const Tensor& g : outputs)
                executed.gradOutputs.push_back(previewOrNone(g));
            trace::publish(std::move(executed));
        }
        if (!task.keepGraph) {
            const bool hadSaved = !node->savedVariables().empty();
            node->releaseVariables();
            if (hadSaved && trace::enabled())
                trace::publish(trace::SavedReleased{node->id()});
        }

        for (size_t i = 0; i < outputs.size(); ++i) {
            const Edge& e = node->nextEdges()[i];
            if (!e.valid())
                continue;
            // See Note [Gradients toward nodes the task does not run].
            if (task.captures.empty() || task.executes.count(e.function.get()))
                task.buffers[e.function.get()].add(e.inputNr, outputs[i]);
            if (--task.dependencies[e.function.get()] == 0)
                ready.push(e.function);
        }
    }
}

std::vector<Edge> rootEdgesFor(const TensorList& tensors)
{
    std::vector<Edge> edges;
    for (size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& t = tensors[i];
        if (!t.requiresGrad())
            throw Error(PyExc::RuntimeError,
                        "element " + std::to_string(i) + " of tensors does not require grad and does not have a grad_fn",
                        ErrorKind::NoGradFn);
        edges.push_back(gradientEdge(t));
    }
    return edges;
}

TensorList makeRootGrads(const TensorList& tensors, const TensorList& gradTensors, bool createGraph)
{
    AGV_CHECK(gradTensors.empty() || gradTensors.size() == tensors.size(), RuntimeError,
              "got ", gradTensors.size(), " tensors and ", tensors.size(), " gradients");
    TensorList grads;
    for (size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& out = tensors[i];
        Tensor g = gradTensors.empty() ? Tensor() : gradTensors[i];
        if (!g.defined()) {
            if (!out.requiresGrad()) {  // refused by rootEdgesFor, after every gradient is checked
                grads.push_back(Tensor());
                continue;
            }
            if (out.numel() != 1)
                throw Error(PyExc::RuntimeError, "grad can be implicitly created only for scalar outputs",
                            ErrorKind::NonScalarImplicitGrad);
            trace::MuteGuard mute;
            g = ops::onesLike(out);
        } else {
            AGV_CHECK(g.sizes() == out.sizes(), RuntimeError, "Mismatch in shape: grad_output[", i,
                      "] has a shape of ", sizeString(g.sizes()), " and output[", i, "] has a shape of ",
                      sizeString(out.sizes()), ".");
            // validate_outputs on the root edges: a gradient of another dtype is cast to the
            // output's (recorded, ToCopyBackward0, when it requires grad), not refused.
            if (g.dtype() != out.dtype())
                g = ops::toDtype(g, out.dtype());
        }
        grads.push_back(g);
    }
    (void)createGraph;
    return grads;
}

/// Engine::execute's warning when a backward that accumulates into .grad builds a graph
/// (backward() and backward(inputs=...), not autograd.grad).
void warnGradReferenceCycle()
{
    warn("UserWarning",
         "Using backward() with create_graph=True will create a reference cycle between the parameter and its "
         "gradient which can cause a memory leak. We recommend using autograd.grad when creating the graph to "
         "avoid this. If you have to use this function, make sure to reset the .grad fields of your parameters "
         "to None after use to break the cycle and avoid the leak. (Triggered internally at  "
         "./torch/csrc/autograd/engine.cpp:1059.)");
}

void emitBegin(const std::vector<Edge>& roots, bool keepGraph, bool createGraph)
{
    if (!trace::enabled())
        return;
    trace::BackwardBegin begin;
    for (const Edge& e : roots)
        begin.roots.push_back(e.function ? e.function->id() : 0);
    begin.retainGraph = keepGraph;
    begin.createGraph = createGraph;
    trace::publish(std::move(begin));
}

struct EndEmitter {
    bool ok = false;
    ~EndEmitter()
    {
        if (trace::enabled())
            trace::publish(trace::BackwardEnd{ok});
    }
};

}  // namespace

int64_t currentGraphTaskId()
{
    return t_currentTask ? t_currentTask->id : -1;
}

bool currentGraphTaskKeepsGraph()
{
    return t_currentTask == nullptr || t_currentTask->keepGraph;
}

void markNeededInCurrentGraphTask(Node* node)
{
    if (t_currentTask && !t_currentTask->captures.empty()) {
        t_currentTask->needed.insert(node);
        t_currentTask->executes.insert(node);
    }
}

bool isCheckpointValid()
{
    // autograd.grad runs only the part of the graph that leads to its inputs, which a
    // reentrant checkpoint's inner backward cannot honour.
    return t_currentTask == nullptr || t_currentTask->captures.empty();
}

void backward(const TensorList& tensors, const TensorList& gradTensors, std::optional<bool> retainGraph,
              bool createGraph)
{
    // A backward called from inside another one (a reentrant checkpoint's backward) is
    // the script's own call: traced like any other.
    trace::ScopedUnmute unmute;
    const bool keepGraph = retainGraph.value_or(createGraph);
    // Python's _make_grads checks the gradients before the engine looks at any grad_fn.
    TensorList grads = makeRootGrads(tensors, gradTensors, createGraph);
    std::vector<Edge> roots = rootEdgesFor(tensors);
    if (createGraph)
        warnGradReferenceCycle();
    emitBegin(roots, keepGraph, createGraph);
    EndEmitter end;
    GraphTask task;
    task.keepGraph = keepGraph;
    task.createGraph = createGraph;
    execute(task, roots, grads);
    end.ok = true;
}

TensorList grad(const TensorList& outputs, const TensorList& inputs, const TensorList& gradOutputs,
                std::optional<bool> retainGraph, bool createGraph, bool allowUnused, bool runInputNodes)
{
    trace::ScopedUnmute unmute;  // as in backward()
    const bool keepGraph = retainGraph.value_or(createGraph);
    TensorList grads = makeRootGrads(outputs, gradOutputs, createGraph);
    std::vector<Edge> roots = rootEdgesFor(outputs);
    // run_backward's check once the outputs pass theirs (backward(inputs=[]) is refused earlier).
    AGV_CHECK(!inputs.empty(), ValueError, "grad requires non-empty inputs.");
    if (runInputNodes && createGraph)
        warnGradReferenceCycle();
    GraphTask task;
    task.keepGraph = keepGraph;
    task.createGraph = createGraph;
    task.runInputNodes = runInputNodes;
    task.captured.resize(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        // backward(inputs=...): 1.13's run_backward tells each input to retain its gradient
        // once the outputs passed their checks (an error for one that does not require grad).
        if (runInputNodes)
            ops::retainGrad(inputs[i]);
        AGV_CHECK(inputs[i].requiresGrad(), RuntimeError, "One of the differentiated Tensors does not require grad");
        Edge e = gradientEdge(inputs[i]);
        task.captures[{e.function.get(), e.inputNr}].push_back(i);
    }
    emitBegin(roots, keepGraph, createGraph);
    EndEmitter end;
    execute(task, roots, grads);
    for (size_t i = 0; i < inputs.size(); ++i)
        AGV_CHECK(allowUnused || task.captured[i].defined(), RuntimeError,
                  "One of the differentiated Tensors appears to not have been used in the graph. Set "
                  "allow_unused=True if this is the desired behavior.");
    end.ok = true;
    return task.captured;
}

// --- AccumulateGrad ---

AccumulateGrad::AccumulateGrad(std::shared_ptr<TensorImpl> variable) : m_variable(std::move(variable))
{
    setSequenceNr(std::numeric_limits<uint64_t>::max());
    addInputMetadata(Tensor(m_variable));
}

namespace {

/// utils::obeys_layout_contract: the gradient is laid out as its variable is (the strides
/// of every dim longer than 1 agree, and no dim is a stride-0 broadcast).
bool obeysLayoutContract(const Tensor& grad, const Tensor& variable)
{
    if (!ops::isNonOverlappingAndDense(variable))
        return grad.isContiguous();
    for (size_t d = 0; d < grad.sizes().size(); ++d) {
        if (grad.sizes()[d] != 1 ? grad.strides()[d] != variable.strides()[d] : grad.strides()[d] == 0)
            return false;
    }
    return true;
}

/// References to an incoming gradient that nobody else can see: apply()'s own and the
/// engine's input buffer. More means the user (or a root gradient list) holds it too.
constexpr long kPrivateGradRefs = 2;

}  // namespace

variable_list AccumulateGrad::apply(variable_list&& grads)
{
    Tensor grad = grads.empty() ? Tensor() : std::move(grads[0]);
    if (!grad.defined())
        return {};
    Tensor variable(m_variable);
    AutogradMeta& meta = m_variable->ensureAutograd();
    // variable.grad_fn() as 1.13 reads it: a view whose base changed in place since gets
    // its history from the base here (Tensor::gradFn), and is then no leaf either.
    if (variable.gradFn())
        AGV_RAISE_KIND(RuntimeError, LeafMovedIntoGraph, "leaf variable has been moved into the graph interior");
    if (!meta.requiresGrad)
        return {};
    if (!meta.grad) {
        // 1.13 steals a gradient nobody else holds when it is laid out as the variable and
        // no graph is being built; otherwise it copies it (new_empty_strided().copy_()),
        // which shows: that .grad starts at _version 1. We always copy, so later in-place
        // accumulation never aliases a gradient another node still holds.
        const bool stolen = !GradMode::isEnabled() && grad.implPtr().use_count() <= kPrivateGradRefs &&
                            obeysLayoutContract(grad, variable);
        // clone_obey_contract: a copy takes the variable's layout when it is dense, else it is contiguous.
        const IntList contractStrides = ops::isNonOverlappingAndDense(variable) ? variable.strides()
                                                                               : contiguousStrides(variable.sizes());
        Tensor copy;
        if (GradMode::isEnabled() && grad.requiresGrad()) {
            // With create_graph the copy is differentiable: its grad_fn is CopyBackwards.
            copy = ops::emptyLike(grad);
            if (copy.strides() != contractStrides)
                copy.impl()->setGeometry(copy.sizes(), contractStrides, 0);
            ops::copyInplace(copy, grad);
        } else if (stolen && ops::isZeroTensor(grad)) {
            // A stolen ZeroTensor stays one: .grad refuses the next in-place accumulation
            // (See Note [ZeroTensor] in core/ops/zero_tensor.h).
            copy = ops::detach(grad);
        } else {
            copy = stolen ? ops::detachedClone(grad) : ops::kernel::withStrides(ops::detachedClone(grad), contractStrides);
            // A stolen gradient is new_grad.detach(), which shares its version counter (an
            // as_strided_backward result is at version 2); a copy_ into a fresh tensor is at 1.
            copy.impl()->versionCounter()->version = stolen ? grad.version() : 1;
        }
        meta.grad = copy.implPtr();
    } else if (!GradMode::isEnabled()) {
        ops::addInplaceNoGrad(Tensor(meta.grad), grad);
    } else {
        meta.grad = ops::add(Tensor(meta.grad), grad).implPtr();
    }
    trace::ScopedUnmute unmute;
    if (trace::enabled()) {
        trace::publish(trace::GradAccumulated{m_variable->id(), Tensor(meta.grad).preview(), false,
                                              Tensor(meta.grad).storageAllocationId()});
        noteGradOwner(m_variable);
    }
    return {};
}

}  // namespace agv
