// The GPU kernels (core/device/gpu_kernels.h, Note [GPU kernels]). Without a GPU, their
// bodies run emulated on the host for cuda tensors of the simulated GPU: every case
// computes the same op once through the CPU kernels and once through the bodies, checks
// the bodies ran (the kernel count) and compares the results bit for bit, layout included.
// PyTorch's CUDA division by a Python number (a * (1 / b)) is compared with that product.
// With a GPU (--gpu real), the last tests run the same ops on it and cuBLAS's products.

#include <QTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include "core/autograd/engine.h"
#include "core/device/allocator.h"
#include "core/device/cuda/kernel_launch.h"
#include "core/device/cuda_backend.h"
#include "core/device/gpu_kernels.h"
#include "core/ops/ops.h"

using namespace agv;

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

const Device kGpu = Device::cuda(0);

/// Values with the cases arithmetic gets wrong: signed zeros, NaN, infinities, a float32
/// subnormal, values whose quotient by 3 is not their product with 1/3.
std::vector<double> floatValues(int64_t n)
{
    const std::vector<double> special{0.0, -0.0, kNan, kInf, -kInf, 1e-40, 5.0, 7.0, 10.0, -2.5, 3.0, 1e30, -1e-3};
    std::vector<double> v;
    for (int64_t i = 0; i < n; ++i)
        v.push_back(i < int64_t(special.size()) ? special[size_t(i)] : double(i % 17) * 0.37 - 2.0);
    return v;
}

std::vector<double> intValues(int64_t n)
{
    const std::vector<double> special{0, 1, -1, 127, -128, 255, 32767, 9.2e18, -9.2e18, 3, 7, -40};
    std::vector<double> v;
    for (int64_t i = 0; i < n; ++i)
        v.push_back(i < int64_t(special.size()) ? special[size_t(i)] : double(i % 23 - 11));
    return v;
}

int64_t count(const IntList& sizes)
{
    int64_t n = 1;
    for (int64_t s : sizes)
        n *= s;
    return n;
}

/// A tensor of `sizes` and `dtype` with telling values, on the simulated GPU.
Tensor gpuTensor(const IntList& sizes, ScalarType dtype)
{
    const int64_t n = count(sizes);
    std::vector<double> values = isFloatingType(dtype) ? floatValues(n) : intValues(n);
    if (dtype == ScalarType::Bool)
        for (size_t i = 0; i < values.size(); ++i)
            values[i] = double(i % 3 == 0);
    if (dtype == ScalarType::UInt8 || dtype == ScalarType::Int8 || dtype == ScalarType::Int16 ||
        dtype == ScalarType::Int32)
        for (double& v : values)
            v = double(int64_t(v) % 100);
    return ops::toDevice(ops::fromValues(sizes, values, dtype), kGpu);
}

/// The op's result computed by the bodies (true) or by the CPU kernels (false); checks which ran.
Tensor computed(bool onBodies, const std::function<Tensor()>& op)
{
    gpu::setEmulated(onBodies);
    const uint64_t before = gpu::kernelsRun();
    Tensor result = op();
    gpu::setEmulated(false);
    if (onBodies && gpu::kernelsRun() == before)
        qWarning("no GPU kernel ran");
    if (!onBodies && gpu::kernelsRun() != before)
        qWarning("a GPU kernel ran with emulation off");
    return result;
}

QByteArray bytesOf(const Tensor& t)
{
    const Tensor host = ops::contiguous(ops::toDevice(t, Device::cpu()));
    return QByteArray(static_cast<const char*>(host.rawData()), qsizetype(host.nbytes()));
}

/// Same dtype, device, shape, strides and bits.
void verifySame(const Tensor& bodies, const Tensor& cpu, const char* what)
{
    QVERIFY2(bodies.dtype() == cpu.dtype(), what);
    QVERIFY2(bodies.device() == cpu.device(), what);
    QVERIFY2(bodies.sizes() == cpu.sizes(), what);
    QVERIFY2(bodies.strides() == cpu.strides(), what);
    QVERIFY2(bytesOf(bodies) == bytesOf(cpu), what);
}

/// Same shape, dtype and values (NaN where NaN): results from different devices, whose NaN
/// payloads differ (the GPU's NaN is canonical).
bool sameValues(const Tensor& x, const Tensor& y)
{
    const Tensor a = ops::contiguous(ops::toDevice(x, Device::cpu()));
    const Tensor b = ops::contiguous(ops::toDevice(y, Device::cpu()));
    if (a.sizes() != b.sizes() || a.dtype() != b.dtype())
        return false;
    for (int64_t k = 0; k < a.numel(); ++k) {
        const double p = a.valueAt(k), q = b.valueAt(k);
        if (!(p == q || (std::isnan(p) && std::isnan(q))) || std::signbit(p) != std::signbit(q))
            return false;
    }
    return true;
}

/// Runs `op` both ways and compares; fails if no kernel ran on the bodies' side.
void verifyBodiesMatchCpu(const char* what, const std::function<Tensor()>& op)
{
    const uint64_t before = gpu::kernelsRun();
    const Tensor bodies = computed(true, op);
    QVERIFY2(gpu::kernelsRun() > before, what);
    const uint64_t afterBodies = gpu::kernelsRun();
    const Tensor cpu = computed(false, op);
    QVERIFY2(gpu::kernelsRun() == afterBodies, what);
    verifySame(bodies, cpu, what);
}

}  // namespace

class TestGpuKernels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        setGpuMode(GpuMode::Simulated);
        gpu::setEmulated(false);
    }
    void cleanupTestCase()
    {
        gpu::setEmulated(false);
        setGpuMode(GpuMode::Auto);
    }

    void emulationOnlyForTheSimulatedGpu()
    {
        QVERIFY(!gpu::kernelsActive());
        gpu::setEmulated(true);
        QVERIFY(gpu::kernelsActive());
        // A CPU tensor never goes to the GPU's kernels.
        const uint64_t before = gpu::kernelsRun();
        ops::add(ops::ones({4}), ops::ones({4}));
        QCOMPARE(gpu::kernelsRun(), before);
        setGpuMode(GpuMode::None);
        QVERIFY(!gpu::kernelsActive());
        if (!cuda::deviceUsable()) {
            setGpuMode(GpuMode::Auto);
            QVERIFY(!gpu::kernelsActive());
        }
    }

    void addAndSubLikeTheCpu()
    {
        for (ScalarType type : {ScalarType::Float32, ScalarType::Float64, ScalarType::Int64, ScalarType::Int32,
                                ScalarType::Int16, ScalarType::Int8, ScalarType::UInt8}) {
            const Tensor a = gpuTensor({4, 3}, type);
            const Tensor b = gpuTensor({3}, type);
            const Tensor c = gpuTensor({4, 1}, type);
            const Scalar alpha = isFloatingType(type) ? Scalar(2.5) : Scalar(int64_t(3));
            const std::string name = dtypeName(type);
            verifyBodiesMatchCpu(("add " + name).c_str(), [&] { return ops::add(a, a); });
            verifyBodiesMatchCpu(("add broadcast alpha " + name).c_str(), [&] { return ops::add(a, b, alpha); });
            verifyBodiesMatchCpu(("sub broadcast both " + name).c_str(), [&] { return ops::sub(c, b, alpha); });
            verifyBodiesMatchCpu(("add number " + name).c_str(), [&] { return ops::add(a, Scalar(int64_t(5))); });
            verifyBodiesMatchCpu(("sub number alpha " + name).c_str(), [&] { return ops::sub(a, Scalar(int64_t(2))); });
            verifyBodiesMatchCpu(("rsub " + name).c_str(), [&] { return ops::rsub(a, Scalar(int64_t(1)), alpha); });
        }
        const Tensor f = gpuTensor({5, 4}, ScalarType::Float32);
        verifyBodiesMatchCpu("add float number", [&] { return ops::add(f, Scalar(0.1)); });
    }

    void numberWithAlphaIsOneFusedMultiplyAdd()
    {
        // AddFunctor's a + alpha * b, compiled by nvcc (which fuses by default), is one fma
        // with the number too; the CPU's tensor-and-number kernel rounds the product first.
        const Tensor f = gpuTensor({5, 4}, ScalarType::Float32);
        const Tensor onBodies = computed(true, [&] { return ops::sub(f, Scalar(0.1), Scalar(3)); });
        const Tensor tenth = ops::toDevice(ops::full({}, Scalar(0.1), ScalarType::Float32), kGpu);
        const Tensor fused = computed(false, [&] { return ops::sub(f, tenth, Scalar(3)); });
        verifySame(onBodies, fused, "x - 3 * 0.1 as fma(0.1, -3, x)");
        const Tensor rounded = computed(false, [&] { return ops::sub(f, Scalar(0.1), Scalar(3)); });
        QVERIFY(bytesOf(rounded) != bytesOf(onBodies));
    }

    void stridedOperandsAndLayouts()
    {
        const Tensor a = gpuTensor({6, 5}, ScalarType::Float32);
        const Tensor b = gpuTensor({5, 6}, ScalarType::Float32);
        const Tensor cube = gpuTensor({2, 3, 4, 5}, ScalarType::Float64);
        verifyBodiesMatchCpu("transposed operand", [&] { return ops::add(a, ops::t(b)); });
        verifyBodiesMatchCpu("both transposed: output follows", [&] { return ops::mul(ops::t(a), ops::t(a)); });
        verifyBodiesMatchCpu("sliced with a step", [&] { return ops::add(ops::slice(a, 0, 0, 6, 2), ops::slice(a, 0, 1, 6, 2)); });
        verifyBodiesMatchCpu("expanded", [&] { return ops::mul(ops::expand(ops::slice(a, 0, 0, 1), {6, 5}), a); });
        verifyBodiesMatchCpu("permuted 4-d", [&] { return ops::add(ops::permute(cube, {3, 1, 0, 2}), Scalar(1.5)); });
        verifyBodiesMatchCpu("narrowed 4-d", [&] { return ops::mul(ops::narrow(cube, 2, 1, 2), ops::narrow(cube, 2, 2, 2)); });
        verifyBodiesMatchCpu("0-dim and matrix", [&] { return ops::add(ops::select(ops::select(a, 0, 2), 0, 1), a); });
        verifyBodiesMatchCpu("0-dim", [&] { return ops::mul(ops::select(ops::select(a, 0, 2), 0, 1), ops::select(ops::select(a, 0, 3), 0, 3)); });
        verifyBodiesMatchCpu("empty", [&] { return ops::add(gpuTensor({0, 3}, ScalarType::Float32), gpuTensor({3}, ScalarType::Float32)); });
        verifyBodiesMatchCpu("size-1 dimensions", [&] { return ops::add(gpuTensor({1, 7, 1}, ScalarType::Float32), gpuTensor({3, 1, 1}, ScalarType::Float32)); });
    }

    void promotionConvertsOnTheGpu()
    {
        const Tensor i = gpuTensor({3, 4}, ScalarType::Int64);
        const Tensor f = gpuTensor({4}, ScalarType::Float32);
        const Tensor d = gpuTensor({3, 1}, ScalarType::Float64);
        const Tensor u = gpuTensor({3, 4}, ScalarType::UInt8);
        verifyBodiesMatchCpu("int64 + float32", [&] { return ops::add(i, f); });
        verifyBodiesMatchCpu("float32 * float64", [&] { return ops::mul(f, d); });
        verifyBodiesMatchCpu("uint8 * int64", [&] { return ops::mul(u, i); });
        verifyBodiesMatchCpu("int64 / int64 is true division", [&] { return ops::div(i, ops::add(i, Scalar(int64_t(300)))); });
        verifyBodiesMatchCpu("int tensor * float number", [&] { return ops::mul(i, Scalar(0.5)); });
    }

    void mulDivAndBool()
    {
        for (ScalarType type : {ScalarType::Float32, ScalarType::Float64}) {
            const Tensor a = gpuTensor({3, 5}, type);
            const Tensor b = gpuTensor({5}, type);
            verifyBodiesMatchCpu("mul", [&] { return ops::mul(a, b); });
            verifyBodiesMatchCpu("div by tensor (zeros, NaN, infinities)", [&] { return ops::div(a, b); });
            verifyBodiesMatchCpu("div with rounding_mode None", [&] { return ops::div(a, b, std::nullopt); });
            verifyBodiesMatchCpu("number / tensor", [&] { return ops::rsub(ops::div(b, a), Scalar(0)); });
        }
        const Tensor p = gpuTensor({7}, ScalarType::Bool);
        const Tensor q = ops::logicalNot(p);
        verifyBodiesMatchCpu("bool * bool", [&] { return ops::mul(p, q); });
        verifyBodiesMatchCpu("bool * bool, same", [&] { return ops::mul(p, p); });
        verifyBodiesMatchCpu("uint8 * bool", [&] { return ops::mul(gpuTensor({7}, ScalarType::UInt8), p); });
    }

    void divisionByANumberMultipliesByItsReciprocal()
    {
        // div_true_kernel_cuda: "if the second operand is a CPU scalar, compute a * reciprocal(b)".
        for (ScalarType type : {ScalarType::Float32, ScalarType::Float64}) {
            const Tensor a = gpuTensor({13}, type);
            const Tensor onBodies = computed(true, [&] { return ops::div(a, Scalar(3.0)); });
            const double reciprocal = type == ScalarType::Float32 ? double(1.0f / 3.0f) : 1.0 / 3.0;
            const Tensor product = computed(false, [&] { return ops::mul(a, Scalar(reciprocal)); });
            verifySame(onBodies, product, "a / 3 on the GPU is a * (1 / 3)");
            // 5/3, 7/3 and 10/3 are where the two differ: the test can tell them apart.
            const Tensor quotient = computed(false, [&] { return ops::div(a, Scalar(3.0)); });
            QVERIFY(bytesOf(quotient) != bytesOf(onBodies));
            // A 0-dim cuda tensor is no CPU scalar: it divides.
            const Tensor three = ops::toDevice(ops::full({}, Scalar(3.0), type), kGpu);
            verifyBodiesMatchCpu("a / 0-dim cuda tensor", [&] { return ops::div(a, three); });
        }
    }

    void comparisons()
    {
        const Tensor a = gpuTensor({4, 4}, ScalarType::Float32);
        const Tensor b = ops::t(a);
        const Tensor i = gpuTensor({4}, ScalarType::Int64);
        for (ops::CompareOp op : {ops::CompareOp::Eq, ops::CompareOp::Ne, ops::CompareOp::Lt, ops::CompareOp::Le,
                                  ops::CompareOp::Gt, ops::CompareOp::Ge}) {
            verifyBodiesMatchCpu("float compare with NaN", [&] { return ops::compare(a, b, op); });
            verifyBodiesMatchCpu("int64 and float32", [&] { return ops::compare(i, a, op); });
            verifyBodiesMatchCpu("against a number", [&] { return ops::compare(a, Scalar(5.0), op); });
            verifyBodiesMatchCpu("bools", [&] { return ops::compare(gpuTensor({6}, ScalarType::Bool), gpuTensor({6}, ScalarType::Bool), op); });
        }
    }

    void inPlaceArithmetic()
    {
        for (ScalarType type : {ScalarType::Float32, ScalarType::Float64, ScalarType::Int64, ScalarType::UInt8}) {
            const std::string name = dtypeName(type);
            const Tensor other = gpuTensor({4}, type);
            const Scalar alpha = isFloatingType(type) ? Scalar(-0.75) : Scalar(int64_t(-3));
            verifyBodiesMatchCpu(("add_ broadcast " + name).c_str(), [&] {
                Tensor self = gpuTensor({3, 4}, type);
                return ops::addInplace(self, other, alpha);
            });
            verifyBodiesMatchCpu(("sub_ number " + name).c_str(), [&] {
                Tensor self = gpuTensor({3, 4}, type);
                return ops::subInplace(self, Scalar(int64_t(2)));
            });
            verifyBodiesMatchCpu(("mul_ into a transpose " + name).c_str(), [&] {
                Tensor self = ops::t(gpuTensor({4, 3}, type));
                ops::mulInplace(self, other);
                return ops::contiguous(self);
            });
            verifyBodiesMatchCpu(("x.add_(x) " + name).c_str(), [&] {
                Tensor self = gpuTensor({3, 4}, type);
                return ops::addInplace(self, self);
            });
        }
        verifyBodiesMatchCpu("div_ by tensor", [&] {
            Tensor self = gpuTensor({2, 13}, ScalarType::Float32);
            return ops::divInplace(self, ops::slice(gpuTensor({26}, ScalarType::Float32), 0, 0, 13));
        });
        verifyBodiesMatchCpu("into a slice of a bigger tensor", [&] {
            Tensor whole = gpuTensor({6, 5}, ScalarType::Float64);
            Tensor rows = ops::slice(whole, 0, 1, 6, 2);
            ops::mulInplace(rows, Scalar(1.5));
            return whole;
        });
        // The step SGD takes: p.add_(grad, alpha=-lr), one fused multiply-add per element.
        verifyBodiesMatchCpu("SGD step", [&] {
            Tensor p = gpuTensor({5, 7}, ScalarType::Float32);
            const Tensor g = ops::mul(gpuTensor({5, 7}, ScalarType::Float32), Scalar(0.37));
            return ops::addInplace(p, g, Scalar(-0.01));
        });
        // A wider common dtype is the CPU kernel's widening path: float32 += float64.
        verifyBodiesMatchCpu("float32 += float64", [&] {
            Tensor self = gpuTensor({3, 4}, ScalarType::Float32);
            return ops::addInplace(self, gpuTensor({4}, ScalarType::Float64), Scalar(0.1));
        });
        // div_ by a number is a product with its reciprocal there too.
        const Tensor onBodies = computed(true, [&] {
            Tensor self = gpuTensor({13}, ScalarType::Float32);
            return ops::divInplace(self, Scalar(3.0));
        });
        const Tensor product = computed(false, [&] { return ops::mul(gpuTensor({13}, ScalarType::Float32), Scalar(double(1.0f / 3.0f))); });
        verifySame(onBodies, product, "x.div_(3) is x * float32(1 / 3)");
    }

    void negation()
    {
        for (ScalarType type : {ScalarType::Float32, ScalarType::Float64, ScalarType::Int64, ScalarType::Int8,
                                ScalarType::UInt8})
            verifyBodiesMatchCpu((std::string("neg ") + dtypeName(type)).c_str(), [&] { return ops::neg(gpuTensor({3, 5}, type)); });
        verifyBodiesMatchCpu("neg transposed", [&] { return ops::neg(ops::t(gpuTensor({3, 5}, ScalarType::Float32))); });
        const Tensor minimum = ops::toDevice(ops::fromValues({1}, {-9223372036854775808.0}, ScalarType::Int64), kGpu);
        verifyBodiesMatchCpu("-INT64_MIN wraps", [&] { return ops::neg(minimum); });
    }

    void reluAndItsBackward()
    {
        for (ScalarType type : {ScalarType::Float32, ScalarType::Float64, ScalarType::Int64, ScalarType::Int8}) {
            verifyBodiesMatchCpu((std::string("relu ") + dtypeName(type)).c_str(),
                                 [&] { return ops::relu(ops::t(gpuTensor({4, 5}, type))); });
            verifyBodiesMatchCpu((std::string("relu_ ") + dtypeName(type)).c_str(), [&] {
                Tensor self = gpuTensor({4, 5}, type);
                return ops::reluInplace(self);
            });
        }
        // Through autograd: ReluBackward0 is threshold_backward(grad, result, 0), where a
        // masked gradient is +0 (never -0) and NaN in the result passes its gradient.
        verifyBodiesMatchCpu("ReluBackward0", [&] {
            Tensor x = gpuTensor({3, 5}, ScalarType::Float32);
            ops::requiresGrad_(x);
            const Tensor y = ops::relu(ops::mul(x, Scalar(-1.0)));
            backward({y}, {ops::neg(gpuTensor({3, 5}, ScalarType::Float32))});
            return x.grad();
        });
    }

    void copiesConvertLikeTheCpu()
    {
        const std::vector<ScalarType> types{ScalarType::Float32, ScalarType::Float64, ScalarType::Int64, ScalarType::Int32,
                                            ScalarType::Int16,   ScalarType::Int8,    ScalarType::UInt8, ScalarType::Bool};
        for (ScalarType from : types)
            for (ScalarType to : types) {
                const std::string what = std::string("copy ") + dtypeName(from) + " -> " + dtypeName(to);
                const Tensor src = gpuTensor({4, 5}, from);
                if (from != to)  // the same dtype: toDtype returns the tensor itself
                    verifyBodiesMatchCpu(what.c_str(), [&] { return ops::toDtype(src, to); });
                verifyBodiesMatchCpu((what + " transposed").c_str(), [&] { return ops::contiguous(ops::toDtype(ops::t(src), to)); });
            }
        // Floats out of range (and NaN) into integers: x86's answer, which the CPU kernels give.
        const Tensor wild = ops::toDevice(ops::fromValues({5}, {kNan, 1e30, -1e30, -1.0, 300.5}, ScalarType::Float32), kGpu);
        for (ScalarType to : {ScalarType::Int64, ScalarType::Int32, ScalarType::Int8, ScalarType::UInt8})
            verifyBodiesMatchCpu("out of range", [&] { return ops::toDtype(wild, to); });
        const Tensor m = gpuTensor({3, 4}, ScalarType::Float32);
        verifyBodiesMatchCpu("contiguous() of a transpose", [&] { return ops::contiguous(ops::t(m)); });
        verifyBodiesMatchCpu("clone of an expand", [&] { return ops::contiguous(ops::expand(ops::slice(m, 0, 0, 1), {5, 4})); });
        verifyBodiesMatchCpu("copy_ broadcasting into a slice", [&] {
            Tensor into = ops::zeros({3, 4}, ScalarType::Float64, kGpu);
            Tensor column = ops::narrow(into, 1, 1, 2);
            ops::copyInplace(column, ops::slice(m, 1, 0, 2));
            return into;
        });
    }

    void autogradThroughTheBodies()
    {
        // A small model's forward and backward on the simulated GPU: the bodies take the
        // elementwise ops of both passes, and the gradients are the CPU kernels' to the bit.
        auto run = [] {
            Tensor w = ops::toDevice(ops::fromValues({3, 4}, {0.5, -1, 2, 0.25, 3, -0.75, 1.5, 1, -2, 0.125, 4, -3}, ScalarType::Float32), kGpu);
            ops::requiresGrad_(w);
            const Tensor x = ops::toDevice(ops::fromValues({4}, {1, 2, -3, 0.5}, ScalarType::Float32), kGpu);
            const Tensor y = ops::div(ops::sub(ops::mul(w, x), ops::neg(w), Scalar(0.5)), Scalar(7.0));
            const Tensor loss = ops::sum(ops::mul(y, y));
            backward({loss});
            return ops::cat({ops::reshape(ops::detach(y), {-1}), ops::reshape(w.grad(), {-1})}, 0);
        };
        const uint64_t before = gpu::kernelsRun();
        const Tensor bodies = computed(true, run);
        QVERIFY(gpu::kernelsRun() > before + 6);
        // The division by 7 is a product with 1/7 on the GPU, in the gradient too; the CPU
        // then divides, so compare with the same model multiplying by float(1/7).
        const Tensor cpu = computed(false, [&] {
            Tensor w = ops::toDevice(ops::fromValues({3, 4}, {0.5, -1, 2, 0.25, 3, -0.75, 1.5, 1, -2, 0.125, 4, -3}, ScalarType::Float32), kGpu);
            ops::requiresGrad_(w);
            const Tensor x = ops::toDevice(ops::fromValues({4}, {1, 2, -3, 0.5}, ScalarType::Float32), kGpu);
            const Tensor y = ops::mul(ops::sub(ops::mul(w, x), ops::neg(w), Scalar(0.5)), Scalar(double(1.0f / 7.0f)));
            const Tensor loss = ops::sum(ops::mul(y, y));
            backward({loss});
            return ops::cat({ops::reshape(ops::detach(y), {-1}), ops::reshape(w.grad(), {-1})}, 0);
        });
        verifySame(bodies, cpu, "forward and gradients");
    }

    void halfPrecisionStaysOnTheCpuKernels()
    {
        const Tensor h = ops::toDtype(gpuTensor({4}, ScalarType::Float32), ScalarType::Half);
        gpu::setEmulated(true);
        const uint64_t before = gpu::kernelsRun();
        const Tensor sum = ops::add(h, h);
        QCOMPARE(gpu::kernelsRun(), before);  // no body takes float16: the CPU kernel ran
        QCOMPARE(sum.dtype(), ScalarType::Half);
        gpu::setEmulated(false);
    }

    void cublasNeedsARealGpu()
    {
        if (cuda::deviceUsable())
            QSKIP("this machine has a GPU");
        const std::string reason = cuda::cublasUnavailableReason();
        QVERIFY2(!reason.empty(), reason.c_str());
        float a = 1, b = 2, c = 0;
        QVERIFY(!gpu::gemm(false, false, false, 1, 1, 1, 1.0, &a, 1, &b, 1, 0.0, &c));
        QCOMPARE(c, 0.0f);
        // The simulated GPU's products are the CPU's BLAS: no kernel counted.
        gpu::setEmulated(true);
        const uint64_t before = gpu::kernelsRun();
        const Tensor m = gpuTensor({3, 3}, ScalarType::Float32);
        ops::mm(ops::add(m, Scalar(1.0)), m);
        QCOMPARE(gpu::kernelsRun(), before + 1);  // the add only
        gpu::setEmulated(false);
    }

    // ------------------------------------------------------------ on a real GPU

    void realGpuKernelsMatchTheCpu()
    {
        if (!cuda::deviceUsable())
            QSKIP("needs a GPU (run on a machine with one)");
        setGpuMode(GpuMode::Real);
        const Tensor a = ops::fromValues({64, 33}, floatValues(64 * 33), ScalarType::Float32);
        const Tensor b = ops::fromValues({33}, floatValues(33), ScalarType::Float32);
        const Tensor i = ops::fromValues({64, 1}, intValues(64), ScalarType::Int64);
        auto onBoth = [&](const char* what, const std::function<Tensor(const Tensor&, const Tensor&, const Tensor&)>& op) {
            const uint64_t before = gpu::kernelsRun();
            const Tensor gpuResult = op(ops::toDevice(a, kGpu), ops::toDevice(b, kGpu), ops::toDevice(i, kGpu));
            QVERIFY2(gpu::kernelsRun() > before, what);
            const Tensor cpuResult = op(a, b, i);
            QVERIFY2(gpuResult.device() == kGpu, what);
            QVERIFY2(gpuResult.sizes() == cpuResult.sizes() && gpuResult.dtype() == cpuResult.dtype(), what);
            // Exactly rounded ops: equal, NaN where NaN.
            QVERIFY2(sameValues(gpuResult, cpuResult), what);
        };
        onBoth("add alpha", [](auto x, auto y, auto) { return ops::add(x, y, Scalar(2.5)); });
        onBoth("sub transposed", [](auto x, auto, auto) { return ops::sub(ops::t(x), Scalar(1.0)); });
        onBoth("mul promote", [](auto x, auto, auto k) { return ops::mul(x, k); });
        onBoth("div tensor", [](auto x, auto y, auto) { return ops::div(x, y); });
        onBoth("compare", [](auto x, auto y, auto) { return ops::compare(x, y, ops::CompareOp::Lt); });
        onBoth("neg", [](auto x, auto, auto) { return ops::neg(x); });
        onBoth("copy", [](auto x, auto, auto) { return ops::toDtype(ops::t(x), ScalarType::Int32); });
        onBoth("add_ alpha", [](auto x, auto y, auto) {
            Tensor c = ops::clone(x);
            return ops::addInplace(c, y, Scalar(-0.5));
        });
        setGpuMode(GpuMode::Simulated);
    }

    void realGpuMatrixProductsThroughCublas()
    {
        if (!cuda::deviceUsable())
            QSKIP("needs a GPU (run on a machine with one)");
        if (!cuda::cublasUnavailableReason().empty())
            QSKIP(qPrintable(QString::fromStdString(cuda::cublasUnavailableReason())));
        setGpuMode(GpuMode::Real);
        std::vector<double> va, vb;
        for (int k = 0; k < 37 * 29; ++k)
            va.push_back(double(k % 13) * 0.25 - 1.5);
        for (int k = 0; k < 29 * 41; ++k)
            vb.push_back(double(k % 7) * 0.5 - 1.0);
        for (ScalarType type : {ScalarType::Float32, ScalarType::Float64}) {
            const Tensor a = ops::fromValues({37, 29}, va, type);
            const Tensor b = ops::fromValues({29, 41}, vb, type);
            const uint64_t before = gpu::kernelsRun();
            const Tensor g = ops::mm(ops::toDevice(a, kGpu), ops::toDevice(b, kGpu));
            QVERIFY(gpu::kernelsRun() > before);
            // Products of quarter- and half-integers: exact in any order of summation.
            QVERIFY(sameValues(g, ops::mm(a, b)));
            const Tensor gt = ops::mm(ops::t(ops::toDevice(b, kGpu)), ops::t(ops::toDevice(a, kGpu)));
            QVERIFY(sameValues(gt, ops::t(ops::mm(a, b))));
            const Tensor bias = ops::fromValues({41}, std::vector<double>(41, 0.5), type);
            const Tensor fused = ops::addmm(ops::toDevice(bias, kGpu), ops::toDevice(a, kGpu), ops::toDevice(b, kGpu),
                                            Scalar(2), Scalar(-1));
            QVERIFY(sameValues(fused, ops::addmm(bias, a, b, Scalar(2), Scalar(-1))));
        }
        setGpuMode(GpuMode::Simulated);
    }
};

QTEST_GUILESS_MAIN(TestGpuKernels)
#include "tst_gpu_kernels.moc"
