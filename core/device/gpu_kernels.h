#pragma once
// GPU kernels seen from the engine: elementwise arithmetic, comparisons and copies over
// strided operands, and matrix products through cuBLAS. Declared without CUDA headers (and
// without the engine's tensor types: the device layer sits under them), so the ops that
// call them compile with g++ alone. See Note [GPU kernels].
//
// Each function answers whether it ran. false means "no GPU kernel covers this" (no
// usable GPU, an element type or op it does not take): the caller runs its CPU kernel,
// which reads the same unified memory (Note [The real GPU]).

#include <cstdint>
#include <vector>

namespace agv::gpu {

/// The element types the GPU kernels take (a subset of the engine's dtypes).
enum class ElementType : uint8_t { Float32, Float64, Int64, Int32, Int16, Int8, UInt8, Bool };

/// One operand of a kernel: its first element and its strides in elements, one per
/// dimension of the loop (0 along broadcast dimensions). A Python number (a wrapped
/// number: a CPU scalar to PyTorch's kernels) has no data: its value is passed by value.
struct Operand {
    void* data = nullptr;
    ElementType type = ElementType::Float32;
    std::vector<int64_t> strides;
    bool isNumber = false;
    bool numberIsIntegral = false;  ///< an int or bool number: converted from intNumberValue
    double numberValue = 0;
    int64_t intNumberValue = 0;
};

/// PyTorch's OffsetCalculator takes 25 dimensions (MAX_DIMS); so do these kernels.
constexpr int kMaxDims = 25;

enum class BinaryOp : uint8_t {
    AddScaled,  ///< a + alpha * b, one fused multiply-add for floats (PyTorch's AddFunctor under nvcc)
    Mul,
    Div,  ///< true division; by a number: a * (1 / b), as div_true_kernel_cuda does
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    ThresholdBackward,  ///< a <= alpha ? 0 : b: threshold_backward(grad = b, self = a, threshold = alpha)
};

enum class UnaryOp : uint8_t {
    Neg,
    Relu,  ///< clamp_min(x, 0) as x < 0 ? 0 : x: NaN and -0.0 come through
};

/// out = op(a, b) over `shape`, a and b of one element type, out of that type (bool for the
/// comparisons). alpha only for AddScaled.
bool binary(BinaryOp op, const std::vector<int64_t>& shape, const Operand& out, const Operand& a, const Operand& b,
            double alpha);

/// out = op(in) over `shape`, both of one element type.
bool unary(UnaryOp op, const std::vector<int64_t>& shape, const Operand& out, const Operand& in);

/// dst = src converted to dst's element type, over `shape` (both on the GPU).
bool copy(const std::vector<int64_t>& shape, const Operand& dst, const Operand& src);

/// C (m x n, row-major, ldc = n) = alpha * op(A) @ op(B) + beta * C in float32 or float64
/// through cuBLAS, with cblas's row-major conventions (transA: A is stored k x m). false
/// when A, B and C are not all GPU memory or cuBLAS cannot be loaded.
bool gemm(bool isDouble, bool transA, bool transB, int64_t m, int64_t n, int64_t k, double alpha, const void* a,
          int64_t lda, const void* b, int64_t ldb, double beta, void* c);

/// How many kernels have run (on the GPU, or emulated): tests see that a path was taken.
uint64_t kernelsRun();

/// Note [GPU kernels], "Emulated": run the kernels' bodies on the host for cuda tensors of
/// the simulated GPU. Off unless AGV_EMULATE_GPU_KERNELS is set or a test asks.
void setEmulated(bool on);
bool emulated();

/// Whether cuda tensors go through these kernels: a real GPU is in use, or emulation is on.
bool kernelsActive();

}  // namespace agv::gpu
