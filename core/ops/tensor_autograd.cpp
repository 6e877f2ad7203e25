// Autograd-facing tensor methods: requires_grad_, detach_, retain_grad, register_hook.

#include <map>
#include <memory>

#include "core/autograd/grad_mode.h"
#include "core/autograd/node.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/tensor/grad_owner.h"
#include "core/trace/sink.h"

namespace agv::ops {

Tensor& requiresGrad_(Tensor& t, bool requiresGrad)
{
    if (!t.isLeaf()) {
        AGV_CHECK(requiresGrad, RuntimeError,
                  "you can only change requires_grad flags of leaf variables. If you want to use a computed variable "
                  "in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
        return t;
    }
    // TensorImpl::set_requires_grad, before the dtype check of the autograd meta.
    AGV_CHECK(!(requiresGrad && t.impl()->isInference() && !InferenceMode::isEnabled()), RuntimeError,
              "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.");
    AGV_CHECK(!requiresGrad || isFloatingType(t.dtype()), RuntimeError,
              "only Tensors of floating point and complex dtype can require gradients");
    t.impl()->ensureAutograd().requiresGrad = requiresGrad;
    if (trace::enabled())
        trace::publish(trace::GradFnChanged{t.id(), 0, 0, requiresGrad, t.preview()});
    return t;
}

Tensor& detach_(Tensor& t)
{
    AGV_CHECK(!t.isView(), RuntimeError,
              "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for "
              "training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence "
              "detach_() cannot be called on these gradients. To fix this error, please refer to the Optimizer."
              "zero_grad() function in torch/optim/optimizer.py as the solution.");
    if (AutogradMeta* meta = t.impl()->autograd()) {
        meta->gradFn.reset();
        meta->requiresGrad = false;
        meta->outputNr = 0;
    }
    if (trace::enabled())
        trace::publish(trace::GradFnChanged{t.id(), 0, 0, false, t.preview()});
    return t;
}

void retainGrad(const Tensor& t)
{
    AGV_CHECK(t.requiresGrad(), RuntimeError, "can't retain_grad on Tensor that has requires_grad=False");
    if (t.isLeaf())
        return;
    AutogradMeta& meta = t.impl()->ensureAutograd();
    if (meta.retainsGrad)
        return;
    // grad_fn() first: a view whose base changed may refuse, and then nothing is retained.
    auto fn = t.gradFn();
    meta.retainsGrad = true;
    if (trace::enabled())
        trace::publish(trace::HookCalled{t.id(), 0, "retain_grad"});
    std::weak_ptr<TensorImpl> weak = t.implPtr();
    fn->addPreHook(
        t.outputNr(),
        [weak](const Tensor& grad) {
            auto impl = weak.lock();
            if (!impl)
                return Tensor();
            AutogradMeta& m = impl->ensureAutograd();
            if (!m.grad)
                m.grad = detachedClone(grad).implPtr();
            else
                m.grad = add(Tensor(m.grad), grad).implPtr();
            trace::ScopedUnmute unmute;
            if (trace::enabled()) {
                trace::publish(trace::GradAccumulated{impl->id(), Tensor(m.grad).preview(), false,
                                                      Tensor(m.grad).storageAllocationId()});
                noteGradOwner(impl);
            }
            return Tensor();
        },
        /*retainGrad=*/true, weak);
}

namespace {

struct HookDict {
    std::weak_ptr<Node> node;
    uint32_t inputNr = 0;
    /// 1.13's Tensor.register_hook makes the tensor's hook dict before it asks for
    /// grad_fn: when that raised (a multi-output view modified in place), the dict exists
    /// on no node, and the hooks registered later are kept but never called.
    bool created = false;
};

/// Non-leaf tensor -> the node its hook dict joined (Note [Where a tensor's hooks run]).
/// Entries of tensors that have died are dropped whenever the table has doubled.
std::map<std::weak_ptr<TensorImpl>, HookDict, std::owner_less<>>& hookDicts()
{
    static std::map<std::weak_ptr<TensorImpl>, HookDict, std::owner_less<>> table;
    static size_t pruneAt = 1024;
    if (table.size() >= pruneAt) {
        std::erase_if(table, [](const auto& entry) { return entry.first.expired(); });
        pruneAt = std::max<size_t>(1024, table.size() * 2);
    }
    return table;
}

}  // namespace

std::function<void()> registerHook(const Tensor& t, TensorHookFn hook)
{
    AGV_CHECK(t.requiresGrad(), RuntimeError, "cannot register a hook on a tensor that doesn't require gradient");
    // 1.13's Tensor.register_hook makes the tensor's hook dict, then reads self.grad_fn, at
    // the first registration only: a no_grad view whose base changed raises there, once (a
    // non-leaf's dict is made below, where the same read happens).
    if (t.isLeaf()) {
        AutogradMeta& meta = t.impl()->ensureAutograd();
        if (meta.nextHookId == 0) {
            meta.nextHookId = 1;
            (void)t.gradFn();
        }
    }
    if (trace::enabled())
        trace::publish(trace::HookCalled{t.id(), 0, "tensor_hook"});
    if (t.isLeaf()) {
        AutogradMeta& meta = t.impl()->ensureAutograd();
        const int id = meta.nextHookId++;
        meta.hooks.emplace_back(id, std::move(hook));
        std::weak_ptr<TensorImpl> weak = t.implPtr();
        return [weak, id] {
            if (auto impl = weak.lock()) {
                auto& hooks = impl->ensureAutograd().hooks;
                std::erase_if(hooks, [id](const auto& h) { return h.first == id; });
            }
        };
    }
    // The tensor's hook dict stays on the node it joined first (Note [Where a tensor's hooks run]).
    HookDict& dict = hookDicts()[t.implPtr()];
    std::shared_ptr<Node> fn = dict.node.lock();
    if (!fn) {
        if (dict.created)
            return [] {};
        dict.created = true;
        fn = t.gradFn();
        dict.node = fn;
        dict.inputNr = t.outputNr();
    }
    const int id = fn->addPreHook(dict.inputNr, std::move(hook), false, t.implPtr());
    std::weak_ptr<Node> weakFn = fn;
    return [weakFn, id] {
        if (auto node = weakFn.lock())
            node->removePreHook(id);
    };
}

}  // namespace agv::ops
