// Run > Compare Runs: demo 16 run through the real script host in every configuration
// (as written, checkpointing off, 1..8 segments), the counts each cost, the trade-off
// chart whose points open a run in the main window, a run that fails among others, and
// Cancel. Saves build/screenshots/compare_runs.png (1920x1080) to look at.

#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

#include <mutex>

#include "core/trace/run_configuration.h"
#include "tests/common/fake_runner.h"
#include "ui/compare/compare_runs_dialog.h"
#include "ui/compare/memory_overlay_chart.h"
#include "ui/compare/tradeoff_chart.h"
#include "ui/i18n/language.h"
#include "ui/main_window.h"
#include "ui/playback/player.h"
#include "ui/run/host_process_runner.h"

using namespace agv;
using namespace agv::testing;
using namespace agv::ui;

namespace {

/// Answers each configuration with a synthetic run: the version-mismatch error for those
/// in `failing`, the classic example otherwise; remembers what it was asked.
class ConfigurationFakeRunner : public ScriptRunner {
public:
    explicit ConfigurationFakeRunner(QStringList failing, int delayMs = 0) : m_failing(std::move(failing)), m_delayMs(delayMs) {}

    RunOutcome run(const std::string& source, const std::string& fileName, const std::atomic<bool>& cancel,
                   const RunProgress& progress) override
    {
        return runWithCheckpointConfig(source, fileName, "as-written", cancel, progress);
    }

    RunOutcome runWithCheckpointConfig(const std::string&, const std::string&, const std::string& configuration,
                                       const std::atomic<bool>& cancel, const RunProgress&) override
    {
        {
            std::lock_guard lock(m_mutex);
            m_asked << QString::fromStdString(configuration);
        }
        RunOutcome out;
        // Stands in for a slow interpreter that polls cancel.
        for (int waited = 0; waited < m_delayMs; waited += 5) {
            if (cancel.load()) {
                out.cancelled = true;
                return out;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        const bool fails = m_failing.contains(QString::fromStdString(configuration));
        out.recording = classicRun(fails).recording;
        out.exitCode = fails ? 1 : 0;
        return out;
    }

    QStringList asked()
    {
        std::lock_guard lock(m_mutex);
        return m_asked;
    }

private:
    QStringList m_failing;
    int m_delayMs;
    std::mutex m_mutex;
    QStringList m_asked;
};

int runIndex(const CompareRunsDialog& dialog, const QString& configuration)
{
    const auto& runs = dialog.runs()->runs();
    for (size_t i = 0; i < runs.size(); ++i)
        if (runs[i].configuration == configuration)
            return int(i);
    return -1;
}

/// Opens `demo`, runs Compare Runs and waits until every configuration ran; nullptr when
/// the file did not open or the runs did not finish.
CompareRunsDialog* compareEveryConfiguration(MainWindow& w, const QString& demo)
{
    w.resize(1400, 900);
    w.show();
    if (!w.openFile(demo))
        return nullptr;
    CompareRunsDialog* dialog = w.showCompareRuns();
    if (!dialog)
        return nullptr;
    QSignalSpy finished(dialog->runs(), &ConfigurationRuns::finished);
    if (!finished.wait(240000))
        return nullptr;
    w.runController()->waitForIdle();
    return dialog;
}

QStringList configurationsOf(const CompareRunsDialog& dialog)
{
    QStringList configurations;
    for (const ConfigurationRun& run : dialog.runs()->runs())
        configurations << run.configuration;
    return configurations;
}

}  // namespace

class TestCompareRuns : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests"));
        QSettings().clear();
    }

    void shortcutIsUniqueInTheMainWindow()
    {
        MainWindow w(classicFakeRunner());
        int withShortcut = 0;
        QAction* compare = nullptr;
        const QKeySequence key(QStringLiteral("Ctrl+Shift+R"));
        for (QAction* action : w.findChildren<QAction*>())
            if (action->shortcuts().contains(key)) {
                ++withShortcut;
                compare = action;
            }
        QCOMPARE(withShortcut, 1);
        QVERIFY(compare->text().contains(QStringLiteral("Com&pare Runs")));
    }

    void demo20AddsBothEndsOfTheSelectivePolicy()
    {
        MainWindow w(std::make_shared<HostProcessRunner>(QStringLiteral(AGV_AUTOGRADVIZ_BIN)));
        CompareRunsDialog* dialog = compareEveryConfiguration(w, QStringLiteral(":/demos/20_selective_checkpoint.py"));
        QVERIFY(dialog);

        const auto& runs = dialog->runs()->runs();
        QCOMPARE(configurationsOf(*dialog), (QStringList{"as-written", "off", "sac=recompute-all", "sac=save-all"}));
        // The policy keeps both mm outputs and recomputes relu and sigmoid; the uniform
        // policies recompute all four or none.
        const QList<uint64_t> recomputed{2, 0, 4, 0};
        const QList<uint64_t> restored{2, 0, 0, 4};
        for (size_t i = 0; i < runs.size(); ++i) {
            QCOMPARE(runs[i].state, ConfigurationRun::State::Done);
            QCOMPARE(runs[i].metrics.recomputedOps, recomputed[int(i)]);
            QCOMPARE(runs[i].metrics.restoredOps, restored[int(i)]);
        }
        QVERIFY(runs[3].metrics.peakSavedBytes > runs[0].metrics.peakSavedBytes);
        QVERIFY(runs[0].metrics.peakSavedBytes > runs[2].metrics.peakSavedBytes);
        QCOMPARE(configurationTitle(QStringLiteral("sac=save-all")), QStringLiteral("SAC: save every op"));

        dialog->resize(1920, 1080);
        dialog->table()->selectRow(0);
        QApplication::processEvents();
        const QString dir = QStringLiteral(AGV_BINARY_DIR) + QStringLiteral("/screenshots");
        QDir().mkpath(dir);
        QVERIFY(dialog->grab().toImage().save(dir + QStringLiteral("/compare_runs_sac.png")));
    }

    void demo16InEveryConfiguration()
    {
        MainWindow w(std::make_shared<HostProcessRunner>(QStringLiteral(AGV_AUTOGRADVIZ_BIN)));
        CompareRunsDialog* dialog = compareEveryConfiguration(w, QStringLiteral(":/demos/16_checkpoint_sequential.py"));
        QVERIFY(dialog);

        // As written and off first; the off run tells checkpoint_sequential's 8 functions.
        const auto& runs = dialog->runs()->runs();
        QCOMPARE(configurationsOf(*dialog), (QStringList{"as-written", "off", "segments=1", "segments=2", "segments=3", "segments=4",
                                              "segments=5", "segments=6", "segments=7", "segments=8"}));
        // 1.13's split: 8 // K functions per segment, all but the last segment checkpointed;
        // a Linear recomputes two nodes (TBackward0, AddmmBackward0), a ReLU one.
        const QList<uint64_t> recomputed{6, 0, 0, 6, 6, 9, 6, 8, 9, 11};
        for (size_t i = 0; i < runs.size(); ++i) {
            QVERIFY2(runs[i].state == ConfigurationRun::State::Done, qPrintable(runs[i].configuration + runs[i].error));
            QCOMPARE(runs[i].metrics.recomputedOps, recomputed[int(i)]);
            QCOMPARE(runs[i].metrics.forwardOps, uint64_t(13));
            QCOMPARE(QString::fromStdString(trace::recordedCheckpointOverride(*runs[i].recording).text()),
                     runs[i].configuration);
        }
        QVERIFY(runs[0].metrics.peakSavedBytes < runs[1].metrics.peakSavedBytes);
        QCOMPARE(dialog->table()->rowCount(), 10);
        QCOMPARE(dialog->table()->item(1, 5)->text(), QStringLiteral("0"));
        QCOMPARE(dialog->table()->item(0, 5)->text(), QStringLiteral("6"));
        QVERIFY(dialog->errorText()->isHidden());

        // The memory of as written against off, with what one trades against the other.
        QCOMPARE(dialog->firstRunBox()->currentData().toString(), QStringLiteral("as-written"));
        QCOMPARE(dialog->secondRunBox()->currentData().toString(), QStringLiteral("off"));
        QCOMPARE(dialog->memoryChart()->series().size(), size_t(2));
        QVERIFY2(dialog->comparisonText()->text().contains(QStringLiteral("less for backward")),
                 qPrintable(dialog->comparisonText()->text()));

        // Same-cost configurations share a point: off and 1 segment recompute nothing.
        TradeoffChart* chart = dialog->tradeoffChart();
        QVERIFY(chart->pointCount() < 10);
        int offPoint = -1;
        for (int i = 0; i < chart->pointCount(); ++i)
            if (chart->runOfPoint(i) == runIndex(*dialog, QStringLiteral("off")))
                offPoint = i;
        QVERIFY(offPoint >= 0);

        dialog->resize(1920, 1080);
        dialog->table()->selectRow(0);
        QApplication::processEvents();
        const QString dir = QStringLiteral(AGV_BINARY_DIR) + QStringLiteral("/screenshots");
        QDir().mkpath(dir);
        QVERIFY(dialog->grab().toImage().save(dir + QStringLiteral("/compare_runs.png")));

        // A click on the point opens that recording in the main window, notes included.
        QSignalSpy loaded(&w, &MainWindow::recordingLoaded);
        QTest::mouseClick(chart, Qt::LeftButton, {}, chart->pointPosition(offPoint).toPoint());
        QTRY_VERIFY(w.player()->recording() == runs[1].recording);
        bool noted = false;
        for (const trace::Note& note : w.notes())
            noted = noted || QString::fromStdString(note.text).contains(QStringLiteral("--checkpoint-config off"));
        QVERIFY(noted);
        QCOMPARE(dialog->table()->currentRow(), 1);
        // The run says which configuration it is: the caption at its first step, the status bar.
        QCOMPARE(w.player()->step(), size_t(0));
        QVERIFY2(w.stepCaption()->text().contains(QStringLiteral("--checkpoint-config off")),
                 qPrintable(w.stepCaption()->text()));
        QApplication::processEvents();
        QVERIFY(w.grab().toImage().save(dir + QStringLiteral("/compare_runs_opened.png")));
    }

    void russianScreenshot()
    {
        QVERIFY(applyLanguage(QStringLiteral("ru")));
        auto runner = std::make_shared<HostProcessRunner>(QStringLiteral(AGV_AUTOGRADVIZ_BIN));
        QFile demo(QStringLiteral(":/demos/16_checkpoint_sequential.py"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        CompareRunsDialog dialog;
        QSignalSpy finished(dialog.runs(), &ConfigurationRuns::finished);
        dialog.start(runner, QString::fromUtf8(demo.readAll()), QStringLiteral("16_checkpoint_sequential.py"));
        QVERIFY(finished.wait(240000));
        QCOMPARE(dialog.table()->horizontalHeaderItem(0)->text(), QStringLiteral("Конфигурация"));
        QCOMPARE(dialog.table()->item(4, 0)->text(), QStringLiteral("Сегментов: 3"));
        dialog.resize(1920, 1080);
        dialog.show();
        QApplication::processEvents();
        QVERIFY(dialog.grab().toImage().save(QStringLiteral(AGV_BINARY_DIR "/screenshots/compare_runs_ru.png")));
        QVERIFY(applyLanguage(QStringLiteral("en")));
    }

    void aFailingRunShowsItsErrorAndTheOthersComplete()
    {
        auto runner = std::make_shared<ConfigurationFakeRunner>(QStringList{QStringLiteral("as-written")});
        CompareRunsDialog dialog;
        QSignalSpy finished(dialog.runs(), &ConfigurationRuns::finished);
        dialog.start(runner, QStringLiteral("print(1)\n"), QStringLiteral("fails.py"));
        QVERIFY(finished.wait(20000));
        QCOMPARE(runner->asked(), (QStringList{"as-written", "off"}));
        const auto& runs = dialog.runs()->runs();
        QCOMPARE(runs.size(), size_t(2));
        QVERIFY(runs[0].state == ConfigurationRun::State::Failed);
        QVERIFY(runs[1].state == ConfigurationRun::State::Done);
        QVERIFY2(runs[0].error.startsWith(QStringLiteral("RuntimeError: one of the variables needed for gradient")),
                 qPrintable(runs[0].error));
        QVERIFY(!dialog.errorText()->isHidden());
        QVERIFY(dialog.errorText()->text().contains(QStringLiteral("one of the variables needed")));
        QCOMPARE(dialog.table()->item(0, 1)->text(), QStringLiteral("failed"));
        QCOMPARE(dialog.table()->item(0, 1)->toolTip(), runs[0].error);
        // Only the run that finished is a point on the trade-off.
        QCOMPARE(dialog.tradeoffChart()->pointCount(), 1);
        QCOMPARE(dialog.tradeoffChart()->runOfPoint(0), 1);
    }

    void cancelStopsTheRemainingRuns()
    {
        auto runner = std::make_shared<ConfigurationFakeRunner>(QStringList{}, 60000);
        CompareRunsDialog dialog;
        dialog.show();
        QSignalSpy changed(dialog.runs(), &ConfigurationRuns::runChanged);
        QSignalSpy finished(dialog.runs(), &ConfigurationRuns::finished);
        dialog.start(runner, QStringLiteral("print(1)\n"), QStringLiteral("slow.py"));
        QVERIFY(dialog.runs()->isRunning());
        QVERIFY(dialog.cancelButton()->isEnabled());
        QTest::mouseClick(dialog.cancelButton(), Qt::LeftButton);
        QCOMPARE(finished.count(), 1);
        QVERIFY(!dialog.runs()->isRunning());
        for (const ConfigurationRun& run : dialog.runs()->runs())
            QVERIFY(run.state == ConfigurationRun::State::Cancelled);
        QVERIFY(!dialog.cancelButton()->isEnabled());
        QCOMPARE(dialog.tradeoffChart()->pointCount(), 0);
    }
};

QTEST_MAIN(TestCompareRuns)
#include "tst_compare_runs.moc"
