// The main window with synthetic recordings: playback, clicking items, keyboard
// shortcuts, the error explainer, running through a (fake) ScriptRunner, export.

#include "core/trace/graph_state.h"
#include "tests/common/fake_runner.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

#include <QDir>

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include "core/trace/recompute_check.h"
#include "core/trace/trace_file.h"
#include "core/trace/trace_jsonl.h"
#include "ui/demo_catalog.h"
#include "ui/gui_app.h"
#include "ui/main_window.h"
#include "ui/panels/code_editor.h"
#include "ui/panels/error_panel.h"
#include "ui/panels/inspector_panel.h"
#include "ui/panels/memory_chart.h"
#include "ui/panels/start_page.h"
#include "ui/playback/player.h"
#include "ui/playback/scrubber.h"
#include "ui/playback/transport_bar.h"
#include "ui/scene/graph_scene.h"
#include "ui/scene/note_item.h"
#include "ui/scene/graph_items.h"
#include "ui/scene/graph_search_bar.h"
#include "ui/scene/graph_view.h"
#include "ui/theme.h"

using namespace agv;
using namespace agv::testing;
using namespace agv::ui;

namespace {

std::shared_ptr<trace::Recording> shared(const SyntheticRun& run) { return std::make_shared<trace::Recording>(run.recording); }

void load(MainWindow& w, bool error, size_t step = 0)
{
    const SyntheticRun run = classicRun(error);
    w.loadRecording(shared(run), QString::fromStdString(run.source), QString::fromStdString(run.fileName), step);
}

size_t stepAfterNth(const trace::Recording& r, auto pred, int nth)
{
    for (size_t i = 0; i < r.size(); ++i)
        if (pred(r[i]) && nth-- == 0)
            return i + 1;
    return r.size();
}

void clickItem(GraphView* view, QGraphicsItem* item, QPointF offset = {})
{
    view->centerOn(item);
    const QPoint p = view->mapFromScene(item->scenePos() + offset);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, p);
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void inspectorComparesARecomputedTensorWithItsForward()
    {
        // A non-reentrant segment with preserve_rng_state=False whose recompute drew another mask.
        trace::Recording r;
        r.record(trace::CheckpointBegin{1, false, false}, 10);
        trace::TensorCreated mask;
        mask.tensor = 1;
        mask.shape = {2};
        mask.dtype = "torch.float32";
        mask.device = "cpu";
        mask.preview = "tensor([2., 0.])";
        r.record(mask, 11);
        r.record(trace::CheckpointEnd{1}, 10);
        r.record(trace::RecomputeBegin{1}, 12);
        trace::TensorCreated redrawn = mask;
        redrawn.tensor = 2;
        redrawn.preview = "tensor([0., 2.])";
        r.record(redrawn, 11);
        r.record(trace::RecomputeEnd{1}, 12);

        InspectorPanel panel;
        panel.setRecomputeChecks(trace::compareRecomputes(r));
        panel.setSelection({Selection::Kind::Tensor, 2});
        panel.showState(trace::stateAt(r, r.size()));
        QVERIFY(panel.value(QStringLiteral("value at forward")).contains(QStringLiteral("tensor([2., 0.])")));
        QVERIFY(panel.value(QStringLiteral("recompute matches forward")).contains(QStringLiteral("preserve_rng_state=False")));
        // Before the recompute, the forward tensor has no counterpart to show.
        panel.setSelection({Selection::Kind::Tensor, 1});
        panel.showState(trace::stateAt(r, 3));
        QVERIFY(panel.value(QStringLiteral("value at recompute")).isEmpty());
        panel.showState(trace::stateAt(r, r.size()));
        QVERIFY(panel.value(QStringLiteral("value at recompute")).contains(QStringLiteral("tensor([0., 2.])")));
    }

    void aCutCheckpointIsFlaggedOnceItEnded()
    {
        // Note [A reentrant checkpoint that cuts the graph]: PyTorch only warns, the panel says why.
        ErrorPanel panel;
        panel.setCutCheckpoints({trace::CutCheckpoint{1, 33, 10}});
        panel.showError(std::nullopt, trace::GraphState{}, 10);
        QVERIFY(!panel.toPlainText().contains(QStringLiteral("cut from the graph")));
        panel.showError(std::nullopt, trace::GraphState{}, 11);
        QVERIFY(panel.toPlainText().contains(QStringLiteral("Checkpoint 1 (line 33) is cut from the graph")));
        QVERIFY(panel.toPlainText().contains(QStringLiteral("use_reentrant=False")));
        QCOMPARE(panel.shownRecomputeDivergences(), 0);
    }

    void aCheckpointThatShadowsSaveOnCpuIsFlaggedOnceItEnded()
    {
        // Note [A checkpoint that shadows save_on_cpu]: PyTorch raises nothing, the panel says why.
        ErrorPanel panel;
        panel.setShadowedHooks({trace::HooksShadowedByCheckpoint{1, 42, "save_on_cpu", 5, 30}});
        panel.showError(std::nullopt, trace::GraphState{}, 30);
        QVERIFY(!panel.toPlainText().contains(QStringLiteral("offloaded")));
        panel.showError(std::nullopt, trace::GraphState{}, 31);
        const QString text = panel.toPlainText();
        QVERIFY(text.contains(QStringLiteral("Checkpoint 1 (line 42) runs inside save_on_cpu, but nothing in it is offloaded")));
        QVERIFY(text.contains(QStringLiteral("packed the 5 tensor(s) its function saved")));
        QVERIFY(text.contains(QStringLiteral("use_reentrant=True")));
        QVERIFY(panel.toHtml().contains(QStringLiteral("line:42")));
        QCOMPARE(panel.shownRecomputeDivergences(), 0);
        QSignalSpy jumped(&panel, &ErrorPanel::frameActivated);
        Q_EMIT panel.anchorClicked(QUrl(QStringLiteral("line:42")));
        QCOMPARE(jumped.count(), 1);
        QCOMPARE(jumped.at(0).at(0).toInt(), 42);

        // Any other pair of hooks is named as what it is: nothing says "offloaded".
        panel.setShadowedHooks({trace::HooksShadowedByCheckpoint{2, 7, "saved_tensors_hooks", 3, 30}});
        panel.showError(std::nullopt, trace::GraphState{}, 31);
        QVERIFY(panel.toPlainText().contains(
            QStringLiteral("Checkpoint 2 (line 7) runs inside saved_tensors_hooks, but they pack nothing in it")));
        QVERIFY(!panel.toPlainText().contains(QStringLiteral("offloaded")));
    }

    void theWindowFlagsACheckpointThatShadowsSaveOnCpu()
    {
        // What demo 25's trap records: a non-reentrant segment begun under save_on_cpu,
        // whose one saved tensor went to the checkpoint's placeholder.
        trace::Recording r;
        r.record(trace::LineReached{42}, 42);
        r.record(trace::CheckpointBegin{1, false, true, "save_on_cpu"}, 42);
        trace::NodeCreated tanh;
        tanh.node = 1;
        tanh.name = "TanhBackward0";
        tanh.checkpointSegment = 1;
        r.record(tanh, 37);
        trace::TensorSaved saved;
        saved.saved = 1;
        saved.node = 1;
        saved.slot = "result";
        saved.holding = trace::SavedHolding::PackedByHook;
        r.record(saved, 37);
        r.record(trace::Packed{1, trace::kCheckpointPackHook, "cpu", "", 0}, 37);
        r.record(trace::CheckpointEnd{1}, 42);
        r.record(trace::LineReached{43}, 43);

        MainWindow w;
        w.resize(1400, 900);
        w.show();
        w.loadRecording(std::make_shared<trace::Recording>(r), QStringLiteral("# generated\n"), QStringLiteral("trap.py"), 0);
        const QString flag = QStringLiteral("Checkpoint 1 (line 42) runs inside save_on_cpu, but nothing in it is offloaded");
        w.player()->setStep(3);
        QVERIFY(!w.errorPanel()->toPlainText().contains(flag));
        w.player()->goToEnd();
        QTRY_VERIFY(w.errorPanel()->toPlainText().contains(flag));
    }

    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests"));
        QSettings().clear();
    }

    void loadsAndPlaysToEnd()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::recordingLoaded);
        load(w, false);
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(w.player()->step(), 0u);
        QCOMPARE(w.scene()->visibleNodeCount(), 0);
        const size_t end = w.player()->stepCount();
        QVERIFY(end > 50);

        QSignalSpy steps(w.player(), &Player::stepChanged);
        w.player()->setSpeed(32);
        w.player()->play();
        QVERIFY(w.player()->isPlaying());
        QTRY_COMPARE_WITH_TIMEOUT(w.player()->step(), end, 15000);
        QTRY_VERIFY(!w.player()->isPlaying());
        QCOMPARE(static_cast<size_t>(steps.count()), end);
        QCOMPARE(w.scene()->visibleNodeCount(), 13);
        QVERIFY(w.console()->toPlainText().contains(QStringLiteral("tensor(28.) tensor(8.) tensor(10.)")));
        QCOMPARE(w.editor()->currentLine(), 16);
        QVERIFY(!w.errorPanel()->hasError());
        // Play again from the end restarts at 0.
        w.player()->play();
        QTRY_VERIFY(w.player()->step() < end);
        w.player()->pause();
    }

    void nodesRevealInExecutionOrder()
    {
        MainWindow w;
        w.show();
        load(w, false);
        const trace::Recording& r = *w.player()->recording();
        // Right after the first MulBackward0 is created it is visible, later nodes not.
        const size_t afterMul = stepAfterNth(r, [](const trace::Event& e) {
            const auto* n = std::get_if<trace::NodeCreated>(&e.payload);
            return n && n->name == "MulBackward0";
        }, 0);
        w.player()->setStep(afterMul);
        QVERIFY(w.scene()->functionItem(101)->isVisible());
        QVERIFY(!w.scene()->functionItem(103)->isVisible());
        const QPointF before = w.scene()->functionItem(101)->pos();
        w.player()->goToEnd();
        QCOMPARE(w.scene()->functionItem(101)->pos(), before);  // nothing jumps
    }

    void clickNodeShowsInspector()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        load(w, false);
        w.player()->goToEnd();
        FunctionNodeItem* mul = w.scene()->functionItem(105);  // MulBackward0 of l3
        QVERIFY(mul && mul->isVisible());
        // Click on the title area (badges are separate items lower in the box).
        clickItem(w.graphView(), mul, QPointF(0, -mul->boxRect().height() / 2 + 10));
        QVERIFY(mul->isSelected());
        QCOMPARE(w.inspector()->selection().kind, Selection::Kind::Node);
        QCOMPARE(w.inspector()->title(), QStringLiteral("MulBackward0"));
        QVERIFY(w.inspector()->value(QStringLiteral("next_functions")).contains(QStringLiteral("AccumulateGrad")));
        QVERIFY(w.inspector()->value(QStringLiteral("_saved_self")).contains(QStringLiteral("l1 saved@v0")));
        QVERIFY(w.inspector()->value(QStringLiteral("executed")).contains(QStringLiteral("#3")));

        // A leaf tensor.
        TensorNodeItem* w1 = w.scene()->tensorItem(2);
        QVERIFY(w1);
        clickItem(w.graphView(), w1);
        QCOMPARE(w.inspector()->title(), QStringLiteral("w1"));
        QCOMPARE(w.inspector()->value(QStringLiteral(".grad")), QStringLiteral("tensor(28.)"));
        QCOMPARE(w.inspector()->value(QStringLiteral("is_leaf")), QStringLiteral("True"));
        QCOMPARE(w.inspector()->value(QStringLiteral("requires_grad")), QStringLiteral("True"));

        // The inspector follows the step: before backward, .grad is None.
        w.player()->setStep(10);
        w.player()->goToStart();
        w.player()->setStep(w.player()->stepCount() / 2);
        QCOMPARE(w.inspector()->value(QStringLiteral(".grad")), QStringLiteral("None"));
    }

    void keyboardShortcutsMoveTheStep()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        load(w, false);
        w.graphView()->setFocus();
        QSignalSpy spy(w.player(), &Player::stepChanged);
        QTest::keyClick(&w, Qt::Key_Right);
        QCOMPARE(w.player()->step(), 1u);
        QTest::keyClick(&w, Qt::Key_Right);
        QTest::keyClick(&w, Qt::Key_Left);
        QCOMPARE(w.player()->step(), 1u);
        QTest::keyClick(&w, Qt::Key_End);
        QCOMPARE(w.player()->step(), w.player()->stepCount());
        QTest::keyClick(&w, Qt::Key_Home);
        QCOMPARE(w.player()->step(), 0u);
        QCOMPARE(spy.count(), 5);

        // Shift+Right walks statement by statement.
        QTest::keyClick(&w, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(w.player()->state().line, 3);
        QTest::keyClick(&w, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(w.player()->state().line, 5);
        QTest::keyClick(&w, Qt::Key_Left, Qt::ShiftModifier);
        QCOMPARE(w.player()->state().line, 3);

        // Ctrl+Right jumps to the next backward node.
        QTest::keyClick(&w, Qt::Key_Right, Qt::ControlModifier);
        QCOMPARE(QString::fromStdString(w.player()->state().node(w.player()->state().executingNode)->name),
                 QStringLiteral("MeanBackward0"));
        QTest::keyClick(&w, Qt::Key_Right, Qt::ControlModifier);
        QCOMPARE(QString::fromStdString(w.player()->state().node(w.player()->state().executingNode)->name),
                 QStringLiteral("MulBackward0"));
        QVERIFY(!w.scene()->tokens().empty());  // gradients in flight are drawn

        // Space toggles playback.
        QTest::keyClick(&w, Qt::Key_Space);
        QVERIFY(w.player()->isPlaying());
        QTest::keyClick(&w, Qt::Key_Space);
        QVERIFY(!w.player()->isPlaying());
    }

    void steppingShowsSomethingNewEachTime()
    {
        MainWindow w;
        load(w, false);
        Player* p = w.player();
        const trace::Recording& r = *p->recording();
        auto memoryOnly = [&](size_t step) { return std::holds_alternative<trace::MemoryChanged>(r[step - 1].payload); };
        size_t memorySteps = 0;
        for (size_t s = 1; s <= r.size(); ++s)
            memorySteps += memoryOnly(s);
        QVERIFY(memorySteps > 0);
        // Forward: every step lands on an event that changes the picture, and none is missed.
        QVERIFY(p->skipsInvisibleSteps());
        size_t visited = 0;
        while (p->step() < p->stepCount()) {
            const size_t before = p->step();
            p->stepForward();
            QVERIFY(p->step() > before);
            QVERIFY(!memoryOnly(p->step()) || p->step() == p->stepCount());
            for (size_t s = before + 1; s < p->step(); ++s)
                QVERIFY(memoryOnly(s));
            ++visited;
        }
        QVERIFY(visited < r.size());
        QCOMPARE(visited, r.size() - memorySteps + (memoryOnly(r.size()) ? 1 : 0));
        // Back: the same stops in reverse.
        while (p->step() > 0) {
            p->stepBack();
            QVERIFY(p->step() == 0 || !memoryOnly(p->step()));
        }
        // Off: one event per press.
        p->setSkipInvisibleSteps(false);
        for (size_t s = 1; s <= 6; ++s) {
            p->stepForward();
            QCOMPARE(p->step(), s);
        }
        // Next Line on `loss.backward()` stops at each backward node instead of skipping them.
        p->setStep(0);
        std::vector<std::string> ranInBackward;
        int guard = 0;
        while (p->step() < p->stepCount() && guard++ < 500) {
            p->nextLine();
            const trace::GraphState& s = p->state();
            if (s.inBackward && s.executingNode != 0 && p->timeline() &&
                std::holds_alternative<trace::NodeExecuted>(r[p->step() - 1].payload))
                ranInBackward.push_back(s.node(s.executingNode)->name);
        }
        QCOMPARE(ranInBackward.size(), size_t(8));  // every node of the classic graph, AccumulateGrads included
        QCOMPARE(ranInBackward.front(), std::string("MeanBackward0"));
        // and Previous Line walks back through them.
        p->goToEnd();
        int backwardStops = 0;
        guard = 0;
        while (p->step() > 0 && guard++ < 500) {
            p->previousLine();
            if (p->step() > 0 && std::holds_alternative<trace::NodeExecuted>(r[p->step() - 1].payload))
                ++backwardStops;
        }
        QCOMPARE(backwardStops, 8);
    }

    void editorKeepsTypingKeys()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        load(w, false);
        w.editor()->setFocus();
        QTest::keyClick(w.editor(), Qt::Key_Right);
        QCOMPARE(w.player()->step(), 0u);
    }

    void scrubberAndStepBackAreExact()
    {
        MainWindow w;
        w.show();
        load(w, true);
        Scrubber* scrubber = w.transportBar()->scrubber();
        QCOMPARE(scrubber->stepCount(), w.player()->stepCount());
        QSignalSpy spy(scrubber, &Scrubber::stepRequested);
        QTest::mouseClick(scrubber, Qt::LeftButton, {}, QPoint(scrubber->width() / 2, scrubber->height() / 2));
        QCOMPARE(spy.count(), 1);
        const size_t mid = w.player()->step();
        QVERIFY(mid > 0 && mid < w.player()->stepCount());
        const trace::GraphState atMid = w.player()->state();
        w.player()->setSkipInvisibleSteps(false);  // one event at a time
        w.player()->goToEnd();
        while (w.player()->step() > mid)
            w.player()->stepBack();
        QVERIFY(w.player()->state() == atMid);
    }

    void errorPanelExplainsAndLinks()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        load(w, true);
        QVERIFY(!w.errorPanel()->hasError());
        w.player()->goToEnd();
        QVERIFY(w.errorPanel()->hasError());
        const QString text = w.errorPanel()->toPlainText();
        QVERIFY(text.contains(QStringLiteral("modified by an inplace operation")));
        QVERIFY(text.contains(QStringLiteral("clone()")));
        QVERIFY(text.contains(QStringLiteral("l3 = l1 * w3")));
        QCOMPARE(w.editor()->errorLine(), 12);
        FunctionNodeItem* failing = w.scene()->functionItem(105);
        QVERIFY(failing);
        SavedBadgeItem* badge = w.scene()->badgeItem(201);
        QVERIFY(badge && badge->isStale());
        QVERIFY(badge->text().contains(QStringLiteral("@v0 \u2260 v1")));

        QSignalSpy frames(w.errorPanel(), &ErrorPanel::frameActivated);
        w.scene()->clearSelection();
        w.errorPanel()->activateFrame(0);
        QCOMPARE(frames.count(), 1);
        QCOMPARE(frames.first().at(0).toInt(), 12);
        QVERIFY(failing->isSelected());
        QCOMPARE(w.editor()->textCursor().blockNumber(), 11);
        QCOMPARE(w.inspector()->title(), QStringLiteral("MulBackward0"));

        // Clicking the stale badge explains it.
        clickItem(w.graphView(), badge, badge->boundingRect().center());
        QCOMPARE(w.inspector()->selection().kind, Selection::Kind::Saved);
        QCOMPARE(w.inspector()->value(QStringLiteral("stale")), QStringLiteral("True"));
        QCOMPARE(w.inspector()->value(QStringLiteral("current version")), QStringLiteral("1"));

        // Every kind has an explanation with fixes.
        for (int k = 0; k <= static_cast<int>(ErrorKind::Script); ++k)
            QVERIFY(!explainError(static_cast<ErrorKind>(k)).fixes.isEmpty());
        QVERIFY(explainError(ErrorKind::BackwardTwice).fixes.join(' ').contains(QStringLiteral("retain_graph=True")));
        QVERIFY(explainError(ErrorKind::LeafInplace).fixes.join(' ').contains(QStringLiteral("torch.no_grad()")));
    }

    void consoleFollowsTheStepAndStaysBounded()
    {
        // 6,000 prints of ~1 KB: the console shows each step's exact output, and only its
        // last 2 MB once it grows past that.
        auto r = std::make_shared<trace::Recording>();
        const std::string filler(1000, 'x');
        for (int i = 0; i < 6000; ++i)
            r->record(trace::Output{trace::OutputStream::Stdout, "line " + std::to_string(i) + " " + filler + "\n"}, 1);
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        w.loadRecording(r, QStringLiteral("for i in range(6000): print('line', i, 'x' * 1000)\n"), QStringLiteral("loop.py"), 3);
        QCOMPARE(w.console()->toPlainText().count(QLatin1Char('\n')), 3);
        QVERIFY(w.console()->toPlainText().startsWith(QStringLiteral("line 0 x")));
        w.player()->setStep(5);  // forward: appended
        QCOMPARE(w.console()->document()->blockCount(), 6);
        QVERIFY(w.console()->toPlainText().contains(QStringLiteral("line 4 x")));
        w.player()->setStep(2);  // back: exactly two lines again
        QCOMPARE(w.console()->toPlainText().count(QLatin1Char('\n')), 2);
        QVERIFY(!w.console()->toPlainText().contains(QStringLiteral("line 2 x")));
        w.player()->goToEnd();
        const QString end = w.console()->toPlainText();
        QVERIFY(end.startsWith(QStringLiteral("[")));  // the note about what is not shown
        QVERIFY(end.contains(QStringLiteral("line 5999 x")));
        QVERIFY(!end.contains(QStringLiteral("line 0 x")));
        QVERIFY(end.size() < (2 << 20) + 200);
        // Snapshots hold lengths, not copies of the text.
        uint64_t total = 0;
        for (int i = 0; i < 6000; ++i)
            total += 5 + std::to_string(i).size() + 1 + 1000 + 1;  // "line " i " " x... "\n"
        QCOMPARE(w.player()->state().consoleLength, total);
    }

    void predictThenRevealHoldsBeforeEachAnswer()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        load(w, true);
        Player* p = w.player();
        p->setSpeed(32);
        const trace::Recording& r = *p->recording();
        QVERIFY(!w.quizAction()->isChecked());
        w.quizAction()->setChecked(true);
        QSignalSpy held(p, &Player::pausedToPredict);
        QSignalSpy playing(p, &Player::playingChanged);

        // Held right before backward() starts: the leaves' gradients are the question.
        p->play();
        QVERIFY(held.wait(20000));
        QVERIFY(!p->isPlaying());
        QCOMPARE(held.last().at(0).value<size_t>(), p->step() + 1);
        QVERIFY(std::holds_alternative<trace::BackwardBegin>(r[p->step()].payload));
        QVERIFY(w.stepCaption()->text().contains(QStringLiteral("Predict first")));
        QVERIFY(w.stepCaption()->text().contains(QStringLiteral("w1.grad")));
        for (const auto& [id, t] : p->state().tensors)
            QVERIFY(!t.hasGrad);  // nothing of the answer is on screen yet

        // Play reveals it and goes on to the next answer: the error.
        p->play();
        QVERIFY(held.wait(20000));
        QCOMPARE(held.count(), 2);
        QVERIFY(std::holds_alternative<trace::ErrorRaised>(r[p->step()].payload));
        QVERIFY(!p->state().error);
        QVERIFY(w.stepCaption()->text().contains(QStringLiteral("with an error")));
        p->stepForward();
        QVERIFY(p->state().error);
        QVERIFY(!w.stepCaption()->text().contains(QStringLiteral("Predict first")));

        // Without the quiz, Play runs through to the end.
        w.quizAction()->setChecked(false);
        p->goToStart();
        playing.clear();
        p->play();
        QVERIFY(QTest::qWaitFor([&] { return !p->isPlaying(); }, 30000));
        QCOMPARE(p->step(), p->stepCount());
        QCOMPARE(held.count(), 2);
    }

    void firstStartIsMaximisedLaterStartsAsLeft()
    {
        QSettings().remove(QStringLiteral("geometry"));
        {
            MainWindow first;
            first.showAsRemembered();
            QVERIFY(first.windowState() & Qt::WindowMaximized);
            first.close();  // writes the geometry
        }
        QVERIFY(QSettings().contains(QStringLiteral("geometry")));
        MainWindow later;
        later.showAsRemembered();
        QVERIFY(later.isVisible());
        later.hide();
        QSettings().clear();  // the other tests start from no settings
    }

    void pinnedNotesAreSavedAndExported()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        load(w, false);
        const size_t step = stepAfterNth(*w.player()->recording(), [](const trace::Event& e) {
            return std::holds_alternative<trace::NodeExecuted>(e.payload);
        }, 1);
        w.player()->setStep(step);
        w.pinNote(step, 105, QStringLiteral("Why does MulBackward0 keep l1?"));
        w.pinNote(step, 0, QStringLiteral("Ask the class before going on"));
        QCOMPARE(w.notes().size(), size_t(2));
        QCOMPARE(w.scene()->noteItems().size(), size_t(2));
        NoteItem* onNode = w.scene()->noteItems()[0];
        QVERIFY(onNode->isVisible());
        // Beside its node, to the right.
        FunctionNodeItem* mul = w.scene()->functionItem(105);
        QVERIFY(onNode->scenePos().x() > mul->mapRectToScene(mul->boxRect()).right());
        QVERIFY(w.stepCaption()->text().contains(QStringLiteral("Ask the class before going on")));
        w.player()->setStep(step - 1);  // before its step: not shown yet
        QVERIFY(!onNode->isVisible());
        QVERIFY(!w.stepCaption()->text().contains(QStringLiteral("Ask the class")));
        w.player()->setStep(step);

        // Saved with the trace, and back.
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("lesson.agvtrace"));
        QVERIFY(w.saveTrace(trace));
        auto reopened = std::make_shared<trace::Recording>();
        std::string error;
        QVERIFY(trace::loadTrace(trace.toStdString(), *reopened, &error));
        QCOMPARE(reopened->size(), w.player()->recording()->size());
        MainWindow again;
        again.loadRecording(reopened, QString(), QStringLiteral("lesson.agvtrace"), reopened->size());
        QCOMPARE(again.notes().size(), size_t(2));
        QCOMPARE(again.scene()->noteItems()[0]->text(), QStringLiteral("Why does MulBackward0 keep l1?"));
        QVERIFY(again.scene()->noteItems()[0]->isVisible());

        // In the exported picture.
        const QString svg = dir.filePath(QStringLiteral("lesson.svg"));
        QVERIFY(again.exportView(svg, true));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(f.readAll()).contains(QStringLiteral("Why does MulBackward0 keep")));

        // Removing a note (what Delete does to a selected one).
        w.scene()->clearSelection();
        onNode->setSelected(true);
        w.graphView()->setFocus();
        w.removeNote(onNode->index());
        QCOMPARE(w.notes().size(), size_t(1));
        QCOMPARE(w.scene()->noteItems().size(), size_t(1));
    }

    void forwardGraphBesideTheBackwardGraph()
    {
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        load(w, false);
        w.player()->goToEnd();
        QCOMPARE(w.graphMode(), MainWindow::GraphMode::Backward);
        QVERIFY(!w.forwardView()->isVisible());

        w.setGraphMode(MainWindow::GraphMode::Forward);
        QVERIFY(w.forwardView()->isVisible());
        QVERIFY(!w.graphView()->isVisible());
        const GraphLayoutModel* m = w.forwardScene()->layoutModel();
        QVERIFY(m);
        const trace::GraphState& s = w.player()->state();
        auto tensorNamed = [&](const char* label) -> int {
            for (const auto& [id, t] : s.tensors)
                if (t.label == label)
                    return m->indexOfTensor(id);
            return -1;
        };
        // Figure 1 of the tutorials: every tensor, and the ops between them (no AccumulateGrad).
        for (const char* label : {"input", "w1", "w2", "w3", "l1", "l2", "l3", "l4", "loss"})
            QVERIFY2(tensorNamed(label) >= 0, label);
        int ops = 0;
        for (const LayoutNode& n : m->nodes)
            if (n.kind == LayoutNodeKind::GradFn) {
                ++ops;
                QVERIFY(n.title == QLatin1String("mul") || n.title == QLatin1String("add") || n.title == QLatin1String("mean"));
                QVERIFY(s.node(n.id) && s.node(n.id)->name != "AccumulateGrad");
            }
        QCOMPARE(ops, 5);  // l1 = input * w1, l2 = l1 + w2, l3 = l1 * w3, l4 = l2 * l3, loss = l4.mean()
        auto hasEdge = [&](int from, int to, LayoutEdgeKind kind) {
            for (const LayoutEdge& e : m->edges)
                if (e.from == from && e.to == to && e.kind == kind)
                    return true;
            return false;
        };
        const trace::Id l1Node = s.tensor(m->nodes[tensorNamed("l1")].id)->gradFn;
        const int mul1 = m->indexOfNode(l1Node);
        QCOMPARE(m->nodes[mul1].title, QStringLiteral("mul"));
        QCOMPARE(m->nodes[mul1].subtitle, QStringLiteral("MulBackward0"));
        QVERIFY(hasEdge(tensorNamed("w1"), mul1, LayoutEdgeKind::OpInput));
        QVERIFY(hasEdge(tensorNamed("input"), mul1, LayoutEdgeKind::OpInput));  // needs no grad: seen where it is saved
        QVERIFY(hasEdge(mul1, tensorNamed("l1"), LayoutEdgeKind::OpOutput));
        const int add = m->indexOfNode(s.tensor(m->nodes[tensorNamed("l2")].id)->gradFn);
        QVERIFY(hasEdge(tensorNamed("l1"), add, LayoutEdgeKind::OpInput));
        QVERIFY(hasEdge(tensorNamed("w2"), add, LayoutEdgeKind::OpInput));
        // The picture follows the step: early on only what exists so far is drawn.
        const trace::Id w1 = m->nodes[tensorNamed("w1")].id, loss = m->nodes[tensorNamed("loss")].id;
        const trace::Id l2 = m->nodes[tensorNamed("l2")].id;  // drawn only in the forward graph
        w.player()->setStep(stepAfterNth(*w.player()->recording(), [](const trace::Event& e) {
            return std::holds_alternative<trace::NodeCreated>(e.payload);
        }, 0));
        QVERIFY(w.forwardScene()->tensorItem(w1)->isVisible());
        QVERIFY(!w.forwardScene()->tensorItem(loss)->isVisible());
        w.player()->goToEnd();

        // Side by side: one selection, in both graphs and the inspector.
        w.setGraphMode(MainWindow::GraphMode::SideBySide);
        QVERIFY(w.forwardView()->isVisible() && w.graphView()->isVisible());
        w.scene()->selectNode(l1Node);
        QVERIFY(w.forwardScene()->functionItem(l1Node)->isSelected());
        QVERIFY(!w.scene()->tensorItem(l2));
        w.forwardScene()->clearSelection();
        w.forwardScene()->tensorItem(l2)->setSelected(true);
        QCOMPARE(w.inspector()->title(), QStringLiteral("l2"));
        w.forwardScene()->clearSelection();
        w.forwardScene()->functionItem(m->nodes[add].id)->setSelected(true);
        QVERIFY(w.scene()->functionItem(m->nodes[add].id)->isSelected());
        QCOMPARE(w.inspector()->title(), QStringLiteral("AddBackward0"));
        w.setGraphMode(MainWindow::GraphMode::Backward);
    }

    void causeAndEffectAreLinked()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        load(w, true);
        w.player()->goToEnd();
        // The error panel names the in-place op and its line, quoting the script.
        const QString text = w.errorPanel()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Made stale by l1 += 1")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("on line 13")));
        QVERIFY(text.contains(QStringLiteral("add_ bumped the version from 0 to 1")));
        QVERIFY(w.errorPanel()->toHtml().contains(QStringLiteral("cause:13:")));

        // The stale badge's tooltip says it too.
        SavedBadgeItem* badge = w.scene()->badgeItem(201);
        QVERIFY(badge && badge->isStale());
        QVERIFY(badge->toolTip().contains(QStringLiteral("add_ on line 13")));

        // The inspector of the stale badge links to the cause: clicking jumps and flashes.
        w.scene()->clearSelection();
        badge->setSelected(true);
        QCOMPARE(w.editor()->textCursor().blockNumber() + 1, 12);  // the badge's node: l3 = l1 * w3
        QVERIFY(w.inspector()->value(QStringLiteral("made stale by")).startsWith(QStringLiteral("line 13: l1 += 1")));
        QSignalSpy lines(w.inspector(), &InspectorPanel::lineRequested);
        w.inspector()->activateRow(QStringLiteral("made stale by"));
        QCOMPARE(lines.count(), 1);
        QCOMPARE(w.editor()->textCursor().blockNumber() + 1, 13);
        const trace::GraphState& s = w.player()->state();
        const trace::Id addNode = lines.first().at(1).value<trace::Id>();
        QCOMPARE(s.node(addNode)->name, std::string("AddBackward0"));
        QVERIFY(w.scene()->functionItem(addNode)->isFlashing());

        // Clicking a node jumps to the line that created it; clicking a line selects what it created.
        w.scene()->selectNode(105);
        QCOMPARE(w.editor()->textCursor().blockNumber() + 1, s.node(105)->createdLine);
        const QTextBlock lossLine = w.editor()->document()->findBlockByNumber(14);  // loss = l4.mean()
        QVERIFY(lossLine.text().startsWith(QStringLiteral("loss =")));
        const QRect r = w.editor()->cursorRect(QTextCursor(lossLine));
        QTest::mouseClick(w.editor()->viewport(), Qt::LeftButton, {}, r.center() + QPoint(20, 0));
        const QList<QGraphicsItem*> selected = w.scene()->selectedItems();
        QCOMPARE(selected.size(), 1);
        auto* mean = qgraphicsitem_cast<FunctionNodeItem*>(selected.first());
        QVERIFY(mean);
        QCOMPARE(s.node(mean->id())->name, std::string("MeanBackward0"));
        QCOMPARE(w.inspector()->title(), QStringLiteral("MeanBackward0"));
    }

    void runsThroughTheRunnerOnAWorkerThread()
    {
        auto runner = classicFakeRunner(150);
        MainWindow w(runner);
        w.show();
        QSignalSpy running(w.runController(), &RunController::runningChanged);
        QSignalSpy loaded(&w, &MainWindow::recordingLoaded);
        w.editor()->setPlainText(QStringLiteral("import torch\n"));
        QVERIFY(w.runScript());
        QVERIFY(w.runController()->isRunning());
        QApplication::processEvents();  // the window stays responsive while it runs
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
        QVERIFY(!w.runController()->isRunning());
        QVERIFY(w.player()->stepCount() > 0);
        QVERIFY(running.count() >= 2);

        // A newer run cancels the one in flight; only the latest result arrives.
        const int runsBefore = runner->m_runs;
        w.runScript();
        w.runScript();
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 10000);
        w.runController()->waitForIdle();
        QCOMPARE(loaded.count(), 2);
        QVERIFY(runner->m_runs - runsBefore >= 1);
    }

    void deviceMenuAndTheGpuDemoOffer()
    {
        auto runner = classicFakeRunner(0);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("needs_gpu.py"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("# Title: wants a GPU\n# Device: gpu\nimport torch\n");
        file.close();
        {
            MainWindow w(runner);
            w.show();
            QCOMPARE(w.gpuMode(), QStringLiteral("auto"));
            QCOMPARE(runner->gpuMode(), std::string("auto"));
            QSignalSpy loaded(&w, &MainWindow::recordingLoaded);
            QVERIFY(w.openFile(path));
            // No GPU in use: the window offers the simulated one.
            QVERIFY(w.simulatedGpuOffer()->isVisible());
            QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
            const int runsBefore = runner->m_runs;
            QTest::mouseClick(w.simulatedGpuOffer(), Qt::LeftButton);
            QCOMPARE(w.gpuMode(), QStringLiteral("simulated"));
            QCOMPARE(runner->gpuMode(), std::string("simulated"));
            QVERIFY(!w.simulatedGpuOffer()->isVisible());
            QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 10000);  // re-run on the new device
            QVERIFY(runner->m_runs > runsBefore);
            // A script without the header does not ask.
            w.setGpuMode(QStringLiteral("none"));
            QVERIFY(w.simulatedGpuOffer()->isVisible());
            w.editor()->setPlainText(QStringLiteral("import torch\n"));
            QVERIFY(w.openFile(QStringLiteral(":/demos/01_classic.py")));
            QVERIFY(!w.simulatedGpuOffer()->isVisible());
            w.setGpuMode(QStringLiteral("simulated"));
            w.runController()->waitForIdle();
        }
        // The choice is remembered by the next window.
        auto other = classicFakeRunner(0);
        MainWindow again(other);
        QCOMPARE(again.gpuMode(), QStringLiteral("simulated"));
        QCOMPARE(other->gpuMode(), std::string("simulated"));
        again.setGpuMode(QStringLiteral("auto"));
        again.runController()->waitForIdle();
    }

    void pcieLinkMenuIsRememberedAndPassedOn()
    {
        auto runner = classicFakeRunner(0);
        auto linkAction = [](MainWindow& w, const QString& gigabytes) -> QAction* {
            for (QAction* a : w.findChildren<QAction*>())
                if (a->isCheckable() && a->data().toString() == gigabytes && a->text().startsWith(QLatin1String("PCIe")))
                    return a;
            return nullptr;
        };
        {
            MainWindow w(runner);
            w.show();
            w.setGpuMode(QStringLiteral("auto"));
            w.setPcieBandwidth(QStringLiteral("25"));
            QVERIFY(linkAction(w, QStringLiteral("25")) && linkAction(w, QStringLiteral("25"))->isChecked());
            QSignalSpy loaded(&w, &MainWindow::recordingLoaded);
            QVERIFY(w.openFile(QStringLiteral(":/demos/01_classic.py")));
            QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
            w.runController()->waitForIdle();

            // Without the simulated GPU nothing is modelled: the choice waits for the next run.
            int runsBefore = runner->m_runs;
            QAction* external = linkAction(w, QStringLiteral("3"));
            QVERIFY(external);
            external->trigger();
            QCOMPARE(w.pcieBandwidth(), QStringLiteral("3"));
            QCOMPARE(runner->pcieBandwidth(), std::string("3"));
            QVERIFY(external->isChecked());
            QVERIFY(!linkAction(w, QStringLiteral("25"))->isChecked());
            QCOMPARE(runner->m_runs, runsBefore);

            // On the simulated GPU a new link re-runs the script.
            w.setGpuMode(QStringLiteral("simulated"));
            QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 10000);
            w.runController()->waitForIdle();
            runsBefore = runner->m_runs;
            linkAction(w, QStringLiteral("50"))->trigger();
            QCOMPARE(runner->pcieBandwidth(), std::string("50"));
            QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 3, 10000);
            QVERIFY(runner->m_runs > runsBefore);
            w.runController()->waitForIdle();
        }
        {
            // The choice is remembered by the next window and passed to its runner.
            auto other = classicFakeRunner(0);
            MainWindow again(other);
            QCOMPARE(again.pcieBandwidth(), QStringLiteral("50"));
            QCOMPARE(other->pcieBandwidth(), std::string("50"));
            again.setGpuMode(QStringLiteral("auto"));
            again.runController()->waitForIdle();
        }
        // A hand-edited setting the host would refuse never reaches it.
        QSettings().setValue(QStringLiteral("pcieBandwidth"), QStringLiteral("fast"));
        auto third = classicFakeRunner(0);
        MainWindow edited(third);
        QCOMPARE(edited.pcieBandwidth(), QStringLiteral("25"));
        QCOMPARE(third->pcieBandwidth(), std::string("25"));
        edited.setPcieBandwidth(QStringLiteral("25"));
    }

    void bigGraphsFollowTheCurrentStep()
    {
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        GraphView* view = w.graphView();
        const trace::Recording r = wideGraphRecording(400);
        auto visible = [view] { return view->mapToScene(view->viewport()->rect()).boundingRect(); };
        auto newestNodeItem = [&w] {
            const trace::GraphState& s = w.player()->state();
            trace::Id newest = 0;
            uint64_t created = 0;
            for (const auto& [id, node] : s.nodes)
                if (node.createdStep >= created)
                    created = node.createdStep, newest = id;
            return w.scene()->functionItem(newest);
        };
        // Too big to read when fitted: a readable zoom, and the node the step created is on screen.
        w.loadRecording(std::make_shared<trace::Recording>(r), QStringLiteral("# generated\n"), QStringLiteral("big.py"),
                        r.size() / 4);
        QVERIFY(view->isFollowing());
        QCOMPARE(view->zoom(), view->readableZoom());
        QVERIFY(!visible().contains(w.scene()->itemsBoundingRect()));
        QVERIFY(newestNodeItem());
        QVERIFY(visible().contains(newestNodeItem()->sceneBoundingRect()));
        // Later steps create nodes elsewhere: the view moves along.
        for (size_t step : {r.size() / 2, r.size() * 3 / 4, r.size()}) {
            w.player()->setStep(step);
            QVERIFY(visible().contains(newestNodeItem()->sceneBoundingRect()));
            QCOMPARE(view->zoom(), view->readableZoom());
        }
        // Ctrl+0 shows the whole graph however small, and stops following.
        QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
        QVERIFY(!view->isFollowing());
        QVERIFY(view->zoom() < view->readableZoom());
        QVERIFY(visible().contains(w.scene()->itemsBoundingRect()));
        w.player()->setStep(r.size() / 4);
        QVERIFY(visible().contains(w.scene()->itemsBoundingRect()));
        // A small graph is shown whole, following or not.
        QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(view->isFollowing());
        load(w, false, 0);
        w.player()->goToEnd();
        QVERIFY(view->zoom() >= view->readableZoom());
        QVERIFY(visible().contains(w.scene()->itemsBoundingRect()));
    }

    void captionSaysWhatTheStepDid()
    {
        MainWindow w;
        w.resize(1600, 900);
        w.show();
        QLabel* caption = w.stepCaption();
        load(w, false, 0);
        QVERIFY(caption->isVisible());
        const trace::Recording& r = *w.player()->recording();
        auto captionAfter = [&](auto pred, int nth = 0) {
            w.player()->setStep(stepAfterNth(r, pred, nth));
            return caption->text();
        };
        auto is = [](auto tag) {
            return [](const trace::Event& e) { return std::holds_alternative<decltype(tag)>(e.payload); };
        };
        // A saved tensor: which node saved what, under which name, at which version.
        QString text = captionAfter(is(trace::TensorSaved{}));
        QVERIFY2(text.contains(QStringLiteral("MulBackward0")) && text.contains(QStringLiteral("saves")) &&
                     text.contains(QStringLiteral("version 0")),
                 qPrintable(text));
        // Backward through l3 = l1 * w3: what came in, the formula with the saved tensors' names,
        // what went out to where (the values the graph's edge tokens show).
        text = captionAfter(is(trace::NodeExecuted{}), 1);  // after MeanBackward0 comes l4 = l2 * l3
        QVERIFY2(text.startsWith(QStringLiteral("<b>MulBackward0</b>")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("receives grad_output")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[[1.2500, 1.2500], [1.2500, 1.2500]]")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("and sends grad_input")), qPrintable(text));
        // A leaf's gradient lands in .grad.
        text = captionAfter(is(trace::GradAccumulated{}));
        QVERIFY2(text.contains(QStringLiteral(".grad</b> is now <code>10.</code>")), qPrintable(text));
        // Before the first event there is still a hint, and stepping back restores the sentence.
        w.player()->setStep(0);
        QVERIFY(caption->text().contains(QStringLiteral("Space")));

        // The in-place op of the failing run says which saved tensor it makes stale.
        load(w, true, 0);
        const trace::Recording& bad = *w.player()->recording();
        w.player()->setStep(stepAfterNth(bad, is(trace::VersionBumped{}), 0));
        text = caption->text();
        QVERIFY2(text.contains(QStringLiteral("add_")) && text.contains(QStringLiteral("from 0 to 1")) &&
                     text.contains(QStringLiteral("will fail")),
                 qPrintable(text));
        // The last step tells how the run ended, whatever its last event was.
        w.player()->goToEnd();
        QVERIFY2(caption->text().contains(QStringLiteral("The run stopped")) &&
                     caption->text().contains(QStringLiteral("RuntimeError")),
                 qPrintable(caption->text()));
        load(w, false, 0);
        w.player()->goToEnd();
        QVERIFY2(caption->text().contains(QStringLiteral("complete after 1 backward() call")), qPrintable(caption->text()));
    }

    void presenterModeKeepsEverythingReadable()
    {
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        load(w, false, 0);
        w.player()->goToEnd();
        for (bool presenter : {false, true}) {
            w.setTheme(false, presenter);
            QCoreApplication::processEvents();
            w.graphView()->fitToView();
            // The whole graph is between the phase pill and the legend, not under them.
            GraphView* view = w.graphView();
            const QRectF graph = view->mapFromScene(w.scene()->itemsBoundingRect()).boundingRect();
            QVERIFY2(view->clearArea().adjusted(-1, -1, 1, 1).contains(graph),
                     qPrintable(QStringLiteral("presenter %1: zoom %2 readable %3 graph %4,%5 %6x%7 clear %8,%9 %10x%11")
                                    .arg(presenter).arg(view->zoom()).arg(view->readableZoom())
                                    .arg(graph.x()).arg(graph.y()).arg(graph.width()).arg(graph.height())
                                    .arg(view->clearArea().x()).arg(view->clearArea().y())
                                    .arg(view->clearArea().width()).arg(view->clearArea().height())));
            // The scrubber spans the graph's width, however big the buttons get.
            auto* scrubber = w.transportBar()->findChild<Scrubber*>();
            QVERIFY(scrubber);
            QVERIFY(scrubber->width() > w.transportBar()->width() * 0.8);
            QVERIFY(w.stepCaption()->isVisible());
            // A lecture needs the graph's height more than the memory chart.
            QCOMPARE(w.memoryChart()->isVisible(), !presenter);
        }
        // Larger/Smaller Text (Ctrl+Shift+Plus/Minus) changes the current mode only, and each
        // mode remembers its own size.
        const qreal presenterScale = Theme::current().fontScale;
        QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(Theme::current().fontScale > presenterScale);
        const qreal larger = Theme::current().fontScale;
        w.setTheme(false, false);
        QCOMPARE(Theme::current().fontScale, 1.0);
        QTest::keyClick(&w, Qt::Key_Minus, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(Theme::current().fontScale < 1.0);
        w.setTheme(false, true);
        QCOMPARE(Theme::current().fontScale, larger);
        w.close();  // writes the settings
        {
            MainWindow again;
            QVERIFY(again.isPresenter());
            QCOMPARE(Theme::current().fontScale, larger);
            again.setTheme(false, false);
            QVERIFY(Theme::current().fontScale < 1.0);
        }
        QSettings().clear();
        Theme::applyToApplication(*qApp, Theme::make(false, false));
    }

    void findInGraphSelectsAndReveals()
    {
        MainWindow w;
        w.resize(1600, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        load(w, false, 0);
        w.player()->goToEnd();
        GraphSearchBar* bar = w.searchBar();
        QVERIFY(!bar->isVisible());
        QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier);
        QVERIFY(bar->isVisible());
        QVERIFY(bar->field()->hasFocus());
        // Three MulBackward0 nodes: the first is selected (the inspector shows it) and in view.
        QTest::keyClicks(bar->field(), QStringLiteral("mulback"));
        QCOMPARE(bar->matchCount(), 3);
        QCOMPARE(bar->currentMatch(), 0);
        auto selectedName = [&w]() -> QString {
            const QList<QGraphicsItem*> sel = w.scene()->selectedItems();
            if (sel.size() != 1)
                return {};
            auto* f = qgraphicsitem_cast<FunctionNodeItem*>(sel.first());
            return f ? QString::fromStdString(w.player()->state().node(f->id())->name) : QString();
        };
        QCOMPARE(selectedName(), QStringLiteral("MulBackward0"));
        auto inView = [&w](QGraphicsItem* item) {
            GraphView* v = w.graphView();
            return v->clearArea().contains(v->mapFromScene(item->sceneBoundingRect()).boundingRect());
        };
        QVERIFY(inView(w.scene()->selectedItems().first()));
        QGraphicsItem* first = w.scene()->selectedItems().first();
        // Enter: the next one; Shift+Enter: back; the walk wraps around.
        QTest::keyClick(bar->field(), Qt::Key_Return);
        QCOMPARE(bar->currentMatch(), 1);
        QVERIFY(w.scene()->selectedItems().first() != first);
        QVERIFY(inView(w.scene()->selectedItems().first()));
        QTest::keyClick(bar->field(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(bar->currentMatch(), 0);
        QCOMPARE(w.scene()->selectedItems().first(), first);
        QTest::keyClick(bar->field(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(bar->currentMatch(), 2);
        // A variable name finds the tensor, or the node that made it.
        bar->field()->setText(QStringLiteral("w3"));
        QVERIFY(bar->matchCount() >= 1);
        bar->field()->setText(QStringLiteral("no such thing"));
        QCOMPARE(bar->matchCount(), 0);
        QCOMPARE(bar->currentMatch(), -1);
        // Esc closes and gives the keys back to the graph.
        QTest::keyClick(bar->field(), Qt::Key_Escape);
        QVERIFY(!bar->isVisible());
    }

    void rerunWhileTypingKeepsPosition()
    {
        auto runner = classicFakeRunner(0);
        MainWindow w(runner);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::recordingLoaded);
        w.editor()->setPlainText(QStringLiteral("x = 1\n"));  // typing triggers a debounced run
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
        w.player()->setStep(20);
        w.editor()->appendPlainText(QStringLiteral("# a comment does not change the graph"));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 10000);
        QCOMPARE(w.player()->step(), 20u);
        // A different graph (the in-place variant) shows its end instead.
        w.editor()->appendPlainText(QStringLiteral("l1 += 1"));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 3, 10000);
        QCOMPARE(w.player()->step(), w.player()->stepCount());
        QVERIFY(w.errorPanel()->hasError());
    }

    void runnerExceptionsStayOutOfQt()
    {
        struct Throwing : ScriptRunner {
            RunOutcome run(const std::string&, const std::string&, const std::atomic<bool>&, const RunProgress&) override
            {
                throw std::runtime_error("interpreter exploded");
            }
        };
        MainWindow w(std::make_shared<Throwing>());
        QSignalSpy finished(w.runController(), &RunController::finished);
        w.runScript();
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).value<RunResult>().failure, QStringLiteral("interpreter exploded"));
    }

    void opensTracesInBothEncodings()
    {
        QTemporaryDir dir;
        for (const char* name : {"classic.agvtrace", "classic.jsonl"}) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            QVERIFY(trace::saveTrace(classicRun().recording, path.toStdString()));
            MainWindow w;
            QSignalSpy loaded(&w, &MainWindow::recordingLoaded);
            QVERIFY(w.openFile(path));
            QTRY_COMPARE(loaded.count(), 1);
            QCOMPARE(w.player()->stepCount(), classicRun().recording.size());
            const QString again = dir.filePath(QStringLiteral("again_") + QString::fromLatin1(name));
            QVERIFY(w.saveTrace(again));
            trace::Recording back;
            QVERIFY(trace::loadTrace(again.toStdString(), back));
            QCOMPARE(back.size(), classicRun().recording.size());
        }
        // A corrupt trace is an error in the status bar; the window keeps what it had.
        const QString corrupt = dir.filePath(QStringLiteral("corrupt.agvtrace"));
        QFile f(corrupt);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("AGVTRACE\x01\x05\x16garbage");
        f.close();
        trace::Recording none;
        std::string error;
        QVERIFY(!trace::loadTrace(corrupt.toStdString(), none, &error));
        QVERIFY2(error.find("at byte 9") != std::string::npos, error.c_str());
    }

    void exportsSvgPngDot()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        load(w, false);
        w.player()->goToEnd();

        const QString svgPath = dir.filePath(QStringLiteral("graph.svg"));
        QVERIFY(w.exportView(svgPath));
        QFile svgFile(svgPath);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svg = svgFile.readAll();
        QXmlStreamReader xml(svg);
        int elements = 0;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement)
                ++elements;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(elements > 20);
        QVERIFY(svg.contains("MulBackward0"));
        QVERIFY(QSvgRenderer(svg).isValid());

        const QString pngPath = dir.filePath(QStringLiteral("graph.png"));
        QVERIFY(w.exportView(pngPath));
        QImage png(pngPath);
        QVERIFY(!png.isNull());
        QVERIFY(png.width() > 200 && png.height() > 200);
        QSet<QRgb> colours;
        for (int y = 0; y < png.height(); y += 7)
            for (int x = 0; x < png.width(); x += 7)
                colours.insert(png.pixel(x, y));
        QVERIFY2(colours.size() > 8, "PNG looks blank");

        const QString dotPath = dir.filePath(QStringLiteral("graph.dot"));
        QVERIFY(w.exportDotFile(dotPath));
        QFile dot(dotPath);
        QVERIFY(dot.open(QIODevice::ReadOnly));
        QVERIFY(dot.readAll().startsWith("digraph autograd"));
        QVERIFY(!w.exportView(dir.filePath(QStringLiteral("graph.bmp"))));
    }

    void headlessExportFromTrace()
    {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("t.jsonl"));
        QVERIFY(trace::saveTrace(classicRun(true).recording, trace.toStdString()));
        GuiOptions o = parseGuiOptions({QStringLiteral("autogradviz"), trace, QStringLiteral("--export"),
                                        dir.filePath(QStringLiteral("out.svg")), QStringLiteral("--step"), QStringLiteral("end")});
        QVERIFY(o.error.isEmpty());
        QCOMPARE(exportHeadless(o, nullptr), 0);
        QVERIFY(QSvgRenderer(dir.filePath(QStringLiteral("out.svg"))).isValid());
        o.exportPath = dir.filePath(QStringLiteral("out.png"));
        o.step = QStringLiteral("20");
        QCOMPARE(exportHeadless(o, nullptr), 0);
        QVERIFY(!QImage(o.exportPath).isNull());
        // A script needs a runner.
        QFile py(dir.filePath(QStringLiteral("x.py")));
        QVERIFY(py.open(QIODevice::WriteOnly));
        py.write("import torch\n");
        py.close();
        o.file = py.fileName();
        QCOMPARE(exportHeadless(o, nullptr), 2);
        QCOMPARE(exportHeadless(o, classicFakeRunner()), 0);

        QVERIFY(!parseGuiOptions({QStringLiteral("a"), QStringLiteral("--step"), QStringLiteral("x"), QStringLiteral("f.py")}).error.isEmpty());
        QVERIFY(!parseGuiOptions({QStringLiteral("a"), QStringLiteral("--export"), QStringLiteral("o.svg")}).error.isEmpty());
        QVERIFY(!parseGuiOptions({QStringLiteral("a"), QStringLiteral("--bogus")}).error.isEmpty());
    }

    void demoHeaders_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("watch");
        QTest::newRow("full") << QStringLiteral("# Title: Saved tensors\n# Watch: the badge\n#   turns red.\nimport torch\n")
                              << QStringLiteral("Saved tensors") << QStringLiteral("the badge turns red.");
        QTest::newRow("shebang") << QStringLiteral("#!/usr/bin/env python3\n# Title: T\nx = 1\n# Watch: too late\n")
                                 << QStringLiteral("T") << QString();
        QTest::newRow("none") << QStringLiteral("import torch\n") << QStringLiteral("demo") << QString();
    }

    void demoHeaders()
    {
        QFETCH(QString, source);
        QFETCH(QString, title);
        QFETCH(QString, watch);
        const DemoInfo info = parseDemoHeader(source, QStringLiteral("/x/demo.py"));
        QCOMPARE(info.title, title);
        QCOMPARE(info.watch, watch);
    }

    void demoByNameFromTheCommandLine()
    {
        // `autogradviz --demo inplace` opens the version-mismatch lesson.
        QVERIFY(findDemo(QStringLiteral("inplace")).endsWith(QLatin1String("03_inplace_saved_tensor_error.py")));
        QString error;
        QVERIFY(findDemo(QStringLiteral("no-such-demo"), &error).isEmpty());
        QVERIFY(error.contains(QLatin1String("01_classic")));
        const GuiOptions options = parseGuiOptions({QStringLiteral("autogradviz"), QStringLiteral("--demo"),
                                                    QStringLiteral("classic")});
        QVERIFY(options.error.isEmpty());
        QVERIFY(options.file.endsWith(QLatin1String("01_classic.py")));
        QVERIFY(defaultDemo().endsWith(QLatin1String("01_classic.py")));
    }

    void builtInDemosAreListed()
    {
        const QList<DemoInfo> demos = availableDemos();
        QVERIFY(!demos.isEmpty());
        QCOMPARE(demos.first().title, QStringLiteral("The classic worked example"));
        QVERIFY(demos.first().watch.contains(QStringLiteral("w1.grad = 28")));  // continuation lines are joined
        QCOMPARE(demos.size(), QDir(QStringLiteral(AGV_SOURCE_DIR "/resources/demos")).entryList({QStringLiteral("*.py")}).size());
        MainWindow w;
        QCOMPARE(w.startPage()->demoCount(), static_cast<int>(demos.size()));
    }

    void themesRelayoutWithoutLosingTheStep()
    {
        MainWindow w;
        w.show();
        load(w, false);
        w.player()->setStep(30);
        w.setTheme(true, true);
        QCOMPARE(w.player()->step(), 30u);
        QVERIFY(w.isDark());
        w.setTheme(false, false);
        QCOMPARE(w.player()->step(), 30u);
    }

    void memoryChartHasSeries()
    {
        MainWindow w;
        load(w, false);
        QCOMPARE(w.memoryChart()->devices(), QStringList{QStringLiteral("cpu")});
        QCOMPARE(formatBytes(1536), QStringLiteral("1.5 KiB"));
        QCOMPARE(formatBytes(12), QStringLiteral("12 B"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
