#include "core/autograd/forward_ad.h"

#include <vector>

#include "core/autograd/forward_ad_decomposition.h"
#include "core/autograd/saved_tangents.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::forward_ad {

namespace {

// Global, not thread-local, as PyTorch's all_forward_levels_ (forward_grad.cpp).
struct DualLevel {
    bool exists = false;
    /// Every tensor given a tangent at this level, so that exiting can drop them.
    std::vector<std::weak_ptr<TensorImpl>> holders;
};

DualLevel& dualLevel()
{
    static DualLevel level;
    return level;
}

thread_local bool t_disabled = false;

void remember(const Tensor& t) { dualLevel().holders.push_back(t.implPtr()); }

/// has_same_meta (autograd_meta.cpp): same offset, sizes and strides (strides of size-1 dims ignored).
bool hasSameMeta(const Tensor& a, const Tensor& b)
{
    if (!a.defined() || !b.defined() || a.offset() != b.offset() || a.dim() != b.dim())
        return false;
    for (int64_t i = 0; i < a.dim(); ++i) {
        if (a.sizes()[i] != b.sizes()[i])
            return false;
        if (a.strides()[i] != b.strides()[i] && a.sizes()[i] != 1)
            return false;
    }
    return true;
}

/// _new_zeros_with_same_feature_meta(like, self): zeros of like's dtype laid out as self
/// (same strides and storage offset over a storage as large as self's).
Tensor zerosWithLayoutOf(const Tensor& like, const Tensor& self)
{
    const int64_t storageElements = int64_t(self.impl()->storage()->nbytes() / elementSize(self.dtype()));
    Tensor flat = ops::zeros({storageElements}, like.dtype(), like.device());
    return ops::asStrided(flat, self.sizes(), self.strides(), self.offset());
}

}  // namespace

int64_t enterDualLevel()
{
    AGV_CHECK(!dualLevel().exists, RuntimeError, "Nested forward mode AD is not supported at the moment");
    dualLevel().exists = true;
    return 0;
}

void exitDualLevel(int64_t level)
{
    DualLevel& current = dualLevel();
    AGV_CHECK(current.exists && level == 0, RuntimeError,
              "Exiting a forward AD level that is not the last that was created is not support. Ensure they are "
              "released in the reverse order they were created.");
    // Move the list out first: dropping a tangent may free tensors whose own tangents are listed.
    std::vector<std::weak_ptr<TensorImpl>> holders = std::move(current.holders);
    current.holders.clear();
    current.exists = false;
    dropSavedTangents();  // Note [Saved outputs keep their tangent]
    for (const auto& weak : holders)
        if (auto impl = weak.lock())
            if (AutogradMeta* meta = impl->autograd())
                meta->fwGrad.reset();
}

bool isActive() { return dualLevel().exists && !t_disabled; }

Tensor tangentOf(const Tensor& t)
{
    if (!t.defined() || !isActive())
        return {};
    AutogradMeta* meta = t.impl()->autograd();
    if (!meta)
        return {};
    if (meta->fwGrad)
        return Tensor(meta->fwGrad);
    // A view made before its base became dual reads the base's tangent
    // (case 5 of PyTorch's Note [Forward Grad View/inplace]).
    if (meta->isView && meta->tangentFromBase && meta->base && meta->base->autograd() &&
        meta->base->autograd()->fwGrad) {
        Tensor baseTangent(meta->base->autograd()->fwGrad);
        Tensor viewTangent;
        {
            DisabledGuard noForwardAd;
            viewTangent = ops::asStrided(baseTangent, t.sizes(), t.strides(), t.offset());
        }
        meta->fwGrad = viewTangent.implPtr();
        remember(t);
        return viewTangent;
    }
    return {};
}

bool hasTangent(const Tensor* t) { return t && t->defined() && tangentOf(*t).defined(); }

void setTangent(const Tensor& t, Tensor tangent, bool isInplaceOp)
{
    AGV_CHECK(!tangentOf(tangent).defined(), RuntimeError,
              "Setting a forward grad that itself has a forward gradient at the same level0 is not supported.");
    AutogradMeta& meta = t.impl()->ensureAutograd();
    if (meta.fwGrad)
        return;  // an in-place op already wrote into the existing tangent
    AGV_CHECK(t.sizes() == tangent.sizes(), RuntimeError,
              "Trying to set a forward gradient that has a different size than that of the original Tensor, this "
              "is not supported. Tensor is of size ",
              sizesToString(t.sizes()), " while the given forward gradient is of size ", sizesToString(tangent.sizes()),
              ".");
    DisabledGuard noForwardAd;
    if (isInplaceOp && meta.isView && meta.tangentFromBase && meta.base) {
        // An in-place op on a view of a tensor without tangent: the base gets a zero
        // tangent and the view's tangent is a view of it (case 4 of the Note).
        Tensor base(meta.base);
        AutogradMeta& baseMeta = base.impl()->ensureAutograd();
        if (!baseMeta.fwGrad) {
            Tensor baseTangent = zerosWithLayoutOf(tangent, base);
            Tensor viewTangent = ops::asStrided(baseTangent, t.sizes(), t.strides(), t.offset());
            ops::copyInplace(viewTangent, tangent);
            tangent = viewTangent;
            baseMeta.fwGrad = baseTangent.implPtr();
            remember(base);
        }
    }
    if (!hasSameMeta(tangent, t)) {
        Tensor laidOut = zerosWithLayoutOf(tangent, t);
        ops::copyInplace(laidOut, tangent);
        tangent = laidOut;
    }
    meta.fwGrad = tangent.implPtr();
    remember(t);
}

void resetTangent(const Tensor& t)
{
    if (AutogradMeta* meta = t.impl()->autograd())
        meta->fwGrad.reset();
}

Tensor makeDual(const Tensor& primal, const Tensor& tangent, int64_t level)
{
    AGV_CHECK(level == 0 && dualLevel().exists, RuntimeError,
              "Trying to access a forward AD level with an invalid index. This index was either not created or is "
              "already deleted.");
    AGV_CHECK(!tangentOf(primal).defined(), RuntimeError,
              "Making a dual Tensor based on a Tensor that already has a forward gradient at the same level ", level,
              " is not supported.");
    Tensor dual;
    {
        DisabledGuard noForwardAd;
        dual = ops::view(primal, primal.sizes());
    }
    setTangent(dual, tangent);
    return dual;
}

Tensor primalView(const Tensor& t, int64_t level)
{
    AGV_CHECK(level == 0 && dualLevel().exists, RuntimeError,
              "Trying to access a forward AD level with an invalid index. This index was either not created or is "
              "already deleted.");
    // _fw_primal (VariableTypeManual.cpp): an alias of t that autograd sees as a view of it,
    // with no tangent (is_fw_differentiable=false) and an Identity node as its grad_fn, not
    // a view node; once its base changes in place, it regenerates as_strided's, as any view.
    Tensor primal;
    {
        DisabledGuard noForwardAd;
        ops::gradientEdgeFirst(t);
        primal = ops::makeView(t, t.sizes(), t.strides(), t.offset());
        ops::OpRecorder rec("Identity", {&t}, [](BackwardNode&, const variable_list& g) {
            return variable_list{g[0]};
        });
        primal = rec.finish(primal);
    }
    primal.impl()->ensureAutograd().tangentFromBase = false;
    return primal;
}

DisabledGuard::DisabledGuard() : m_previous(t_disabled) { t_disabled = true; }
DisabledGuard::~DisabledGuard() { t_disabled = m_previous; }

void throwNotImplemented(const std::string& atenName)
{
    AGV_RAISE(NotImplementedError, "Trying to use forward AD with ", atenName,
              " that does not support it because it has not been implemented yet.\nPlease file an issue to PyTorch "
              "at https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml so that we can "
              "prioritize its implementation.");
}

void throwNoDecomposition(const std::string& atenName)
{
    AGV_RAISE(NotImplementedError, "Trying to use forward AD with ", atenName,
              " that does not support it because it has not been implemented yet.\nPlease file an issue to PyTorch "
              "at https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml so that we can "
              "prioritize its implementation.\nNote that forward AD support for some operators require PyTorch to be "
              "built with TorchScript and for JIT to be enabled. If the environment var PYTORCH_JIT=0 is set or if the "
              "library is not built with TorchScript, some operators may no longer be used with forward AD.");
}

}  // namespace agv::forward_ad
