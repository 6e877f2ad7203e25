// torch.rrelu and torch.rrelu_ (core/ops/rrelu.h), which torch/nn/functional.py's rrelu
// calls as 1.13's does, bound by 1.13's argument parser.

#include "core/ops/rrelu.h"
#include "core/python/generator_arg.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

namespace {

struct RreluArgs {
    Scalar lower = 0.125;
    Scalar upper = 1.0 / 3.0;
    bool training = false;
    Generator* generator = nullptr;
};

RreluArgs rreluArgs(const ParsedArguments& a, const char* fn)
{
    RreluArgs out;
    if (a.has("lower"))
        out.lower = a.scalar("lower");
    if (a.has("upper"))
        out.upper = a.scalar("upper");
    out.training = a.toBool("training", false);
    out.generator = generatorArg(a["generator"], fn);
    return out;
}

}  // namespace

void bindRrelu(py::module_& m)
{
    defNative(m, "rrelu", [](CallArgs& args) {
        static const ArgumentParser parser{"rrelu(Tensor input, Scalar lower=0.125, Scalar upper=0.3333333333333333, "
                                           "bool training=False, Generator? generator=None)"};
        const ParsedArguments a = parser.parse(args);
        const RreluArgs r = rreluArgs(a, "rrelu");
        return wrapTensor(ops::rrelu(a.tensor("input"), r.lower, r.upper, r.training, r.generator));
    });
    defNative(m, "rrelu_", [](CallArgs& args) -> py::object {
        static const ArgumentParser parser{"rrelu_(Tensor input, Scalar lower=0.125, Scalar upper=0.3333333333333333, "
                                           "bool training=False, Generator? generator=None)"};
        const ParsedArguments a = parser.parse(args);
        const RreluArgs r = rreluArgs(a, "rrelu_");
        Tensor self = a.tensor("input");
        ops::rreluInplace(self, r.lower, r.upper, r.training, r.generator);
        return py::reinterpret_borrow<py::object>(a["input"]);
    });
}

}  // namespace agv::python
