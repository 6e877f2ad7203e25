#pragma once
// The GPU's random number generator: torch.cuda.manual_seed / seed / initial_seed /
// get_rng_state / set_rng_state, and the Philox stream randn, rand, uniform_, normal_ and
// bernoulli_ of cuda tensors draw from, as PyTorch's CUDA kernels lay their draws out.
// Cuda draws leave the CPU generator where it was. See Note [The CUDA generator].

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>


namespace agv {

class CudaGenerator {
public:
    /// c10's default_rng_seed_val, the seed a fresh process starts from.
    static constexpr uint64_t kDefaultSeed = 67280421310721ULL;

    /// manual_seed(seed): the seed, and the stream back at its start (offset 0).
    void manualSeed(uint64_t seed);
    /// seed(): a non-deterministic seed, returned.
    uint64_t seed();
    uint64_t initialSeed() const { return m_seed; }

    /// get_state(): 16 bytes, the seed and the Philox offset (little-endian uint64 each).
    std::vector<uint8_t> getState() const;
    /// set_state(): 16 bytes, or 8 (a seed alone: offset 0); RuntimeError "RNG state is
    /// wrong size" otherwise.
    void setState(const std::vector<uint8_t>& state);

    uint64_t offset() const { return m_offset; }

    /// philox_cuda_state(increment): the (seed, offset) a kernel draws from; later kernels
    /// start past it (the increment rounded up to a multiple of 4).
    std::pair<uint64_t, uint64_t> reserve(uint64_t increment);

private:
    uint64_t m_seed = kDefaultSeed;
    uint64_t m_offset = 0;
};

/// The generator of cuda:0 (torch.cuda.default_generators[0]).
CudaGenerator& cudaGenerator();

class Generator;

/// A GPU generator named by the `generator=` argument of the draw about to run: the
/// binding sets it and passes cudaGeneratorArgument() as the op's Generator*.
void setArgumentCudaGenerator(std::shared_ptr<CudaGenerator> generator);

/// The GPU generator a cuda draw takes for an op's `generator`: the default one for null,
/// the argument's for cudaGeneratorArgument(); a CPU generator raises check_generator's
/// RuntimeError "Expected a 'cuda' device type for generator but found 'cpu'".
CudaGenerator& cudaGeneratorFor(Generator* generator);

/// While it lives, cuda draws on this thread take `generator` instead of the default one.
class CudaDrawScope {
public:
    explicit CudaDrawScope(CudaGenerator& generator);
    ~CudaDrawScope();
    CudaDrawScope(const CudaDrawScope&) = delete;
    CudaDrawScope& operator=(const CudaDrawScope&) = delete;

private:
    CudaGenerator* m_previous;
};

namespace random {

/// How many threads a distribution kernel runs (its grid times 256) and how far it moves
/// the Philox offset, for `numel` elements: calc_execution_policy, on the device in use
/// (the simulated GPU answers as an A100: 108 multiprocessors of 2048 threads).
struct DistributionLaunch {
    uint64_t threads = 0;
    uint64_t counterOffset = 0;
};
DistributionLaunch distributionLaunch(int64_t numel);

/// The draws of PyTorch's CUDA distribution kernels for `numel` elements, in memory order:
/// standard normals (curand_normal4; for double, curand_normal2_double) and uniforms in
/// (0, 1] (curand_uniform4; curand_uniform2_double), which normal_, uniform_ and bernoulli_
/// transform (core/ops/cuda_random.h).
std::vector<float> cudaStandardNormals(int64_t numel);
std::vector<double> cudaStandardNormalsDouble(int64_t numel);
std::vector<float> cudaUniforms(int64_t numel);
std::vector<double> cudaUniformsDouble(int64_t numel);

/// random_(from, to) of `numel` elements as random_from_to_kernel draws them, in memory
/// order: (draw % range) + base from one 32-bit output, or (`wide`: an int64, double, float
/// or bfloat16 tensor with a range of 2^32 or more) from 64 bits of two outputs; range 0
/// is random_'s full 64-bit range (the 64-bit draw itself).
std::vector<int64_t> cudaIntsFromTo(int64_t numel, uint64_t range, int64_t base, bool wide);

/// bernoulli_(p tensor) as bernoulli_tensor_cuda_kernel draws it: CUDA_tensor_apply2 gives
/// thread t the elements 4t..4t+3 in row-major order, from one curand_uniform4 of
/// subsequence t; an element is 1 when its uniform is at most its probability (compared in
/// double when the tensor is double, else with the probability in float). The generator's
/// offset moves by philox_cuda_state(10), elements or not.
std::vector<uint8_t> cudaBernoulliMask(const std::vector<double>& probabilities, bool compareInDouble);

/// fused_dropout_kernel's keep mask (1 kept, 0 dropped) of `numel` elements in memory
/// order: each element kept when its uniform draw is below `keep` (compared in double when
/// the tensor is double). `vector` is the kernel's vector width, 4, 2 or 1
/// (fused_dropout_kernel_vec reads element idx * vector + ii from component ii of thread
/// idx's draw; the plain kernel, element idx + ii * threads).
std::vector<uint8_t> cudaDropoutMask(int64_t numel, double keep, bool compareInDouble, int vector);

}  // namespace random
}  // namespace agv
