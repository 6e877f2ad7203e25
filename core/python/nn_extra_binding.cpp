// torch.pixel_shuffle and torch.pixel_unshuffle (also torch.nn.functional's), bound with
// PyTorch 1.13's signatures.

#include "core/ops/pixel_shuffle.h"
#include "core/python/more_bindings.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

void bindNnExtra(py::module_& m)
{
    defNative(m, "pixel_shuffle", [](CallArgs& args) {
        static const ArgumentParser parser{"pixel_shuffle(Tensor input, int64_t upscale_factor)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::pixelShuffle(a.tensor("input"), a.toInt("upscale_factor")));
    });
    defNative(m, "pixel_unshuffle", [](CallArgs& args) {
        static const ArgumentParser parser{"pixel_unshuffle(Tensor input, int64_t downscale_factor)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::pixelUnshuffle(a.tensor("input"), a.toInt("downscale_factor")));
    });
}

}  // namespace agv::python
