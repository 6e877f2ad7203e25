#include "core/random/cuda_generator.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>

#include "core/device/allocator.h"
#include "core/device/cuda_backend.h"
#include "core/error.h"
#include "core/random/generator.h"
#include "core/random/philox.h"

namespace agv {

// Note [The CUDA generator]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// PyTorch gives each GPU a generator of its own: a seed and a Philox offset, 16 bytes of
// state. A random kernel asks it for (seed, offset) and moves the offset on by how many
// outputs each thread may use (philox_cuda_state); thread idx of the kernel then draws
// from Philox stream (seed, subsequence idx, offset) through cuRAND, in the grid-stride
// loop of distribution_elementwise_grid_stride_kernel: element li takes component ii of
// the draw thread li mod T made in its (li div T) / unroll-th turn, T being the kernel's
// thread count. Random draws on a GPU therefore never move the CPU generator, and a
// seed, a saved state or checkpoint's preserve_rng_state replays them.
//
// Here every cuda tensor's draw (randn, rand, uniform_, normal_, bernoulli_ with a number)
// follows that layout: same streams, same element of the same draw, same transform
// (cuRAND's uniform and Box-Muller, then fma as nvcc compiles PyTorch's transforms). It is
// computed on the host (philox.cpp), also for a real GPU, whose memory the host reads. The
// integer outputs, the uniforms and bernoulli_ are cuRAND's to the bit; the normals' log,
// sin and cos are the host's where a GPU uses its own (__sincosf, a fast intrinsic), so
// normal draws can differ from a GPU's in their last digits. The thread count depends on
// the device's size only for tensors of more than 221,184 elements on an A100, the device
// the simulated GPU answers as.

void CudaGenerator::manualSeed(uint64_t seed)
{
    m_seed = seed;
    m_offset = 0;
}

uint64_t CudaGenerator::seed()
{
    std::random_device device;
    const uint64_t fresh = (static_cast<uint64_t>(device()) << 32) | device();
    manualSeed(fresh);
    return fresh;
}

std::vector<uint8_t> CudaGenerator::getState() const
{
    std::vector<uint8_t> state(16);
    std::memcpy(state.data(), &m_seed, 8);
    std::memcpy(state.data() + 8, &m_offset, 8);
    return state;
}

void CudaGenerator::setState(const std::vector<uint8_t>& state)
{
    AGV_CHECK(state.size() == 8 || state.size() == 16, RuntimeError, "RNG state is wrong size");
    uint64_t seed = 0, offset = 0;
    std::memcpy(&seed, state.data(), 8);
    if (state.size() == 16)
        std::memcpy(&offset, state.data() + 8, 8);
    m_seed = seed;
    m_offset = offset;
}

std::pair<uint64_t, uint64_t> CudaGenerator::reserve(uint64_t increment)
{
    const uint64_t start = m_offset;
    m_offset += (increment + 3) / 4 * 4;
    return {m_seed, start};
}

CudaGenerator& cudaGenerator()
{
    static CudaGenerator generator;
    return generator;
}

namespace {
thread_local std::shared_ptr<CudaGenerator> t_argumentGenerator;
thread_local CudaGenerator* t_drawingGenerator = nullptr;

/// The generator cuda draws reserve their offsets from.
CudaGenerator& drawingGenerator() { return t_drawingGenerator ? *t_drawingGenerator : cudaGenerator(); }
}  // namespace

void setArgumentCudaGenerator(std::shared_ptr<CudaGenerator> generator) { t_argumentGenerator = std::move(generator); }

CudaGenerator& cudaGeneratorFor(Generator* generator)
{
    if (!generator)
        return cudaGenerator();
    AGV_CHECK(generator == cudaGeneratorArgument() && t_argumentGenerator, RuntimeError,
              "Expected a 'cuda' device type for generator but found 'cpu'");
    return *t_argumentGenerator;
}

CudaDrawScope::CudaDrawScope(CudaGenerator& generator) : m_previous(t_drawingGenerator)
{
    t_drawingGenerator = &generator;
}

CudaDrawScope::~CudaDrawScope() { t_drawingGenerator = m_previous; }

namespace random {

namespace {

constexpr uint64_t kBlockSize = 256;
constexpr uint64_t kEngineCalls = 4;  // curand4_engine_calls: the outputs one draw may take

/// Threads per kernel at most: multiprocessors x (threads per multiprocessor / 256) blocks.
uint64_t maxThreads()
{
    if (gpuMode() != GpuMode::Simulated && cuda::deviceUsable()) {
        const cuda::DeviceShape shape = cuda::deviceShape();
        return uint64_t(shape.multiprocessors) * (uint64_t(shape.maxThreadsPerMultiprocessor) / kBlockSize) *
               kBlockSize;
    }
    return 108 * (2048 / kBlockSize) * kBlockSize;  // an A100
}

/// The grid-stride loop of distribution_elementwise_grid_stride_kernel over `numel`
/// elements: draw(stream) gives Unroll values in Acc, store(li, value) writes element li.
template <typename Acc, int Unroll, typename Draw, typename Store>
void gridStrideDraws(int64_t numel, Draw draw, Store store)
{
    if (numel <= 0)
        return;
    const DistributionLaunch launch = distributionLaunch(numel);
    const auto [seed, offset] = drawingGenerator().reserve(launch.counterOffset);
    const uint64_t n = uint64_t(numel);
    const uint64_t threads = launch.threads;
    const uint64_t step = threads * Unroll;
    const uint64_t rounded = ((n - 1) / step + 1) * step;
    // A thread whose first element lies past the end writes nothing: not drawn here.
    for (uint64_t idx = 0; idx < std::min(threads, n); ++idx) {
        PhiloxStream stream(seed, idx, offset);
        for (uint64_t linear = idx; linear < rounded; linear += step) {
            const std::array<Acc, Unroll> values = draw(stream);
            for (int ii = 0; ii < Unroll; ++ii) {
                const uint64_t li = linear + threads * uint64_t(ii);
                if (li < n)
                    store(li, values[size_t(ii)]);
            }
        }
    }
}

std::array<float, 4> normal4(PhiloxStream& s)
{
    const Philox4 x = s.next4();
    const auto a = boxMullerFloat(x[0], x[1]);
    const auto b = boxMullerFloat(x[2], x[3]);
    return {a[0], a[1], b[0], b[1]};
}

std::array<double, 2> normal2Double(PhiloxStream& s)
{
    const Philox4 x = s.next4();
    return boxMullerDouble(x[0], x[1], x[2], x[3]);
}

std::array<float, 4> uniform4(PhiloxStream& s)
{
    const Philox4 x = s.next4();
    return {uniformFloat(x[0]), uniformFloat(x[1]), uniformFloat(x[2]), uniformFloat(x[3])};
}

std::array<double, 2> uniform2Double(PhiloxStream& s)
{
    const Philox4 x = s.next4();
    return {uniformDouble(x[0], x[1]), uniformDouble(x[2], x[3])};
}

/// The draws of `numel` elements in memory order, as gridStrideDraws places them.
template <typename Acc, int Unroll, typename Draw>
std::vector<Acc> drawsInOrder(int64_t numel, Draw draw)
{
    std::vector<Acc> values(size_t(std::max<int64_t>(numel, 0)));
    gridStrideDraws<Acc, Unroll>(numel, draw, [&](uint64_t li, Acc r) { values[li] = r; });
    return values;
}

}  // namespace

DistributionLaunch distributionLaunch(int64_t numel)
{
    const uint64_t n = uint64_t(std::max<int64_t>(numel, 1));
    const uint64_t threads = std::min((n + kBlockSize - 1) / kBlockSize * kBlockSize, maxThreads());
    return {threads, ((n - 1) / (threads * kEngineCalls) + 1) * kEngineCalls};
}

std::vector<float> cudaStandardNormals(int64_t numel) { return drawsInOrder<float, 4>(numel, normal4); }

std::vector<double> cudaStandardNormalsDouble(int64_t numel) { return drawsInOrder<double, 2>(numel, normal2Double); }

std::vector<float> cudaUniforms(int64_t numel) { return drawsInOrder<float, 4>(numel, uniform4); }

std::vector<double> cudaUniformsDouble(int64_t numel) { return drawsInOrder<double, 2>(numel, uniform2Double); }

std::vector<int64_t> cudaIntsFromTo(int64_t numel, uint64_t range, int64_t base, bool wide)
{
    std::vector<int64_t> values(size_t(std::max<int64_t>(numel, 0)));
    // uniform_int_from_to: static_cast<int64_t>((value % range) + base), wrapping.
    auto fromTo = [&](uint64_t v) { return int64_t((range == 0 ? v : v % range) + uint64_t(base)); };
    if (wide || range == 0) {
        gridStrideDraws<uint64_t, 2>(
            numel,
            [](PhiloxStream& s) {
                const Philox4 x = s.next4();
                return std::array<uint64_t, 2>{(uint64_t(x[0]) << 32) | x[1], (uint64_t(x[2]) << 32) | x[3]};
            },
            [&](uint64_t li, uint64_t v) { values[li] = fromTo(v); });
    } else {
        gridStrideDraws<uint32_t, 4>(
            numel, [](PhiloxStream& s) { return s.next4(); },
            [&](uint64_t li, uint32_t v) { values[li] = fromTo(v); });
    }
    return values;
}

std::vector<uint8_t> cudaBernoulliMask(const std::vector<double>& probabilities, bool compareInDouble)
{
    std::vector<uint8_t> mask(probabilities.size(), 0);
    const auto [seed, offset] = drawingGenerator().reserve(10);
    const uint64_t n = probabilities.size();
    for (uint64_t thread = 0; thread * 4 < n; ++thread) {
        PhiloxStream stream(seed, thread, offset);
        const std::array<float, 4> r = uniform4(stream);
        for (uint64_t k = 0; k < 4 && thread * 4 + k < n; ++k) {
            const double p = probabilities[thread * 4 + k];
            mask[thread * 4 + k] = compareInDouble ? double(r[k]) <= p : r[k] <= float(p);
        }
    }
    return mask;
}

std::vector<uint8_t> cudaDropoutMask(int64_t numel, double keep, bool compareInDouble, int vector)
{
    std::vector<uint8_t> mask(size_t(std::max<int64_t>(numel, 0)), 0);
    const float keepFloat = float(keep);
    auto kept = [&](float r) { return compareInDouble ? double(r) < keep : r < keepFloat; };
    if (vector == 1) {
        // fused_dropout_kernel: the grid-stride layout of the distribution kernels.
        gridStrideDraws<float, 4>(numel, uniform4, [&](uint64_t li, float r) { mask[li] = kept(r); });
        return mask;
    }
    if (numel <= 0)
        return mask;
    const DistributionLaunch launch = distributionLaunch(numel);
    const auto [seed, offset] = drawingGenerator().reserve(launch.counterOffset);
    const uint64_t n = uint64_t(numel), threads = launch.threads, width = uint64_t(vector);
    for (uint64_t idx = 0; idx * width < n && idx < threads; ++idx) {
        PhiloxStream stream(seed, idx, offset);
        for (uint64_t linear = idx * width; linear < n; linear += threads * width) {
            const std::array<float, 4> r = uniform4(stream);
            for (uint64_t ii = 0; ii < width && linear + ii < n; ++ii)
                mask[linear + ii] = kept(r[ii]);
        }
    }
    return mask;
}

}  // namespace random
}  // namespace agv
