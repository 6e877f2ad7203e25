// A 0-dim CPU tensor beside a cuda tensor, on the simulated GPU. 1.13's TensorIterator lets
// a binary op take one such CPU scalar (allow_cpu_scalars: x_cuda * torch.tensor(2.)),
// with the result on the GPU; an output on the CPU, a dimensioned CPU tensor, or
// torch.where's three operands are refused with PyTorch's messages. The gradient of such a
// scalar is summed on the GPU and brought home by the engine (validate_outputs moves a
// 0-dim gradient to its input's device, and refuses any other on the wrong device), which
// the trace shows as a device-to-host copy. torch.device('cuda') keeps no index.

#include <QTest>

#include "core/trace/event.h"
#include "tests/common/script_process.h"

using namespace agv;

namespace {

const QStringList kSimulated{QStringLiteral("--gpu"), QStringLiteral("simulated")};

QStringList linesOf(const std::string& text)
{
    return QString::fromStdString(text).split('\n', Qt::SkipEmptyParts);
}

}  // namespace

class TestCpuScalarsOnGpu : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aCpuScalarMeetsACudaTensor()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
x = torch.arange(3.).cuda()
s = torch.tensor(2.)
print(x * s, s * x)
print(x / s, s - x)
print(x > s, torch.maximum(x, s), torch.atan2(x, s).device)
print(x ** s, torch.tensor(2, dtype=torch.int64) * x.long())
print(x[0] + s, s + x[0])
y = x.clone()
y.add_(s)
y.mul_(torch.tensor(2.))
print(y)
)"),
                                                                 QStringLiteral("scalars.py"), kSimulated);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(linesOf(run.stdoutText),
                 (QStringList{
                     QStringLiteral("tensor([0., 2., 4.], device='cuda:0') tensor([0., 2., 4.], device='cuda:0')"),
                     QStringLiteral("tensor([0.0000, 0.5000, 1.0000], device='cuda:0') tensor([2., 1., 0.], "
                                    "device='cuda:0')"),
                     QStringLiteral("tensor([False, False, False], device='cuda:0') tensor([2., 2., 2.], "
                                    "device='cuda:0') cuda:0"),
                     QStringLiteral("tensor([0., 1., 4.], device='cuda:0') tensor([0, 2, 4], device='cuda:0')"),
                     QStringLiteral("tensor(2., device='cuda:0') tensor(2., device='cuda:0')"),
                     QStringLiteral("tensor([4., 6., 8.], device='cuda:0')")}));
    }

    void otherMixesAreRefused()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
x = torch.arange(3., device='cuda')
s = torch.tensor(2.)
for f in [lambda: torch.ones(3) + x, lambda: x * torch.ones(3), lambda: s.clone().add_(x[0]),
          lambda: torch.zeros(3).mul_(x), lambda: torch.where(x > 1, x, s)]:
    try:
        f()
    except RuntimeError as e:
        print(e)
)"),
                                                                 QStringLiteral("refused.py"), kSimulated);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const QString twoDevices =
            QStringLiteral("Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!");
        QCOMPARE(linesOf(run.stdoutText),
                 (QStringList{twoDevices, twoDevices, twoDevices, twoDevices,
                              QStringLiteral("Expected condition, x and y to be on the same device, but condition is on "
                                             "cuda:0 and x and y are on cuda:0 and cpu respectively")}));
    }

    void aCpuScalarsGradientComesHome()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
w = torch.tensor(3., requires_grad=True)
x = torch.arange(3., device='cuda', requires_grad=True)
(x * w).sum().backward()
print(w.grad, x.grad)
loss = (x * 2).sum()
loss.backward(torch.tensor(1.))
print(x.grad)

class ToHost(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return g.cpu()

try:
    ToHost.apply(x).sum().backward()
except RuntimeError as e:
    print(e)
)"),
                                                                 QStringLiteral("gradient.py"), kSimulated);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(linesOf(run.stdoutText),
                 (QStringList{QStringLiteral("tensor(3.) tensor([3., 3., 3.], device='cuda:0')"),
                              QStringLiteral("tensor([5., 5., 5.], device='cuda:0')"),
                              QStringLiteral("Function ToHostBackward returned an invalid gradient at index 0 - "
                                             "expected device cuda:0 but got cpu")}));
        // w's gradient, summed on the GPU, crosses to the host as one float.
        bool gradientCopied = false;
        for (const trace::Event& e : run.recording.events())
            if (const auto* c = std::get_if<trace::DeviceCopied>(&e.payload))
                gradientCopied = gradientCopied || (c->fromDevice == "cuda:0" && c->toDevice == "cpu" && c->bytes == 4);
        QVERIFY(gradientCopied);
    }

    void cudaNamesTheCurrentDevice()
    {
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, repr(device), device.index)
x = torch.ones(2, device=device)
print(x.device, x.device == device, x.device == torch.device("cuda:0"), x.to(device) is x)
)"),
                                                                 QStringLiteral("device.py"), kSimulated);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(linesOf(run.stdoutText), (QStringList{QStringLiteral("cuda device(type='cuda') None"),
                                                       QStringLiteral("cuda:0 False True True")}));
    }
};

QTEST_GUILESS_MAIN(TestCpuScalarsOnGpu)
#include "tst_cpu_scalars_on_gpu.moc"
