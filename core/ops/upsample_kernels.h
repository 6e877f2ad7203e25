#pragma once
// The CPU kernels behind core/ops/upsample.h that have files of their own, without
// autograd: bicubic in upsample_bicubic.cpp, the antialiased (separable, Pillow-style)
// bilinear and bicubic in upsample_antialias.cpp. Their callers have checked the
// shapes and the dtype (float32 or float64); inputs and gradients come in dense.

#include <optional>

#include "core/tensor/tensor.h"

namespace agv::ops::upsampling {

/// UpSample.h's area_pixel_compute_scale as 1.13 has it: with align_corners the
/// corner-to-corner ratio (0 for a single output), else compute_scales_value, which is
/// 1 / the scale factor given (in double, then rounded to T) or in / out computed in T.
template <typename T>
T areaPixelScale(int64_t inputSize, int64_t outputSize, bool alignCorners, const std::optional<double>& scale)
{
    if (alignCorners)
        return outputSize > 1 ? static_cast<T>(inputSize - 1) / static_cast<T>(outputSize - 1) : T(0);
    return (scale && *scale > 0.) ? static_cast<T>(1.0 / *scale)
                                  : static_cast<T>(inputSize) / static_cast<T>(outputSize);
}

/// The sizes and scales a 2-d (N, C, H, W) resize shares between forward and backward.
struct Resize2d {
    IntList inputSizes;  // (N, C, H, W)
    int64_t outputHeight;
    int64_t outputWidth;
    bool alignCorners;
    std::optional<double> scaleHeight;
    std::optional<double> scaleWidth;

    int64_t planes() const { return inputSizes[0] * inputSizes[1]; }
    int64_t inputHeight() const { return inputSizes[2]; }
    int64_t inputWidth() const { return inputSizes[3]; }
    IntList outputSizes() const { return {inputSizes[0], inputSizes[1], outputHeight, outputWidth}; }
};

/// upsample_bicubic2d's values (cpu_upsample_generic with HelperInterpCubic).
Tensor bicubicForward(const Tensor& input, const Resize2d& r);
/// upsample_bicubic2d_backward's (UpSampleBicubic2d.cpp): grad_output scattered with
/// the cubic coefficients, in output order.
Tensor bicubicBackward(const Tensor& gradOutput, const Resize2d& r);

/// The antialiasing filter: Pillow's triangle (bilinear) or Keys cubic with a = -0.5.
enum class AntialiasFilter { Triangle, Cubic };

/// _upsample_bilinear2d_aa / _upsample_bicubic2d_aa's values: the width pass, then the height pass.
Tensor antialiasForward(const Tensor& input, const Resize2d& r, AntialiasFilter filter);
/// Their backward (cpu_upsample_genNd_backward_aa).
Tensor antialiasBackward(const Tensor& gradOutput, const Resize2d& r, AntialiasFilter filter);

}  // namespace agv::ops::upsampling
