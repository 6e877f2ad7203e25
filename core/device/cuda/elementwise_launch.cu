// The elementwise kernels on the GPU: one grid-stride loop per (op family, element types)
// around the bodies of elementwise_body.h, which the host emulation runs too.

#include <cuda_runtime.h>

#include <algorithm>

#include "core/device/cuda/kernel_launch.h"
#include "core/error.h"

namespace agv::cuda {

namespace {

using gpu::body::Loop;

template <typename In, typename Out>
__global__ void binaryKernel(Loop loop)
{
    const int64_t step = int64_t(blockDim.x) * gridDim.x;
    for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < loop.numel; i += step)
        gpu::body::binaryAt<In, Out>(loop, i);
}

template <typename T>
__global__ void unaryKernel(Loop loop)
{
    const int64_t step = int64_t(blockDim.x) * gridDim.x;
    for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < loop.numel; i += step)
        gpu::body::unaryAt<T>(loop, i);
}

template <typename Dst, typename Src>
__global__ void copyKernel(Loop loop)
{
    const int64_t step = int64_t(blockDim.x) * gridDim.x;
    for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < loop.numel; i += step)
        gpu::body::copyAt<Dst, Src>(loop, i);
}

constexpr int kThreads = 256;

/// Enough blocks to cover the loop, at most 64 per multiprocessor's worth (the grid-stride
/// loop does the rest).
unsigned blocksFor(int64_t numel)
{
    const int64_t wanted = (numel + kThreads - 1) / kThreads;
    return unsigned(std::max<int64_t>(1, std::min<int64_t>(wanted, 65535)));
}

/// Launch errors and faults inside the kernel come back as Python's RuntimeError, with
/// PyTorch's "CUDA error: " prefix; the host process and the window keep running.
void finish(const char* what)
{
    cudaError_t err = cudaGetLastError();
    if (err == cudaSuccess)
        err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
        cudaGetLastError();
        throw Error(PyExc::RuntimeError, std::string("CUDA error: ") + cudaGetErrorString(err) + " (" + what + ")");
    }
}

}  // namespace

void launchBinary(const Loop& loop, gpu::ElementType in, gpu::ElementType out)
{
    if (loop.numel == 0)
        return;
    gpu::body::visitType(in, [&](auto inTag) {
        using In = decltype(inTag);
        if (out == gpu::ElementType::Bool)
            binaryKernel<In, bool><<<blocksFor(loop.numel), kThreads>>>(loop);
        else
            binaryKernel<In, In><<<blocksFor(loop.numel), kThreads>>>(loop);
    });
    finish("elementwise kernel");
}

void launchUnary(const Loop& loop, gpu::ElementType type)
{
    if (loop.numel == 0)
        return;
    gpu::body::visitType(type, [&](auto tag) {
        unaryKernel<decltype(tag)><<<blocksFor(loop.numel), kThreads>>>(loop);
    });
    finish("elementwise kernel");
}

void launchCopy(const Loop& loop, gpu::ElementType dst, gpu::ElementType src)
{
    if (loop.numel == 0)
        return;
    gpu::body::visitType(dst, [&](auto dstTag) {
        gpu::body::visitType(src, [&](auto srcTag) {
            copyKernel<decltype(dstTag), decltype(srcTag)><<<blocksFor(loop.numel), kThreads>>>(loop);
        });
    });
    finish("copy kernel");
}

}  // namespace agv::cuda
