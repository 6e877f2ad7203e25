// Hooks and retain_grad are marked in the graph: registration is recorded (HookCalled
// with no node), the fold keeps each tensor's hooks and how often they ran, and the
// scene tags the leaf itself or, for a non-leaf, the node that produced it.

#include "tests/common/script_process.h"
#include "core/trace/graph_state.h"

#include <QtTest>

#include "ui/main_window.h"
#include "ui/playback/player.h"
#include "ui/scene/graph_items.h"
#include "ui/scene/graph_scene.h"

using namespace agv;
using namespace agv::ui;

namespace {
const char* const kScript = R"PY(import torch
w = torch.tensor(2.0, requires_grad=True)
y = w * 3
y.retain_grad()
h = w.register_hook(lambda g: g * 10)
z = y * y
z.backward()
print(w.grad, y.grad)
)PY";
}

class TestHookMarks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void foldKeepsHooksAndCalls()
    {
        testing::ScriptRun run = testing::runScriptProcess(QString::fromUtf8(kScript), QStringLiteral("hooks.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QString::fromStdString(run.stdoutText), QStringLiteral("tensor(360.) tensor(12.)\n"));
        const trace::GraphState end = trace::stateAt(run.recording, run.recording.size());
        const trace::TensorView* w = nullptr;
        const trace::TensorView* y = nullptr;
        for (const auto& [id, t] : end.tensors) {
            if (t.label == "w")
                w = &t;
            if (t.label == "y")
                y = &t;
        }
        QVERIFY(w && y);
        QCOMPARE(w->hooks, std::vector<std::string>{"tensor_hook"});
        QCOMPARE(y->hooks, std::vector<std::string>{"retain_grad"});
        QCOMPARE(w->hookCalls, 1);
        QCOMPARE(y->hookCalls, 1);
    }

    void sceneTagsLeafAndProducer()
    {
        testing::ScriptRun run = testing::runScriptProcess(QString::fromUtf8(kScript), QStringLiteral("hooks.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        auto recording = std::make_shared<trace::Recording>(std::move(run.recording));
        MainWindow window(nullptr);
        window.resize(1280, 800);
        window.loadRecording(recording, QString::fromUtf8(kScript), QStringLiteral("hooks.py"), 0);
        window.player()->goToEnd();
        QStringList tags;
        for (QGraphicsItem* item : window.scene()->items())
            if (auto* node = dynamic_cast<GraphNodeItem*>(item); node && !node->hookTag().isEmpty())
                tags << node->hookTag();
        tags.sort();
        QCOMPARE(tags, QStringList({QStringLiteral("hook"), QStringLiteral("retain_grad")}));
    }
};

QTEST_MAIN(TestHookMarks)
#include "tst_hook_marks.moc"
