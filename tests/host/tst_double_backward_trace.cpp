// The graph a backward builds (Note [The graph a backward builds] in engine.cpp): under
// create_graph=True the nodes the backward's formulas create are in the recording, wired
// as PyTorch wires them, so the window can show the gradient's graph that a second
// backward then walks; without create_graph, a backward adds no node; and a branch that
// autograd.grad does not need builds nothing (Note [Gradients toward nodes the task does
// not run]).

#include <QTest>

#include <map>

#include "core/trace/graph_state.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

QString script(bool createGraph)
{
    return QStringLiteral("import torch\n"
                          "x = torch.tensor(2.0, requires_grad=True)\n"
                          "y = x ** 3\n"
                          "g, = torch.autograd.grad(y, x, create_graph=%1)\n"
                          "print(g)\n")
               .arg(createGraph ? QStringLiteral("True") : QStringLiteral("False")) +
           (createGraph ? QStringLiteral("g.backward()\nprint(x.grad)\n") : QString());
}

const FinalNode* nodeById(const FinalGraph& graph, Id id)
{
    for (const FinalNode& n : graph.nodes)
        if (n.id == id)
            return &n;
    return nullptr;
}

const FinalTensor* tensorLabeled(const FinalGraph& graph, const std::string& label)
{
    for (const FinalTensor& t : graph.tensors)
        if (t.label == label)
            return &t;
    return nullptr;
}

/// The names along next_edges' first valid edge from `node` down to a leaf's AccumulateGrad.
QStringList chainFrom(const FinalGraph& graph, Id node)
{
    QStringList names;
    for (const FinalNode* n = nodeById(graph, node); n && names.size() < 10;) {
        names << QString::fromStdString(n->name);
        const FinalNode* next = nullptr;
        for (const EdgeRef& e : n->nextEdges)
            if (e.node != 0 && (next = nodeById(graph, e.node)))
                break;
        n = next;
    }
    return names;
}

}  // namespace

class TestDoubleBackwardTrace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void createGraphRecordsTheGradientsGraph()
    {
        const testing::ScriptRun run = testing::runScriptProcess(script(true), QStringLiteral("dd.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const FinalGraph graph = finalGraph(run.recording);
        const FinalTensor* g = tensorLabeled(graph, "g");
        QVERIFY(g);
        QVERIFY(g->gradFn != 0);
        // PyTorch: g.grad_fn is MulBackward0 (grad * (3 * x ** 2)), then MulBackward1 (* 3),
        // PowBackward0 (x ** 2) and x's AccumulateGrad.
        QCOMPARE(chainFrom(graph, g->gradFn), (QStringList{QStringLiteral("MulBackward0"),
                                                           QStringLiteral("MulBackward1"),
                                                           QStringLiteral("PowBackward0"),
                                                           QStringLiteral("AccumulateGrad")}));
        // g.backward() runs that graph: each of its nodes is executed once.
        std::map<Id, int> executed;
        for (const Event& e : run.recording.events())
            if (const auto* x = std::get_if<NodeExecuted>(&e.payload))
                ++executed[x->node];
        const FinalNode* mul = nodeById(graph, g->gradFn);
        QVERIFY(mul);
        QCOMPARE(executed[mul->id], 1);
    }

    void branchNobodyAskedForBuildsNothing()
    {
        // Only a's gradient is asked for: 1.13's MmBackward0 computes grad @ w.T (one
        // MmBackward0 in the gradient's graph) and never a.T @ grad, the weight's gradient.
        const QString source = QStringLiteral("import torch\n"
                                              "a = torch.ones(2, 3, requires_grad=True)\n"
                                              "w = torch.ones(3, 4, requires_grad=True)\n"
                                              "out = (a @ w).sum()\n"
                                              "g, = torch.autograd.grad(out, a, create_graph=True)\n"
                                              "print(g.grad_fn)\n");
        const testing::ScriptRun run = testing::runScriptProcess(source, QStringLiteral("branch.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const FinalGraph graph = finalGraph(run.recording);
        int mms = 0, transposes = 0;
        for (const FinalNode& n : graph.nodes) {
            mms += n.name == "MmBackward0";
            transposes += n.name == "TBackward0";
        }
        // The forward's MmBackward0 and the one grad @ w.T made; w.T's TBackward0 only.
        QCOMPARE(mms, 2);
        QCOMPARE(transposes, 1);
    }

    void plainBackwardAddsNoNode()
    {
        const testing::ScriptRun run = testing::runScriptProcess(script(false), QStringLiteral("d.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        const FinalGraph graph = finalGraph(run.recording);
        QStringList names;
        for (const FinalNode& n : graph.nodes)
            names << QString::fromStdString(n.name);
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("AccumulateGrad"), QStringLiteral("PowBackward0")}));
    }
};

QTEST_GUILESS_MAIN(TestDoubleBackwardTrace)
#include "tst_double_backward_trace.moc"
