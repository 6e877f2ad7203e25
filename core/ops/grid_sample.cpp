#include "core/ops/grid_sample.h"

#include <cstring>

#include "core/ops/grid_sample_kernels.h"
#include "core/ops/kernels.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

/// check_grid_sampler_common (GridSamplerUtils.h).
void checkCommon(const Tensor& input, const Tensor& grid)
{
    AGV_CHECK(input.dim() > 0 && grid.dim() > 0, IndexError, "Dimension specified as 0 but tensor has no dimensions");
    AGV_CHECK(input.sizes()[0] == grid.sizes()[0], RuntimeError,
              "grid_sampler(): expected grid and input to have same batch size, but got input with sizes ",
              sizesToString(input.sizes()), " and grid with sizes ", sizesToString(grid.sizes()));
    AGV_CHECK(grid.sizes().back() == input.dim() - 2, RuntimeError, "grid_sampler(): expected grid to have size ",
              input.dim() - 2, " in last dimension, but got grid with sizes ", sizesToString(grid.sizes()));
    for (int64_t i = 2; i < input.dim(); ++i)
        AGV_CHECK(input.sizes()[size_t(i)] > 0, RuntimeError,
                  "grid_sampler(): expected input to have non-empty spatial dimensions, but input has sizes ",
                  sizesToString(input.sizes()), " with dimension ", i, " being empty");
}

void checkSpatialDims(const Tensor& input, const Tensor& grid, int64_t dims)
{
    AGV_CHECK(input.dim() == dims && input.dim() == grid.dim(), RuntimeError, "grid_sampler(): expected ", dims,
              "D input and grid with same number of dimensions, but got input with sizes ",
              sizesToString(input.sizes()), " and grid with sizes ", sizesToString(grid.sizes()));
}

/// The kernels' accessor on the grid: it must have the input's dtype.
void checkGridDtype(const Tensor& input, const Tensor& grid)
{
    AGV_CHECK(grid.dtype() == input.dtype(), RuntimeError, "expected scalar type ",
              legacyDtypeShortName(input.dtype()), " but found ", legacyDtypeShortName(grid.dtype()));
}

/// grid_sampler_2d_cpu's checks, which its backward repeats (named after itself).
void check2d(const Tensor& input, const Tensor& grid, const char* kernelName)
{
    checkCommon(input, grid);
    checkSpatialDims(input, grid, 4);
    AGV_CHECK(input.dtype() == ScalarType::Float32 || input.dtype() == ScalarType::Float64, RuntimeError,
              kernelName, " not implemented for ", legacyDtypeShortName(input.dtype()));
    checkGridDtype(input, grid);
}

void check3d(const Tensor& input, const Tensor& grid, const GridSampleOptions& options, const char* kernelName)
{
    checkCommon(input, grid);
    checkSpatialDims(input, grid, 5);
    AGV_CHECK(options.interpolation() != GridSamplerInterpolation::Bicubic, RuntimeError,
              "grid_sampler(): bicubic interpolation only supports 4D input");
    if (input.dtype() != ScalarType::Float32 && input.dtype() != ScalarType::Float64)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(input.dtype(), kernelName);
    checkGridDtype(input, grid);
}

// Note [Unknown grid sampler modes]
// torch.grid_sampler takes the modes as integers; 1.13's kernels switch over the known
// ones and leave the output unwritten (uninitialised memory) for any other. We give
// zeros there: the same shapes, and values that do not change from run to run.
bool knownModes(const GridSampleOptions& options)
{
    return options.interpolationMode >= 0 && options.interpolationMode <= 2 && options.paddingMode >= 0 &&
           options.paddingMode <= 2;
}

Tensor zeroed(Tensor t)
{
    if (t.defined())
        std::memset(t.rawData(), 0, t.nbytes());
    return t;
}

Tensor forwardValues(const Tensor& input, const Tensor& grid, const GridSampleOptions& options, bool threeD)
{
    Tensor out = threeD ? grid_sample::forward3d(input, grid, options) : grid_sample::forward2d(input, grid, options);
    return knownModes(options) ? out : zeroed(out);
}

/// grid_sampler_{2,3}d_backward as an op: PyTorch 1.13 has no derivative for it.
TensorList samplerBackward(const Tensor& gradOutput, const Tensor& input, const Tensor& grid,
                           const GridSampleOptions& options, bool threeD, bool inputGrad)
{
    const char* atenName = threeD ? "grid_sampler_3d_backward" : "grid_sampler_2d_backward";
    if (threeD)
        check3d(input, grid, options, "grid_sampler_3d_backward_cpu");
    else
        check2d(input, grid, "grid_sampler_2d_backward_cpu");
    OpRecorder rec = notImplementedRecorder(atenName, {&gradOutput, &input, &grid});
    grid_sample::Gradients grads = quietly([&] {
        return threeD ? grid_sample::backward3d(gradOutput, input, grid, options, inputGrad)
                      : grid_sample::backward2d(gradOutput, input, grid, options, inputGrad);
    });
    if (!knownModes(options))
        zeroed(grads.input), zeroed(grads.grid);
    if (!grads.input.defined())
        return TensorList{Tensor(), rec.finish(grads.grid)};
    return rec.finish(TensorList{grads.input, grads.grid});
}

Tensor sample(const Tensor& input, const Tensor& grid, const GridSampleOptions& options, bool threeD)
{
    Tensor out = quietly([&] { return forwardValues(input, grid, options, threeD); });
    OpRecorder rec(threeD ? "GridSampler3DBackward0" : "GridSampler2DBackward0", {&input, &grid},
                   [options, threeD](BackwardNode& node, const variable_list& grads) -> variable_list {
                       if (!grads[0].defined())
                           return {Tensor(), Tensor()};
                       return samplerBackward(grads[0], node.saved(0), node.saved(1), options, threeD,
                                              node.needsInputGrad(0));
                   });
    rec.save("input", input);
    rec.save("grid", grid);
    rec.attr("interpolation_mode", options.interpolationMode);
    rec.attr("padding_mode", options.paddingMode);
    rec.attr("align_corners", options.alignCorners);
    return rec.finish(out);
}

}  // namespace

Tensor gridSampler2d(const Tensor& input, const Tensor& grid, const GridSampleOptions& options)
{
    check2d(input, grid, "grid_sampler_2d_cpu");
    return sample(input, grid, options, false);
}

Tensor gridSampler3d(const Tensor& input, const Tensor& grid, const GridSampleOptions& options)
{
    check3d(input, grid, options, "grid_sampler3d_cpu");
    return sample(input, grid, options, true);
}

Tensor gridSampler(const Tensor& input, const Tensor& grid, const GridSampleOptions& options)
{
    return input.dim() == 4 ? gridSampler2d(input, grid, options) : gridSampler3d(input, grid, options);
}

}  // namespace agv::ops
