// See sliding_blocks.h: Im2Col.cpp and Col2Im.cpp with im2col_shape_check.h's checks, in
// their order. Both kernels take the input contiguous and write a contiguous output of
// the input's dtype; col2im adds overlapping elements in its loop order (channel, kernel
// row, kernel column, block row, block column), which is what makes its sums round as
// PyTorch's do.

#include "core/ops/sliding_blocks.h"

#include <algorithm>

#include "core/error.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"

namespace agv::ops {

namespace {

/// c10's div_rtn: integer division rounded towards negative infinity.
int64_t divRoundDown(int64_t a, int64_t b)
{
    const int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/// The four parameter lists, each of two values, as the *_out_cpu_template functions check them.
struct BlockGeometry {
    int64_t kernelH, kernelW, dilationH, dilationW, padH, padW, strideH, strideW;
};

BlockGeometry geometry(const IntList& kernelSize, const IntList& dilation, const IntList& padding,
                       const IntList& stride)
{
    AGV_CHECK(kernelSize.size() == 2, RuntimeError, "It is expected kernel_size equals to 2, but got size ",
              kernelSize.size());
    AGV_CHECK(dilation.size() == 2, RuntimeError, "It is expected dilation equals to 2, but got size ",
              dilation.size());
    AGV_CHECK(padding.size() == 2, RuntimeError, "It is expected padding equals to 2, but got size ", padding.size());
    AGV_CHECK(stride.size() == 2, RuntimeError, "It is expected stride equals to 2, but got size ", stride.size());
    return {kernelSize[0], kernelSize[1], dilation[0], dilation[1], padding[0], padding[1], stride[0], stride[1]};
}

void checkKernel(const BlockGeometry& g)
{
    AGV_CHECK(g.kernelW > 0 && g.kernelH > 0, RuntimeError,
              "kernel size should be greater than zero, but got kernel_height: ", g.kernelH,
              " kernel_width: ", g.kernelW);
}

void checkStride(const BlockGeometry& g)
{
    AGV_CHECK(g.strideW > 0 && g.strideH > 0, RuntimeError, "stride should be greater than zero, but got stride_height: ",
              g.strideH, " stride_width: ", g.strideW);
}

void checkDilation(const BlockGeometry& g)
{
    AGV_CHECK(g.dilationW > 0 && g.dilationH > 0, RuntimeError,
              "dilation should be greater than zero, but got dilation_height: ", g.dilationH,
              " dilation_width: ", g.dilationW);
}

void checkPadding(const BlockGeometry& g)
{
    AGV_CHECK(g.padW >= 0 && g.padH >= 0, RuntimeError, "padding should be non-negative, but got pad_height: ", g.padH,
              " pad_width: ", g.padW);
}

/// How many blocks fit along a spatial extent.
int64_t blockCount(int64_t extent, int64_t pad, int64_t dilation, int64_t kernel, int64_t stride)
{
    return divRoundDown(extent + 2 * pad - (dilation * (kernel - 1) + 1), stride) + 1;
}

/// One image (C, H, W) to its columns (C*kh*kw, outH*outW), as ATen's im2col template.
template <typename T>
void imageToColumns(const T* image, int64_t channels, int64_t height, int64_t width, int64_t outH, int64_t outW,
                    const BlockGeometry& g, T* columns)
{
    const int64_t rows = channels * g.kernelH * g.kernelW;
    for (int64_t row = 0; row < rows; ++row) {
        const int64_t kw = row % g.kernelW, kh = (row / g.kernelW) % g.kernelH, c = row / g.kernelH / g.kernelW;
        for (int64_t bh = 0; bh < outH; ++bh) {
            const int64_t h = bh * g.strideH - g.padH + kh * g.dilationH;
            for (int64_t bw = 0; bw < outW; ++bw) {
                const int64_t w = bw * g.strideW - g.padW + kw * g.dilationW;
                columns[(row * outH + bh) * outW + bw] =
                    (h >= 0 && w >= 0 && h < height && w < width) ? image[(c * height + h) * width + w] : T(0);
            }
        }
    }
}

/// Columns back to one image, summing overlaps, as ATen's col2im template.
template <typename T>
void columnsToImage(const T* columns, int64_t channels, int64_t height, int64_t width, int64_t blocksH,
                    int64_t blocksW, const BlockGeometry& g, T* image)
{
    std::fill_n(image, height * width * channels, T(0));
    const int64_t rows = channels * g.kernelH * g.kernelW;
    for (int64_t row = 0; row < rows; ++row) {
        const int64_t kw = row % g.kernelW, kh = (row / g.kernelW) % g.kernelH, c = row / g.kernelH / g.kernelW;
        for (int64_t bh = 0; bh < blocksH; ++bh) {
            const int64_t h = bh * g.strideH - g.padH + kh * g.dilationH;
            for (int64_t bw = 0; bw < blocksW; ++bw) {
                const int64_t w = bw * g.strideW - g.padW + kw * g.dilationW;
                if (h >= 0 && h < height && w >= 0 && w < width)
                    image[(c * height + h) * width + w] += columns[(row * blocksH + bh) * blocksW + bw];
            }
        }
    }
}

Tensor im2colValues(const Tensor& self, const BlockGeometry& g)
{
    checkKernel(g);
    checkDilation(g);
    checkPadding(g);
    checkStride(g);
    const int64_t ndim = self.dim();
    // The sizes are read as the check reads them: size(2) only when size(1) is not 0.
    const bool validDims = self.size(1) != 0 && self.size(2) != 0;
    AGV_CHECK((ndim == 3 && self.size(0) != 0 && validDims) || (ndim == 4 && validDims && self.size(3) != 0),
              RuntimeError,
              "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for "
              "input, but got: ",
              sizesToString(self.sizes()));
    const bool batched = ndim == 4;
    const int64_t batch = batched ? self.size(0) : 1, channels = self.size(-3);
    const int64_t height = self.size(-2), width = self.size(-1);
    const int64_t outH = blockCount(height, g.padH, g.dilationH, g.kernelH, g.strideH);
    const int64_t outW = blockCount(width, g.padW, g.dilationW, g.kernelW, g.strideW);
    // 1.13 prints the input's height twice.
    AGV_CHECK(outH >= 1 && outW >= 1, RuntimeError, "Given input with spatial size (", height, ", ", height,
              "), kernel_size=(", g.kernelH, ", ", g.kernelW, "), dilation=(", g.dilationH, ", ", g.dilationW,
              "), padding=(", g.padH, ", ", g.padW, "), calculated shape of the array of sliding blocks as (", outH,
              ", ", outW, "), but its components must be at least one.");
    const int64_t rows = channels * g.kernelH * g.kernelW, length = outH * outW;
    const IntList outSizes = batched ? IntList{batch, rows, length} : IntList{rows, length};
    Tensor out = kernel::newTensor(outSizes, self.dtype(), self.device());
    AGV_DISPATCH_FLOATING_AND_HALF(self.dtype(), "im2col_out_cpu", [&] {
        const Tensor input = kernel::dense(self);
        const scalar_t* in = input.data<scalar_t>();
        scalar_t* o = out.data<scalar_t>();
        for (int64_t n = 0; n < batch; ++n)
            imageToColumns(in + n * channels * height * width, channels, height, width, outH, outW, g,
                           o + n * rows * length);
    });
    return out;
}

Tensor col2imValues(const Tensor& self, const IntList& outputSize, const BlockGeometry& g)
{
    const int64_t outH = outputSize[0], outW = outputSize[1];
    checkKernel(g);
    checkStride(g);
    checkDilation(g);
    checkPadding(g);
    const int64_t ndim = self.dim();
    AGV_CHECK((ndim == 2 && self.size(0) != 0 && self.size(1) != 0) ||
                  (ndim == 3 && self.size(1) != 0 && self.size(2) != 0),
              RuntimeError,
              "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions for "
              "input, but got: ",
              sizesToString(self.sizes()));
    const int64_t rows = self.size(-2), length = self.size(-1);
    AGV_CHECK(rows % (g.kernelW * g.kernelH) == 0, RuntimeError,
              "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got "
              "input.size(1)=",
              rows, " and kernel_size=(", g.kernelH, ", ", g.kernelW, ").");
    const int64_t blocksH = blockCount(outH, g.padH, g.dilationH, g.kernelH, g.strideH);
    const int64_t blocksW = blockCount(outW, g.padW, g.dilationW, g.kernelW, g.strideW);
    AGV_CHECK(length == blocksH * blocksW, RuntimeError, "Given output_size=(", outH, ", ", outW, "), kernel_size=(",
              g.kernelH, ", ", g.kernelW, "), dilation=(", g.dilationH, ", ", g.dilationW, "), padding=(", g.padH,
              ", ", g.padW, "), stride=(", g.strideH, ", ", g.strideW,
              "), expected size of input's dimension 2 to match the calculated number of sliding blocks ", blocksH,
              " * ", blocksW, " = ", blocksH * blocksW, ", but got input.size(2)=", length, ".");
    AGV_CHECK(blocksH >= 1 && blocksW >= 1, RuntimeError, "Given output_size=(", outH, ", ", outW, "), kernel_size=(",
              g.kernelH, ", ", g.kernelW, "), dilation=(", g.dilationH, ", ", g.dilationW, "), padding=(", g.padH,
              ", ", g.padW, "), stride=(", g.strideH, ", ", g.strideW,
              "), calculated shape of the array of sliding blocks as (", blocksH, ", ", blocksW,
              "), which is too small (non-positive)");
    AGV_CHECK(outW >= 1 && outH >= 1, RuntimeError,
              "Expected output spatial size to be positive, but got: output_size=(", outH, ", ", outW, ").");
    const bool batched = ndim == 3;
    const int64_t batch = batched ? self.size(0) : 1, channels = rows / (g.kernelW * g.kernelH);
    const IntList outSizes = batched ? IntList{batch, channels, outH, outW} : IntList{channels, outH, outW};
    Tensor out = kernel::newTensor(outSizes, self.dtype(), self.device());
    AGV_DISPATCH_FLOATING_AND_HALF(self.dtype(), "col2im_out_cpu", [&] {
        const Tensor input = kernel::dense(self);
        const scalar_t* in = input.data<scalar_t>();
        scalar_t* o = out.data<scalar_t>();
        for (int64_t n = 0; n < batch; ++n)
            columnsToImage(in + n * rows * length, channels, outH, outW, blocksH, blocksW, g,
                           o + n * channels * outH * outW);
    });
    return out;
}

void saveGeometry(OpRecorder& rec, const IntList& kernelSize, const IntList& dilation, const IntList& padding,
                  const IntList& stride)
{
    rec.attr("kernel_size", kernelSize);
    rec.attr("dilation", dilation);
    rec.attr("padding", padding);
    rec.attr("stride", stride);
}

}  // namespace

Tensor im2col(const Tensor& self, const IntList& kernelSize, const IntList& dilation, const IntList& padding,
              const IntList& stride)
{
    Tensor out = im2colValues(self, geometry(kernelSize, dilation, padding, stride));
    OpRecorder rec("Im2ColBackward0", {&self},
                   [kernelSize, dilation, padding, stride](BackwardNode& n, const variable_list& g) {
                       // self: col2im(grad, {self.size(-2), self.size(-1)}, kernel_size, dilation, padding, stride)
                       const Tensor selfSaved = n.saved(0);
                       return variable_list{col2im(g[0], {selfSaved.size(-2), selfSaved.size(-1)}, kernelSize,
                                                   dilation, padding, stride)};
                   });
    if (rec.active()) {
        rec.save("self", self);
        saveGeometry(rec, kernelSize, dilation, padding, stride);
    }
    rec.forward([=](const InputTangents& t, const Tensor&) { return im2col(t[0], kernelSize, dilation, padding, stride); });
    return rec.finish(out);
}

Tensor col2im(const Tensor& self, const IntList& outputSize, const IntList& kernelSize, const IntList& dilation,
              const IntList& padding, const IntList& stride)
{
    AGV_CHECK(outputSize.size() == 2, RuntimeError, "It is expected output_size equals to 2, but got size ",
              outputSize.size());
    Tensor out = col2imValues(self, outputSize, geometry(kernelSize, dilation, padding, stride));
    OpRecorder rec("Col2ImBackward0", {&self},
                   [kernelSize, dilation, padding, stride](BackwardNode&, const variable_list& g) {
                       // self: im2col(grad, kernel_size, dilation, padding, stride)
                       return variable_list{im2col(g[0], kernelSize, dilation, padding, stride)};
                   });
    if (rec.active())
        saveGeometry(rec, kernelSize, dilation, padding, stride);
    rec.forward([=](const InputTangents& t, const Tensor&) {
        return col2im(t[0], outputSize, kernelSize, dilation, padding, stride);
    });
    return rec.finish(out);
}

}  // namespace agv::ops
