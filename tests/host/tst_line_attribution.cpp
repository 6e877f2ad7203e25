// Which script line each recorded event belongs to: the line highlight, the Error panel's
// links and the checkpoint flags all read it. What happens after one of the script's
// functions returns belongs to the line that called it, not to the function's last line.

#include <QTest>

#include <string>

#include "core/trace/graph_state.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

/// The line the first NodeCreated named `name` was recorded on (0: none).
int lineOfNode(const Recording& recording, const std::string& name)
{
    for (const Event& e : recording.events())
        if (const auto* node = std::get_if<NodeCreated>(&e.payload); node && node->name == name)
            return e.line;
    return 0;
}

}  // namespace

class TestLineAttribution : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void anOpAfterACallBelongsToTheCallersLine()
    {
        const auto run = testing::runScriptProcess(QStringLiteral("import torch\n"
                                                                  "def triple(x):\n"
                                                                  "    return x * 3\n"
                                                                  "x = torch.ones(2, requires_grad=True)\n"
                                                                  "y = triple(x) + 1\n"
                                                                  "z = y.exp()\n"),
                                                   QStringLiteral("lines.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lineOfNode(run.recording, "MulBackward0"), 3);
        QCOMPARE(lineOfNode(run.recording, "AddBackward0"), 5);
        QCOMPARE(lineOfNode(run.recording, "ExpBackward0"), 6);
    }

    void aFunctionCalledByLibraryCodeGivesBackTheLearnersOuterLine()
    {
        // map() calls double() from C; the addition after it is on line 5.
        const auto run = testing::runScriptProcess(QStringLiteral("import torch\n"
                                                                  "def double(t):\n"
                                                                  "    return t * 2\n"
                                                                  "x = torch.ones(2, requires_grad=True)\n"
                                                                  "y = sum(map(double, [x, x])) + 1\n"),
                                                   QStringLiteral("lines.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lineOfNode(run.recording, "MulBackward0"), 3);
        int addLine = 0;
        for (const Event& e : run.recording.events())
            if (const auto* node = std::get_if<NodeCreated>(&e.payload); node && node->name == "AddBackward0")
                addLine = e.line;  // the last one: `+ 1`
        QCOMPARE(addLine, 5);
    }

    void anErrorKeepsTheLineItHappenedOn()
    {
        const auto run = testing::runScriptProcess(QStringLiteral("import torch\n"
                                                                  "def bad(x):\n"
                                                                  "    return x @ x\n"
                                                                  "y = bad(torch.ones(2, 3))\n"),
                                                   QStringLiteral("lines.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 1);
        int errorLine = 0;
        for (const Event& e : run.recording.events())
            if (std::holds_alternative<ErrorRaised>(e.payload))
                errorLine = e.line;
        QCOMPARE(errorLine, 3);
    }
};

QTEST_GUILESS_MAIN(TestLineAttribution)
#include "tst_line_attribution.moc"
