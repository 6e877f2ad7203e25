// The counts Compare Runs sets side by side (core/trace/run_metrics.h) on recordings
// built by hand, and the checkpoint override's spelling and its notes in the trace
// (core/autograd/checkpoint_override.h, core/trace/run_configuration.h). Real recordings
// of demo 16 in each configuration: tests/host/tst_checkpoint_config_trace.cpp.

#include <QTest>

#include <algorithm>
#include <vector>

#include "core/trace/run_configuration.h"
#include "core/trace/run_metrics.h"

using namespace agv;
using namespace agv::trace;

namespace {

TensorCreated tensor(Id id, Id versionCounter, uint64_t bytes, bool leaf, bool requiresGrad, Id viewOf = 0)
{
    TensorCreated t;
    t.tensor = id;
    t.versionCounter = versionCounter;
    t.bytes = bytes;
    t.isLeaf = leaf;
    t.requiresGrad = requiresGrad;
    t.gradFn = leaf ? 0 : 1000 + id;
    t.viewOf = viewOf;
    return t;
}

TensorSaved saved(Id id, Id node, Id tensorId, Id versionCounter, uint64_t bytes,
                  SavedHolding holding = SavedHolding::Original)
{
    TensorSaved s;
    s.saved = id;
    s.node = node;
    s.tensor = tensorId;
    s.versionCounter = versionCounter;
    s.bytes = bytes;
    s.holding = holding;
    return s;
}

NodeCreated node(Id id, const char* name, NodePhase phase = NodePhase::Forward, Id segment = 0)
{
    NodeCreated n;
    n.node = id;
    n.name = name;
    n.phase = phase;
    n.checkpointSegment = segment;
    return n;
}

MemoryChanged memory(const char* device, int64_t delta, uint64_t current)
{
    MemoryChanged m;
    m.device = device;
    m.delta = delta;
    m.current = current;
    return m;
}

}  // namespace

class TestRunMetrics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void overrideSpellings_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("as-written") << "as-written" << true;
        QTest::newRow("off") << "off" << true;
        QTest::newRow("segments=1") << "segments=1" << true;
        QTest::newRow("segments=12") << "segments=12" << true;
        QTest::newRow("segments=0") << "segments=0" << false;
        QTest::newRow("segments=-2") << "segments=-2" << false;
        QTest::newRow("segments=") << "segments=" << false;
        QTest::newRow("segments=3x") << "segments=3x" << false;
        QTest::newRow("sac=recompute-all") << "sac=recompute-all" << true;
        QTest::newRow("sac=save-all") << "sac=save-all" << true;
        QTest::newRow("sac=") << "sac=" << false;
        QTest::newRow("on") << "on" << false;
        QTest::newRow("empty") << "" << false;
    }

    void overrideSpellings()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        const auto parsed = CheckpointOverride::parse(text.toStdString());
        QCOMPARE(parsed.has_value(), valid);
        if (valid)
            QCOMPARE(QString::fromStdString(parsed->text()), text);
    }

    void configureRefusesNonsenseAndKeepsTheSetting()
    {
        QVERIFY(configureCheckpointOverride("segments=3").empty());
        QCOMPARE(checkpointOverride(), (CheckpointOverride{CheckpointOverride::Mode::Segments, 3}));
        const std::string error = configureCheckpointOverride("sometimes");
        QVERIFY(error.find("as-written, off, segments=K (K >= 1), sac=recompute-all or sac=save-all") != std::string::npos);
        QCOMPARE(checkpointOverride().segments, 3);
        QVERIFY(configureCheckpointOverride("as-written").empty());
        QCOMPARE(checkpointOverride(), CheckpointOverride{});
    }

    void notesNameTheConfigurationUsed()
    {
        QVERIFY(!runConfigurationNote(CheckpointOverride{}).has_value());
        Recording recording;
        QCOMPARE(recordedCheckpointOverride(recording), CheckpointOverride{});  // no note: as written
        const CheckpointOverride three{CheckpointOverride::Mode::Segments, 3};
        QVERIFY(addNoteToSink(&recording, *runConfigurationNote(three)));
        QCOMPARE(recordedCheckpointOverride(recording), three);
        QCOMPARE(recordedSequentialFunctions(recording), 0);
        QVERIFY(addNoteToSink(&recording, sequentialOverrideNote(0, three, 8, 2, 3)));
        QCOMPARE(recordedSequentialFunctions(recording), 8);
        QCOMPARE(QString::fromStdString(recording.notes().back().text),
                 QStringLiteral("checkpoint_sequential: 8 functions in 3 segments (the script asks for 2; "
                                "--checkpoint-config segments=3)."));

        Recording off;
        const CheckpointOverride none{CheckpointOverride::Mode::Off, 0};
        addNoteToSink(&off, *runConfigurationNote(none));
        addNoteToSink(&off, sequentialOverrideNote(0, none, 5, 2, 2));
        QCOMPARE(recordedCheckpointOverride(off), none);
        QCOMPARE(recordedSequentialFunctions(off), 5);
        QVERIFY(QString::fromStdString(off.notes().back().text).contains(QLatin1String("without checkpointing")));
    }

    void compareRunsTriesAFewSegmentCountsOfALongSequence()
    {
        QCOMPARE(segmentCountsToCompare(0), std::vector<int>{});
        QCOMPARE(segmentCountsToCompare(5), (std::vector<int>{1, 2, 3, 4, 5}));
        QCOMPARE(segmentCountsToCompare(12), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
        // sqrt(100) = 10 and its neighbours, then powers of two up to the cap of 12.
        QCOMPARE(segmentCountsToCompare(100), (std::vector<int>{1, 2, 3, 4, 8, 9, 10, 11, 16, 32, 64, 100}));
        const std::vector<int> thousand = segmentCountsToCompare(1000);
        QVERIFY(thousand.size() <= 12);
        QVERIFY(std::is_sorted(thousand.begin(), thousand.end()));
        for (int expected : {1, 31, 32, 33, 1000})
            QVERIFY2(std::find(thousand.begin(), thousand.end(), expected) != thousand.end(),
                     qPrintable(QString::number(expected)));
    }

    void noteStepIsTheSinksStep()
    {
        Recording recording;
        recording.record(LineReached{1}, 1);
        recording.record(LineReached{2}, 2);
        QCOMPARE(sinkStep(&recording), uint64_t(2));
        QVERIFY(addNoteToSink(&recording, sequentialOverrideNote(sinkStep(&recording), CheckpointOverride{CheckpointOverride::Mode::Off, 0}, 4, 2, 2)));
        QCOMPARE(recording.notes().back().step, uint64_t(2));
        QVERIFY(!addNoteToSink(nullptr, Note{}));
    }

    void savedBytesCountEachStorageOnceAndNeverParameters()
    {
        Recording r;
        r.record(tensor(1, 100, 64, true, true), 0);             // parameter w
        r.record(tensor(2, 200, 16, false, true), 0);            // activation a
        r.record(tensor(3, 200, 8, false, true, 2), 0);          // a view of a
        r.record(tensor(4, 300, 32, false, true), 0);            // activation b
        r.record(node(10, "MulBackward0"), 0);
        r.record(saved(20, 10, 2, 200, 16), 0);                  // a
        r.record(saved(21, 10, 1, 100, 64), 0);                  // w: alive anyway
        r.record(saved(22, 10, 3, 200, 8), 0);                   // the view shares a's storage
        r.record(node(11, "MulBackward0"), 0);
        r.record(saved(23, 11, 4, 300, 32, SavedHolding::PackedByHook), 0);  // held as what the hook returned
        r.record(saved(24, 11, 4, 300, 32, SavedHolding::DataOnly), 0);
        r.record(SavedReleased{10}, 0);
        r.record(SavedReleased{11}, 0);
        const std::vector<uint64_t> over = savedBytesOverTime(r);
        QCOMPARE(over.size(), r.size());
        QCOMPARE(over[5], uint64_t(16));
        QCOMPARE(over[6], uint64_t(16));
        QCOMPARE(over[7], uint64_t(16));
        QCOMPARE(over[9], uint64_t(16));
        QCOMPARE(over[10], uint64_t(48));
        QCOMPARE(over[11], uint64_t(32));
        QCOMPARE(over[12], uint64_t(0));
        const RunMetrics m = computeRunMetrics(r);
        QCOMPARE(m.peakSavedBytes, uint64_t(48));
        QCOMPARE(m.peakSavedStep, uint64_t(10));
    }

    void inputsMadeToRequireGradAreNotActivationsButTheirDetachedCopiesAre()
    {
        Recording r;
        r.record(tensor(1, 100, 16, true, false), 0);  // x = torch.tensor(...)
        GradFnChanged madeToRequireGrad;
        madeToRequireGrad.tensor = 1;
        madeToRequireGrad.requiresGrad = true;
        r.record(madeToRequireGrad, 0);                         // ... requires_grad=True
        r.record(tensor(2, 200, 16, false, true), 0);  // an activation
        r.record(tensor(3, 200, 16, true, true), 0);   // detached from it in a recompute: same storage
        r.record(saved(10, 5, 1, 100, 16), 0);
        r.record(saved(11, 5, 3, 200, 16), 0);
        QCOMPARE(computeRunMetrics(r).peakSavedBytes, uint64_t(16));
    }

    void totalBytesAddDevices()
    {
        Recording r;
        r.record(memory("cpu", 100, 100), 0);
        r.record(memory("cuda:0", 50, 50), 0);
        r.record(memory("cpu", -60, 40), 0);
        r.record(memory("cuda:0", 70, 120), 0);
        r.record(memory("cuda:0", -120, 0), 0);
        QCOMPARE(totalBytesOverTime(r), (std::vector<uint64_t>{100, 150, 90, 160, 40}));
        const RunMetrics m = computeRunMetrics(r);
        QCOMPARE(m.peakTotalBytes, uint64_t(160));
        QCOMPARE(m.peakTotalStep, uint64_t(3));
    }

    void opsCountTheForwardOnceAndEveryRecompute()
    {
        Recording r;
        r.record(node(1, "AccumulateGrad"), 0);
        r.record(node(2, "MulBackward0"), 0);
        CheckpointBegin reentrant;
        reentrant.segment = 1;
        reentrant.reentrant = true;
        r.record(reentrant, 0);
        r.record(node(3, "CheckpointFunctionBackward", NodePhase::Forward, 1), 0);
        r.record(CheckpointEnd{1}, 0);
        CheckpointBegin plain;
        plain.segment = 2;
        plain.reentrant = false;
        r.record(plain, 0);
        r.record(node(4, "ExpBackward0", NodePhase::Forward, 2), 0);  // non-reentrant: built in forward
        r.record(CheckpointEnd{2}, 0);
        r.record(node(5, "SumBackward0"), 0);
        for (int pass = 0; pass < 2; ++pass) {  // retain_graph: the reentrant segment runs twice
            r.record(RecomputeBegin{1}, 0);
            r.record(node(10 + pass, "AccumulateGrad"), 0);
            r.record(node(20 + pass, "TBackward0", NodePhase::Recompute, 1), 0);
            r.record(node(30 + pass, "AddmmBackward0", NodePhase::Recompute, 1), 0);
            r.record(RecomputeEnd{1}, 0);
        }
        r.record(RecomputeBegin{2}, 0);
        r.record(node(40, "ExpBackward0", NodePhase::Recompute, 2), 0);
        r.record(RecomputeEnd{2}, 0);
        r.record(node(50, "MulBackward0", NodePhase::Backward), 0);  // create_graph: not forward work
        const RunMetrics m = computeRunMetrics(r);
        QCOMPARE(m.recomputedOps, uint64_t(5));
        // Mul, Exp, Sum, and the reentrant segment's two ops once.
        QCOMPARE(m.forwardOps, uint64_t(5));
        QCOMPARE(m.segmentsCheckpointed, uint64_t(2));
        QCOMPARE(m.segmentsRecomputed, uint64_t(3));
        QVERIFY(!m.failed);
        ErrorRaised error;
        error.exceptionType = "RuntimeError";
        r.record(error, 0);
        QVERIFY(computeRunMetrics(r).failed);
    }

    void emptyRecordingCostsNothing()
    {
        const RunMetrics m = computeRunMetrics(Recording{});
        QCOMPARE(m.peakSavedBytes, uint64_t(0));
        QCOMPARE(m.peakTotalBytes, uint64_t(0));
        QCOMPARE(m.forwardOps, uint64_t(0));
        QCOMPARE(m.recomputedOps, uint64_t(0));
        QVERIFY(savedBytesOverTime(Recording{}).empty());
    }
};

QTEST_GUILESS_MAIN(TestRunMetrics)
#include "tst_run_metrics.moc"
