#include "core/ops/overlapping_copy.h"

#include <cstring>
#include <vector>

#include "core/ops/iterator_layout.h"

namespace agv::ops::kernel {

namespace {

/// The copy's loop as TensorIterator builds it: dims innermost first, element strides of
/// the output and of the input (0 along broadcast dims).
struct CopyLoop {
    IntList sizes;
    IntList outStrides;
    IntList inStrides;
};

CopyLoop copyLoop(const Tensor& dst, const Tensor& src)
{
    const IntList& shape = dst.sizes();
    const size_t ndim = shape.size();
    // compute_strides: a dim the input has size 1 in (or lacks) is broadcast unless the
    // shape has size 1 there too.
    IntList inStrides(ndim, 0);
    const size_t lead = ndim - size_t(src.dim());
    for (size_t i = lead; i < ndim; ++i) {
        const int64_t size = src.sizes()[i - lead];
        inStrides[i] = size == 1 && shape[i] != 1 ? 0 : src.strides()[i - lead];
    }
    CopyLoop loop;
    if (ndim == 0) {
        loop.sizes = {1};
        loop.outStrides = {0};
        loop.inStrides = {0};
        return loop;
    }
    for (size_t d : iteratorDimOrder(shape, {dst.strides(), inStrides})) {
        loop.sizes.push_back(shape[d]);
        loop.outStrides.push_back(dst.strides()[d]);
        loop.inStrides.push_back(inStrides[d]);
    }
    // coalesce_dimensions
    size_t prev = 0;
    for (size_t d = 1; d < loop.sizes.size(); ++d) {
        auto canMerge = [&](const IntList& st) {
            return loop.sizes[prev] == 1 || loop.sizes[d] == 1 || st[prev] * loop.sizes[prev] == st[d];
        };
        if (canMerge(loop.outStrides) && canMerge(loop.inStrides)) {
            if (loop.sizes[prev] == 1) {
                loop.outStrides[prev] = loop.outStrides[d];
                loop.inStrides[prev] = loop.inStrides[d];
            }
            loop.sizes[prev] *= loop.sizes[d];
        } else {
            ++prev;
            if (prev != d) {
                loop.sizes[prev] = loop.sizes[d];
                loop.outStrides[prev] = loop.outStrides[d];
                loop.inStrides[prev] = loop.inStrides[d];
            }
        }
    }
    loop.sizes.resize(prev + 1);
    loop.outStrides.resize(prev + 1);
    loop.inStrides.resize(prev + 1);
    return loop;
}

/// One inner run of `n` elements as cpu_kernel_vec's VectorizedLoop2d copies it.
void copyRun(char* out, const char* in, int64_t n, int64_t outStride, int64_t inStride, size_t itemSize)
{
    // Two Vectorized<T> of 32 bytes (AVX2, the capability 1.13 runs with here) per block.
    const int64_t block = 2 * int64_t(32 / itemSize);
    const int64_t blockBytes = block * int64_t(itemSize);
    int64_t i = 0;
    if (outStride == 1 && inStride == 1) {
        std::vector<char> loaded(static_cast<size_t>(blockBytes));
        for (; i + block <= n; i += block) {
            std::memcpy(loaded.data(), in + i * int64_t(itemSize), size_t(blockBytes));
            std::memcpy(out + i * int64_t(itemSize), loaded.data(), size_t(blockBytes));
        }
    } else if (outStride == 1 && inStride == 0) {
        std::vector<char> scalar(in, in + itemSize);  // opt_scalar, loaded once per run
        for (; i + block <= n; i += block)
            for (int64_t k = 0; k < block; ++k)
                std::memcpy(out + (i + k) * int64_t(itemSize), scalar.data(), itemSize);
    }
    // basic_loop: the tail of a vectorized run, or the whole of any other run.
    for (; i < n; ++i)
        std::memmove(out + i * outStride * int64_t(itemSize), in + i * inStride * int64_t(itemSize),
                     itemSize);
}

}  // namespace

void copyInLoopOrder(const Tensor& dst, const Tensor& src)
{
    if (dst.numel() == 0)
        return;
    const CopyLoop loop = copyLoop(dst, src);
    const size_t itemSize = elementSize(dst.dtype());
    const int64_t es = int64_t(itemSize);
    char* out = static_cast<char*>(dst.rawData());
    const char* in = static_cast<const char*>(src.rawData());
    const size_t outer = loop.sizes.size() - 1;
    std::vector<int64_t> counter(outer, 0);
    while (true) {
        int64_t outOffset = 0, inOffset = 0;
        for (size_t d = 0; d < outer; ++d) {
            outOffset += counter[d] * loop.outStrides[d + 1];
            inOffset += counter[d] * loop.inStrides[d + 1];
        }
        copyRun(out + outOffset * es, in + inOffset * es, loop.sizes[0], loop.outStrides[0], loop.inStrides[0],
                itemSize);
        // The outer dims advance as an odometer, the one next to the inner dim fastest.
        size_t d = 0;
        for (; d < outer; ++d) {
            if (++counter[d] < loop.sizes[d + 1])
                break;
            counter[d] = 0;
        }
        if (d == outer)
            return;
    }
}

}  // namespace agv::ops::kernel
