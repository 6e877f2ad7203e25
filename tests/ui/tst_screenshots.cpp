// Renders the main window offscreen at projector and laptop sizes and saves PNGs in
// the build folder (screenshots/), so the look can be reviewed without a display.

#include "core/trace/graph_state.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

#include <QLineEdit>

#include <QApplication>
#include <QDir>

#include "ui/i18n/language.h"
#include "ui/main_window.h"
#include "ui/scene/graph_search_bar.h"
#include "ui/panels/error_panel.h"
#include "ui/playback/player.h"
#include "ui/scene/graph_scene.h"
#include "ui/scene/graph_view.h"
#include "ui/theme.h"

using namespace agv;
using namespace agv::testing;
using namespace agv::ui;

namespace {

size_t stepAfterNth(const trace::Recording& r, auto pred, int nth)
{
    for (size_t i = 0; i < r.size(); ++i)
        if (pred(r[i]) && nth-- == 0)
            return i + 1;
    return r.size();
}

bool isNodeExecuted(const trace::Event& e) { return std::holds_alternative<trace::NodeExecuted>(e.payload); }
bool isBump(const trace::Event& e) { return std::holds_alternative<trace::VersionBumped>(e.payload); }

}  // namespace

class TestScreenshots : public QObject {
    Q_OBJECT

private:
    QString m_dir;

    void shoot(MainWindow& w, const QString& name)
    {
        QApplication::processEvents();
        const QImage image = w.grab().toImage();
        QVERIFY(!image.isNull());
        const QString path = m_dir + QLatin1Char('/') + name + QStringLiteral(".png");
        QVERIFY(image.save(path));
    }

    void prepare(MainWindow& w, QSize size, bool dark, bool presenter, bool error, size_t step)
    {
        w.setTheme(dark, presenter);
        w.resize(size);
        w.show();
        const SyntheticRun run = classicRun(error);
        w.loadRecording(std::make_shared<trace::Recording>(run.recording), QString::fromStdString(run.source),
                        QString::fromStdString(run.fileName), step);
        QApplication::processEvents();
        w.graphView()->fitToView();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests"));
        QSettings().clear();
        m_dir = QStringLiteral(AGV_BINARY_DIR) + QStringLiteral("/screenshots");
        QDir().mkpath(m_dir);
    }

    void screenshots_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("dark");
        QTest::addColumn<bool>("presenter");
        QTest::addColumn<bool>("error");
        QTest::addColumn<QString>("moment");
        QTest::addColumn<QString>("language");
        const QSize projector(1920, 1080), laptop(1280, 800);
        const QString en = QStringLiteral("en"), zh = QStringLiteral("zh_CN"), ru = QStringLiteral("ru");
        QTest::newRow("1920_backward_light") << projector << false << false << false << "backward" << en;
        QTest::newRow("1920_end_light") << projector << false << false << false << "end" << en;
        QTest::newRow("1920_error_light") << projector << false << false << true << "end" << en;
        QTest::newRow("1920_stale_dark") << projector << true << false << true << "bump" << en;
        QTest::newRow("1920_backward_presenter") << projector << false << true << false << "backward" << en;
        QTest::newRow("1280_forward_light") << laptop << false << false << false << "forward" << en;
        QTest::newRow("1280_error_dark") << laptop << true << false << true << "end" << en;
        QTest::newRow("1920_backward_light_zh") << projector << false << false << false << "backward" << zh;
        QTest::newRow("1920_error_dark_zh") << projector << true << false << true << "end" << zh;
        QTest::newRow("1920_backward_presenter_zh") << projector << false << true << false << "backward" << zh;
        QTest::newRow("1920_backward_light_ru") << projector << false << false << false << "backward" << ru;
        QTest::newRow("1920_error_dark_ru") << projector << true << false << true << "end" << ru;
        QTest::newRow("1920_backward_presenter_ru") << projector << false << true << false << "backward" << ru;
    }

    void screenshots()
    {
        QFETCH(QSize, size);
        QFETCH(bool, dark);
        QFETCH(bool, presenter);
        QFETCH(bool, error);
        QFETCH(QString, moment);
        QFETCH(QString, language);
        QVERIFY(applyLanguage(language));
        const SyntheticRun run = classicRun(error);
        size_t step = run.recording.size();
        if (moment == QLatin1String("backward"))
            step = stepAfterNth(run.recording, isNodeExecuted, 2);
        else if (moment == QLatin1String("bump"))
            step = stepAfterNth(run.recording, isBump, 0);
        else if (moment == QLatin1String("forward"))
            step = run.recording.size() / 3;
        // Theme first, as the app does at startup (widgets are created with its fonts).
        Theme::applyToApplication(*qApp, Theme::make(dark, presenter));
        MainWindow w;
        prepare(w, size, dark, presenter, error, step);
        if (moment == QLatin1String("end") && error)
            w.scene()->selectNode(w.player()->state().error->failingNode);
        else if (moment == QLatin1String("backward"))
            w.scene()->selectNode(w.player()->state().executingNode);
        shoot(w, QString::fromLatin1(QTest::currentDataTag()));
        applyLanguage(QStringLiteral("en"));
    }

    void themeSwitchAtRuntime()
    {
        // Switching back from presenter mode must shrink every font again.
        Theme::applyToApplication(*qApp, Theme::make(false, true));
        MainWindow w;
        prepare(w, QSize(1280, 800), false, false, false, 25);
        shoot(w, QStringLiteral("1280_after_presenter_toggle"));
        QVERIFY(w.font().pointSizeF() < 12);
    }

    void findBar()
    {
        Theme::applyToApplication(*qApp, Theme::make(false, false));
        MainWindow w;
        prepare(w, QSize(1920, 1080), false, false, false, classicRun(false).recording.size());
        w.searchBar()->open();
        w.searchBar()->field()->setText(QStringLiteral("mulback"));
        QCOMPARE(w.searchBar()->matchCount(), 3);
        shoot(w, QStringLiteral("1920_find"));
    }

    void forwardAndBackwardGraphs_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("presenter");
        QTest::newRow("1920_side_by_side") << int(MainWindow::GraphMode::SideBySide) << false;
        QTest::newRow("1920_forward_presenter") << int(MainWindow::GraphMode::Forward) << true;
    }

    void forwardAndBackwardGraphs()
    {
        QFETCH(int, mode);
        QFETCH(bool, presenter);
        Theme::applyToApplication(*qApp, Theme::make(false, presenter));
        MainWindow w;
        const SyntheticRun run = classicRun(false);
        prepare(w, QSize(1920, 1080), false, presenter, false, stepAfterNth(run.recording, isNodeExecuted, 2));
        w.setGraphMode(static_cast<MainWindow::GraphMode>(mode));
        w.scene()->selectNode(w.player()->state().executingNode);
        QCOMPARE(w.forwardView()->isVisible(), true);
        shoot(w, QString::fromLatin1(QTest::currentDataTag()));
        w.setGraphMode(MainWindow::GraphMode::Backward);
    }

    void pinnedNotes()
    {
        Theme::applyToApplication(*qApp, Theme::make(false, false));
        MainWindow w;
        const SyntheticRun run = classicRun(false);
        const size_t step = stepAfterNth(run.recording, isNodeExecuted, 2);
        prepare(w, QSize(1920, 1080), false, false, false, step);
        w.pinNote(step, 105, QStringLiteral("Why does MulBackward0 keep l1 and w3? Predict the gradient it sends to l1."));
        w.pinNote(step, 0, QStringLiteral("Stop here and ask the class."));
        w.graphView()->fitToView();
        QVERIFY(w.scene()->noteItems().front()->isVisible());
        shoot(w, QStringLiteral("1920_notes"));
    }

    void bigGraph()
    {
        Theme::applyToApplication(*qApp, Theme::make(false, false));
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        const trace::Recording r = wideGraphRecording(400);
        w.loadRecording(std::make_shared<trace::Recording>(r), QStringLiteral("# a generated network\n"),
                        QStringLiteral("big.py"), r.size());
        w.graphView()->setZoom(0.6);
        w.graphView()->centerOn(w.scene()->itemsBoundingRect().center());
        shoot(w, QStringLiteral("1920_big_graph"));
    }

    void collapsedAndHugeGraphs_data()
    {
        QTest::addColumn<bool>("huge");
        QTest::newRow("1920_collapsed_loop") << false;  // Note [Collapsed repeats]
        QTest::newRow("1920_huge_graph") << true;       // Note [Overview of huge graphs]
    }

    void collapsedAndHugeGraphs()
    {
        QFETCH(bool, huge);
        Theme::applyToApplication(*qApp, Theme::make(false, false));
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        // A loop of 2,000 steps halfway through backward; a 20,000-node network halfway
        // through forward, followed at a readable zoom.
        const trace::Recording r = huge ? wideGraphRecording(20000) : loopRecording(2000, 1, 2000);
        w.loadRecording(std::make_shared<trace::Recording>(r), QStringLiteral("# generated\n"), QStringLiteral("big.py"),
                        huge ? r.size() / 2 : r.size());
        QCOMPARE(w.scene()->overview() != nullptr, huge);
        shoot(w, QString::fromLatin1(QTest::currentDataTag()));
    }

    void collapsedModules_data()
    {
        QTest::addColumn<bool>("blockOpen");
        QTest::newRow("1920_collapsed_mlp") << false;  // Note [Collapsed modules]
        QTest::newRow("1920_collapsed_mlp_block_open") << true;
    }

    void collapsedModules()
    {
        QFETCH(bool, blockOpen);
        Theme::applyToApplication(*qApp, Theme::make(false, false));
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        // A 2,001-node MLP training step opens with its 20 blocks collapsed; halfway
        // through backward, block 12 is running.
        const trace::Recording r = mlpRecording(20, 20);
        const QString source = QStringLiteral(
            "import torch\nimport torch.nn as nn\n\n\ndef block(width, layers):\n"
            "    return nn.Sequential(*[m for _ in range(layers) for m in (nn.Linear(width, width), nn.ReLU())])\n\n\n"
            "model = nn.Sequential(*[block(32, 20) for _ in range(20)])\nloss_fn = nn.MSELoss()\n"
            "inputs, targets = torch.randn(64, 32), torch.zeros(64, 32)\nprediction = model(inputs)\n"
            "loss = loss_fn(prediction, targets)\n\nloss.backward()\n");
        w.loadRecording(std::make_shared<trace::Recording>(r), source, QStringLiteral("deep_mlp.py"),
                        stepAfterNth(r, isNodeExecuted, 728));
        QCOMPARE(w.scene()->groupItems().size(), size_t(20));
        if (blockOpen) {
            for (GroupNodeItem* g : w.scene()->groupItems())
                if (g->isExecuting()) {
                    Q_EMIT w.scene()->groupExpansionRequested(g->key());
                    break;
                }
            QCOMPARE(w.scene()->groupItems().size(), size_t(19));
        }
        w.graphView()->fitToView();
        shoot(w, QString::fromLatin1(QTest::currentDataTag()));
    }

    void startPage_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("1920_start_page") << QStringLiteral("en");
        QTest::newRow("1920_start_page_zh") << QStringLiteral("zh_CN");
        QTest::newRow("1920_start_page_ru") << QStringLiteral("ru");
    }

    void startPage()
    {
        QFETCH(QString, language);
        QVERIFY(applyLanguage(language));
        Theme::applyToApplication(*qApp, Theme::make(false, false));
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        w.showStartPage();
        shoot(w, QString::fromLatin1(QTest::currentDataTag()));
        applyLanguage(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
