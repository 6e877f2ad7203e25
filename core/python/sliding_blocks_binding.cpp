// torch._C._nn.im2col and col2im (core/ops/sliding_blocks.h), which torch/nn/functional.py's
// unfold and fold call, bound by 1.13's argument parser.

#include "core/ops/sliding_blocks.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

void bindSlidingBlocks(py::module_& m)
{
    py::module_ nn = m.attr("_nn").cast<py::module_>();
    defNative(nn, "im2col", [](CallArgs& args) {
        static const ArgumentParser parser{"im2col(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] dilation, "
                                           "IntArrayRef[2] padding, IntArrayRef[2] stride)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::im2col(a.tensor("input"), a.intList("kernel_size"), a.intList("dilation"),
                                      a.intList("padding"), a.intList("stride")));
    });
    defNative(nn, "col2im", [](CallArgs& args) {
        static const ArgumentParser parser{"col2im(Tensor input, IntArrayRef[2] output_size, IntArrayRef[2] kernel_size, "
                                           "IntArrayRef[2] dilation, IntArrayRef[2] padding, IntArrayRef[2] stride)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::col2im(a.tensor("input"), a.intList("output_size"), a.intList("kernel_size"),
                                      a.intList("dilation"), a.intList("padding"), a.intList("stride")));
    });
}

}  // namespace agv::python
