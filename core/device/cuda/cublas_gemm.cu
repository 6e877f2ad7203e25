// Matrix products on the GPU through cuBLAS, as PyTorch's at::cuda::blas::gemm calls it.
// cuBLAS is loaded with dlopen when the first product runs on a real GPU: the binary links
// only the CUDA runtime (statically), so it starts on machines without the toolkit, and a
// machine with a GPU but no libcublas keeps the CPU's product over unified memory.

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <dlfcn.h>

#include <mutex>
#include <string>

#include "core/device/cuda/kernel_launch.h"
#include "core/device/cuda_backend.h"
#include "core/error.h"

namespace agv::cuda {

namespace {

struct Cublas {
    decltype(&cublasCreate_v2) create = nullptr;
    decltype(&cublasSgemm_v2) sgemm = nullptr;
    decltype(&cublasDgemm_v2) dgemm = nullptr;
    decltype(&cublasSetMathMode) setMathMode = nullptr;
    cublasHandle_t handle = nullptr;
    std::string unavailable;
};

/// The sonames of the cuBLAS releases this build's runtime can drive, newest first.
constexpr const char* kSonames[] = {"libcublas.so.13", "libcublas.so.12", "libcublas.so.11", "libcublas.so"};

Cublas& library()
{
    static Cublas lib;
    static std::once_flag once;
    std::call_once(once, [] {
        if (!deviceUsable()) {
            lib.unavailable = "no GPU is usable (" + unusableReason() + ")";
            return;
        }
        void* handle = nullptr;
        for (const char* soname : kSonames)
            if ((handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL)))
                break;
        if (!handle) {
            lib.unavailable = "cuBLAS is not installed (libcublas.so.13, .12 or .11 was not found)";
            return;
        }
        lib.create = reinterpret_cast<decltype(lib.create)>(dlsym(handle, "cublasCreate_v2"));
        lib.sgemm = reinterpret_cast<decltype(lib.sgemm)>(dlsym(handle, "cublasSgemm_v2"));
        lib.dgemm = reinterpret_cast<decltype(lib.dgemm)>(dlsym(handle, "cublasDgemm_v2"));
        lib.setMathMode = reinterpret_cast<decltype(lib.setMathMode)>(dlsym(handle, "cublasSetMathMode"));
        if (!lib.create || !lib.sgemm || !lib.dgemm || !lib.setMathMode) {
            lib.unavailable = "the cuBLAS found lacks cublasSgemm_v2/cublasDgemm_v2";
            return;
        }
        if (lib.create(&lib.handle) != CUBLAS_STATUS_SUCCESS) {
            lib.handle = nullptr;
            lib.unavailable = "cublasCreate failed";
            return;
        }
        // torch.backends.cuda.matmul.allow_tf32 is False by default since 1.12: float32
        // products in float32, not TF32.
        lib.setMathMode(lib.handle, CUBLAS_DEFAULT_MATH);
    });
    return lib;
}

const char* statusName(cublasStatus_t status)
{
    switch (status) {
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
    default: return "CUBLAS_STATUS_UNKNOWN";
    }
}

bool onDevice(const void* ptr)
{
    cudaPointerAttributes attributes{};
    if (cudaPointerGetAttributes(&attributes, ptr) != cudaSuccess) {
        cudaGetLastError();
        return false;
    }
    return attributes.type == cudaMemoryTypeManaged || attributes.type == cudaMemoryTypeDevice;
}

}  // namespace

std::string cublasUnavailableReason() { return library().unavailable; }

bool gemm(bool isDouble, bool transA, bool transB, int64_t m, int64_t n, int64_t k, double alpha, const void* a,
          int64_t lda, const void* b, int64_t ldb, double beta, void* c)
{
    Cublas& lib = library();
    if (!lib.handle || !onDevice(a) || !onDevice(b) || !onDevice(c))
        return false;
    constexpr int64_t kIntMax = 0x7fffffff;
    if (m > kIntMax || n > kIntMax || k > kIntMax || lda > kIntMax || ldb > kIntMax)
        return false;
    // Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T: cuBLAS gets B first.
    const cublasOperation_t opB = transB ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t opA = transA ? CUBLAS_OP_T : CUBLAS_OP_N;
    cublasStatus_t status;
    if (isDouble) {
        status = lib.dgemm(lib.handle, opB, opA, int(n), int(m), int(k), &alpha, static_cast<const double*>(b),
                           int(ldb), static_cast<const double*>(a), int(lda), &beta, static_cast<double*>(c), int(n));
    } else {
        const float alphaF = float(alpha), betaF = float(beta);
        status = lib.sgemm(lib.handle, opB, opA, int(n), int(m), int(k), &alphaF, static_cast<const float*>(b),
                           int(ldb), static_cast<const float*>(a), int(lda), &betaF, static_cast<float*>(c), int(n));
    }
    if (status != CUBLAS_STATUS_SUCCESS)  // TORCH_CUDABLAS_CHECK's words
        throw Error(PyExc::RuntimeError, std::string("CUDA error: ") + statusName(status) + " when calling `" +
                                             (isDouble ? "cublasDgemm" : "cublasSgemm") +
                                             "( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`");
    const cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
        cudaGetLastError();
        throw Error(PyExc::RuntimeError, std::string("CUDA error: ") + cudaGetErrorString(err) + " (cublas gemm)");
    }
    return true;
}

}  // namespace agv::cuda
