// torch.cuda's memory functions on the simulated GPU, through the real binary: the
// figures follow PyTorch 1.13's caching allocator (Note [The caching allocator]), so a
// script prints what PyTorch prints on a GPU. The allocator's rules alone:
// tests/core/tst_caching_allocator.cpp; CPU-only PyTorch's answers:
// tests/conformance/torch/cuda_memory_without_gpu.py; a real GPU: tst_cuda_backend.cpp.

#include <QTest>

#include "core/trace/event.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

const QStringList kSimulated{QStringLiteral("--gpu"), QStringLiteral("simulated")};

QStringList lines(const std::string& text) { return QString::fromStdString(text).split('\n', Qt::SkipEmptyParts); }

}  // namespace

class TestCudaMemory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void figuresFollowTheCachingAllocator()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
print(torch.cuda.is_initialized(), torch.cuda.memory_allocated())
x = torch.zeros(3, device='cuda')
print(torch.cuda.is_initialized(), torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
y = torch.zeros(300000, device='cuda')
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
del y
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved(), torch.cuda.max_memory_allocated())
torch.cuda.empty_cache()
print(torch.cuda.memory_reserved(), torch.cuda.max_memory_reserved())
torch.cuda.reset_peak_memory_stats()
print(torch.cuda.max_memory_allocated(), torch.cuda.max_memory_reserved())
s = torch.cuda.memory_stats()
print(s["allocation.all.current"], s["segment.all.current"], s["segment.large_pool.freed"], s["num_ooms"])
print(s["allocated_bytes.small_pool.current"], s["allocated_bytes.large_pool.allocated"], s["max_split_size"])
print(torch.cuda.mem_get_info())
print(torch.cuda.get_device_name(0), torch.cuda.current_device(), torch.cuda.device_count())
torch.cuda.synchronize()
)"),
                                                                 QStringLiteral("figures.py"), kSimulated);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        // 12 bytes occupy a 512-byte block of a 2 MiB segment; 1,200,000 bytes round to
        // 1,200,128 in a 20 MiB segment, which stays reserved after `del` until empty_cache().
        QCOMPARE(lines(run.stdoutText), (QStringList{
                                            QStringLiteral("False 0"),
                                            QStringLiteral("True 512 2097152"),
                                            QStringLiteral("1200640 23068672"),
                                            QStringLiteral("512 23068672 1200640"),
                                            QStringLiteral("2097152 23068672"),
                                            QStringLiteral("512 2097152"),
                                            QStringLiteral("1 1 1 0"),
                                            QStringLiteral("512 1200128 -1"),
                                            QStringLiteral("(4292870144, 4294967296)"),
                                            QStringLiteral("Simulated GPU 0 1"),
                                        }));
        // The recording counts the same blocks: the chart plots memory_allocated().
        std::vector<int64_t> deltas;
        for (const Event& e : run.recording.events())
            if (const auto* m = std::get_if<MemoryChanged>(&e.payload); m && m->device == "cuda:0")
                deltas.push_back(m->delta);
        QVERIFY(deltas.size() >= 3);
        QCOMPARE(deltas[0], int64_t(512));
        QCOMPARE(deltas[1], int64_t(1200128));
        QCOMPARE(deltas[2], int64_t(-1200128));
    }

    void summaryIsPyTorchsTable()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
x = torch.zeros(3, device='cuda')
print(torch.cuda.memory_summary(), end="")
print(torch.cuda.memory_summary(abbreviated=True), end="")
)"),
                                                                 QStringLiteral("summary.py"), kSimulated);
        QCOMPARE(run.exitCode, 0);
        const QStringList out = lines(run.stdoutText);
        // 8 metrics of 4 lines (a rule and 3 pools), 2 oversize metrics of 2, 7 of frame.
        QCOMPARE(out.size(), (8 * 4 + 2 * 2 + 7) + (8 * 2 + 2 * 2 + 7));
        QCOMPARE(out[0], QStringLiteral("|") + QString(75, '=') + QStringLiteral("|"));
        QCOMPARE(out[1], QStringLiteral("|                  PyTorch CUDA memory summary, device ID 0                 |"));
        QCOMPARE(out[3], QStringLiteral("|            CUDA OOMs: 0            |        cudaMalloc retries: 0         |"));
        QCOMPARE(out[5], QStringLiteral("|        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  |"));
        QCOMPARE(out[7], QStringLiteral("| Allocated memory      |     512 B  |     512 B  |     512 B  |       0 B  |"));
        QCOMPARE(out[8], QStringLiteral("|       from large pool |       0 B  |       0 B  |       0 B  |       0 B  |"));
        QCOMPARE(out[9], QStringLiteral("|       from small pool |     512 B  |     512 B  |     512 B  |       0 B  |"));
        QCOMPARE(out[15], QStringLiteral("| GPU reserved memory   |    2048 KB |    2048 KB |    2048 KB |       0 B  |"));
    }

    void fullDeviceRaisesPyTorchsErrorAndCountsIt()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
keep = torch.zeros(1000, device='cuda')
try:
    big = torch.zeros(4 * 1024 * 1024, device='cuda')
except torch.cuda.OutOfMemoryError as e:
    print(type(e).__name__, isinstance(e, RuntimeError))
    print(e)
print(torch.cuda.memory_stats()["num_ooms"], torch.cuda.memory_stats()["num_alloc_retries"])
)"),
                                                                 QStringLiteral("oom.py"),
                                                                 {QStringLiteral("--gpu"), QStringLiteral("simulated=8M")});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText),
                 (QStringList{QStringLiteral("OutOfMemoryError True"),
                              QStringLiteral("CUDA out of memory. Tried to allocate 16.00 MiB (GPU 0; 8.00 MiB total "
                                             "capacity; 4.00 KiB already allocated; 6.00 MiB free; 2.00 MiB reserved "
                                             "in total by PyTorch) If reserved memory is >> allocated memory try "
                                             "setting max_split_size_mb to avoid fragmentation.  See documentation "
                                             "for Memory Management and PYTORCH_CUDA_ALLOC_CONF"),
                              QStringLiteral("1 1")}));
    }
};

QTEST_GUILESS_MAIN(TestCudaMemory)
#include "tst_cuda_memory.moc"
