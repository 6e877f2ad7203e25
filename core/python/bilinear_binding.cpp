// torch.bilinear (F.bilinear is the same function in 1.13) and torch._trilinear
// (core/ops/bilinear.h), bound by 1.13's argument parser.

#include "core/ops/bilinear.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

void bindBilinear(py::module_& m)
{
    defNative(m, "bilinear", [](CallArgs& args) {
        static const ArgumentParser parser{"bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::bilinear(a.tensor("input1"), a.tensor("input2"), a.tensor("weight"),
                                        a.has("bias") ? a.tensor("bias") : Tensor()));
    });
    defNative(m, "_trilinear", [](CallArgs& args) {
        static const ArgumentParser parser{
            "_trilinear(Tensor i1, Tensor i2, Tensor i3, IntArrayRef expand1, IntArrayRef expand2, "
            "IntArrayRef expand3, IntArrayRef sumdim, int64_t unroll_dim=1)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::trilinear(a.tensor("i1"), a.tensor("i2"), a.tensor("i3"), a.intList("expand1"),
                                         a.intList("expand2"), a.intList("expand3"), a.intList("sumdim"),
                                         a.has("unroll_dim") ? a.toInt("unroll_dim") : 1));
    });
}

}  // namespace agv::python
