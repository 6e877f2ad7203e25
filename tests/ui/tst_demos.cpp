// Every shipped demo, run by the real interpreter: the recording folds into a
// sensible final state, stepping back reproduces exactly what stepping forward
// showed, the main window plays it to the end, and a 1920x1080 screenshot of each
// demo is written to the build folder (screenshots/demo_<name>.png).

#include "core/trace/graph_state.h"
#include "tests/common/script_process.h"

#include <QtTest>

#include <QApplication>
#include <QDir>
#include <QFile>

#include "ui/main_window.h"
#include "ui/playback/player.h"
#include "ui/scene/graph_scene.h"
#include "ui/scene/graph_view.h"

using namespace agv;
using namespace agv::ui;

namespace {

QString demosDir() { return QStringLiteral(AGV_SOURCE_DIR) + QStringLiteral("/resources/demos"); }

QString readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

testing::ScriptRun runDemo(const QString& path)
{
    return testing::runScriptFile(path);
}

bool mentions(const QString& source, const char* text) { return source.contains(QLatin1String(text)); }

}  // namespace

class TestDemos : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests"));
        QSettings().clear();
        QVERIFY2(!QDir(demosDir()).entryList({QStringLiteral("*.py")}).isEmpty(), "no demos found");
    }

    void demo_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString& name : QDir(demosDir()).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(name)) << demosDir() + QLatin1Char('/') + name;
    }

    void demo()
    {
        QFETCH(QString, path);
        const QString source = readFile(path);
        QVERIFY(source.startsWith(QLatin1String("# Title:")));
        QVERIFY(source.contains(QLatin1String("# Watch:")));

        testing::ScriptRun outcome = runDemo(path);
        QVERIFY2(outcome.failure.isEmpty(), qPrintable(outcome.failure));
        const trace::Recording& rec = outcome.recording;
        QVERIFY(!rec.empty());
        const trace::GraphState end = trace::stateAt(rec, rec.size());
        QVERIFY2(!end.nodes.empty(), "a demo must build a graph");

        // A demo either runs cleanly or ends in the error it teaches.
        if (outcome.exitCode != 0) {
            QVERIFY2(end.error.has_value(), outcome.stderrText.c_str());
            const std::string lastLine = [&] {
                std::string s = outcome.stderrText;
                while (!s.empty() && s.back() == '\n')
                    s.pop_back();
                return s.substr(s.rfind('\n') + 1);
            }();
            QCOMPARE(QString::fromStdString(lastLine),
                     QString::fromStdString(end.error->exceptionType + ": " + end.error->message));
        } else {
            QVERIFY2(!end.error.has_value() || mentions(source, "except"), outcome.stderrText.c_str());
        }

        // The version-mismatch lesson: the error sits on the node whose saved tensor is stale.
        if (end.error && end.error->kind == ErrorKind::VersionMismatch) {
            const trace::NodeView* failing = end.node(end.error->failingNode);
            QVERIFY(failing);
            bool anyStale = false;
            for (trace::Id savedId : failing->saved) {
                const trace::SavedView* saved = end.saved.find(savedId);
                QVERIFY(saved);
                anyStale = anyStale || end.currentVersion(*saved) != saved->savedVersion;
            }
            QVERIFY2(anyStale, "the failing node must show a stale saved tensor");
        }

        // Time travel: seeking backwards gives exactly the state stepping forward gave.
        trace::Timeline timeline(rec);
        std::vector<trace::GraphState> forward;
        forward.reserve(rec.size() + 1);
        trace::GraphState running;
        forward.push_back(running);
        for (const trace::Event& e : rec.events()) {
            trace::apply(running, e);
            forward.push_back(running);
        }
        for (size_t step = rec.size() + 1; step-- > 0;)
            QVERIFY2(timeline.seek(step) == forward[step], qPrintable(QStringLiteral("step %1").arg(step)));

        // The window plays it to the end and looks right at projector size.
        auto recording = std::make_shared<trace::Recording>(std::move(outcome.recording));
        MainWindow window(nullptr);
        window.resize(1920, 1080);
        window.show();
        window.loadRecording(recording, source, QFileInfo(path).fileName(), 0);
        window.player()->goToEnd();
        QCOMPARE(window.player()->step(), recording->size());
        QApplication::processEvents();
        window.graphView()->fitToView();
        QApplication::processEvents();
        const QString dir = QStringLiteral(AGV_BINARY_DIR) + QStringLiteral("/screenshots");
        QDir().mkpath(dir);
        const QImage image = window.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(dir + QStringLiteral("/demo_") + QFileInfo(path).completeBaseName() + QStringLiteral(".png")));

        // A checkpoint demo, on the projector, right after backward recomputed the segment:
        // the recompute frame is on screen (and the screenshot shows it).
        size_t recomputeEnd = 0;
        for (const trace::Event& e : recording->events())
            if (std::holds_alternative<trace::RecomputeEnd>(e.payload) && recomputeEnd == 0)
                recomputeEnd = e.step + 1;
        if (recomputeEnd == 0)
            return;
        window.setTheme(false, true);
        window.player()->setStep(recomputeEnd);
        QApplication::processEvents();
        window.graphView()->fitToView();
        QApplication::processEvents();
        bool recomputeFrameShown = false;
        for (QGraphicsItem* item : window.scene()->items())
            if (auto* frame = qgraphicsitem_cast<ModuleClusterItem*>(item))
                recomputeFrameShown = recomputeFrameShown ||
                                      (frame->isVisible() && frame->style() == ModuleClusterItem::Style::CheckpointRecompute);
        QVERIFY(recomputeFrameShown);
        QVERIFY(window.grab().toImage().save(dir + QStringLiteral("/demo_") + QFileInfo(path).completeBaseName() +
                                             QStringLiteral("_recompute_presenter.png")));
        window.setTheme(false, false);
    }
};

QTEST_MAIN(TestDemos)
#include "tst_demos.moc"
