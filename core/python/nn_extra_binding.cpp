// torch.pixel_shuffle, torch.pixel_unshuffle and torch.channel_shuffle (also
// torch.nn.functional's), bound with
// PyTorch 1.13's signatures, and the kernels of F.soft_margin_loss and F.multi_margin_loss
// (torch._C._nn; torch/nn/functional.py checks their arguments first, as 1.13's does).

#include <string>

#include "core/ops/margin_losses.h"
#include "core/ops/pixel_shuffle.h"
#include "core/python/bindings.h"
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
    defNative(m, "channel_shuffle", [](CallArgs& args) {
        static const ArgumentParser parser{"channel_shuffle(Tensor input, int64_t groups)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::channelShuffle(a.tensor("input"), a.toInt("groups")));
    });
    py::module_ nn = m.attr("_nn").cast<py::module_>();
    defFunctional(nn, "soft_margin_loss", [](CallArgs& args) -> py::object {
        const char* fn = "soft_margin_loss";
        auto a = bind(args, fn, {"input", "target", "reduction"}, 3);
        return wrapTensor(ops::softMarginLoss(requireTensor(a[0], fn, "input", 1), requireTensor(a[1], fn, "target", 2),
                                              ops::parseReduction(a[2].cast<std::string>())));
    });
    defFunctional(nn, "multi_margin_loss", [](CallArgs& args) -> py::object {
        const char* fn = "multi_margin_loss";
        auto a = bind(args, fn, {"input", "target", "p", "margin", "weight", "reduction"}, 6);
        const Tensor weight = given(a[4]) ? requireTensor(a[4], fn, "weight", 5) : Tensor();
        return wrapTensor(ops::multiMarginLoss(requireTensor(a[0], fn, "input", 1), requireTensor(a[1], fn, "target", 2),
                                               requireInt(a[2], fn, "p"), requireFloat(a[3], fn, "margin"), weight,
                                               ops::parseReduction(a[5].cast<std::string>())));
    });
}

}  // namespace agv::python
