#include "core/tensor/grad_owner.h"

#include <mutex>
#include <unordered_map>

#include "core/tensor/tensor.h"

namespace agv {

namespace {

std::mutex g_mutex;
std::unordered_map<trace::Id, std::weak_ptr<TensorImpl>> g_owners;  // grad's version counter -> leaf

}  // namespace

void noteGradOwner(const std::shared_ptr<TensorImpl>& leaf)
{
    const AutogradMeta* meta = leaf ? leaf->autograd() : nullptr;
    if (!meta || !meta->grad)
        return;
    std::lock_guard lock(g_mutex);
    // Forget leaves that are gone, so a long training loop does not grow the table.
    if (g_owners.size() > 4096)
        std::erase_if(g_owners, [](const auto& entry) { return entry.second.expired(); });
    g_owners[meta->grad->versionCounter()->id] = leaf;
}

std::shared_ptr<TensorImpl> gradOwnerOf(trace::Id counter)
{
    std::lock_guard lock(g_mutex);
    auto it = g_owners.find(counter);
    if (it == g_owners.end())
        return nullptr;
    std::shared_ptr<TensorImpl> leaf = it->second.lock();
    // Still that leaf's gradient? (`p.grad = None` or a new grad tensor since.)
    const AutogradMeta* meta = leaf ? leaf->autograd() : nullptr;
    if (!meta || !meta->grad || meta->grad->versionCounter()->id != counter) {
        g_owners.erase(it);
        return nullptr;
    }
    return leaf;
}

}  // namespace agv
