// Who holds the bytes (core/trace/memory_holders.h, Note [Who holds the bytes]) on
// recordings built event by event: each allocation moves between the stacks as the events
// say, lanes are per device, peaks and "peak so far" follow the steps. A real run (an MLP
// with SGD and save_on_cpu on the simulated GPU): tests/host/tst_memory_holders_trace.cpp.

#include <QTest>

#include "core/trace/memory_holders.h"

using namespace agv;
using namespace agv::trace;

namespace {

MemoryChanged memory(const char* device, Id allocation, int64_t delta, MemoryRole role = MemoryRole::None)
{
    MemoryChanged m;
    m.device = device;
    m.allocation = allocation;
    m.delta = delta;
    m.role = role;
    return m;
}

TensorCreated tensor(Id id, const char* device, Id allocation, bool leaf, bool requiresGrad)
{
    TensorCreated t;
    t.tensor = id;
    t.device = device;
    t.allocation = allocation;
    t.isLeaf = leaf;
    t.requiresGrad = requiresGrad;
    return t;
}

TensorSaved saved(Id id, Id node, Id tensorId, SavedHolding holding = SavedHolding::Original)
{
    TensorSaved s;
    s.saved = id;
    s.node = node;
    s.tensor = tensorId;
    s.holding = holding;
    return s;
}

uint64_t held(const MemoryLane& lane, uint64_t step, MemoryHolder holder) { return lane.at(step).bytes[size_t(holder)]; }

}  // namespace

class TestMemoryHolders : public QObject {
    Q_OBJECT
private slots:
    void allocationsMoveBetweenHolders()
    {
        Recording r;
        r.record(memory("cpu", 1, 64), 1);                 // 0: w's storage
        r.record(tensor(10, "cpu", 1, true, true), 1);     // 1: w, a parameter
        r.record(memory("cpu", 2, 32), 2);                 // 2: x
        r.record(tensor(11, "cpu", 2, true, false), 2);    // 3: x, an input
        r.record(memory("cpu", 3, 16), 3);                 // 4: h = x * w
        r.record(tensor(12, "cpu", 3, false, true), 3);    // 5
        r.record(saved(100, 50, 12), 3);                   // 6: a node saves h
        r.record(saved(101, 50, 10), 3);                   // 7: ... and w (stays a parameter)
        r.record(SavedReleased{50}, 4);                    // 8: backward released them
        r.record(memory("cpu", 4, 64), 4);                 // 9: w's gradient buffer
        r.record(GradAccumulated{10, "g", false, 4}, 4);   // 10: ... becomes w.grad
        r.record(memory("cpu", 5, 64, MemoryRole::OptimizerState), 5);  // 11: momentum buffer
        r.record(memory("cpu", 3, -16), 6);                // 12: h dies
        const MemoryBreakdown b = memoryBreakdown(r);
        QCOMPARE(b.lanes.size(), size_t(1));
        const MemoryLane& cpu = b.lanes[0];
        QCOMPARE(cpu.device, std::string("cpu"));

        // Step k is the state after k events (as the player counts).
        QCOMPARE(held(cpu, 1, MemoryHolder::Other), uint64_t(64));  // before its tensor is seen
        QCOMPARE(held(cpu, 2, MemoryHolder::Parameter), uint64_t(64));
        QCOMPARE(held(cpu, 2, MemoryHolder::Other), uint64_t(0));
        QCOMPARE(held(cpu, 6, MemoryHolder::Other), uint64_t(48));
        QCOMPARE(held(cpu, 7, MemoryHolder::SavedActivation), uint64_t(16));
        QCOMPARE(held(cpu, 8, MemoryHolder::Parameter), uint64_t(64));
        QCOMPARE(held(cpu, 9, MemoryHolder::SavedActivation), uint64_t(0));
        QCOMPARE(held(cpu, 10, MemoryHolder::Other), uint64_t(112));
        QCOMPARE(held(cpu, 11, MemoryHolder::Gradient), uint64_t(64));
        QCOMPARE(held(cpu, 12, MemoryHolder::OptimizerState), uint64_t(64));
        QCOMPARE(cpu.at(12).total(), uint64_t(240));
        QCOMPARE(cpu.at(13).total(), uint64_t(224));
        QCOMPARE(cpu.at(0).total(), uint64_t(0));
        QCOMPARE(cpu.peakBytes, uint64_t(240));
        QCOMPARE(cpu.peakStep, uint64_t(12));
        QCOMPARE(cpu.peakUpTo(7), uint64_t(112));

        // Lifetimes and what a click selects.
        const AllocationLife* h = b.lifeOf(12);
        QVERIFY(h);
        QCOMPARE(h->allocatedStep, uint64_t(5));
        QCOMPARE(h->freedStep, uint64_t(13));
        QCOMPARE(b.lifeOf(999), nullptr);
        QCOMPARE(b.changedAt("cpu", 13)->tensor, Id(12));
        QCOMPARE(b.changedAt("cpu", 4)->tensor, Id(11));
        QCOMPARE(b.changedAt("cuda:0", 12), nullptr);
    }

    void packedCopiesLiveOnTheirOwnDevice()
    {
        Recording r;
        r.record(memory("cuda:0", 1, 512), 1);                                // 0
        r.record(tensor(1, "cuda:0", 1, false, true), 1);                     // 1
        r.record(memory("cpu", 1, 400, MemoryRole::PackedByHook), 2);         // 2: save_on_cpu's copy
        r.record(saved(7, 3, 1, SavedHolding::Offloaded), 2);                 // 3: not the original
        const MemoryBreakdown b = memoryBreakdown(r);
        QCOMPARE(b.lanes.size(), size_t(2));
        // Sorted by device; the same allocation id on two devices is two allocations.
        QCOMPARE(b.lanes[0].device, std::string("cpu"));
        QCOMPARE(held(b.lanes[0], 4, MemoryHolder::PackedByHook), uint64_t(400));
        QCOMPARE(held(b.lanes[1], 4, MemoryHolder::Other), uint64_t(512));
        QCOMPARE(held(b.lanes[1], 4, MemoryHolder::SavedActivation), uint64_t(0));
    }

    void parametersMovedByCudaStayParameters()
    {
        // nn.Linear(...).cuda(): the parameter is made on the cpu, starts requiring grad,
        // then `param.data = param.cuda()` gives it a GPU allocation under the same id.
        Recording r;
        r.record(memory("cpu", 1, 64), 1);                                       // 0
        r.record(tensor(4, "cpu", 1, true, false), 1);                           // 1
        r.record(GradFnChanged{4, 0, 0, true, ""}, 1);                           // 2: requires_grad_()
        r.record(memory("cuda:0", 1, 512), 2);                                   // 3: the copy
        r.record(TensorDataSet{4, {16}, "torch.float32", "cuda:0", 64, 1, ""}, 2);  // 4
        r.record(memory("cpu", 1, -64), 2);                                      // 5: the cpu data dies
        r.record(memory("cuda:0", 2, 512), 3);                                   // 6: its gradient
        r.record(GradAccumulated{4, "g", false, 2}, 3);                          // 7
        const MemoryBreakdown b = memoryBreakdown(r);
        QCOMPARE(b.lanes.size(), size_t(2));
        QCOMPARE(held(b.lanes[0], 3, MemoryHolder::Parameter), uint64_t(64));
        QCOMPARE(held(b.lanes[1], 4, MemoryHolder::Other), uint64_t(512));
        QCOMPARE(held(b.lanes[1], 5, MemoryHolder::Parameter), uint64_t(512));
        QCOMPARE(b.lanes[0].at(6).total(), uint64_t(0));
        QCOMPARE(held(b.lanes[1], 8, MemoryHolder::Gradient), uint64_t(512));
        QCOMPARE(b.lifeOf(4)->device, std::string("cuda:0"));
    }

    void tracesWithoutAllocationsStillPlotTotals()
    {
        // Recordings written before tensors named their allocation: everything is "other".
        Recording r;
        r.record(memory("cpu", 1, 100), 1);
        r.record(tensor(1, "cpu", 0, true, true), 1);
        r.record(memory("cpu", 1, -100), 2);
        const MemoryBreakdown b = memoryBreakdown(r);
        QCOMPARE(held(b.lanes[0], 2, MemoryHolder::Other), uint64_t(100));
        QCOMPARE(b.lanes[0].at(3).total(), uint64_t(0));
        QCOMPARE(b.lifeOf(1), nullptr);
        QCOMPARE(b.changedAt("cpu", 3)->freedStep, uint64_t(3));
    }

    void freeingTheUnknownIsIgnored()
    {
        Recording r;
        r.record(memory("cpu", 9, -100), 1);
        r.record(SavedReleased{5}, 1);
        const MemoryBreakdown b = memoryBreakdown(r);
        QVERIFY(b.lanes.empty());
        QVERIFY(b.allocations.empty());
    }
};

QTEST_APPLESS_MAIN(TestMemoryHolders)
#include "tst_memory_holders.moc"
