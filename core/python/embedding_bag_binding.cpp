// The kernel behind F.embedding_bag (core/ops/embedding_bag.h): torch.embedding_bag's
// arguments, returning only the bags' values, which is all F.embedding_bag keeps.

#include <optional>

#include "core/ops/embedding_bag.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

void bindEmbeddingBag(py::module_& m)
{
    defNative(m, "_embedding_bag_values", [](CallArgs& args) {
        static const ArgumentParser parser{
            "embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, "
            "int64_t mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False, "
            "int64_t? padding_idx=None)"};
        const ParsedArguments a = parser.parse(args);
        const std::optional<int64_t> paddingIdx =
            a.has("padding_idx") ? std::optional<int64_t>(a.toInt("padding_idx")) : std::nullopt;
        return wrapTensor(ops::embeddingBag(
            a.tensor("weight"), a.tensor("indices"), a.tensor("offsets"), a.toBool("scale_grad_by_freq", false),
            ops::EmbeddingBagMode(a.has("mode") ? a.toInt("mode") : 0),
            a.has("per_sample_weights") ? a.tensor("per_sample_weights") : Tensor(),
            a.toBool("include_last_offset", false), paddingIdx));
    });
}

}  // namespace agv::python
