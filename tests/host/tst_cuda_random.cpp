// The GPU's random number generator through the real binary on the simulated GPU (Note
// [The CUDA generator]): PyTorch's printed cuda draws, torch.cuda's seed and state
// functions, the CPU stream left alone, and checkpoint replaying a cuda draw in its
// recompute (preserve_rng_state). Without a GPU: tests/conformance/torch/cuda_rng_without_gpu.py.

#include <QTest>

#include "tests/common/script_process.h"

using namespace agv;

namespace {

const QStringList kSimulated{QStringLiteral("--gpu"), QStringLiteral("simulated")};

QStringList lines(const std::string& text) { return QString::fromStdString(text).split('\n', Qt::SkipEmptyParts); }

testing::ScriptRun runOnSimulatedGpu(const char* source)
{
    return testing::runScriptProcess(QString::fromUtf8(source), QStringLiteral("rng.py"), kSimulated);
}

}  // namespace

class TestCudaRandom : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void printsWhatPyTorchPrintsOnAGpu()
    {
        const testing::ScriptRun run = runOnSimulatedGpu(R"(import torch
torch.manual_seed(0)
print(torch.randn(3, device='cuda'))
torch.manual_seed(42)
print(torch.randn(2, 2, device='cuda'))
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText), (QStringList{QStringLiteral("tensor([-0.9247, -0.4253, -2.6438], device='cuda:0')"),
                                                     QStringLiteral("tensor([[ 0.1940,  2.1614],"),
                                                     QStringLiteral("        [-0.1721,  0.8491]], device='cuda:0')")}));
    }

    void seedsAndStates()
    {
        const testing::ScriptRun run = runOnSimulatedGpu(R"(import torch
torch.cuda.manual_seed(7)
print(torch.cuda.initial_seed(), torch.cuda.get_rng_state().tolist())
a = torch.rand(3, device='cuda')
state = torch.cuda.get_rng_state()
print(state.dtype, state[8].item())
b = torch.empty(2, 3, device='cuda').normal_(1.0, 0.5)
c = torch.empty(5, device='cuda').bernoulli_(0.5)
torch.cuda.set_rng_state(state)
print(torch.equal(b, torch.empty(2, 3, device='cuda').normal_(1.0, 0.5)),
      torch.equal(c, torch.empty(5, device='cuda').bernoulli_(0.5)))
torch.manual_seed(0)
cpu_alone = torch.rand(4)
torch.manual_seed(0)
torch.randn(100, device='cuda')
print(torch.equal(cpu_alone, torch.rand(4)), len(torch.cuda.get_rng_state_all()))
try:
    torch.cuda.set_rng_state(torch.zeros(5, dtype=torch.uint8))
except RuntimeError as e:
    print(e)
try:
    torch.cuda.set_rng_state(torch.zeros(16))
except TypeError as e:
    print(e)
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText),
                 (QStringList{QStringLiteral("7 [7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]"),
                              QStringLiteral("torch.uint8 4"), QStringLiteral("True True"), QStringLiteral("True 1"),
                              QStringLiteral("RNG state is wrong size"),
                              QStringLiteral("RNG state must be a torch.ByteTensor")}));
    }

    void checkpointReplaysACudaDraw()
    {
        const testing::ScriptRun run = runOnSimulatedGpu(R"(import torch
from torch.utils.checkpoint import checkpoint
print(torch.cuda._initialized)
torch.manual_seed(0)
x = torch.randn(4, 5, device='cuda', requires_grad=True)
print(torch.cuda._initialized)
def noisy(t):
    return (t * torch.rand_like(t)).sin()
state = torch.cuda.get_rng_state()
noisy(x).sum().backward()
expected = x.grad.clone()
for preserve in (True, False):
    x.grad = None
    torch.cuda.set_rng_state(state)
    checkpoint(noisy, x, use_reentrant=True, preserve_rng_state=preserve).sum().backward()
    print(preserve, torch.equal(expected, x.grad))
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText), (QStringList{QStringLiteral("False"), QStringLiteral("True"),
                                                     QStringLiteral("True True"), QStringLiteral("False False")}));
    }

    void cudaSetUpInsideACheckpointIsRefused()
    {
        // 1.13's non-reentrant checkpoint stashes the GPUs' RNG states only when CUDA was set
        // up before the forward; setting it up inside is an error.
        const testing::ScriptRun run = runOnSimulatedGpu(R"(import torch
from torch.utils.checkpoint import checkpoint
x = torch.ones(3, requires_grad=True)
try:
    checkpoint(lambda t: t * torch.ones(3, device='cuda').cpu(), x, use_reentrant=False)
except RuntimeError as e:
    print(e)
print(torch.cuda._initialized)
y = checkpoint(lambda t: t * torch.ones(3, device='cuda').cpu(), x, use_reentrant=False)
print(y.sum().item())
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText),
                 (QStringList{QStringLiteral("PyTorch's CUDA state was initialized in the forward pass of a Checkpoint, "
                                             "which is not allowed. Please open an issue if you need this feature."),
                              QStringLiteral("True"), QStringLiteral("3.0")}));
    }

    void gpuGeneratorObjects()
    {
        // torch.Generator(device='cuda') draws cuda values from its own stream; the default
        // GPU generator is torch.cuda.default_generators[0] once CUDA is set up.
        const testing::ScriptRun run = runOnSimulatedGpu(R"(import torch
print(torch.cuda.default_generators)
g = torch.Generator(device='cuda')
print(g.device, g.initial_seed())
g.manual_seed(0)
torch.manual_seed(123)
print(torch.randn(3, device='cuda', generator=g))
state = g.get_state()
print(state.dtype, state.tolist()[8])
u = torch.empty(4, device='cuda').uniform_(generator=g)
g.set_state(state)
print(torch.equal(u, torch.empty(4, device='cuda').uniform_(generator=g)))
for call in (lambda: torch.randn(2, generator=g), lambda: torch.empty(2).normal_(generator=g)):
    try:
        call()
    except RuntimeError as e:
        print(e)
print(len(torch.cuda.default_generators), torch.cuda.default_generators[0].initial_seed())
torch.cuda.default_generators[0].manual_seed(0)
print(torch.randn(3, device='cuda'))
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const QString seeded = QStringLiteral("tensor([-0.9247, -0.4253, -2.6438], device='cuda:0')");
        const QString refused = QStringLiteral("Expected a 'cpu' device type for generator but found 'cuda'");
        QCOMPARE(lines(run.stdoutText),
                 (QStringList{QStringLiteral("()"), QStringLiteral("cuda:0 67280421310721"), seeded,
                              QStringLiteral("torch.uint8 4"), QStringLiteral("True"), refused, refused,
                              QStringLiteral("1 123"), seeded}));
    }

    void aCpuGeneratorCannotDrawCudaValues()
    {
        const testing::ScriptRun run = runOnSimulatedGpu(R"(import torch
g = torch.Generator()
for call in (lambda: torch.randn(3, device='cuda', generator=g), lambda: torch.randint(0, 5, (2,), device='cuda', generator=g),
             lambda: torch.empty(3, device='cuda').normal_(generator=g),
             lambda: torch.empty(3, device='cuda').random_(0, 4, generator=g)):
    try:
        call()
    except RuntimeError as e:
        print(e)
print(torch.randn(2, generator=g).shape)
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const QString refused = QStringLiteral("Expected a 'cuda' device type for generator but found 'cpu'");
        QCOMPARE(lines(run.stdoutText), (QStringList{refused, refused, refused, refused, QStringLiteral("torch.Size([2])")}));
    }

    void dropoutOnTheGpuIsNativeDropout()
    {
        // PyTorch's CUDA dropout is native_dropout's fused kernel: its node, its saved mask,
        // its gradient (mask times 1 / (1 - p)); on the CPU, bernoulli_ and a product.
        const testing::ScriptRun run = runOnSimulatedGpu(R"(import torch
torch.manual_seed(0)
x = torch.randn(2, 6, device='cuda', requires_grad=True)
y = torch.nn.Dropout(0.5)(x)
print(y.grad_fn.name(), y.grad_fn._saved_p, y.grad_fn._saved_train, y.grad_fn._saved_result1.dtype)
mask = y.grad_fn._saved_result1
y.sum().backward()
print(torch.equal(x.grad, mask.float() * 2), torch.equal(y, x * x.grad))
print(torch.nn.functional.dropout(x.detach().cpu().requires_grad_(), 0.5).grad_fn.name())
)");
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText), (QStringList{QStringLiteral("NativeDropoutBackward0 0.5 True torch.bool"),
                                                     QStringLiteral("True True"), QStringLiteral("MulBackward0")}));
    }
};

QTEST_GUILESS_MAIN(TestCudaRandom)
#include "tst_cuda_random.moc"
