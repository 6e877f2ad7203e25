// torch.cdist's kernel (torch/functional.py maps compute_mode's names onto it, as 1.13's
// calls _VF.cdist) and torch.pdist (also F.pdist), bound by 1.13's argument parser.

#include <optional>

#include "core/ops/distance.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

void bindDistance(py::module_& m)
{
    defNative(m, "_cdist", [](CallArgs& args) {
        static const ArgumentParser parser{"cdist(Tensor x1, Tensor x2, double p=2, int64_t? compute_mode=None)"};
        const ParsedArguments a = parser.parse(args);
        const std::optional<int64_t> mode =
            a.has("compute_mode") ? std::optional<int64_t>(a.toInt("compute_mode")) : std::nullopt;
        return wrapTensor(ops::cdist(a.tensor("x1"), a.tensor("x2"), a.has("p") ? a.toDouble("p") : 2.0, mode));
    });
    defNative(m, "pdist", [](CallArgs& args) {
        static const ArgumentParser parser{"pdist(Tensor input, double p=2)"};
        const ParsedArguments a = parser.parse(args);
        return wrapTensor(ops::pdist(a.tensor("input"), a.has("p") ? a.toDouble("p") : 2.0));
    });
}

}  // namespace agv::python
