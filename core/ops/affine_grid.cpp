#include "core/ops/affine_grid.h"

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

void checkSize(const IntList& size)
{
    AGV_CHECK(size.size() == 4 || size.size() == 5, RuntimeError,
              "AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.");
}

/// linspace_from_neg_one: `steps` normalised coordinates of pixel centres (align_corners
/// false) or of the corner pixels' centres at -1 and 1 (true); a lone pixel sits at 0.
Tensor linspaceFromNegOne(const Tensor& like, int64_t steps, bool alignCorners)
{
    if (steps <= 1)
        return zeros({}, like.dtype(), like.device());
    Tensor range = linspace(-1, 1, steps, like.dtype(), like.device());
    if (!alignCorners)
        range = div(mul(range, Scalar(steps - 1)), Scalar(steps));
    return range;
}

/// make_base_grid_4D / 5D: (N, [D,] H, W, k + 1) holding each location's x, y[, z] and 1.
Tensor baseGrid(const Tensor& like, const IntList& size, bool alignCorners)
{
    const size_t spatial = size.size() - 2;
    IntList shape{size[0]};
    shape.insert(shape.end(), size.begin() + 2, size.end());
    shape.push_back(int64_t(spatial) + 1);
    Tensor base = empty(shape, like.dtype(), like.device());
    // Coordinate k varies along spatial dim (spatial - 1 - k): x along W, y along H, z along D.
    for (size_t k = 0; k < spatial; ++k) {
        Tensor coordinates = linspaceFromNegOne(like, size[size.size() - 1 - k], alignCorners);
        for (size_t trailing = 0; trailing < k; ++trailing)
            coordinates = unsqueeze(coordinates, -1);
        kernel::copyInto(select(base, -1, int64_t(k)), coordinates);
    }
    kernel::copyInto(select(base, -1, int64_t(spatial)), ones({}, like.dtype(), like.device()));
    return base;
}

/// The grid's shape and the (N, locations, k + 1) view of the base grid.
struct GridShape {
    IntList gridSizes;
    IntList flatBase;
    IntList flatGrid;

    explicit GridShape(const IntList& size)
    {
        const int64_t spatial = int64_t(size.size()) - 2;
        int64_t locations = 1;
        gridSizes = {size[0]};
        for (size_t d = 2; d < size.size(); ++d) {
            gridSizes.push_back(size[d]);
            locations *= size[d];
        }
        gridSizes.push_back(spatial);
        flatBase = {size[0], locations, spatial + 1};
        flatGrid = {size[0], locations, spatial};
    }
};

}  // namespace

Tensor affineGridGenerator(const Tensor& theta, const IntList& size, bool alignCorners)
{
    checkSize(size);
    Tensor grid = quietly([&] {
        const GridShape shape(size);
        const Tensor base = baseGrid(theta, size, alignCorners);
        return view(bmm(view(base, shape.flatBase), transpose(theta, 1, 2)), shape.gridSizes);
    });
    OpRecorder rec("AffineGridGeneratorBackward0", {&theta}, [size, alignCorners](BackwardNode&, const variable_list& g) {
        return variable_list{affineGridGeneratorBackward(g[0], size, alignCorners)};
    });
    rec.attr("size", size);
    rec.attr("align_corners", alignCorners);
    // derivatives.yaml: `result: auto_linear`.
    rec.forward([size, alignCorners](const InputTangents& t, const Tensor&) {
        return affineGridGenerator(t[0], size, alignCorners);
    });
    return rec.finish(grid);
}

Tensor affineGridGeneratorBackward(const Tensor& grad, const IntList& size, bool alignCorners)
{
    checkSize(size);
    const GridShape shape(size);
    const Tensor base = quietly([&] { return baseGrid(grad, size, alignCorners); });
    const Tensor gradTheta = bmm(transpose(view(base, shape.flatBase), 1, 2), view(grad, shape.flatGrid));
    return transpose(gradTheta, 1, 2);
}

}  // namespace agv::ops
