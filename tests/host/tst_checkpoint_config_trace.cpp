// `--checkpoint-config` (core/autograd/checkpoint_override.h) on unchanged scripts,
// through the real binary: demo 16 (checkpoint_sequential over 8 functions) in every
// configuration prints the same loss and gradient, does the work PyTorch 1.13's split
// implies, keeps the bytes for backward that its recording shows, and its trace says
// which configuration it ran in.

#include <QTest>

#include "core/trace/run_configuration.h"
#include "core/trace/run_metrics.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

QString demo16()
{
    QFile file(QStringLiteral(AGV_SOURCE_DIR "/resources/demos/16_checkpoint_sequential.py"));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

testing::ScriptRun runDemo16(const QString& configuration)
{
    return testing::runScriptProcess(demo16(), QStringLiteral("16_checkpoint_sequential.py"),
                                     {QStringLiteral("--checkpoint-config"), configuration});
}

testing::ScriptRun runDemo20(const QString& configuration)
{
    QFile file(QStringLiteral(AGV_SOURCE_DIR "/resources/demos/20_selective_checkpoint.py"));
    const QString source = file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    return testing::runScriptProcess(source, QStringLiteral("20_selective_checkpoint.py"),
                                     {QStringLiteral("--checkpoint-config"), configuration});
}

/// The gradients the demo prints last (w1.grad: 2 lines, w2.grad: 3 lines).
std::string lastLines(const std::string& text, int count)
{
    size_t cut = text.size();
    for (int newlines = 0; cut > 0; --cut)
        if (text[cut - 1] == '\n' && ++newlines == count + 1)
            break;
    return text.substr(cut);
}

}  // namespace

class TestCheckpointConfigTrace : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void demo16_data()
    {
        QTest::addColumn<QString>("configuration");
        QTest::addColumn<int>("checkpointed");    // CheckpointBegin events
        QTest::addColumn<int>("recomputedOps");
        QTest::addColumn<QString>("forwardRuns");  // the demo's own count of layer forwards
        QTest::addColumn<int>("peakSavedBytes");
        // 1.13 splits 8 functions into K segments of 8 // K and checkpoints all but the
        // last; a Linear recomputes TBackward0 and AddmmBackward0, a ReLU ReluBackward0.
        // Saved bytes (16 per [1, 4] activation): a ReLU keeps its output, a Linear its
        // input, a checkpointed segment only its input (x, a leaf, never counts); with
        // one function per segment every Linear output becomes a kept input, so 8
        // segments keep more than none.
        QTest::newRow("as written (2)") << "as-written" << 1 << 6 << "[2, 2, 2, 2, 1, 1, 1, 1]" << 48;
        QTest::newRow("off") << "off" << 0 << 0 << "[1, 1, 1, 1, 1, 1, 1, 1]" << 64;
        QTest::newRow("segments=1") << "segments=1" << 0 << 0 << "[1, 1, 1, 1, 1, 1, 1, 1]" << 64;
        QTest::newRow("segments=2") << "segments=2" << 1 << 6 << "[2, 2, 2, 2, 1, 1, 1, 1]" << 48;
        QTest::newRow("segments=3") << "segments=3" << 2 << 6 << "[2, 2, 2, 2, 1, 1, 1, 1]" << 64;
        QTest::newRow("segments=4") << "segments=4" << 3 << 9 << "[2, 2, 2, 2, 2, 2, 1, 1]" << 64;
        QTest::newRow("segments=5") << "segments=5" << 4 << 6 << "[2, 2, 2, 2, 1, 1, 1, 1]" << 96;
        QTest::newRow("segments=8") << "segments=8" << 7 << 11 << "[2, 2, 2, 2, 2, 2, 2, 1]" << 112;
        QTest::newRow("segments=20 (as many as there are functions)") << "segments=20" << 7 << 11
                                                                      << "[2, 2, 2, 2, 2, 2, 2, 1]" << 112;
    }

    void demo16()
    {
        QFETCH(QString, configuration);
        QFETCH(int, checkpointed);
        QFETCH(int, recomputedOps);
        QFETCH(QString, forwardRuns);
        QFETCH(int, peakSavedBytes);
        const testing::ScriptRun run = runDemo16(configuration);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        // Checkpointing changes what is kept, never what is computed.
        QCOMPARE(QString::fromStdString(run.stdoutText),
                 QStringLiteral("loss 88.5\nforward runs per layer %1\ntensor([[21.,  9., 21., 21.]])\n").arg(forwardRuns));
        const RunMetrics m = computeRunMetrics(run.recording);
        QCOMPARE(int(run.recording.all<CheckpointBegin>().size()), checkpointed);
        QCOMPARE(int(m.segmentsRecomputed), checkpointed);
        QCOMPARE(int(m.recomputedOps), recomputedOps);
        QCOMPARE(int(m.forwardOps), 13);  // 4 Linear x 2 nodes + 4 ReLU + sum, in every configuration
        QCOMPARE(int(m.peakSavedBytes), peakSavedBytes);
        QVERIFY(m.peakTotalBytes > m.peakSavedBytes);
        QVERIFY(!m.failed);

        // The trace says which configuration the run used: nothing when as written.
        const CheckpointOverride recorded = recordedCheckpointOverride(run.recording);
        if (configuration == QLatin1String("as-written")) {
            QVERIFY(run.recording.notes().empty());
            QCOMPARE(recordedSequentialFunctions(run.recording), 0);
        } else {
            QCOMPARE(QString::fromStdString(recorded.text()), configuration);
            QCOMPARE(recordedSequentialFunctions(run.recording), 8);
        }
    }

    void checkpointingSavesBytesInDemo16()
    {
        const RunMetrics asWritten = computeRunMetrics(runDemo16(QStringLiteral("as-written")).recording);
        const RunMetrics off = computeRunMetrics(runDemo16(QStringLiteral("off")).recording);
        QVERIFY(asWritten.peakSavedBytes > 0);
        QVERIFY(asWritten.peakSavedBytes < off.peakSavedBytes);
        QVERIFY(asWritten.recomputedOps > off.recomputedOps);
    }

    void selectiveCheckpointingPoliciesInDemo20_data()
    {
        QTest::addColumn<QString>("configuration");
        QTest::addColumn<int>("recomputedOps");
        QTest::addColumn<int>("restoredOps");
        QTest::addColumn<int>("peakCachedBytes");  // kept by SAC's cache: mm outputs are 24 + 16 bytes
        // The demo keeps both mm outputs and recomputes relu and sigmoid.
        QTest::newRow("as-written") << QStringLiteral("as-written") << 2 << 2 << 40;
        QTest::newRow("recompute-all") << QStringLiteral("sac=recompute-all") << 4 << 0 << 0;
        QTest::newRow("save-all") << QStringLiteral("sac=save-all") << 0 << 4 << 80;
        QTest::newRow("off") << QStringLiteral("off") << 0 << 0 << 0;
    }

    void selectiveCheckpointingPoliciesInDemo20()
    {
        QFETCH(QString, configuration);
        QFETCH(int, recomputedOps);
        QFETCH(int, restoredOps);
        QFETCH(int, peakCachedBytes);
        const testing::ScriptRun run = runDemo20(configuration);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        static const std::string gradients = lastLines(runDemo20(QStringLiteral("off")).stdoutText, 5);
        QCOMPARE(lastLines(run.stdoutText, 5), gradients);
        const RunMetrics m = computeRunMetrics(run.recording);
        QCOMPARE(int(m.recomputedOps), recomputedOps);
        QCOMPARE(int(m.restoredOps), restoredOps);
        uint64_t cached = 0, peak = 0;
        for (const Event& e : run.recording.events())
            if (const auto* op = std::get_if<SelectiveCheckpointOp>(&e.payload)) {
                if (op->action == SacAction::Cached)
                    cached += op->bytes;
                else if (op->action == SacAction::Restored)
                    cached -= op->bytes;
                peak = std::max(peak, cached);
            }
        QCOMPARE(int(peak), peakCachedBytes);
        QVERIFY(m.peakSavedBytes >= uint64_t(peakCachedBytes));
        QCOMPARE(QString::fromStdString(recordedCheckpointOverride(run.recording).text()), configuration);
    }

    void offRunsAPlainCheckpointAsPlainCode()
    {
        const QString script = QStringLiteral(
            "import torch\n"
            "from torch.utils.checkpoint import checkpoint\n"
            "w = torch.tensor([1.0, 2.0], requires_grad=True)\n"
            "def block(x, scale=1.0):\n"
            "    return (x * w).exp() * scale\n"
            "x = torch.tensor([0.5, -1.0], requires_grad=True)\n"
            "y = checkpoint(block, x, use_reentrant=False, scale=2.0, preserve_rng_state=False)\n"
            "y.sum().backward()\n"
            "print(x.grad)\n");
        const testing::ScriptRun written = testing::runScriptProcess(script, QStringLiteral("block.py"));
        const testing::ScriptRun off = testing::runScriptProcess(script, QStringLiteral("block.py"),
                                                                 {QStringLiteral("--checkpoint-config"), QStringLiteral("off")});
        QCOMPARE(written.exitCode, 0);
        QCOMPARE(off.exitCode, 0);
        QCOMPARE(off.stdoutText, written.stdoutText);
        QCOMPARE(int(written.recording.all<RecomputeBegin>().size()), 1);
        QVERIFY(off.recording.all<CheckpointBegin>().empty());
        QCOMPARE(computeRunMetrics(off.recording).recomputedOps, uint64_t(0));
        QCOMPARE(recordedCheckpointOverride(off.recording).mode, CheckpointOverride::Mode::Off);
        QCOMPARE(recordedSequentialFunctions(off.recording), 0);  // no checkpoint_sequential ran
    }

    void aBadConfigurationIsAUsageError()
    {
        const testing::ScriptRun run = runDemo16(QStringLiteral("segments=0"));
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromStdString(run.stderrText).contains(QStringLiteral("--checkpoint-config takes as-written, off, segments=K (K >= 1), sac=recompute-all or sac=save-all")),
                 run.stderrText.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCheckpointConfigTrace)
#include "tst_checkpoint_config_trace.moc"
