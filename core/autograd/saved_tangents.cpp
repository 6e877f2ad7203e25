#include "core/autograd/saved_tangents.h"

#include <unordered_map>

#include "core/autograd/forward_ad.h"

namespace agv::forward_ad {

namespace {

/// Saved variable id -> its tensor's tangent, at the open dual level (one at a time in 1.13).
std::unordered_map<uint64_t, Tensor>& keptTangents()
{
    static std::unordered_map<uint64_t, Tensor> kept;
    return kept;
}

}  // namespace

void keepSavedTangent(const SavedVariable& saved, const Tensor& tensor)
{
    if (!saved.defined() || saved.released() || !tensor.defined() || tensor.id() != saved.tensorId())
        return;
    // A tensor saved as itself (an input, a leaf) still carries its own tangent.
    const bool heldWithoutMeta = saved.hooks() != nullptr || saved.isOutput();
    if (!heldWithoutMeta)
        return;
    Tensor tangent = tangentOf(tensor);
    if (tangent.defined())
        keptTangents()[saved.id()] = std::move(tangent);
}

void restoreSavedTangent(const SavedVariable& saved, const Tensor& unpacked)
{
    if (!isActive() || !unpacked.defined())
        return;
    auto& kept = keptTangents();
    const auto found = kept.find(saved.id());
    if (found == kept.end() || tangentOf(unpacked).defined())
        return;
    setTangent(unpacked, found->second);
}

void forgetSavedTangent(const SavedVariable& saved) { keptTangents().erase(saved.id()); }

void dropSavedTangents() { keptTangents().clear(); }

}  // namespace agv::forward_ad
