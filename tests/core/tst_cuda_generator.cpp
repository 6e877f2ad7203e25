// The GPU's random number generator (core/random/cuda_generator.h, Note [The CUDA
// generator]): Philox4x32-10 against Random123's known answers, cuda draws against what
// PyTorch printed on a GPU, the 16-byte state, the offsets kernels reserve, and the CPU
// generator left alone by cuda draws.

#include <QTest>

#include <cmath>

#include "core/device/allocator.h"
#include "core/autograd/engine.h"
#include "core/autograd/node.h"
#include "core/ops/cuda_random.h"
#include "core/ops/native_dropout.h"
#include "core/ops/ops.h"
#include "core/ops/random_inplace.h"
#include "core/random/cuda_generator.h"
#include "core/random/generator.h"
#include "core/random/philox.h"

using namespace agv;

namespace {

const Device kGpu = Device::cuda(0);

std::vector<double> valuesOf(const Tensor& t)
{
    const Tensor host = ops::contiguous(ops::toDevice(t, Device::cpu()));
    std::vector<double> v;
    for (int64_t i = 0; i < host.numel(); ++i)
        v.push_back(host.valueAt(i));
    return v;
}

/// Each value rounded to 4 decimals as PyTorch prints it equals the printed one.
void verifyPrinted(const Tensor& t, const std::vector<double>& printed, const char* what)
{
    const std::vector<double> v = valuesOf(t);
    QVERIFY2(v.size() == printed.size(), what);
    for (size_t i = 0; i < v.size(); ++i)
        QVERIFY2(std::abs(v[i] - printed[i]) <= 0.00005 + 1e-9, qPrintable(QStringLiteral("%1: element %2 is %3, PyTorch printed %4")
                                                                                .arg(what).arg(i).arg(v[i], 0, 'f', 6).arg(printed[i])));
}

}  // namespace

class TestCudaGenerator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        setGpuMode(GpuMode::Simulated);
        cudaGenerator().manualSeed(CudaGenerator::kDefaultSeed);
    }
    void cleanupTestCase() { setGpuMode(GpuMode::Auto); }

    void philoxKnownAnswers()
    {
        // Random123's kat_vectors for philox4x32_10.
        using random::Philox4;
        QCOMPARE(random::philox4x32x10({0, 0, 0, 0}, {0, 0}), (Philox4{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
        QCOMPARE(random::philox4x32x10({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff}),
                 (Philox4{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
        QCOMPARE(random::philox4x32x10({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0}),
                 (Philox4{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
    }

    void streamSkipsAheadAsCurandInit()
    {
        // Offset 8 is two blocks of four outputs into the same subsequence; an offset
        // inside a block starts mid-block (cuRAND's STATE).
        random::PhiloxStream from0(7, 3, 0);
        from0.next4();
        from0.next4();
        const random::Philox4 third = from0.next4();
        random::PhiloxStream from8(7, 3, 8);
        QCOMPARE(from8.next4(), third);
        random::PhiloxStream from0b(7, 3, 0);
        const random::Philox4 first = from0b.next4();
        const random::Philox4 second = from0b.next4();
        random::PhiloxStream from2(7, 3, 2);
        QCOMPARE(from2.next4(), (random::Philox4{first[2], first[3], second[0], second[1]}));
        // Subsequences are independent streams.
        QVERIFY(random::PhiloxStream(7, 4, 0).next4() != first);
    }

    void drawsArePyTorchsOnAGpu()
    {
        // torch.manual_seed(0); x = torch.randn(8, 10, device='cuda'); b = torch.randn(10,
        // device='cuda'); y = torch.randn(8, 10, device='cuda'), as PyTorch printed them on
        // a GPU (a public notebook of the GPU MODE lectures, libtorch's "Tensor x / bias / y").
        cudaGenerator().manualSeed(0);
        const Tensor x = ops::randn({8, 10}, ScalarType::Float32, kGpu);
        const Tensor bias = ops::randn({10}, ScalarType::Float32, kGpu);
        const Tensor y = ops::randn({8, 10}, ScalarType::Float32, kGpu);
        verifyPrinted(ops::slice(ops::reshape(x, {-1}), 0, 0, 12),
                      {-0.9247, -0.4253, -2.6438, 0.1452, -0.1209, -0.5797, -0.6229, -0.3284, -1.0745, -0.3631, -1.6711, 2.2655},
                      "x, first 12");
        verifyPrinted(ops::select(x, 0, 7),
                      {0.6852, -0.4124, -0.6738, -0.5404, 0.6898, -1.5517, 0.3805, -0.0436, 0.3597, -0.5043}, "x, last row");
        verifyPrinted(bias, {0.1808, -0.5523, 0.9238, -0.7350, 1.3800, 0.8676, 0.1297, -0.9406, 0.8109, 0.8821}, "bias");
        verifyPrinted(ops::select(y, 0, 0),
                      {2.5441, -0.7163, -0.4934, 0.1267, 0.1014, -0.4035, 0.9023, 0.8099, -0.6884, 0.1372}, "y, first row");
        verifyPrinted(ops::select(y, 0, 7),
                      {0.1552, -0.8782, -0.4734, 0.9690, -1.9985, 0.1030, 0.8580, 0.7625, -1.2587, -0.8183}, "y, last row");
        // torch.manual_seed(42); torch.randn(2, 2, device='cuda').
        cudaGenerator().manualSeed(42);
        verifyPrinted(ops::randn({2, 2}, ScalarType::Float32, kGpu), {0.1940, 2.1614, -0.1721, 0.8491}, "seed 42");
    }

    void cudaDrawsLeaveTheCpuGeneratorAlone()
    {
        defaultGenerator().manualSeed(0);
        const std::vector<double> alone = valuesOf(ops::randn({3}));
        defaultGenerator().manualSeed(0);
        ops::randn({1000}, ScalarType::Float32, kGpu);
        ops::rand({5}, ScalarType::Float64, kGpu);
        QCOMPARE(valuesOf(ops::randn({3})), alone);
    }

    void stateIsSeedAndOffset()
    {
        CudaGenerator& g = cudaGenerator();
        g.manualSeed(0x0102030405060708ULL);
        ops::randn({3}, ScalarType::Float32, kGpu);   // one thread each: 4 outputs reserved
        ops::rand({300}, ScalarType::Float64, kGpu);  // still one draw per thread
        QCOMPARE(g.offset(), uint64_t(8));
        const std::vector<uint8_t> state = g.getState();
        QCOMPARE(state, (std::vector<uint8_t>{8, 7, 6, 5, 4, 3, 2, 1, 8, 0, 0, 0, 0, 0, 0, 0}));
        const std::vector<double> next = valuesOf(ops::rand({4}, ScalarType::Float32, kGpu));
        g.setState(state);
        QCOMPARE(valuesOf(ops::rand({4}, ScalarType::Float32, kGpu)), next);
        // Eight bytes are a seed alone: offset 0.
        g.setState({8, 7, 6, 5, 4, 3, 2, 1});
        QCOMPARE(g.offset(), uint64_t(0));
        QCOMPARE(g.initialSeed(), 0x0102030405060708ULL);
        bool refused = false;
        try {
            g.setState({1, 2, 3});
        } catch (const Error& e) {
            refused = std::string(e.what()) == "RNG state is wrong size";
        }
        QVERIFY(refused);
    }

    void largeTensorsReserveMoreThanOneDraw()
    {
        // An A100's 108 x 2048 threads: beyond them each thread draws again.
        const uint64_t threads = 108 * 2048;
        QCOMPARE(random::distributionLaunch(10).threads, uint64_t(256));
        QCOMPARE(random::distributionLaunch(10).counterOffset, uint64_t(4));
        QCOMPARE(random::distributionLaunch(int64_t(threads) * 4).counterOffset, uint64_t(4));
        QCOMPARE(random::distributionLaunch(int64_t(threads) * 4 + 1).threads, threads);
        QCOMPARE(random::distributionLaunch(int64_t(threads) * 4 + 1).counterOffset, uint64_t(8));
        // A float draw's four values go to elements idx, idx + T, idx + 2T, idx + 3T.
        cudaGenerator().manualSeed(5);
        const Tensor big = ops::randn({int64_t(threads) * 2}, ScalarType::Float32, kGpu);
        QCOMPARE(cudaGenerator().offset(), uint64_t(4));
        random::PhiloxStream thread7(5, 7, 0);
        const random::Philox4 x = thread7.next4();
        const auto first = random::boxMullerFloat(x[0], x[1]);
        QCOMPARE(float(big.valueAt(7)), first[0]);
        QCOMPARE(float(big.valueAt(7 + int64_t(threads))), first[1]);
    }

    void uniformAndBernoulli()
    {
        cudaGenerator().manualSeed(1);
        const std::vector<double> u = valuesOf(ops::rand({1000}, ScalarType::Float32, kGpu));
        for (double v : u)
            QVERIFY(v >= 0.0 && v < 1.0);
        // Element 0: the first output of subsequence 0 as curand_uniform gives it.
        random::PhiloxStream s(1, 0, 0);
        QCOMPARE(float(u[0]), random::uniformFloat(s.next4()[0]));
        const std::vector<double> zeros = valuesOf(ops::cudaBernoulli({50}, ScalarType::Float32, kGpu, 0.0));
        const std::vector<double> ones = valuesOf(ops::cudaBernoulli({50}, ScalarType::Bool, kGpu, 1.0));
        QCOMPARE(zeros, std::vector<double>(50, 0.0));
        QCOMPARE(ones, std::vector<double>(50, 1.0));
        // uniform_(-1, 1) in double: fma(r, 2, -1) with r from 53 bits of two outputs.
        cudaGenerator().manualSeed(2);
        const std::vector<double> d = valuesOf(ops::cudaUniform({3}, ScalarType::Float64, kGpu, -1.0, 1.0));
        random::PhiloxStream t(2, 1, 0);
        const random::Philox4 o = t.next4();
        QCOMPARE(d[1], std::fma(random::uniformDouble(o[0], o[1]), 2.0, -1.0));
    }

    void integersFromTo()
    {
        // torch.randint(0, 10, (8,), device='cuda'): element i is thread i's first 32-bit
        // output mod 10; a range of 2^32 or more takes 64 bits of two outputs.
        cudaGenerator().manualSeed(0);
        const std::vector<double> small = valuesOf(ops::randint(0, 10, {8}, ScalarType::Int64, kGpu));
        for (int64_t i = 0; i < 8; ++i)
            QCOMPARE(int64_t(small[size_t(i)]), int64_t(random::PhiloxStream(0, uint64_t(i), 0).next4()[0] % 10));
        QCOMPARE(cudaGenerator().offset(), uint64_t(4));
        const int64_t low = -(int64_t(1) << 40);
        const std::vector<double> wide = valuesOf(ops::randint(low, int64_t(1) << 40, {3}, ScalarType::Int64, kGpu));
        const uint64_t range = uint64_t(1) << 41;
        for (int64_t i = 0; i < 3; ++i) {
            const random::Philox4 x = random::PhiloxStream(0, uint64_t(i), 4).next4();
            const uint64_t v = (uint64_t(x[0]) << 32) | x[1];
            QCOMPARE(int64_t(wide[size_t(i)]), int64_t(v % range + uint64_t(low)));
        }
        // random_(from, to) of a cuda tensor is the same kernel.
        cudaGenerator().manualSeed(0);
        Tensor t = ops::empty({8}, ScalarType::Int64, kGpu);
        ops::randomFromToInplace(t, 0, 10, nullptr);
        QCOMPARE(valuesOf(t), small);
    }

    void randomWithoutBoundsTakesTheDrawModulo()
    {
        // random_() on the GPU: random_kernel's uniform_int, the draw modulo the dtype's
        // largest integer + 1 (2^24 + 1 for float); 64 bits of two outputs for int64.
        cudaGenerator().manualSeed(5);
        Tensor f = ops::empty({6}, ScalarType::Float32, kGpu);
        ops::randomInplace(f, nullptr);
        QCOMPARE(cudaGenerator().offset(), uint64_t(4));
        Tensor l = ops::empty({3}, ScalarType::Int64, kGpu);
        ops::randomInplace(l, nullptr);
        const std::vector<double> fv = valuesOf(f);
        for (int64_t i = 0; i < 6; ++i)
            QCOMPARE(fv[size_t(i)],
                     double(random::PhiloxStream(5, uint64_t(i), 0).next4()[0] % ((uint64_t(1) << 24) + 1)));
        const Tensor host = ops::toDevice(l, Device::cpu());
        for (int64_t i = 0; i < 3; ++i) {
            const random::Philox4 x = random::PhiloxStream(5, uint64_t(i), 4).next4();
            const uint64_t v = (uint64_t(x[0]) << 32) | x[1];
            QCOMPARE(host.intValueAt(i), int64_t(v % (uint64_t(1) << 63)));
        }
    }

    void bernoulliWithTensorProbabilities()
    {
        // bernoulli_(p) with a tensor p on the GPU: thread t draws elements 4t..4t+3 (row
        // major) from one curand_uniform4, each 1 when its uniform is at most its p.
        cudaGenerator().manualSeed(9);
        std::vector<double> p;
        for (int i = 0; i < 10; ++i)
            p.push_back(0.1 * i);
        // Element 5's p is its own draw: `<=` keeps it where `<` would not.
        const float draw5 = random::uniformFloat(random::PhiloxStream(9, 1, 0).next4()[1]);
        p[5] = draw5;
        const Tensor probs = ops::fromValues({2, 5}, p, ScalarType::Float32);
        const Tensor mask = ops::cudaBernoulliTensor(probs, ScalarType::Float32, kGpu);
        QCOMPARE(mask.device(), kGpu);
        QCOMPARE(mask.sizes(), (IntList{2, 5}));
        QCOMPARE(cudaGenerator().offset(), uint64_t(12));  // philox_cuda_state(10), rounded to 4
        const std::vector<double> m = valuesOf(mask);
        int ones = 0;
        for (int i = 0; i < 10; ++i) {
            const float r = random::uniformFloat(random::PhiloxStream(9, uint64_t(i / 4), 0).next4()[size_t(i % 4)]);
            QCOMPARE(m[size_t(i)], r <= float(p[size_t(i)]) ? 1.0 : 0.0);
            ones += int(m[size_t(i)]);
        }
        QCOMPARE(m[5], 1.0);
        QVERIFY(ones > 0 && ones < 10);
        QCOMPARE(m[0], 0.0);  // p = 0 never draws a 1 ((0, 1] uniforms)
        // An empty tensor still moves the offset, as philox_cuda_state runs before the kernel.
        ops::cudaBernoulliTensor(ops::fromValues({0}, {}, ScalarType::Float32), ScalarType::Float32, kGpu);
        QCOMPARE(cudaGenerator().offset(), uint64_t(24));
    }

    void dropoutIsTheFusedKernel_data()
    {
        QTest::addColumn<int64_t>("numel");
        QTest::addColumn<int>("width");
        QTest::newRow("vectors of 4") << int64_t(12) << 4;
        QTest::newRow("vectors of 2") << int64_t(10) << 2;
        QTest::newRow("one by one") << int64_t(7) << 1;
    }

    void dropoutIsTheFusedKernel()
    {
        QFETCH(int64_t, numel);
        QFETCH(int, width);
        const double p = 0.4;
        std::vector<double> values;
        for (int64_t i = 0; i < numel; ++i)
            values.push_back(double(i) * 0.3 - 1.0);
        const Tensor x = ops::toDevice(ops::fromValues({numel}, values, ScalarType::Float32), kGpu);
        Tensor leaf = ops::detach(x);
        ops::requiresGrad_(leaf);
        defaultGenerator().manualSeed(3);
        const std::vector<double> cpuBefore = valuesOf(ops::rand({2}));
        defaultGenerator().manualSeed(3);
        cudaGenerator().manualSeed(11);
        const Tensor y = ops::dropout(leaf, p, true);
        QCOMPARE(QString::fromStdString(y.gradFn()->name()), QStringLiteral("NativeDropoutBackward0"));
        QCOMPARE(cudaGenerator().offset(), uint64_t(4));
        QCOMPARE(valuesOf(ops::rand({2})), cpuBefore);  // the CPU stream did not move
        // Element i: component i % width of thread i / width's draw (one by one: thread
        // i's first), kept below 1 - p, scaled by float(1 / float(1 - p)).
        const float keep = float(1.0 - p);
        const float scale = float(1.0 / double(keep));
        const std::vector<double> out = valuesOf(y);
        int dropped = 0;
        for (int64_t i = 0; i < numel; ++i) {
            random::PhiloxStream thread(11, uint64_t(i / width), 0);
            const bool kept = random::uniformFloat(thread.next4()[size_t(i % width)]) < keep;
            dropped += kept ? 0 : 1;
            const float expected = (float(values[size_t(i)]) * (kept ? 1.0f : 0.0f)) * scale;
            QCOMPARE(float(out[size_t(i)]), expected);
        }
        QVERIFY(dropped > 0 && dropped < numel);
        // native_dropout_backward: mask * grad * float(1 / (1 - p)).
        backward({ops::sum(y)});
        const std::vector<double> grad = valuesOf(leaf.grad());
        for (int64_t i = 0; i < numel; ++i)
            QCOMPARE(float(grad[size_t(i)]), out[size_t(i)] == 0.0 && values[size_t(i)] != 0.0 ? 0.0f : float(1.0 / (1.0 - p)));
    }
};

QTEST_GUILESS_MAIN(TestCudaGenerator)
#include "tst_cuda_generator.moc"
