// Selective activation checkpointing (current PyTorch's create_selective_checkpoint_contexts;
// 1.13 has no output to compare with, so what it saves and recomputes is counted through the
// recording): the ops the policy sees, what the forward keeps, what the recompute restores
// and runs again, the gradients, and current PyTorch's errors.

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

#include "core/trace/graph_state.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

const char* const kPreamble = R"(import functools
import torch
from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts, CheckpointPolicy

x = torch.tensor([[1.0, 2.0], [-1.0, 0.5]], requires_grad=True)
y = torch.tensor([[0.5, -1.0], [1.5, 0.25]], requires_grad=True)


def fn(x, y):
    return torch.sigmoid(torch.matmul(torch.matmul(x, y), y)) * y


def save_mm(ctx, op, *args, **kwargs):
    print("policy", op, ctx.is_recompute, tuple(ctx.op_output.shape))
    if op == torch.ops.aten.mm.default:
        return CheckpointPolicy.MUST_SAVE
    return CheckpointPolicy.PREFER_RECOMPUTE


)";

testing::ScriptRun runWithPreamble(const char* body)
{
    return testing::runScriptProcess(QString::fromLatin1(kPreamble) + QString::fromLatin1(body),
                                     QStringLiteral("sac.py"));
}

std::vector<const SelectiveCheckpointOp*> sacOps(const Recording& r)
{
    std::vector<const SelectiveCheckpointOp*> out;
    for (const Event& e : r.events())
        if (const auto* p = std::get_if<SelectiveCheckpointOp>(&e.payload))
            out.push_back(p);
    return out;
}

std::vector<std::string> opsWith(const Recording& r, SacAction action)
{
    std::vector<std::string> out;
    for (const SelectiveCheckpointOp* p : sacOps(r))
        if (p->action == action)
            out.push_back(p->op);
    return out;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    size_t start = 0;
    while (start < text.size()) {
        const size_t end = text.find('\n', start);
        out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return out;
}

std::string lastLine(const std::string& text)
{
    const auto all = lines(text);
    for (auto it = all.rbegin(); it != all.rend(); ++it)
        if (!it->empty())
            return *it;
    return {};
}

}  // namespace

class TestSelectiveCheckpoint : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void policySeesEachAtenOpOnceAtForward()
    {
        const auto run = runWithPreamble(R"(out = checkpoint(fn, x, y, use_reentrant=False,
                 context_fn=functools.partial(create_selective_checkpoint_contexts, save_mm))
print("forward done")
out.sum().backward()
print("backward done")
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        // matmul of two matrices dispatches aten.mm; the policy runs at forward only.
        QCOMPARE(lines(run.stdoutText), (std::vector<std::string>{
                                            "policy aten.mm.default False (2, 2)",
                                            "policy aten.mm.default False (2, 2)",
                                            "policy aten.sigmoid.default False (2, 2)",
                                            "policy aten.mul.Tensor False (2, 2)",
                                            "forward done",
                                            "backward done",
                                        }));
    }

    void forwardKeepsTheSavedOpsAndTheRecomputeRestoresThem()
    {
        const auto run = runWithPreamble(R"(out = checkpoint(fn, x, y, use_reentrant=False,
                 context_fn=functools.partial(create_selective_checkpoint_contexts, [torch.ops.aten.mm.default]))
out.sum().backward()
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const Recording& r = run.recording;
        const std::vector<std::string> mm{"aten.mm.default", "aten.mm.default"};
        const std::vector<std::string> pointwise{"aten.sigmoid.default", "aten.mul.Tensor"};
        QCOMPARE(opsWith(r, SacAction::Cached), mm);
        QCOMPARE(opsWith(r, SacAction::LeftToRecompute), pointwise);
        QCOMPARE(opsWith(r, SacAction::Restored), mm);
        QCOMPARE(opsWith(r, SacAction::Recomputed), pointwise);
        for (const SelectiveCheckpointOp* p : sacOps(r)) {
            const bool isMm = p->op == "aten.mm.default";
            QCOMPARE(p->policy, isMm ? SacPolicy::MustSave : SacPolicy::PreferRecompute);
            QVERIFY(p->node != 0);
            QCOMPARE(p->tensors.size(), size_t(1));
            QCOMPARE(p->bytes, uint64_t(2 * 2 * 4));
        }

        // Decisions land on the nodes: forward nodes carry the policy, recompute nodes
        // say whether they were restored or ran again.
        const GraphState state = stateAt(r, r.events().size());
        int restoredInRecompute = 0, recomputedInRecompute = 0, cachedInForward = 0;
        for (const auto& [id, n] : state.nodes) {
            if (!n.underSac)
                continue;
            if (n.phase == NodePhase::Recompute) {
                restoredInRecompute += n.sacAction == SacAction::Restored;
                recomputedInRecompute += n.sacAction == SacAction::Recomputed;
            } else {
                cachedInForward += n.sacAction == SacAction::Cached;
            }
        }
        QCOMPARE(cachedInForward, 2);
        QCOMPARE(restoredInRecompute, 2);
        QCOMPARE(recomputedInRecompute, 2);
    }

    void gradientsEqualTheUncheckpointedOnes()
    {
        const auto run = runWithPreamble(R"(policy = functools.partial(create_selective_checkpoint_contexts, save_mm)
checkpoint(fn, x, y, use_reentrant=False, context_fn=policy).sum().backward()
gx, gy = x.grad.clone(), y.grad.clone()
x.grad = None
y.grad = None
fn(x, y).sum().backward()
print("same", torch.equal(gx, x.grad), torch.equal(gy, y.grad))
print("grad_fn", checkpoint(fn, x, y, use_reentrant=False, context_fn=policy).grad_fn.name())
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const auto out = lines(run.stdoutText);
        QVERIFY(std::find(out.begin(), out.end(), "same True True") != out.end());
        QVERIFY(std::find(out.begin(), out.end(), "grad_fn MulBackward0") != out.end());
    }

    void secondBackwardThroughTheRegionIsRefused()
    {
        const auto run = runWithPreamble(R"(out = checkpoint(fn, x, y, use_reentrant=False,
                 context_fn=functools.partial(create_selective_checkpoint_contexts, [torch.ops.aten.mm.default]))
out.sum().backward(retain_graph=True)
out.sum().backward()
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QVERIFY(run.exitCode != 0);
        QCOMPARE(lastLine(run.stderrText),
                 std::string("RuntimeError: Trying to backward an extra time. You are only allowed to backward once "
                             "on any region computed under selective activation checkpoint."));
    }

    void recomputingOnlyPolicyAllowsASecondBackward()
    {
        const auto run = runWithPreamble(R"(never = functools.partial(create_selective_checkpoint_contexts, lambda ctx, op, *a, **k: False)
out = checkpoint(fn, x, y, use_reentrant=False, context_fn=never)
out.sum().backward(retain_graph=True)
first = x.grad.clone()
out.sum().backward()
print("doubled", torch.equal(x.grad, first * 2))
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lastLine(run.stdoutText), std::string("doubled True"));
        // Current PyTorch recomputes once per backward call.
        int recomputes = 0;
        for (const Event& e : run.recording.events())
            recomputes += std::holds_alternative<RecomputeBegin>(e.payload);
        QCOMPARE(recomputes, 2);
    }

    void mutatedCachedTensorIsAnError()
    {
        const auto run = runWithPreamble(R"(def mutates(x, y):
    a = torch.mm(x, y)
    a.mul_(2)
    return a.sin()


out = checkpoint(mutates, x, y, use_reentrant=False,
                 context_fn=functools.partial(create_selective_checkpoint_contexts, [torch.ops.aten.mm.default]))
out.sum().backward()
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QVERIFY(run.exitCode != 0);
        QCOMPARE(lastLine(run.stderrText),
                 std::string("RuntimeError: Tensor cached during selective activation checkpoint has been mutated"));
    }

    void mutationIsAllowedWhenAsked()
    {
        const auto run = runWithPreamble(R"(def mutates(x, y):
    a = torch.mm(x, y)
    a.mul_(2)
    return a.sin()


contexts = functools.partial(create_selective_checkpoint_contexts, [torch.ops.aten.mm.default],
                             allow_cache_entry_mutation=True)
checkpoint(mutates, x, y, use_reentrant=False, context_fn=contexts).sum().backward()
print("ok")
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lastLine(run.stdoutText), std::string("ok"));
    }

    void inPlaceOpsAreOfferedToThePolicy()
    {
        const auto run = runWithPreamble(R"(def inplace(x, y):
    a = torch.mm(x, y)
    a.relu_()
    a.add_(1.0)
    return a.sin()


def save_sin(ctx, op, *args, **kwargs):
    print("policy", op, ctx.is_recompute, tuple(ctx.op_output.shape))
    return CheckpointPolicy.MUST_SAVE if op == torch.ops.aten.sin.default else CheckpointPolicy.PREFER_RECOMPUTE


out = checkpoint(inplace, x, y, use_reentrant=False,
                 context_fn=functools.partial(create_selective_checkpoint_contexts, save_sin))
out.sum().backward()
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        // PyTorch's mode sees x.relu_() as aten.relu_.default, after it wrote.
        QCOMPARE(lines(run.stdoutText), (std::vector<std::string>{
                                            "policy aten.mm.default False (2, 2)",
                                            "policy aten.relu_.default False (2, 2)",
                                            "policy aten.add_.Tensor False (2, 2)",
                                            "policy aten.sin.default False (2, 2)",
                                        }));
        const std::vector<std::string> recomputed{"aten.mm.default", "aten.relu_.default", "aten.add_.Tensor"};
        QCOMPARE(opsWith(run.recording, SacAction::Recomputed), recomputed);
        QCOMPARE(opsWith(run.recording, SacAction::Restored), std::vector<std::string>{"aten.sin.default"});
    }

    void aKeptInPlaceResultCountsAsMutatedByItsOwnOp()
    {
        // The mode caches below ADInplaceOrView, so the kept tensor's version is the one
        // before mul_ bumped it: the recompute finds it mutated.
        const auto run = runWithPreamble(R"(def doubles(x, y):
    a = torch.mm(x, y)
    a.mul_(2)
    return a.sin()


out = checkpoint(doubles, x, y, use_reentrant=False,
                 context_fn=functools.partial(create_selective_checkpoint_contexts, [torch.ops.aten.mul_.Tensor]))
out.sum().backward()
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QVERIFY(run.exitCode != 0);
        QCOMPARE(lastLine(run.stderrText),
                 std::string("RuntimeError: Tensor cached during selective activation checkpoint has been mutated"));
        QCOMPARE(opsWith(run.recording, SacAction::Cached), std::vector<std::string>{"aten.mul_.Tensor"});
    }

    void aRestoredInPlaceOpDoesNotWriteAtRecompute()
    {
        // The restored mul_ does not run, so the recompute's sin saves mm's undoubled
        // result, and x.grad is (cos(x @ y) * 2) @ y.T, not (cos(2 x @ y) * 2) @ y.T.
        const auto run = runWithPreamble(R"(def doubles(x, y):
    a = torch.mm(x, y)
    a.mul_(2)
    return a.sin()


contexts = functools.partial(create_selective_checkpoint_contexts, [torch.ops.aten.mul_.Tensor],
                             allow_cache_entry_mutation=True)
out = checkpoint(doubles, x, y, use_reentrant=False, context_fn=contexts)
print("forward", torch.equal(out, torch.sin(2 * torch.mm(x, y))))
out.sum().backward()
with torch.no_grad():
    undoubled = (torch.cos(torch.mm(x, y)) * 2).mm(y.t())
    doubled = (torch.cos(2 * torch.mm(x, y)) * 2).mm(y.t())
print("grad from the undoubled recompute", torch.allclose(x.grad, undoubled))
print("grad from a doubled recompute", torch.allclose(x.grad, doubled))
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText), (std::vector<std::string>{
                                            "forward True",
                                            "grad from the undoubled recompute True",
                                            "grad from a doubled recompute False",
                                        }));
        QCOMPARE(opsWith(run.recording, SacAction::Restored), std::vector<std::string>{"aten.mul_.Tensor"});
    }

    void comparisonsAndTheScriptsNumbersReachThePolicy()
    {
        // `x > 0` records no node but is aten.gt.Scalar to a dispatch mode, and the numbers
        // the script wrote arrive as numbers, not as the tensors they were wrapped in.
        const auto run = runWithPreamble(R"(def masks(x, y):
    m = x > 0
    return (x * 2).masked_fill(m.logical_not(), 0.0) + y


def show(ctx, op, *args, **kwargs):
    numbers = [a for a in args if not isinstance(a, torch.Tensor)]
    print("policy", op, len(args) - len(numbers), numbers)
    return CheckpointPolicy.MUST_SAVE if op == torch.ops.aten.gt.Scalar else CheckpointPolicy.PREFER_RECOMPUTE


out = checkpoint(masks, x, y, use_reentrant=False, context_fn=functools.partial(create_selective_checkpoint_contexts, show))
out.sum().backward()
print(x.grad)
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const std::vector<std::string> out = lines(run.stdoutText);
        QVERIFY(out.size() >= 5);
        QCOMPARE(out[0], std::string("policy aten.gt.Scalar 1 [0]"));
        QCOMPARE(out[1], std::string("policy aten.mul.Tensor 1 [2]"));
        QCOMPARE(out[2], std::string("policy aten.logical_not.default 1 []"));
        QCOMPARE(out[3].rfind("policy aten.masked_fill.Scalar", 0), size_t(0));
        QCOMPARE(out[4], std::string("policy aten.add.Tensor 2 []"));
        QCOMPARE(opsWith(run.recording, SacAction::Cached), std::vector<std::string>{"aten.gt.Scalar"});
        QCOMPARE(opsWith(run.recording, SacAction::Restored), std::vector<std::string>{"aten.gt.Scalar"});
        QCOMPARE(lastLine(run.stdoutText), std::string("        [0., 2.]])"));
    }

    void badArgumentsGetCurrentPyTorchsErrors()
    {
        const auto run = runWithPreamble(R"(for bad in ([torch.ops.aten.mm], 3):
    try:
        create_selective_checkpoint_contexts(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
try:
    checkpoint(fn, x, y, use_reentrant=True, context_fn=functools.partial(create_selective_checkpoint_contexts, save_mm))
except ValueError as e:
    print("ValueError:", e)
print(repr(torch.ops.aten.mm.default), torch.ops.aten.add.Tensor.name())
try:
    torch.ops.aten.mm.foo
except AttributeError as e:
    print("AttributeError:", e)
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText),
                 (std::vector<std::string>{
                     "ValueError: Expected op in `op_list` to be an OpOverload but got: aten.mm of type <class "
                     "'torch._ops.OpOverloadPacket'>. Please update the OpOverloadPacket to a specific OpOverload.For "
                     "example, if you have `torch.ops.aten.mm`, change it to `torch.ops.aten.mm.default`.",
                     "TypeError: policy_fn_or_list must be either a function or a list of ops.",
                     "ValueError: Passing `context_fn` or `debug` is only supported when use_reentrant=False.",
                     "<OpOverload(op='aten.mm', overload='default')> aten::add.Tensor",
                     "AttributeError: The underlying op of 'aten.mm' has no overload name 'foo'",
                 }));
    }

    void theDemoKeepsMatmulsAndRecomputesTheRest()
    {
        const auto run = testing::runScriptFile(QStringLiteral(AGV_SOURCE_DIR "/resources/demos/20_selective_checkpoint.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const Recording& r = run.recording;
        QCOMPARE(opsWith(r, SacAction::Restored), (std::vector<std::string>{"aten.mm.default", "aten.mm.default"}));
        QCOMPARE(opsWith(r, SacAction::Recomputed),
                 (std::vector<std::string>{"aten.relu.default", "aten.sigmoid.default"}));
        // The gradients are those of the block run plainly.
        QFile demo(QStringLiteral(AGV_SOURCE_DIR "/resources/demos/20_selective_checkpoint.py"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        QString plain = QString::fromUtf8(demo.readAll());
        const QString call = QStringLiteral("y = checkpoint(block, x, use_reentrant=False, context_fn=context_fn)");
        QVERIFY(plain.contains(call));
        plain.replace(call, QStringLiteral("y = block(x)"));
        const auto plainRun = testing::runScriptProcess(plain, QStringLiteral("plain.py"));
        QVERIFY2(plainRun.failure.isEmpty(), qPrintable(plainRun.failure));
        const auto grads = lines(run.stdoutText), plainGrads = lines(plainRun.stdoutText);
        QVERIFY(grads.size() > 5 && plainGrads.size() >= 5);
        QCOMPARE(std::vector<std::string>(grads.end() - 5, grads.end()),
                 std::vector<std::string>(plainGrads.end() - 5, plainGrads.end()));
    }
};

QTEST_GUILESS_MAIN(TestSelectiveCheckpoint)
#include "tst_selective_checkpoint.moc"
