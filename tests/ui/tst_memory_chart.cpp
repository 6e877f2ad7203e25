// The memory chart on a real run (an MLP on the simulated GPU, save_on_cpu, SGD with
// momentum): one lane per device, stacked by what holds the bytes, the stacks agreeing
// with what the script printed, and linked both ways with the graph (a click selects the
// tensor allocated there; a selected tensor's lifetime is shaded). Saves a screenshot.

#include <QtTest>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHelpEvent>
#include <QLabel>
#include <QToolTip>

#include "core/trace/graph_state.h"
#include "core/trace/memory_holders.h"
#include "tests/common/script_process.h"
#include "ui/main_window.h"
#include "ui/panels/device_copy_text.h"
#include "ui/panels/inspector_panel.h"
#include "ui/panels/memory_chart.h"
#include "ui/playback/player.h"
#include "ui/scene/graph_items.h"
#include "ui/scene/graph_scene.h"
#include "ui/scene/graph_view.h"

using namespace agv;
using namespace agv::ui;
using trace::MemoryHolder;

namespace {

const char* const kScript = R"(import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1)).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
x = torch.ones(32, 64, device="cuda")
with torch.autograd.graph.save_on_cpu():
    loss = model(x).sum()
print(torch.cuda.memory_allocated())
loss.backward()
opt.step()
print(torch.cuda.memory_allocated())
)";

size_t stepAfter(const trace::Recording& r, auto pred)
{
    for (size_t i = 0; i < r.size(); ++i)
        if (pred(r[i].payload))
            return i + 1;
    return r.size();
}

const trace::MemoryLane* laneOf(const trace::MemoryBreakdown& b, const std::string& device)
{
    for (const trace::MemoryLane& lane : b.lanes)
        if (lane.device == device)
            return &lane;
    return nullptr;
}

uint64_t held(const trace::MemoryLane& lane, size_t step, MemoryHolder h) { return lane.at(step).bytes[size_t(h)]; }

}  // namespace

class TestMemoryChart : public QObject {
    Q_OBJECT

private:
    testing::ScriptRun m_run;
    std::shared_ptr<trace::Recording> m_recording;

    /// The run in a full-HD window, played to its end.
    MemoryChart* showAtTheEnd(MainWindow& w)
    {
        w.resize(1920, 1080);
        w.show();
        w.loadRecording(m_recording, QString::fromLatin1(kScript), QStringLiteral("mlp.py"), 0);
        w.player()->goToEnd();
        QApplication::processEvents();
        return w.memoryChart();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_run = testing::runScriptProcess(QString::fromLatin1(kScript), QStringLiteral("mlp.py"),
                                          {QStringLiteral("--gpu"), QStringLiteral("simulated")});
        QVERIFY2(m_run.failure.isEmpty(), qPrintable(m_run.failure));
        QCOMPARE(m_run.exitCode, 0);
        m_recording = std::make_shared<trace::Recording>(m_run.recording);
    }

    void stacksAgreeWithTheScript()
    {
        const trace::MemoryBreakdown b = trace::memoryBreakdown(*m_recording);
        const trace::MemoryLane* gpu = laneOf(b, "cuda:0");
        const trace::MemoryLane* cpu = laneOf(b, "cpu");
        QVERIFY(gpu && cpu);
        QCOMPARE(gpu->kind, std::string("simulated"));
        const QStringList printed = QString::fromStdString(m_run.stdoutText).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(printed.size(), 2);

        // At the first print: what memory_allocated() printed, split into the parameters
        // (64x64, 64, 64 and 1 floats, each in a 512-byte-rounded block) and the input; the
        // activations save_on_cpu packed are on the host, held by its pack hooks.
        const size_t firstPrint = stepAfter(*m_recording, [](const trace::Payload& p) {
            return std::holds_alternative<trace::Output>(p);
        });
        QCOMPARE(gpu->at(firstPrint).total(), printed[0].toULongLong());
        QCOMPARE(held(*gpu, firstPrint, MemoryHolder::Parameter), uint64_t(16384 + 512 + 512 + 512));
        QVERIFY(held(*cpu, firstPrint, MemoryHolder::PackedByHook) > 0);
        QCOMPARE(held(*gpu, firstPrint, MemoryHolder::OptimizerState), uint64_t(0));
        QCOMPARE(held(*gpu, firstPrint, MemoryHolder::Gradient), uint64_t(0));
        const size_t backward = stepAfter(*m_recording, [](const trace::Payload& p) {
            return std::holds_alternative<trace::BackwardBegin>(p);
        });

        // At the end of the script: gradients and momentum buffers, one per parameter.
        const size_t lastPrint = [&] {
            size_t step = 0;
            for (size_t i = 0; i < m_recording->size(); ++i)
                if (std::holds_alternative<trace::Output>((*m_recording)[i].payload))
                    step = i + 1;
            return step;
        }();
        QCOMPARE(gpu->at(lastPrint).total(), printed[1].toULongLong());
        QCOMPARE(held(*gpu, lastPrint, MemoryHolder::Gradient), uint64_t(16384 + 512 + 512 + 512));
        QCOMPARE(held(*gpu, lastPrint, MemoryHolder::OptimizerState), uint64_t(16384 + 512 + 512 + 512));
        QCOMPARE(held(*cpu, lastPrint, MemoryHolder::PackedByHook), uint64_t(0));
        QVERIFY(gpu->peakBytes >= printed[1].toULongLong());
        QVERIFY(gpu->peakUpTo(backward) <= gpu->peakBytes);
    }

    void linkedBothWaysWithTheGraph()
    {
        MainWindow w;
        MemoryChart* chart = showAtTheEnd(w);
        QCOMPARE(chart->devices(), (QStringList{QStringLiteral("cpu"), QStringLiteral("cuda:0 (simulated GPU)")}));

        // A click on the GPU lane where x was allocated selects x.
        const trace::MemoryBreakdown& b = chart->breakdown();
        const trace::AllocationLife* input = nullptr;
        for (const trace::AllocationLife& life : b.allocations)
            if (!input && life.device == "cuda:0" && life.bytes == 32 * 64 * 4)
                input = &life;  // the first: x (activations and their unpacked copies come later)
        QVERIFY(input && input->tensor != 0);
        QSignalSpy requested(chart, &MemoryChart::tensorRequested);
        QPointF point;
        for (qreal x = 0; x < chart->width() && point.isNull(); x += 0.5)
            for (qreal y = 0; y < chart->height(); y += 2) {
                const auto [lane, step] = chart->hit({x, y});
                if (lane == 1 && step == input->allocatedStep) {
                    point = {x, y};
                    break;
                }
            }
        QVERIFY2(!point.isNull(), "the allocation's step is on the GPU lane");
        QTest::mouseClick(chart, Qt::LeftButton, {}, point.toPoint());
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.first().first().value<trace::Id>(), input->tensor);
        QCOMPARE(chart->highlightedTensor(), input->tensor);
        QCOMPARE(w.player()->step(), size_t(input->allocatedStep));

        // Selecting a tensor in the graph shades its lifetime.
        w.player()->goToEnd();
        QApplication::processEvents();
        trace::Id drawn = 0;
        for (const trace::AllocationLife& life : b.allocations)
            if (life.tensor && w.scene()->tensorItem(life.tensor) && life.tensor != input->tensor)
                drawn = life.tensor;
        QVERIFY(drawn != 0);
        w.scene()->clearSelection();
        w.scene()->tensorItem(drawn)->setSelected(true);
        QCOMPARE(chart->highlightedTensor(), drawn);

        const QString dir = QStringLiteral(AGV_BINARY_DIR) + QStringLiteral("/screenshots");
        QDir().mkpath(dir);
        QVERIFY(chart->grab().save(dir + QStringLiteral("/memory_chart.png")));
        QVERIFY(w.grab().save(dir + QStringLiteral("/memory_chart_window.png")));
    }

    void pcieCopiesOnTheTimeline()
    {
        MainWindow w;
        MemoryChart* chart = showAtTheEnd(w);

        // One mark per copy the run recorded, at the step right after it: .cuda() of the
        // four parameters, save_on_cpu's packs and the unpacks of backward.
        std::vector<size_t> steps;
        for (size_t i = 0; i < m_recording->size(); ++i)
            if (std::holds_alternative<trace::DeviceCopied>((*m_recording)[i].payload))
                steps.push_back(i + 1);
        QCOMPARE(chart->copies().size(), steps.size());
        QVERIFY(steps.size() >= 4 + 2 * 2);
        for (size_t i = 0; i < steps.size(); ++i)
            QCOMPARE(chart->copies()[i].step, steps[i]);

        // The strip's title adds up the copies up to the playback cursor, each way.
        const trace::GraphState end = trace::stateAt(*m_recording, m_recording->size());
        QVERIFY(end.hostToDevice.copies > 0 && end.deviceToHost.copies > 0);
        QVERIFY2(chart->copyStripTitle().contains(copyTotalsText(end.hostToDevice)), qPrintable(chart->copyStripTitle()));
        QVERIFY(chart->copyStripTitle().contains(copyTotalsText(end.deviceToHost)));
        QVERIFY(chart->copyStripTitle().contains(QStringLiteral("25 GB/s")));
        w.player()->setStep(steps.front());
        QApplication::processEvents();
        const trace::GraphState first = trace::stateAt(*m_recording, steps.front());
        QCOMPARE(first.hostToDevice.copies, uint64_t(1));
        QVERIFY(chart->copyStripTitle().contains(copyTotalsText(first.hostToDevice)));
        QVERIFY(chart->copyStripTitle().contains(copyTotalsText({})));
        // The caption says what the step copied.
        QVERIFY2(w.stepCaption()->text().contains(QStringLiteral("from cpu to cuda:0 (simulated GPU)")),
                 qPrintable(w.stepCaption()->text()));

        // Copies to the GPU rise above the strip's middle and copies to host hang below it;
        // a longer copy has a taller bar.
        const MemoryChart::CopyMark* toGpu = nullptr;
        const MemoryChart::CopyMark* toHost = nullptr;
        const MemoryChart::CopyMark* longest = &chart->copies().front();
        const MemoryChart::CopyMark* shortest = &chart->copies().front();
        for (const MemoryChart::CopyMark& mark : chart->copies()) {
            (mark.copy.toDevice == "cpu" ? toHost : toGpu) = &mark;
            if (mark.copy.nanos > longest->copy.nanos)
                longest = &mark;
            if (mark.copy.nanos < shortest->copy.nanos)
                shortest = &mark;
        }
        QVERIFY(toGpu && toHost);
        QVERIFY(chart->barOf(*toGpu).bottom() < chart->barOf(*toHost).top());
        QVERIFY(longest->copy.nanos > shortest->copy.nanos);
        QVERIFY(chart->barOf(*longest).height() > chart->barOf(*shortest).height());

        // A click on a pack's bar goes to its step and selects the host copy it made.
        trace::Id copied = 0;
        for (const trace::Event& e : m_recording->events())
            if (const auto* t = std::get_if<trace::TensorCreated>(&e.payload);
                !copied && t && t->device == "cpu" && t->allocation == toHost->copy.toAllocation)
                copied = t->tensor;
        QVERIFY(copied != 0);
        QSignalSpy requested(chart, &MemoryChart::tensorRequested);
        const QPoint center = chart->barOf(*toHost).center().toPoint();
        QCOMPARE(chart->copyAt(center), toHost);
        QTest::mouseClick(chart, Qt::LeftButton, {}, center);
        QCOMPARE(w.player()->step(), toHost->step);
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.first().first().value<trace::Id>(), copied);

        // Hovering a bar names the copy.
        QHelpEvent help(QEvent::ToolTip, center, chart->mapToGlobal(center));
        QApplication::sendEvent(chart, &help);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("copied from cuda:0 (simulated GPU) to cpu")),
                 qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text().contains(formatDuration(toHost->copy.nanos)));

        const QString dir = QStringLiteral(AGV_BINARY_DIR) + QStringLiteral("/screenshots");
        QDir().mkpath(dir);
        w.player()->goToEnd();
        QApplication::processEvents();
        QVERIFY(chart->grab().save(dir + QStringLiteral("/memory_chart_pcie.png")));
    }

    void pinnedHostMemoryHasItsOwnLane()
    {
        // Note [Pinned host memory]: pinned allocations are host ones (ids from the host's
        // count) drawn in a lane of their own, and a copy into one says so.
        trace::Recording r;
        r.record(trace::MemoryChanged{"cpu", 1, 64, 64, 64, 0, "", trace::MemoryRole::None}, 1);
        r.record(trace::MemoryChanged{"cpu", 2, 4000, 4000, 4000, 0, "pinned", trace::MemoryRole::PackedByHook}, 2);
        trace::TensorCreated packed;
        packed.tensor = 9;
        packed.device = "cpu";
        packed.allocation = 2;
        r.record(packed, 2);
        r.record(trace::DeviceCopied{"cuda:0", "cpu", 4000, 10'160, 25'000'000'000, 7, 2, true}, 2);
        MemoryChart chart;
        chart.resize(900, 320);
        chart.setRecording(&r);
        chart.setStep(r.size());
        QCOMPARE(chart.devices(), (QStringList{QStringLiteral("cpu"), QStringLiteral("cpu (pinned host memory)")}));
        QCOMPARE(held(chart.breakdown().lanes[1], r.size(), MemoryHolder::PackedByHook), uint64_t(4000));
        QCOMPARE(held(chart.breakdown().lanes[0], r.size(), MemoryHolder::Other), uint64_t(64));
        QCOMPARE(chart.breakdown().lifeOf(9), &chart.breakdown().allocations[1]);
        QVERIFY(chart.copyStripTitle().contains(QStringLiteral("25 GB/s")));
        QSignalSpy requested(&chart, &MemoryChart::tensorRequested);
        QTest::mouseClick(&chart, Qt::LeftButton, {}, chart.barOf(chart.copies().front()).center().toPoint());
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.first().first().value<trace::Id>(), trace::Id(9));
    }

    void pinnedDemoOnTheSimulatedGpu()
    {
        // Demo 27's lesson, checked on what it draws: the same pass twice, pageable then
        // pinned; the pinned pass's copies have shorter bars, its host copies their own lane.
        const QString path = QStringLiteral(AGV_SOURCE_DIR "/resources/demos/27_pinned_save_on_cpu.py");
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString source = QString::fromUtf8(file.readAll());
        const testing::ScriptRun run = testing::runScriptProcess(source, QStringLiteral("27_pinned_save_on_cpu.py"),
                                                                 {QStringLiteral("--gpu"), QStringLiteral("simulated")});
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.stdoutText, std::string("pin_memory False loss 0.0277 grad 0.1369\n"
                                             "pin_memory True loss 0.0277 grad 0.1369\n"));
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        w.loadRecording(std::make_shared<trace::Recording>(run.recording), source, QFileInfo(path).fileName(), 0);
        w.player()->goToEnd();
        QApplication::processEvents();
        MemoryChart* chart = w.memoryChart();
        QCOMPARE(chart->devices(), (QStringList{QStringLiteral("cpu"), QStringLiteral("cpu (pinned host memory)"),
                                                QStringLiteral("cuda:0 (simulated GPU)")}));
        // The packs of each pass, in order: the first pageable, the second pinned, same sizes.
        // (loss.item() and grad.item() copy one element each into Python: into no tensor.)
        std::vector<const MemoryChart::CopyMark*> pageable, pinned;
        int readsToPython = 0;
        for (const MemoryChart::CopyMark& mark : chart->copies()) {
            if (mark.copy.toDevice == "cpu" && mark.copy.toAllocation == 0)
                ++readsToPython;
            else if (mark.copy.toDevice == "cpu")
                (mark.copy.pinned ? pinned : pageable).push_back(&mark);
        }
        QCOMPARE(readsToPython, 4);
        QVERIFY(!pageable.empty());
        QCOMPARE(pinned.size(), pageable.size());
        for (size_t i = 0; i < pinned.size(); ++i) {
            QCOMPARE(pinned[i]->copy.bytes, pageable[i]->copy.bytes);
            QVERIFY(pinned[i]->copy.nanos < pageable[i]->copy.nanos);
            QVERIFY(chart->barOf(*pinned[i]).height() < chart->barOf(*pageable[i]).height());
        }
        const QString dir = QStringLiteral(AGV_BINARY_DIR) + QStringLiteral("/screenshots");
        QDir().mkpath(dir);
        QVERIFY(w.grab().save(dir + QStringLiteral("/demo_27_simulated_gpu.png")));
    }
};

QTEST_MAIN(TestMemoryChart)
#include "tst_memory_chart.moc"
