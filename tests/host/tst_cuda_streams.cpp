// torch.cuda's streams, events and device helpers on the simulated GPU
// (resources/python/torch/cuda/streams.py): every stream runs in order with the others, so
// their work is always done; events time the host's clock. Without a GPU:
// tests/conformance/torch/cuda_streams_without_gpu.py.

#include <QTest>

#include "tests/common/script_process.h"

using namespace agv;

class TestCudaStreams : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void streamsEventsAndDevices()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
s = torch.cuda.Stream(priority=-1)
print(s, torch.cuda.current_stream(), torch.cuda.default_stream() == torch.cuda.current_stream())
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
print(start)
x = torch.ones(64, 64, device='cuda')
start.record()
with torch.cuda.stream(s):
    print(torch.cuda.current_stream() == s)
    y = x @ x
    y.record_stream(s)
end.record()
print(torch.cuda.current_stream() == torch.cuda.default_stream(), y[0, 0].item())
end.synchronize()
elapsed = start.elapsed_time(end)
print(type(elapsed).__name__, elapsed >= 0.0, start)
s.wait_stream(torch.cuda.current_stream())
print(s.record_event().query(), s.query(), s.synchronize())
for first, second in ((torch.cuda.Event(), end), (torch.cuda.Event(), torch.cuda.Event())):
    first.record()
    second.record()
    try:
        first.elapsed_time(second)
    except RuntimeError as e:
        print(str(e).splitlines()[0])
try:
    torch.cuda.Event().elapsed_time(end)
except RuntimeError as e:
    print(e)
p = torch.cuda.get_device_properties(0)
print(p.name, torch.cuda.get_device_capability(), p.multi_processor_count, p.total_memory > 0)
with torch.cuda.device(0):
    print(torch.cuda.current_device())
with torch.cuda.device_of(y):
    pass
try:
    torch.cuda.set_device(1)
except RuntimeError as e:
    print(str(e).splitlines()[0])
try:
    torch.ones(2).record_stream(s)
except NotImplementedError as e:
    print(e)
)"),
                                                                 QStringLiteral("streams.py"),
                                                                 {QStringLiteral("--gpu"), QStringLiteral("simulated")});
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QString::fromStdString(run.stdoutText).split('\n', Qt::SkipEmptyParts),
                 (QStringList{
                     QStringLiteral("<torch.cuda.Stream device=cuda:0 cuda_stream=0x1> <torch.cuda.Stream device=cuda:0 "
                                    "cuda_stream=0x0> True"),
                     QStringLiteral("<torch.cuda.Event uninitialized>"), QStringLiteral("True"),
                     QStringLiteral("True 64.0"), QStringLiteral("float True <torch.cuda.Event 0x1>"),
                     QStringLiteral("True True None"),
                     QStringLiteral("CUDA error: invalid resource handle"),
                     QStringLiteral("CUDA error: invalid resource handle"),
                     QStringLiteral("Both events must be recorded before calculating elapsed time."),
                     QStringLiteral("Simulated GPU (8, 0) 108 True"), QStringLiteral("0"),
                     QStringLiteral("CUDA error: invalid device ordinal"),
                     QStringLiteral("Could not run 'aten::record_stream' with arguments from the 'CPU' backend.")}));
    }
};

QTEST_GUILESS_MAIN(TestCudaStreams)
#include "tst_cuda_streams.moc"
