#pragma once
// Launching the GPU kernels (elementwise_launch.cu, cublas_gemm.cu), declared without CUDA
// headers for gpu_kernels.cpp, which decides what runs where (Note [GPU kernels]). Built
// without nvcc, cuda_backend_absent.cpp defines them: never reached, since no GPU is usable.

#include <string>

#include "core/device/cuda/elementwise_body.h"

namespace agv::cuda {

/// Runs body::binaryAt<In, Out> over the loop on the GPU and waits for it.
void launchBinary(const gpu::body::Loop& loop, gpu::ElementType in, gpu::ElementType out);
/// Runs body::unaryAt<T> over the loop on the GPU and waits for it.
void launchUnary(const gpu::body::Loop& loop, gpu::ElementType type);
/// Runs body::copyAt<Dst, Src> over the loop on the GPU and waits for it.
void launchCopy(const gpu::body::Loop& loop, gpu::ElementType dst, gpu::ElementType src);

/// gpu::gemm on the real GPU: false when a pointer is not GPU memory or cuBLAS is missing.
bool gemm(bool isDouble, bool transA, bool transB, int64_t m, int64_t n, int64_t k, double alpha, const void* a,
          int64_t lda, const void* b, int64_t ldb, double beta, void* c);

/// Why cuBLAS cannot be used ("" when it can): no GPU, or no libcublas to load.
std::string cublasUnavailableReason();

}  // namespace agv::cuda
