// torch.affine_grid_generator and torch.grid_sampler / grid_sampler_2d / grid_sampler_3d
// (core/ops/affine_grid.h, core/ops/grid_sample.h), bound by 1.13's argument parser;
// F.affine_grid and F.grid_sample call them.

#include "core/ops/affine_grid.h"
#include "core/ops/grid_sample.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

namespace {

using Sampler = Tensor (*)(const Tensor&, const Tensor&, const ops::GridSampleOptions&);

/// The three grid samplers share one signature, under their own names.
py::object callSampler(CallArgs& args, const ArgumentParser& parser, Sampler sampler)
{
    const ParsedArguments a = parser.parse(args);
    const ops::GridSampleOptions options{a.toInt("interpolation_mode"), a.toInt("padding_mode"),
                                         a.toBool("align_corners", false)};
    return wrapTensor(sampler(a.tensor("input"), a.tensor("grid"), options));
}

std::vector<std::string> samplerSignature(const char* name)
{
    return {std::string(name) +
            "(Tensor input, Tensor grid, int64_t interpolation_mode, int64_t padding_mode, bool align_corners)"};
}

}  // namespace

void bindGridSample(py::module_& m)
{
    defNative(m, "grid_sampler", [](CallArgs& args) {
        static const ArgumentParser parser{samplerSignature("grid_sampler")};
        return callSampler(args, parser, &ops::gridSampler);
    });
    defNative(m, "grid_sampler_2d", [](CallArgs& args) {
        static const ArgumentParser parser{samplerSignature("grid_sampler_2d")};
        return callSampler(args, parser, &ops::gridSampler2d);
    });
    defNative(m, "grid_sampler_3d", [](CallArgs& args) {
        static const ArgumentParser parser{samplerSignature("grid_sampler_3d")};
        return callSampler(args, parser, &ops::gridSampler3d);
    });
    defNative(m, "affine_grid_generator", [](CallArgs& args) {
        static const ArgumentParser parser{
            "affine_grid_generator(Tensor theta, IntArrayRef size, bool align_corners)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::affineGridGenerator(a.tensor("theta"), a.intList("size"),
                                                   a.toBool("align_corners", false)));
    });
}

}  // namespace agv::python
