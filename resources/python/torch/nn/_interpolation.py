"""F.interpolate and the deprecated F.upsample* over torch._C._nn's upsample kernels:
PyTorch 1.13's argument handling (size or scale_factor, recompute_scale_factor, 'area'
as an adaptive average pool), nearest, nearest-exact, linear, bilinear, bicubic and
trilinear resizing, and antialiased bilinear and bicubic resizing."""

import math
import warnings

from _agv_torch import _nn


def interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
                recompute_scale_factor=None, antialias=False):
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        scale_factors = None
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError("Input and output must have the same number of spatial dimensions, but got "
                                 f"input with spatial dimensions of {list(input.shape[2:])} and output size of "
                                 f"{size}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
                                 "output size in (o1, o2, ...,oK) format.")
            output_size = size
        else:
            output_size = [size for _ in range(dim)]
    elif scale_factor is not None:
        output_size = None
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError("Input and scale_factor must have the same number of spatial dimensions, but "
                                 f"got input with spatial dimensions of {list(input.shape[2:])} and "
                                 f"scale_factor of shape {scale_factor}. Please provide input tensor in (N, C, "
                                 "d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.")
            scale_factors = scale_factor
        else:
            scale_factors = [scale_factor for _ in range(dim)]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor is not None and recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and output_size is None:
        recompute_scale_factor = True
    if recompute_scale_factor is not None and recompute_scale_factor:
        output_size = [int(math.floor(float(input.size(i + 2)) * scale_factors[i])) for i in range(dim)]
        scale_factors = None
    if antialias and not (mode in ("bilinear", "bicubic") and input.ndim == 4):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    if input.dim() == 3 and mode == "nearest":
        return _nn.upsample_nearest1d(input, output_size, scale_factors)
    if input.dim() == 4 and mode == "nearest":
        return _nn.upsample_nearest2d(input, output_size, scale_factors)
    if input.dim() == 5 and mode == "nearest":
        return _nn.upsample_nearest3d(input, output_size, scale_factors)
    if input.dim() == 3 and mode == "nearest-exact":
        return _nn._upsample_nearest_exact1d(input, output_size, scale_factors)
    if input.dim() == 4 and mode == "nearest-exact":
        return _nn._upsample_nearest_exact2d(input, output_size, scale_factors)
    if input.dim() == 5 and mode == "nearest-exact":
        return _nn._upsample_nearest_exact3d(input, output_size, scale_factors)
    if input.dim() == 3 and mode == "area":
        from torch.nn.functional import adaptive_avg_pool1d
        return adaptive_avg_pool1d(input, output_size)
    if input.dim() == 4 and mode == "area":
        from torch.nn.functional import adaptive_avg_pool2d
        return adaptive_avg_pool2d(input, output_size)
    if input.dim() == 5 and mode == "area":
        from torch.nn.functional import adaptive_avg_pool3d
        return adaptive_avg_pool3d(input, output_size)
    if input.dim() == 3 and mode == "linear":
        return _nn.upsample_linear1d(input, output_size, align_corners, scale_factors)
    if input.dim() == 4 and mode == "bilinear":
        if antialias:
            return _nn._upsample_bilinear2d_aa(input, output_size, align_corners, scale_factors)
        return _nn.upsample_bilinear2d(input, output_size, align_corners, scale_factors)
    if input.dim() == 5 and mode == "trilinear":
        return _nn.upsample_trilinear3d(input, output_size, align_corners, scale_factors)
    if input.dim() == 4 and mode == "bicubic":
        if antialias:
            return _nn._upsample_bicubic2d_aa(input, output_size, align_corners, scale_factors)
        return _nn.upsample_bicubic2d(input, output_size, align_corners, scale_factors)
    for rank, name in ((3, "linear"), (4, "bilinear"), (5, "trilinear")):
        for other in (3, 4, 5):
            if input.dim() == other and mode == name and other != rank:
                raise NotImplementedError(f"Got {other}D input, but {name} mode needs {rank}D input")
    raise NotImplementedError("Input Error: Only 3D, 4D and 5D input Tensors supported"
                              " (got {}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | "
                              "nearest-exact (got {})".format(input.dim(), mode))


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    warnings.warn("nn.functional.upsample is deprecated. Use nn.functional.interpolate instead.")
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    warnings.warn("nn.functional.upsample_nearest is deprecated. Use nn.functional.interpolate instead.")
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    warnings.warn("nn.functional.upsample_bilinear is deprecated. Use nn.functional.interpolate instead.")
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)
