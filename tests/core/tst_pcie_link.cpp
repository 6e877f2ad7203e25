// The simulated GPU's modelled PCIe link (core/device/pcie_link.h, Note [Modelled PCIe
// time]): the --pcie setting, the modelled duration (pinned host memory at the link's rate,
// pageable at half: Note [Pinned host memory]), and the DeviceCopied events copies record
// (what crosses, which way, from and into which storage), folded into the step state. Through the real binary and the memory chart: tests/host/tst_pcie_copies_trace.cpp,
// tests/ui/tst_memory_chart.cpp.

#include <QTest>

#include "core/device/allocator.h"
#include "core/device/pcie_link.h"
#include "core/device/pinned_host.h"
#include "core/ops/ops.h"
#include "core/trace/graph_state.h"
#include "core/trace/recording.h"
#include "core/trace/sink.h"

using namespace agv;
using namespace agv::trace;

namespace {

std::vector<DeviceCopied> copiesIn(const Recording& r)
{
    std::vector<DeviceCopied> out;
    for (const Event& e : r.events())
        if (const auto* c = std::get_if<DeviceCopied>(&e.payload))
            out.push_back(*c);
    return out;
}

/// The allocation of the last MemoryChanged on `device` that allocated.
Id lastAllocation(const Recording& r, const std::string& device)
{
    Id last = 0;
    for (const Event& e : r.events())
        if (const auto* m = std::get_if<MemoryChanged>(&e.payload); m && m->device == device && m->delta > 0)
            last = m->allocation;
    return last;
}

}  // namespace

class TestPcieLink : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        setGpuMode(GpuMode::Simulated);
        QCOMPARE(configurePcie("25"), std::string());
    }
    void cleanupTestCase() { setGpuMode(GpuMode::Auto); }

    void settingTakesGigabytesPerSecond()
    {
        QCOMPARE(configurePcie("12.5"), std::string());
        QCOMPARE(simulatedPcieLink().bytesPerSecond, uint64_t(12'500'000'000));
        QCOMPARE(configurePcie("3GB/s"), std::string());
        QCOMPARE(simulatedPcieLink().bytesPerSecond, uint64_t(3'000'000'000));
        QCOMPARE(configurePcie("50G"), std::string());
        QCOMPARE(simulatedPcieLink().bytesPerSecond, uint64_t(50'000'000'000));
        for (const char* bad : {"", "0", "-4", "abc", "nan", "inf", "1001", "25 GB/s", "GB/s", "12x"}) {
            const std::string error = configurePcie(bad);
            QVERIFY2(error.starts_with("--pcie: expected a bandwidth in GB/s"), bad);
            QVERIFY2(error.ends_with("got '" + std::string(bad) + "'"), bad);
        }
        // A refused value leaves the link as it was.
        QCOMPARE(simulatedPcieLink().bytesPerSecond, uint64_t(50'000'000'000));
    }

    void durationIsLatencyPlusBytesOverBandwidth()
    {
        const PcieLink link{25'000'000'000, 10'000};
        QCOMPARE(modelledCopyNanos(0, link), uint64_t(10'000));
        QCOMPARE(modelledCopyNanos(1'000'000, link), uint64_t(10'000 + 40'000));
        QCOMPARE(modelledCopyNanos(3, link), uint64_t(10'000));  // 0.12 ns rounds away
        QCOMPARE(modelledCopyNanos(uint64_t(4) << 30, link), uint64_t(10'000 + 171'798'692));
        const PcieLink slow{3'000'000'000, 10'000};
        QCOMPARE(modelledCopyNanos(3'000'000, slow), uint64_t(1'010'000));
    }

    void copiesBetweenHostAndGpuAreRecorded()
    {
        Recording r;
        {
            ScopedSink sink(&r);
            const Tensor host = ops::ones({256, 4});  // 4 KiB
            const Tensor gpu = ops::toDevice(host, Device::cuda(0));
            const Id gpuAllocation = lastAllocation(r, "cuda:0");
            const Tensor back = ops::toDevice(gpu, Device::cpu());
            const Id hostAllocation = lastAllocation(r, "cpu");
            Tensor into = ops::zeros({256, 4}, ScalarType::Float32, Device::cuda(0));
            ops::copyInplace(into, back);
            ops::toDevice(gpu, Device::cuda(0));  // same device: no copy at all
            ops::clone(gpu);                      // a copy on the GPU: nothing crosses

            const std::vector<DeviceCopied> copies = copiesIn(r);
            QCOMPARE(copies.size(), size_t(3));
            QCOMPARE(copies[0].fromDevice, std::string("cpu"));
            QCOMPARE(copies[0].toDevice, std::string("cuda:0"));
            QCOMPARE(copies[0].bytes, uint64_t(4096));
            // From pageable memory: half the link's 25 GB/s; 4096 B at 12.5 GB/s is 327.68 ns.
            QVERIFY(!copies[0].pinned);
            QCOMPARE(copies[0].nanos, uint64_t(10'000 + 328));
            QCOMPARE(copies[0].bandwidth, uint64_t(12'500'000'000));
            QCOMPARE(copies[0].fromAllocation, host.storageAllocationId());
            QCOMPARE(copies[0].toAllocation, gpuAllocation);
            QCOMPARE(copies[0].toAllocation, gpu.storageAllocationId());
            QCOMPARE(copies[1].fromDevice, std::string("cuda:0"));
            QCOMPARE(copies[1].toDevice, std::string("cpu"));
            QCOMPARE(copies[1].fromAllocation, gpu.storageAllocationId());
            QCOMPARE(copies[1].toAllocation, hostAllocation);
            QCOMPARE(copies[2].toAllocation, into.storageAllocationId());

            // The step state adds them up, each way.
            const GraphState end = stateAt(r, r.size());
            QCOMPARE(end.hostToDevice, (CopyTotals{2, 8192, 2 * 10'328}));
            QCOMPARE(end.deviceToHost, (CopyTotals{1, 4096, 10'328}));
            QCOMPARE(stateAt(r, 0).hostToDevice, CopyTotals{});
        }
    }

    void theSettingAppliesToLaterCopies()
    {
        Recording r;
        ScopedSink sink(&r);
        QCOMPARE(configurePcie("3"), std::string());
        ops::toDevice(ops::ones({1000}), Device::cuda(0));  // 4,000 bytes at 1.5 GB/s: 2,666.7 ns
        const std::vector<DeviceCopied> copies = copiesIn(r);
        QCOMPARE(copies.size(), size_t(1));
        QCOMPARE(copies[0].nanos, uint64_t(12'667));
        QCOMPARE(copies[0].bandwidth, uint64_t(1'500'000'000));
    }

    void pinnedHostMemoryCopiesAtTheLinksRate()
    {
        Recording r;
        ScopedSink sink(&r);
        Tensor pinned;
        {
            PinnedHostScope scope;
            pinned = ops::ones({1000});
        }
        const Tensor pageable = ops::ones({1000});
        QVERIFY(pinned.impl()->storage()->isPinned());
        QVERIFY(!pageable.impl()->storage()->isPinned());
        // Pinned memory is accounted apart: its own MemoryChanged kind, ids from the host's count.
        uint64_t pinnedEvents = 0;
        for (const Event& e : r.events())
            if (const auto* m = std::get_if<MemoryChanged>(&e.payload); m && m->deviceKind == "pinned") {
                ++pinnedEvents;
                QCOMPARE(m->device, std::string("cpu"));
                QCOMPARE(m->allocation, pinned.storageAllocationId());
                QCOMPARE(m->current, uint64_t(4000));
            }
        QCOMPARE(pinnedEvents, uint64_t(1));
        QVERIFY(pageable.storageAllocationId() != pinned.storageAllocationId());

        const Tensor gpu = ops::toDevice(pinned, Device::cuda(0));
        ops::toDevice(pageable, Device::cuda(0));
        Tensor back = ops::zeros({1000});
        {
            PinnedHostScope scope;
            back = ops::zeros({1000});
        }
        ops::copyInplace(back, gpu);  // into pinned memory
        const std::vector<DeviceCopied> copies = copiesIn(r);
        QCOMPARE(copies.size(), size_t(3));
        QVERIFY(copies[0].pinned && !copies[1].pinned && copies[2].pinned);
        QCOMPARE(copies[0].bandwidth, uint64_t(25'000'000'000));
        QCOMPARE(copies[0].nanos, uint64_t(10'160));  // 4,000 B at 25 GB/s
        QCOMPARE(copies[1].nanos, uint64_t(10'320));  // at 12.5 GB/s
        QCOMPARE(copies[2].toDevice, std::string("cpu"));
        QCOMPARE(copies[2].nanos, uint64_t(10'160));
    }

    void pinnedMemoryOnlyWithTheSimulatedGpu()
    {
        setGpuMode(GpuMode::None);
        QVERIFY(!pinnedHostAvailable());
        PinnedHostScope scope;
        QVERIFY(!pinnedHostRequested());
        QVERIFY(!ops::ones({4}).impl()->storage()->isPinned());
    }

    void nothingIsRecordedWithoutTheSimulatedGpu()
    {
        // No sink: nothing built at all (and nothing to crash on).
        noteDeviceCopy(Device::cpu(), Device::cuda(0), 64, 1, 2, false);
        Recording r;
        ScopedSink sink(&r);
        noteDeviceCopy(Device::cpu(), Device::cpu(), 64, 1, 2, false);
        QVERIFY(copiesIn(r).empty());
        noteDeviceCopy(Device::cpu(), Device::cuda(0), 64, 1, 2, false);
        QCOMPARE(copiesIn(r).size(), size_t(1));
        // A real GPU's copies are not timed (Note [Modelled PCIe time]).
        setGpuMode(GpuMode::Real);
        noteDeviceCopy(Device::cpu(), Device::cuda(0), 64, 1, 2, false);
        setGpuMode(GpuMode::None);
        noteDeviceCopy(Device::cpu(), Device::cuda(0), 64, 1, 2, false);
        QCOMPARE(copiesIn(r).size(), size_t(1));
    }

    void recordedEvenInsideMutedEngineWork()
    {
        // A backward formula's copy (ToCopyBackward0 of .cuda()) crosses the link too.
        Recording r;
        ScopedSink sink(&r);
        MuteGuard muted;
        ops::toDevice(ops::ones({4}), Device::cuda(0));
        QCOMPARE(copiesIn(r).size(), size_t(1));
    }
};

QTEST_APPLESS_MAIN(TestPcieLink)
#include "tst_pcie_link.moc"
