#pragma once
// Hand-built Recordings for tests and UI development, standing in for the engine and
// the interpreter. Values match what real PyTorch computes for the same scripts.

#include <cstdint>
#include <string>
#include <vector>

#include "core/trace/recording.h"

namespace agv::testing {

using namespace agv::trace;

/// A script and the events running it would produce.
struct SyntheticRun {
    std::string fileName;
    std::string source;
    Recording recording;
};

/// Small helper that emits plausible events with consistent ids.
class RecordingBuilder {
public:
    explicit RecordingBuilder(Recording& r) : m_r(r) {}

    void line(int l)
    {
        m_line = l;
        m_r.record(LineReached{l}, l);
    }

    Id tensor(const std::string& label, std::vector<int64_t> shape, bool requiresGrad, Id gradFn,
              const std::string& preview)
    {
        const Id id = m_nextTensor++;
        int64_t n = 1;
        for (int64_t d : shape)
            n *= d;
        TensorCreated t;
        t.tensor = id;
        t.label = label;
        t.shape = std::move(shape);
        t.dtype = "torch.float32";
        t.device = m_device;
        t.bytes = static_cast<uint64_t>(n) * 4;
        t.requiresGrad = requiresGrad;
        t.isLeaf = gradFn == 0;
        t.gradFn = gradFn;
        t.versionCounter = id;
        t.preview = preview;
        m_r.record(t, m_line);
        m_current += t.bytes;
        m_peak = std::max(m_peak, m_current);
        m_r.record(MemoryChanged{m_device, id, static_cast<int64_t>(t.bytes), m_current, m_peak, id}, m_line);
        return id;
    }

    Id node(const std::string& name, std::vector<EdgeRef> next, Id variable = 0, StackTrace trace = {})
    {
        const Id id = m_nextNode++;
        NodeCreated n;
        n.node = id;
        n.name = name;
        n.nextEdges = std::move(next);
        n.variable = variable;
        n.forwardTrace = std::move(trace);
        m_r.record(n, m_line);
        return id;
    }

    Id save(Id node, const std::string& slot, Id tensor, uint32_t version, uint64_t bytes, bool isOutput = false)
    {
        const Id id = m_nextSaved++;
        TensorSaved s;
        s.saved = id;
        s.node = node;
        s.slot = slot;
        s.tensor = tensor;
        s.versionCounter = tensor;
        s.savedVersion = version;
        s.isOutput = isOutput;
        s.bytes = bytes;
        m_r.record(s, m_line);
        return id;
    }

    template <class P> void add(P payload) { m_r.record(std::move(payload), m_line); }

private:
    Recording& m_r;
    int m_line = 0;
    Id m_nextTensor = 1;
    Id m_nextNode = 100;
    Id m_nextSaved = 200;
    std::string m_device = "cpu";
    uint64_t m_current = 0;
    uint64_t m_peak = 0;
};

inline StackTrace frameAt(const std::string& file, int line, const std::string& text)
{
    return {StackFrame{file, line, "<module>", text}};
}

/// The classic example (optionally with `l1 += 1` making MulBackward0's saved `self` stale).
inline SyntheticRun classicRun(bool versionMismatch = false)
{
    SyntheticRun run;
    run.fileName = versionMismatch ? "inplace_error.py" : "classic.py";
    std::vector<std::string> lines = {
        "# Title: The classic graph",
        "# Watch: each op adds a grad_fn node and saves the tensors its backward needs.",
        "import torch",
        "",
        "torch.autograd.set_detect_anomaly(True)",
        "input = torch.ones(2, 2)",
        "w1 = torch.tensor(2.0, requires_grad=True)",
        "w2 = torch.tensor(3.0, requires_grad=True)",
        "w3 = torch.tensor(4.0, requires_grad=True)",
        "l1 = input * w1",
        "l2 = l1 + w2",
        "l3 = l1 * w3",
    };
    if (versionMismatch)
        lines.push_back("l1 += 1  # in place: MulBackward0 saved l1 at version 0");
    lines.insert(lines.end(), {"l4 = l2 * l3", "loss = l4.mean()", "loss.backward()",
                               "print(w1.grad, w2.grad, w3.grad)"});
    for (const std::string& l : lines)
        run.source += l + "\n";
    auto lineOf = [&](const std::string& prefix) {
        for (size_t i = 0; i < lines.size(); ++i)
            if (lines[i].rfind(prefix, 0) == 0)
                return static_cast<int>(i + 1);
        return 0;
    };
    auto trace = [&](const std::string& prefix) {
        const int l = lineOf(prefix);
        return frameAt(run.fileName, l, lines[l - 1]);
    };

    const std::string m2 = "tensor([[2., 2.],\n        [2., 2.]])";
    RecordingBuilder b(run.recording);
    b.line(lineOf("import"));
    b.line(lineOf("torch.autograd"));
    b.line(lineOf("input"));
    const Id input = b.tensor("input", {2, 2}, false, 0, "tensor([[1., 1.],\n        [1., 1.]])");
    b.line(lineOf("w1"));
    const Id w1 = b.tensor("w1", {}, true, 0, "tensor(2., requires_grad=True)");
    b.line(lineOf("w2"));
    const Id w2 = b.tensor("w2", {}, true, 0, "tensor(3., requires_grad=True)");
    b.line(lineOf("w3"));
    const Id w3 = b.tensor("w3", {}, true, 0, "tensor(4., requires_grad=True)");

    b.line(lineOf("l1 ="));
    const Id acc1 = b.node("AccumulateGrad", {}, w1);
    const Id mul1 = b.node("MulBackward0", {{0, 0}, {acc1, 0}}, 0, trace("l1 ="));
    b.save(mul1, "self", input, 0, 16);
    const Id l1 = b.tensor("l1", {2, 2}, true, mul1, "tensor([[2., 2.],\n        [2., 2.]], grad_fn=<MulBackward0>)");

    b.line(lineOf("l2 ="));
    const Id acc2 = b.node("AccumulateGrad", {}, w2);
    const Id add = b.node("AddBackward0", {{mul1, 0}, {acc2, 0}}, 0, trace("l2 ="));
    const Id l2 = b.tensor("l2", {2, 2}, true, add, "tensor([[5., 5.],\n        [5., 5.]], grad_fn=<AddBackward0>)");

    b.line(lineOf("l3 ="));
    const Id acc3 = b.node("AccumulateGrad", {}, w3);
    const Id mul2 = b.node("MulBackward0", {{mul1, 0}, {acc3, 0}}, 0, trace("l3 ="));
    b.save(mul2, "self", l1, 0, 16);
    b.save(mul2, "other", w3, 0, 4);
    const Id l3 = b.tensor("l3", {2, 2}, true, mul2, "tensor([[8., 8.],\n        [8., 8.]], grad_fn=<MulBackward0>)");

    Id inplaceAdd = 0;
    if (versionMismatch) {
        b.line(lineOf("l1 +="));
        b.add(VersionBumped{l1, l1, 0, 1, "add_"});
        inplaceAdd = b.node("AddBackward0", {{mul1, 0}}, 0, trace("l1 +="));
        b.add(GradFnChanged{l1, inplaceAdd, 0, true, "tensor([[3., 3.],\n        [3., 3.]], grad_fn=<AddBackward0>)"});
    }

    b.line(lineOf("l4 ="));
    const Id mul3 = b.node("MulBackward0", {{add, 0}, {mul2, 0}}, 0, trace("l4 ="));
    b.save(mul3, "self", l2, 0, 16);
    b.save(mul3, "other", l3, 0, 16);
    const std::string l4Preview = versionMismatch ? "tensor([[40., 40.],\n        [40., 40.]], grad_fn=<MulBackward0>)"
                                                  : "tensor([[40., 40.],\n        [40., 40.]], grad_fn=<MulBackward0>)";
    b.tensor("l4", {2, 2}, true, mul3, l4Preview);

    b.line(lineOf("loss ="));
    const Id mean = b.node("MeanBackward0", {{mul3, 0}}, 0, trace("loss ="));
    b.tensor("loss", {}, true, mean, "tensor(40., grad_fn=<MeanBackward0>)");

    b.line(lineOf("loss.backward"));
    b.add(BackwardBegin{{mean}, false, false});
    const std::string q = "tensor([[0.2500, 0.2500],\n        [0.2500, 0.2500]])";
    b.add(NodeExecuted{mean, {"tensor(1.)"}, {q}});
    b.add(SavedReleased{mean});
    b.add(NodeExecuted{mul3, {q}, {m2, "tensor([[1.2500, 1.2500],\n        [1.2500, 1.2500]])"}});
    b.add(SavedReleased{mul3});
    if (versionMismatch) {
        ErrorRaised err;
        err.exceptionType = "RuntimeError";
        err.message =
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.FloatTensor [2, 2]], which is output 0 of AddBackward0, is at version 1; expected version 0 "
            "instead. Hint: the backtrace further above also shows the operation that failed to compute its "
            "gradient. The variable in question was changed in there or anywhere later. Good luck!";
        err.kind = ErrorKind::VersionMismatch;
        err.failingNode = mul2;
        err.staleTensor = l1;
        err.forwardTrace = trace("l3 =");
        err.traceback = frameAt(run.fileName, lineOf("loss.backward"), "loss.backward()");
        b.add(Output{OutputStream::Stderr,
                      "UserWarning: Error detected in MulBackward0. Traceback of forward call that caused the error:\n"
                      "  File \"" + run.fileName + "\", line " + std::to_string(lineOf("l3 =")) +
                          ", in <module>\n    l3 = l1 * w3\n"});
        b.add(err);
        b.add(Output{OutputStream::Stderr, "Traceback (most recent call last):\n  File \"" + run.fileName +
                                                "\", line " + std::to_string(lineOf("loss.backward")) +
                                                ", in <module>\n    loss.backward()\nRuntimeError: " + err.message + "\n"});
        return run;
    }
    b.add(NodeExecuted{mul2, {"tensor([[1.2500, 1.2500],\n        [1.2500, 1.2500]])"},
                        {"tensor([[5., 5.],\n        [5., 5.]])", "tensor(10.)"}});
    b.add(SavedReleased{mul2});
    b.add(NodeExecuted{acc3, {"tensor(10.)"}, {}});
    b.add(GradAccumulated{w3, "tensor(10.)"});
    b.add(NodeExecuted{add, {m2}, {m2, "tensor(8.)"}});
    b.add(SavedReleased{add});
    b.add(NodeExecuted{acc2, {"tensor(8.)"}, {}});
    b.add(GradAccumulated{w2, "tensor(8.)"});
    b.add(NodeExecuted{mul1, {"tensor([[7., 7.],\n        [7., 7.]])"}, {"", "tensor(28.)"}});
    b.add(SavedReleased{mul1});
    b.add(NodeExecuted{acc1, {"tensor(28.)"}, {}});
    b.add(GradAccumulated{w1, "tensor(28.)"});
    b.add(BackwardEnd{true});
    b.line(lineOf("print"));
    b.add(Output{OutputStream::Stdout, "tensor(28.) tensor(8.) tensor(10.)\n"});
    (void)inplaceAdd;
    return run;
}

/// Deterministic pseudo-random generator (tests must not depend on the platform's rand).
class Lcg {
public:
    explicit Lcg(uint64_t seed) : m_state(seed * 6364136223846793005ULL + 1442695040888963407ULL) {}
    uint64_t next()
    {
        m_state = m_state * 6364136223846793005ULL + 1442695040888963407ULL;
        return m_state >> 33;
    }
    uint64_t below(uint64_t n) { return n == 0 ? 0 : next() % n; }

private:
    uint64_t m_state;
};

/// A long, random-ish but well-formed recording using every event type: tensors, nodes
/// wired to earlier nodes, saves, in-place bumps, modules, backward passes, output.
inline Recording randomRecording(size_t eventCount, uint64_t seed = 1)
{
    Recording r;
    Lcg rng(seed);
    std::vector<Id> tensors, nodes, saved;
    Id nextId = 1;
    std::vector<Id> moduleStack;
    int line = 1;
    uint64_t mem = 0, peak = 0;
    while (r.size() < eventCount) {
        const uint64_t pick = rng.below(100);
        if (pick < 8) {
            line = 1 + static_cast<int>(rng.below(200));
            r.record(LineReached{line}, line);
        } else if (pick < 30) {
            TensorCreated t;
            t.tensor = nextId++;
            t.label = "t" + std::to_string(t.tensor);
            t.shape = {static_cast<int64_t>(1 + rng.below(8)), 4};
            t.dtype = "torch.float32";
            t.device = rng.below(4) == 0 ? "cuda:0" : "cpu";
            t.bytes = static_cast<uint64_t>(t.shape[0]) * 16;
            t.requiresGrad = rng.below(2) == 0;
            t.isLeaf = nodes.empty() || rng.below(3) == 0;
            t.gradFn = t.isLeaf ? 0 : nodes[rng.below(nodes.size())];
            t.versionCounter = tensors.empty() || rng.below(5) ? t.tensor : tensors[rng.below(tensors.size())];
            t.preview = "tensor(" + std::to_string(rng.below(1000)) + ")";
            t.allocation = t.tensor % 5 == 0 ? 0 : t.tensor;  // no draw: later events stay as they were
            tensors.push_back(t.tensor);
            r.record(t, line);
        } else if (pick < 48) {
            NodeCreated n;
            n.node = nextId++;
            n.name = rng.below(3) == 0 ? "AddBackward0" : "MulBackward0";
            for (int i = 0; i < 2; ++i)
                n.nextEdges.push_back({nodes.empty() || rng.below(4) == 0 ? 0 : nodes[rng.below(nodes.size())], 0});
            n.phase = rng.below(10) == 0 ? NodePhase::Recompute : NodePhase::Forward;
            nodes.push_back(n.node);
            r.record(n, line);
        } else if (pick < 60 && !nodes.empty() && !tensors.empty()) {
            TensorSaved s;
            s.saved = nextId++;
            s.node = nodes[rng.below(nodes.size())];
            s.slot = rng.below(2) ? "self" : "other";
            s.tensor = tensors[rng.below(tensors.size())];
            s.savedVersion = static_cast<uint32_t>(rng.below(3));
            s.bytes = 64;
            saved.push_back(s.saved);
            r.record(s, line);
        } else if (pick < 65 && !tensors.empty()) {
            const Id t = tensors[rng.below(tensors.size())];
            const uint32_t v = static_cast<uint32_t>(rng.below(5));
            r.record(VersionBumped{t, 0, v, v + 1, "add_"}, line);
        } else if (pick < 67 && !tensors.empty() && !nodes.empty()) {
            r.record(GradFnChanged{tensors[rng.below(tensors.size())], nodes[rng.below(nodes.size())], 0, true, "x"}, line);
        } else if (pick < 70 && !saved.empty()) {
            const Id s = saved[rng.below(saved.size())];
            if (rng.below(2))
                r.record(Packed{s, "save_on_cpu", "cuda:0", "cpu", 64}, line);
            else
                r.record(Unpacked{s, "save_on_cpu", "cpu", "cuda:0", 64}, line);
        } else if (pick < 72 && !nodes.empty()) {
            r.record(BackwardBegin{{nodes[rng.below(nodes.size())]}, rng.below(2) == 0, false}, line);
        } else if (pick < 80 && !nodes.empty()) {
            NodeExecuted e;
            e.node = nodes[rng.below(nodes.size())];
            e.gradInputs = {"g"};
            e.gradOutputs = {"a", rng.below(2) ? "" : "b"};
            r.record(e, line);
        } else if (pick < 82 && !tensors.empty()) {
            r.record(GradAccumulated{tensors[rng.below(tensors.size())], "grad" + std::to_string(rng.below(100))}, line);
        } else if (pick < 84 && !nodes.empty()) {
            r.record(SavedReleased{nodes[rng.below(nodes.size())]}, line);
        } else if (pick < 85) {
            r.record(BackwardEnd{true}, line);
        } else if (pick < 86) {
            if (rng.below(2))
                r.record(RecomputeBegin{rng.below(4) + 1}, line);
            else {
                CheckpointBegin begin{rng.below(4) + 1, rng.below(2) == 0, rng.below(2) == 0};
                // From the segment, not a fresh draw: the rest of the recording stays as it was.
                static const char* const kOuterHooks[] = {"", "save_on_cpu", "saved_tensors_hooks"};
                begin.outerHooks = kOuterHooks[begin.segment % 3];
                r.record(begin, line);
            }
        } else if (pick < 87) {
            const uint64_t which = rng.below(3);
            if (which == 0) {
                r.record(RecomputeEnd{1}, line);
            } else if (which == 1) {
                r.record(CheckpointEnd{1}, line);
            } else {
                SelectiveCheckpointOp op;
                op.node = nodes.empty() ? 0 : nodes[rng.below(nodes.size())];
                op.op = rng.below(2) ? "aten.mm.default" : "aten.relu.default";
                op.policy = static_cast<SacPolicy>(rng.below(4));
                op.action = static_cast<SacAction>(rng.below(4));
                if (!tensors.empty())
                    op.tensors.push_back(tensors[rng.below(tensors.size())]);
                op.bytes = 64 * rng.below(4);
                r.record(op, line);
            }
        } else if (pick < 92) {
            const int64_t delta = rng.below(3) == 0 && mem >= 64 ? -64 : 64;
            mem = static_cast<uint64_t>(static_cast<int64_t>(mem) + delta);
            peak = std::max(peak, mem);
            const Id owner = tensors.empty() ? 0 : tensors[rng.below(tensors.size())];
            const bool gpu = rng.below(3) == 0;
            const Id allocation = nextId++;
            r.record(MemoryChanged{gpu ? "cuda:0" : "cpu", allocation, delta, mem, peak, owner, gpu ? "simulated" : "",
                                   static_cast<MemoryRole>(allocation % 3)},
                     line);
            // `.data = ...` of a tensor, now and then (no draw: later events stay as they were).
            if (gpu && delta > 0 && owner != 0 && allocation % 4 == 0)
                r.record(TensorDataSet{owner, {2, 4}, "torch.float32", "cuda:0", 32, allocation, "tensor(1)"}, line);
            // A host<->GPU copy into it, now and then (no draw either).
            if (gpu && delta > 0 && allocation % 4 == 1)
                r.record(DeviceCopied{allocation % 8 == 1 ? "cpu" : "cuda:0", allocation % 8 == 1 ? "cuda:0" : "cpu",
                                      64, 12'560, 25'000'000'000, allocation - 1, allocation},
                         line);
        } else if (pick < 94) {
            const Id m = nextId++;
            moduleStack.push_back(m);
            r.record(ModuleEnter{m, "net." + std::to_string(m), "Linear"}, line);
        } else if (pick < 96 && !moduleStack.empty()) {
            r.record(ModuleExit{moduleStack.back()}, line);
            moduleStack.pop_back();
        } else if (pick < 99) {
            r.record(Output{OutputStream::Stdout, "out " + std::to_string(rng.below(10)) + "\n"}, line);
        } else if (rng.below(50) == 0) {
            ErrorRaised e;
            e.exceptionType = "RuntimeError";
            e.message = "boom";
            e.kind = ErrorKind::BackwardTwice;
            e.failingNode = nodes.empty() ? 0 : nodes.back();
            r.record(e, line);
        }
    }
    return r;
}

/// `loops` times: `y = torch.ones(3, requires_grad=True)`, `for i in range(steps):
/// y = y * 1.0001 + 0.5`, then `y.sum().backward()`. Each loop records one chain of
/// 2 * steps nodes, what a long training loop or an unrolled RNN makes; backward runs
/// its first `executed` nodes (from SumBackward0 on; all of them by default).
inline Recording loopRecording(size_t steps, size_t loops = 1, size_t executed = SIZE_MAX)
{
    Recording r;
    RecordingBuilder b(r);
    for (size_t loop = 0; loop < loops; ++loop) {
        b.line(3);
        const Id y = b.tensor("y", {3}, true, 0, "tensor([1., 1., 1.], requires_grad=True)");
        std::vector<Id> chain{b.node("AccumulateGrad", {}, y)};
        b.line(5);
        for (size_t i = 0; i < steps; ++i) {
            const Id mul = b.node("MulBackward0", {{chain.back(), 0}});
            b.tensor("", {3}, true, mul, "tensor([1.0001, 1.0001, 1.0001])");
            chain.push_back(mul);
            const Id add = b.node("AddBackward0", {{mul, 0}});
            b.tensor("y", {3}, true, add, "tensor([1.5001, 1.5001, 1.5001])");
            chain.push_back(add);
        }
        b.line(6);
        chain.push_back(b.node("SumBackward0", {{chain.back(), 0}}));
        b.tensor("", {}, true, chain.back(), "tensor(4.5003)");
        b.add(BackwardBegin{{chain.back()}, false, false});
        for (size_t i = 0; i < chain.size() && i < executed; ++i)
            b.add(NodeExecuted{chain[chain.size() - 1 - i], {"tensor([1., 1., 1.])"}, {"tensor([1., 1., 1.])"}});
        b.add(BackwardEnd{true});
    }
    return r;
}

/// `layers` Linear-like steps without bias: `h = relu(h @ w_k)`, each with its own
/// parameter (w_k -> AccumulateGrad -> TBackward0 feeding only its MmBackward0).
inline Recording layerStackRecording(size_t layers)
{
    Recording r;
    RecordingBuilder b(r);
    b.line(1);
    Id h = 0;
    for (size_t k = 0; k < layers; ++k) {
        const Id w = b.tensor("w" + std::to_string(k), {4, 4}, true, 0, "w");
        const Id t = b.node("TBackward0", {{b.node("AccumulateGrad", {}, w), 0}});
        std::vector<EdgeRef> inputs{{t, 0}};
        if (h != 0)
            inputs.insert(inputs.begin(), EdgeRef{h, 0});
        const Id mm = b.node("MmBackward0", inputs);
        b.tensor("", {4}, true, mm, "mm");
        h = b.node("ReluBackward0", {{mm, 0}});
        b.tensor("h", {4}, true, h, "h");
    }
    const Id sum = b.node("SumBackward0", {{h, 0}});
    b.tensor("loss", {}, true, sum, "loss");
    b.add(BackwardBegin{{sum}, false, false});
    return r;
}

/// A training step of an MLP built of nn.Module calls: `model = nn.Sequential(block_0, ...)`,
/// each block a Sequential of `layers` (Linear, ReLU) pairs, then `loss_fn(model(x), y)`
/// and backward, which runs its first `executed` nodes (all by default). Each Linear
/// records 4 nodes (two AccumulateGrads, TBackward0, AddmmBackward0) and its two
/// parameters, each ReLU one node: blocks * layers * 5 nodes, + 1 for the MSE loss.
inline Recording mlpRecording(size_t blocks, size_t layers, size_t executed = SIZE_MAX)
{
    Recording r;
    RecordingBuilder b(r);
    std::vector<Id> nodes;
    auto node = [&](const std::string& name, std::vector<EdgeRef> next, Id variable = 0) {
        nodes.push_back(b.node(name, std::move(next), variable));
        return nodes.back();
    };
    Id nextModule = 1'000'000;
    b.line(12);
    const Id x = b.tensor("inputs", {64, 32}, false, 0, "inputs");
    const Id model = nextModule++;
    b.add(ModuleEnter{model, "model", "Sequential"});
    Id h = 0;
    for (size_t blk = 0; blk < blocks; ++blk) {
        const std::string blockName = "model." + std::to_string(blk);
        const Id block = nextModule++;
        b.add(ModuleEnter{block, blockName, "Sequential"});
        for (size_t k = 0; k < layers; ++k) {
            const std::string linearName = blockName + "." + std::to_string(2 * k);
            const Id linear = nextModule++;
            b.add(ModuleEnter{linear, linearName, "Linear"});
            const Id w = b.tensor(linearName + ".weight", {32, 32}, true, 0, "w");
            const Id bias = b.tensor(linearName + ".bias", {32}, true, 0, "b");
            const Id accumulateBias = node("AccumulateGrad", {}, bias);
            const Id t = node("TBackward0", {{node("AccumulateGrad", {}, w), 0}});
            std::vector<EdgeRef> inputs{{accumulateBias, 0}, {t, 0}};
            if (h != 0)
                inputs.insert(inputs.begin() + 1, EdgeRef{h, 0});
            const Id addmm = node("AddmmBackward0", inputs);
            if (h == 0)
                b.save(addmm, "mat1", x, 0, 64 * 32 * 4);
            b.tensor("", {64, 32}, true, addmm, "addmm");
            b.add(ModuleExit{linear});
            const Id relu = nextModule++;
            b.add(ModuleEnter{relu, blockName + "." + std::to_string(2 * k + 1), "ReLU"});
            h = node("ReluBackward0", {{addmm, 0}});
            b.tensor("", {64, 32}, true, h, "relu");
            b.add(ModuleExit{relu});
        }
        b.add(ModuleExit{block});
    }
    b.add(ModuleExit{model});
    b.line(13);
    const Id lossFn = nextModule++;
    b.add(ModuleEnter{lossFn, "loss_fn", "MSELoss"});
    const Id mse = node("MseLossBackward0", {{h, 0}});
    b.tensor("loss", {}, true, mse, "tensor(0.2500)");
    b.add(ModuleExit{lossFn});
    b.line(15);
    b.add(BackwardBegin{{mse}, false, false});
    // Creation order reversed is an order in which every node runs after its consumers.
    for (size_t i = 0; i < nodes.size() && i < executed; ++i)
        b.add(NodeExecuted{nodes[nodes.size() - 1 - i], {"tensor(...)"}, {"tensor(...)"}});
    b.add(BackwardEnd{true});
    return r;
}

/// A deep random DAG of `nodeCount` grad_fn nodes (plus leaves) for layout tests.
inline Recording wideGraphRecording(size_t nodeCount, uint64_t seed = 7)
{
    Recording r;
    RecordingBuilder b(r);
    Lcg rng(seed);
    b.line(1);
    std::vector<Id> nodes;
    for (size_t i = 0; i < nodeCount; ++i) {
        if (i % 10 == 0 || nodes.empty()) {
            const Id leaf = b.tensor("p" + std::to_string(i), {4}, true, 0, "p");
            nodes.push_back(b.node("AccumulateGrad", {}, leaf));
            continue;
        }
        // Prefer recent nodes: long chains with some skip connections, like real nets.
        const Id a = nodes[nodes.size() - 1 - rng.below(std::min<size_t>(nodes.size(), 6))];
        // Skip connections span a few layers, as in residual networks.
        const Id c = nodes[nodes.size() - 1 - rng.below(std::min<size_t>(nodes.size(), 40))];
        const Id n = b.node(rng.below(2) ? "MulBackward0" : "AddBackward0", {{a, 0}, {c, 0}});
        b.tensor("", {4}, true, n, "x");
        nodes.push_back(n);
    }
    return r;
}

}  // namespace agv::testing
