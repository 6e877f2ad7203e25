// What runs where: a cuda tensor's elementwise op goes to the GPU's kernel when a real GPU
// is in use, to the same kernel body run on the host when emulation is on (tests on
// machines without a GPU), and otherwise back to the caller's CPU kernel.

#include "core/device/gpu_kernels.h"

#include <atomic>
#include <cstdlib>
#include <optional>

#include "core/device/allocator.h"
#include "core/device/cuda/kernel_launch.h"
#include "core/device/cuda_backend.h"

namespace agv::gpu {

// Note [GPU kernels]
// ~~~~~~~~~~~~~~~~~~
// A kernel here is a body, elementwise_body.h, that computes one element: the offsets of
// that element in each operand (PyTorch's OffsetCalculator, over dimensions coalesced as
// TensorIterator coalesces them) and the op, written as PyTorch's CUDA functors compute it
// (add as one fused multiply-add, division by a Python number as a product with its
// reciprocal, integers wrapping). The GPU runs the body in a grid-stride loop
// (elementwise_launch.cu); the host can run the same body in a plain loop. That emulation
// is how the bodies, the coalescing and the ops' dispatch are tested where no GPU is
// lent: with AGV_EMULATE_GPU_KERNELS set (or setEmulated), cuda tensors of the simulated
// GPU go through the bodies, and a test compares them with the CPU kernels bit for bit.
// Only the launch itself and cuBLAS need a GPU to be tested (tst_gpu_kernels skips those
// without one).
//
// Every op these kernels do not cover (an element type they do not take, an op without
// a body) answers false, and the caller runs its CPU kernel over the same unified memory
// (Note [The real GPU]); each launch waits for its kernel, so that CPU kernel never races
// the GPU.

namespace {

std::atomic<uint64_t> g_kernelsRun{0};
std::atomic<int> g_emulated{-1};  // -1: AGV_EMULATE_GPU_KERNELS not read yet

bool realGpuInUse() { return gpuMode() != GpuMode::Simulated && cuda::deviceUsable(); }

size_t elementSize(ElementType type)
{
    switch (type) {
    case ElementType::Float64:
    case ElementType::Int64: return 8;
    case ElementType::Float32:
    case ElementType::Int32: return 4;
    case ElementType::Int16: return 2;
    case ElementType::Int8:
    case ElementType::UInt8:
    case ElementType::Bool: return 1;
    }
    return 1;
}

/// The loop over `shape` for `operands` (the output first): dimensions of size 1 dropped,
/// and a dimension merged into the one inside it when every operand steps over both as
/// over one, as TensorIterator's coalesce_dimensions does. nullopt beyond kMaxDims.
std::optional<body::Loop> makeLoop(const std::vector<int64_t>& shape, std::initializer_list<const Operand*> operands)
{
    body::Loop loop;
    loop.numel = 1;
    for (int64_t s : shape)
        loop.numel *= s;
    const int count = int(operands.size());
    // Innermost first, as (size, byte stride per operand).
    std::vector<int64_t> sizes;
    std::vector<std::vector<int64_t>> strides(static_cast<size_t>(count));
    for (size_t d = shape.size(); d-- > 0;) {
        if (shape[d] == 1)
            continue;
        int k = 0;
        bool mergeable = !sizes.empty();
        for (const Operand* op : operands) {
            const int64_t stride = op->isNumber ? 0 : op->strides[d] * int64_t(elementSize(op->type));
            if (mergeable && stride != strides[size_t(k)].back() * sizes.back())
                mergeable = false;
            ++k;
        }
        if (mergeable) {
            sizes.back() *= shape[d];
            continue;
        }
        sizes.push_back(shape[d]);
        k = 0;
        for (const Operand* op : operands) {
            strides[size_t(k)].push_back(op->isNumber ? 0 : op->strides[d] * int64_t(elementSize(op->type)));
            ++k;
        }
    }
    if (sizes.size() > size_t(kMaxDims))
        return std::nullopt;
    loop.ndim = int(sizes.size());
    for (int d = 0; d < loop.ndim; ++d) {
        const size_t from = sizes.size() - 1 - size_t(d);  // back to outermost first
        loop.sizes[d] = sizes[from];
        for (int k = 0; k < count; ++k)
            loop.byteStrides[k][d] = strides[size_t(k)][from];
    }
    int k = 0;
    for (const Operand* op : operands) {
        loop.base[k] = static_cast<char*>(op->data);
        loop.isNumber[k] = op->isNumber;
        loop.numberIsIntegral[k] = op->numberIsIntegral;
        loop.numberValue[k] = op->numberValue;
        loop.intNumberValue[k] = op->intNumberValue;
        ++k;
    }
    return loop;
}

template <typename Body>
void emulate(const body::Loop& loop, Body&& body)
{
    for (int64_t i = 0; i < loop.numel; ++i)
        body(loop, i);
}

}  // namespace

void setEmulated(bool on) { g_emulated = on ? 1 : 0; }

bool emulated()
{
    int state = g_emulated.load();
    if (state < 0) {
        const char* env = std::getenv("AGV_EMULATE_GPU_KERNELS");
        state = env && *env && std::string(env) != "0" ? 1 : 0;
        g_emulated = state;
    }
    return state == 1;
}

bool kernelsActive() { return realGpuInUse() || (gpuMode() == GpuMode::Simulated && emulated()); }

uint64_t kernelsRun() { return g_kernelsRun.load(); }

bool binary(BinaryOp op, const std::vector<int64_t>& shape, const Operand& out, const Operand& a, const Operand& b,
            double alpha)
{
    if (!kernelsActive())
        return false;
    std::optional<body::Loop> loop = makeLoop(shape, {&out, &a, &b});
    if (!loop)
        return false;
    loop->binaryOp = op;
    loop->alpha = alpha;
    ++g_kernelsRun;
    if (realGpuInUse()) {
        cuda::launchBinary(*loop, a.type, out.type);
        return true;
    }
    body::visitType(a.type, [&](auto tag) {
        using In = decltype(tag);
        if (out.type == ElementType::Bool)
            emulate(*loop, body::binaryAt<In, bool>);
        else
            emulate(*loop, body::binaryAt<In, In>);
    });
    return true;
}

bool unary(UnaryOp op, const std::vector<int64_t>& shape, const Operand& out, const Operand& in)
{
    if (!kernelsActive())
        return false;
    const Operand none{nullptr, in.type, {}, true};
    std::optional<body::Loop> loop = makeLoop(shape, {&out, &in, &none});
    if (!loop)
        return false;
    loop->unaryOp = op;
    ++g_kernelsRun;
    if (realGpuInUse()) {
        cuda::launchUnary(*loop, in.type);
        return true;
    }
    body::visitType(in.type, [&](auto tag) { emulate(*loop, body::unaryAt<decltype(tag)>); });
    return true;
}

bool copy(const std::vector<int64_t>& shape, const Operand& dst, const Operand& src)
{
    if (!kernelsActive())
        return false;
    const Operand none{nullptr, src.type, {}, true};
    std::optional<body::Loop> loop = makeLoop(shape, {&dst, &src, &none});
    if (!loop)
        return false;
    ++g_kernelsRun;
    if (realGpuInUse()) {
        cuda::launchCopy(*loop, dst.type, src.type);
        return true;
    }
    body::visitType(dst.type, [&](auto dstTag) {
        body::visitType(src.type, [&](auto srcTag) {
            emulate(*loop, body::copyAt<decltype(dstTag), decltype(srcTag)>);
        });
    });
    return true;
}

bool gemm(bool isDouble, bool transA, bool transB, int64_t m, int64_t n, int64_t k, double alpha, const void* a,
          int64_t lda, const void* b, int64_t ldb, double beta, void* c)
{
    // cuBLAS has no host emulation: on the simulated GPU the CPU's BLAS computes products.
    if (!realGpuInUse() || !cuda::gemm(isDouble, transA, transB, m, n, k, alpha, a, lda, b, ldb, beta, c))
        return false;
    ++g_kernelsRun;
    return true;
}

}  // namespace agv::gpu
