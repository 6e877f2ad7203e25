// The GUI's script runs: every run is an `autogradviz --host` process streamed back
// live. Cancel keeps the partial recording, a host killed by a signal is reported and
// the next run works, limits stop a run with a message, two quick runs in the window
// deliver only the newest.

#include <QtTest>

#include <thread>

#include "core/trace/recording.h"
#include "ui/main_window.h"
#include "ui/panels/code_editor.h"
#include "ui/playback/player.h"
#include "ui/run/host_process_runner.h"
#include "ui/run/run_controller.h"

using namespace agv;
using namespace agv::ui;

namespace {

/// What the window starts for every run: the host binary without the window's libraries.
QString hostBinary() { return QStringLiteral(AGV_AUTOGRADVIZ_HOST_BIN); }

template <typename T>
size_t count(const trace::Recording& r)
{
    return r.all<T>().size();
}

std::string lastErrorMessage(const trace::Recording& r)
{
    const auto errors = r.all<trace::ErrorRaised>();
    return errors.empty() ? std::string() : errors.back()->message;
}

}  // namespace

class TestHostRunner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void runsAScriptInTheHost()
    {
        HostProcessRunner runner(hostBinary());
        std::atomic<bool> cancel{false};
        RunOutcome out = runner.run("import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                                    "y = (x * x).sum()\ny.backward()\nprint(x.grad)\n",
                                    "square.py", cancel);
        QCOMPARE(out.exitCode, 0);
        QCOMPARE(QString::fromStdString(out.stdoutText), QStringLiteral("tensor([2., 4.])\n"));
        QVERIFY(count<trace::LineReached>(out.recording) >= 5);
        QVERIFY(count<trace::NodeCreated>(out.recording) >= 2);
        bool labelled = false;
        for (const auto* l : out.recording.all<trace::TensorLabeled>())
            labelled = labelled || l->label == "x";
        QVERIFY(labelled);
    }

    void uncaughtErrorEndsWithExitCodeOne()
    {
        HostProcessRunner runner(hostBinary());
        std::atomic<bool> cancel{false};
        RunOutcome out = runner.run("print('before')\nraise ValueError('bad value')\n", "fails.py", cancel);
        QCOMPARE(out.exitCode, 1);
        QCOMPARE(QString::fromStdString(out.stdoutText), QStringLiteral("before\n"));
        QVERIFY(QString::fromStdString(out.stderrText).endsWith(QStringLiteral("ValueError: bad value\n")));
        QCOMPARE(lastErrorMessage(out.recording), std::string("bad value"));
    }

    void cancelledInfiniteLoopKeepsItsPartialRecording()
    {
        HostProcessRunner runner(hostBinary());
        std::atomic<bool> cancel{false};
        std::atomic<int> progressCalls{0};
        RunOutcome out;
        // The progress callback is the synchronisation: once lines have arrived, cancel.
        std::thread worker([&] {
            out = runner.run("x = 0\nwhile True:\n    x += 1\n", "loop.py", cancel,
                             [&](const trace::Recording& soFar) {
                                 ++progressCalls;
                                 if (soFar.all<trace::LineReached>().size() > 10)
                                     cancel = true;
                             });
        });
        worker.join();
        QVERIFY(progressCalls.load() >= 1);
        QVERIFY(out.cancelled);
        QVERIFY(count<trace::LineReached>(out.recording) > 10);
    }

    void killedHostIsReportedAndTheNextRunWorks()
    {
        HostProcessRunner runner(hostBinary());
        std::atomic<bool> cancel{false};
        RunOutcome out = runner.run("import os, signal\nprint('before')\nos.kill(os.getpid(), signal.SIGKILL)\n",
                                    "killed.py", cancel);
        QCOMPARE(out.exitCode, 1);
        QCOMPARE(QString::fromStdString(out.stdoutText), QStringLiteral("before\n"));
        QCOMPARE(lastErrorMessage(out.recording), std::string("the script process ended unexpectedly (signal 9)"));
        QVERIFY(QString::fromStdString(out.stderrText).contains(QStringLiteral("ended unexpectedly (signal 9)")));

        RunOutcome next = runner.run("print('fine')\n", "next.py", cancel);
        QCOMPARE(next.exitCode, 0);
        QCOMPARE(QString::fromStdString(next.stdoutText), QStringLiteral("fine\n"));
    }

    void recordingCapStopsTheRun()
    {
        HostLimits limits;
        limits.maxEvents = 2000;
        HostProcessRunner runner(hostBinary(), limits);
        std::atomic<bool> cancel{false};
        RunOutcome out = runner.run("x = 0\nwhile True:\n    x += 1\n", "flood.py", cancel);
        QCOMPARE(out.exitCode, 1);
        QVERIFY(!out.cancelled);
        QCOMPARE(lastErrorMessage(out.recording), std::string("recording stopped after 2000 events"));
        QVERIFY(QString::fromStdString(out.stderrText).contains(QStringLiteral("recording stopped after 2000 events")));
    }

    void wallClockLimitStopsTheRun()
    {
        HostLimits limits;
        limits.wallClockSeconds = 1;
        HostProcessRunner runner(hostBinary(), limits);
        std::atomic<bool> cancel{false};
        RunOutcome out = runner.run("import time\nwhile True:\n    time.sleep(0.05)\n", "slow.py", cancel);
        QCOMPARE(out.exitCode, 1);
        QCOMPARE(lastErrorMessage(out.recording), std::string("the script was stopped after the time limit of 1 s"));
    }

    void memoryLimitEndsInMemoryError()
    {
        HostLimits limits;
        limits.memoryBytes = 512ull << 20;
        HostProcessRunner runner(hostBinary(), limits);
        std::atomic<bool> cancel{false};
        RunOutcome out = runner.run("blocks = []\nwhile True:\n    blocks.append(bytearray(50_000_000))\n", "greedy.py",
                                    cancel);
        QCOMPARE(out.exitCode, 1);
        QVERIFY2(QString::fromStdString(out.stderrText).endsWith(QStringLiteral("MemoryError\n")), out.stderrText.c_str());
    }

    void scriptWritingToFdOneCannotCorruptTheStream()
    {
        HostProcessRunner runner(hostBinary());
        std::atomic<bool> cancel{false};
        RunOutcome out = runner.run("import os, sys\nos.write(1, b'{not json\\n')\nsys.stdout.close()\nprint('x', file=sys.stderr)\n",
                                    "fd1.py", cancel);
        QCOMPARE(out.exitCode, 0);
        QCOMPARE(QString::fromStdString(out.stderrText), QStringLiteral("x\n"));
    }

    void windowShowsLiveProgressAndOnlyTheNewestRun()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests"));
        QSettings().clear();
        auto runner = std::make_shared<HostProcessRunner>(hostBinary());
        MainWindow w(runner);
        w.show();
        QSignalSpy progress(&w, &MainWindow::runProgressShown);
        QSignalSpy running(w.runController(), &RunController::runningChanged);
        // A long script: the graph must grow before it ends (cancelled once seen).
        w.editor()->setPlainText(QStringLiteral("import time\nimport torch\nx = torch.ones(2, requires_grad=True)\n"
                                                "while True:\n    y = x * 2\n    time.sleep(0.01)\n"));
        QVERIFY(w.runScript());
        QVERIFY(progress.wait(20000));
        QVERIFY(w.player()->stepCount() > 0);
        w.runController()->cancel();
        w.runController()->waitForIdle();
        QVERIFY(!w.runController()->isRunning());
        QVERIFY2(w.player()->stepCount() > 0, "a cancelled run keeps its partial recording");

        // Two quick runs: only the second one's result is current.
        QSignalSpy finished(w.runController(), &RunController::finished);
        w.editor()->setPlainText(QStringLiteral("print('first')\n"));
        QVERIFY(w.runScript());
        w.editor()->setPlainText(QStringLiteral("print('second')\n"));
        QVERIFY(w.runScript());
        w.runController()->waitForIdle();
        QCOMPARE(finished.count(), 1);
        const RunResult result = finished.takeFirst().at(0).value<RunResult>();
        const auto outputs = result.recording->all<trace::Output>();
        QCOMPARE(outputs.size(), size_t(1));
        QCOMPARE(outputs.front()->text, std::string("second\n"));
    }
};

QTEST_MAIN(TestHostRunner)
#include "tst_host_runner.moc"
