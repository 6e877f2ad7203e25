#include "core/ops/view_inplace.h"

#include <algorithm>

#include "core/autograd/backward_twice.h"
#include "core/autograd/engine.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/backward_versions.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// at::assert_no_internal_overlap for a geometry: a broadcast (stride-0) dim writes one
/// element several times.
void checkNoInternalOverlap(const IntList& sizes, const IntList& strides)
{
    for (size_t d = 0; d < sizes.size(); ++d)
        AGV_CHECK(sizes[d] <= 1 || strides[d] != 0, RuntimeError,
                  "unsupported operation: more than one element of the written-to tensor refers to a single memory "
                  "location. Please clone() the tensor before performing the operation.");
}

/// A tensor's sizes, strides and storage offset (at::TensorGeometry).
struct Geometry {
    IntList sizes, strides;
    int64_t offset = 0;
};

Tensor rawView(const Tensor& t, const IntList& sizes, const IntList& strides, int64_t offset)
{
    auto impl = std::make_shared<TensorImpl>(t.impl()->storage(), t.dtype(), sizes, strides, offset,
                                             t.impl()->versionCounter());
    return Tensor(std::move(impl));
}

// Note [CopySlices under create_graph]
// CopySlices hands its inner node the gradient of the view's region and puts the node's
// answer back into that region. Without create_graph that is done with raw copies. With
// it, the gradients must stay functions of the incoming one, so it runs 1.13's steps
// through differentiable ops: the incoming gradient copy_'d into a tensor laid out as the
// base (CopyBackwards), the view's region of it (AsStridedBackward0), a clone handed to
// the inner node (CloneBackward0), and its answer copy_'d back into the region (CopySlices):
// the same graph, and the same _version 2, as PyTorch's.

// Note [as_strided_backward's gradient is a view]
// 1.13's as_strided_backward (FunctionsManual.cpp) scatters the view's gradient into a
// fresh 1-D buffer of zeros covering both the base's and the view's storage geometry
// (new_zeros: zero_, then copy_ or index_add_, so the buffer is at _version 2), and returns
// buffer.as_strided(base geometry). So torch.autograd.grad hands back a view at _version 2,
// and a .grad that steals it keeps that version. Stride-0 dims of the view (an expand) are
// summed out first, size-1 dims squeezed; a view that still overlaps itself accumulates.

/// _maybe_overlapping_memory: some two positions of the geometry may share an element.
bool maybeOverlapping(const IntList& sizes, const IntList& strides)
{
    std::vector<size_t> order(sizes.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return strides[a] < strides[b]; });
    int64_t maxIndexInSlice = 0;
    for (size_t i : order) {
        if (strides[i] <= maxIndexInSlice)
            return true;
        maxIndexInSlice += strides[i] * (sizes[i] - 1);
    }
    return false;
}

/// _min_storage_size: elements a geometry at `offset` needs.
int64_t minStorageSize(const IntList& sizes, const IntList& strides, int64_t offset)
{
    int64_t size = offset + 1;
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] == 0)
            return offset;
        size += (sizes[i] - 1) * strides[i];
    }
    return size;
}

/// at::zeros called from a backward formula: its zero_ goes through autograd, so it shows
/// as _version 1 (a factory called from Python does not).
Tensor zerosInBackward(const IntList& sizes, const Tensor& like)
{
    return builtInPlace(zeros(sizes, like.dtype(), like.device()), 1);
}

/// as_strided_backward's first steps: the view's gradient with its size-1 dims squeezed
/// and its stride-0 dims summed out, the view's remaining geometry, the storage both
/// geometries need and where each starts in it. Empty `gradient` when a geometry has a
/// zero-size dim (the gradient is then zeros).
struct ScatterPlan {
    Tensor gradient;
    IntList outSizes, outStrides;
    int64_t inOffset = 0, outOffset = 0, storageSize = 0;
};

ScatterPlan planScatter(Tensor grad, const Geometry& input, const Geometry& output)
{
    ScatterPlan plan;
    for (int64_t i = int64_t(output.sizes.size()) - 1; i >= 0; --i) {
        const int64_t size = output.sizes[size_t(i)], stride = output.strides[size_t(i)];
        if (size == 0)
            return {};
        if (size == 1)
            grad = squeeze(grad, i);
        else if (stride == 0)
            grad = sum(grad, IntList{i}, false);
        else {
            plan.outSizes.insert(plan.outSizes.begin(), size);
            plan.outStrides.insert(plan.outStrides.begin(), stride);
        }
    }
    IntList inSizes, inStrides;
    for (size_t i = 0; i < input.sizes.size(); ++i) {
        if (input.sizes[i] == 0)
            return {};
        if (input.sizes[i] != 1) {
            inSizes.push_back(input.sizes[i]);
            inStrides.push_back(input.strides[i]);
        }
    }
    const int64_t shared = std::min(input.offset, output.offset);
    plan.inOffset = input.offset - shared;
    plan.outOffset = output.offset - shared;
    plan.storageSize = std::max(minStorageSize(inSizes, inStrides, plan.inOffset),
                                minStorageSize(plan.outSizes, plan.outStrides, plan.outOffset));
    plan.gradient = std::move(grad);
    return plan;
}

Tensor asStridedBackward(Tensor grad, const Geometry& input, const Geometry& output)
{
    trace::MuteGuard mute;
    const ScatterPlan p = planScatter(grad, input, output);
    if (!p.gradient.defined())
        return zerosInBackward(input.sizes, grad);
    Tensor buffer = zeros({p.storageSize}, grad.dtype(), grad.device());
    if (maybeOverlapping(p.outSizes, p.outStrides)) {
        Tensor indices = rawView(arange(0, p.storageSize, 1, ScalarType::Int64), p.outSizes, p.outStrides, p.outOffset);
        indexAddInplace(buffer, 0, reshape(indices, {-1}), reshape(p.gradient, {-1}));
    } else {
        kernel::copyInto(rawView(buffer, p.outSizes, p.outStrides, p.outOffset), p.gradient);
    }
    // new_zeros' zero_, then the scatter
    return makeView(builtInPlace(buffer, 2), input.sizes, input.strides, p.inOffset);
}

Tensor asStridedBackwardGraph(Tensor grad, const Geometry& input, const Geometry& output);

/// AsStridedBackward0's formula: the raw path, unless the gradient builds a graph under
/// create_graph (a gradient that builds none takes the raw path even then).
Tensor asStridedGradient(const Tensor& grad, const Geometry& input, const Geometry& output)
{
    if (!GradMode::isEnabled() || !grad.requiresGrad())
        return asStridedBackward(grad, input, output);
    return asStridedBackwardGraph(grad, input, output);
}

/// self.as_strided(sizes, strides, offset) as a view that records AsStridedBackward0, for
/// the graph that as_strided_backward itself builds under create_graph.
Tensor asStridedView(const Tensor& t, const IntList& sizes, const IntList& strides, int64_t offset)
{
    Tensor out = makeView(t, sizes, strides, offset);
    const Geometry input{t.sizes(), t.strides(), t.offset()};
    const Geometry output{sizes, strides, offset};
    OpRecorder rec("AsStridedBackward0", {&t}, [input, output](BackwardNode&, const variable_list& g) {
        return variable_list{asStridedGradient(g[0], input, output)};
    });
    rec.attr("size", sizes);
    rec.attr("stride", strides);
    rec.attr("storage_offset", offset - t.offset());
    return rec.finish(out);
}

/// as_strided_backward when the gradient builds a graph (create_graph): the same steps
/// through differentiable ops, as 1.13 runs them: squeeze/sum the view's gradient, new_zeros
/// storage, copy_ (or index_add_) it into the view's geometry of that storage (CopySlices),
/// and return the storage's as_strided view with the base's geometry (AsStridedBackward0,
/// _version 2). See Note [as_strided_backward's gradient is a view].
Tensor asStridedBackwardGraph(Tensor grad, const Geometry& input, const Geometry& output)
{
    const ScatterPlan p = planScatter(grad, input, output);
    if (!p.gradient.defined())
        return zerosInBackward(input.sizes, grad);
    Tensor storage = zerosInBackward({p.storageSize}, grad);
    if (maybeOverlapping(p.outSizes, p.outStrides)) {
        const Tensor indices =
            asStrided(arange(0, p.storageSize, 1, ScalarType::Int64), p.outSizes, p.outStrides, p.outOffset);
        indexAddInplace(storage, 0, reshape(indices, {-1}), reshape(p.gradient, {-1}));
    } else {
        Tensor region = asStridedView(storage, p.outSizes, p.outStrides, p.outOffset);
        copyInplace(region, p.gradient);
    }
    return asStridedView(storage, input.sizes, input.strides, p.inOffset);
}

void emitGradFnChanged(const Tensor& t)
{
    if (!trace::enabled())
        return;
    auto fn = t.gradFn();
    trace::publish(trace::GradFnChanged{t.id(), fn ? fn->id() : 0, t.outputNr(), t.requiresGrad(), t.preview()});
}

/// The base's new grad_fn after an in-place op on one of its views.
class CopySlices final : public Node {
public:
    CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<BackwardNode> fn)
        : m_baseSizes(base.sizes()),
          m_baseStrides(base.strides()),
          m_baseOffset(base.offset()),
          m_viewSizes(view.sizes()),
          m_viewStrides(view.strides()),
          m_viewOffset(view.offset()),
          m_fn(std::move(fn))
    {
        std::vector<Edge> edges;
        edges.push_back(gradientEdge(base));
        for (size_t i = 1; i < m_fn->nextEdges().size(); ++i)
            edges.push_back(m_fn->nextEdges()[i]);
        setNextEdges(std::move(edges));
    }

    std::string name() const override { return "CopySlices"; }

    variable_list apply(variable_list&& grads) override
    {
        if (variablesReleased())  // 1.13's CopySlices checks its fn, gone after release
            raiseBackwardTwice();
        // Under autograd.grad the nodes the inner node feeds run, a copied-in leaf's
        // AccumulateGrad too: 1.13 then fills that leaf's .grad (markNeededInCurrentGraphTask).
        for (const Edge& e : m_fn->nextEdges())
            if (e.valid())
                markNeededInCurrentGraphTask(e.function.get());
        if (GradMode::isEnabled())
            return applyDifferentiably(grads.at(0));
        const Tensor& grad = grads.at(0);
        Tensor result = laidOutAsBase(grad);
        kernel::copyInto(result, grad);
        Tensor gradSlice = rawView(result, m_viewSizes, m_viewStrides, m_viewOffset - m_baseOffset);
        variable_list fnGrads = m_fn->apply({detachedClone(gradSlice)});
        variable_list out(numOutputs());
        if (fnGrads.at(0).defined()) {
            checkNoInternalOverlap(gradSlice.sizes(), gradSlice.strides());  // grad_slice.copy_(res[0]): no expanded view
            kernel::copyInto(gradSlice, fnGrads[0]);
        }
        else  // the overwritten region received no gradient from the old values
            kernel::copyInto(gradSlice, zerosLike(gradSlice));
        out[0] = builtInPlace(result, 2);  // result.copy_(grad), then grad_slice.copy_(res[0])
        for (size_t i = 1; i < out.size() && i < fnGrads.size(); ++i)
            out[i] = fnGrads[i];
        return out;
    }

    /// grad.new_empty_strided(base.sizes(), base.strides()): the view's geometry is relative
    /// to the base's storage, so the region is found only in a tensor laid out as the base.
    Tensor laidOutAsBase(const Tensor& grad) const
    {
        return isNonOverlappingAndDense(m_baseSizes, m_baseStrides)
                   ? kernel::newStridedTensor(m_baseSizes, m_baseStrides, grad.dtype(), grad.device())
                   : kernel::newTensor(m_baseSizes, grad.dtype(), grad.device());
    }

    /// See Note [CopySlices under create_graph].
    variable_list applyDifferentiably(const Tensor& grad)
    {
        Tensor result = laidOutAsBase(grad);
        copyInplace(result, grad);
        Tensor gradSlice = asStridedView(result, m_viewSizes, m_viewStrides, m_viewOffset - m_baseOffset);
        variable_list fnGrads = m_fn->apply({clone(gradSlice)});
        variable_list out(numOutputs());
        if (fnGrads.at(0).defined()) {
            copyInplace(gradSlice, fnGrads[0]);
            out[0] = result;
        }
        for (size_t i = 1; i < out.size() && i < fnGrads.size(); ++i)
            out[i] = fnGrads[i];
        return out;
    }

    std::vector<const SavedVariable*> savedVariables() const override { return m_fn->savedVariables(); }
    SavedVariable* savedVariable(const std::string& slot) override { return m_fn->savedVariable(slot); }
    void releaseVariables() override
    {
        m_fn->releaseVariables();
        // 1.13's release_variables drops fn, and with it fn's edge to the view's history
        // before the in-place op: that AsStridedBackward0 dies unless someone else holds
        // it, so a later version error of a result saved on the view names the op instead.
        m_fn->setNextEdges({});
        markReleased();
    }

private:
    IntList m_baseSizes, m_baseStrides;
    int64_t m_baseOffset;
    IntList m_viewSizes, m_viewStrides;
    int64_t m_viewOffset;
    std::shared_ptr<BackwardNode> m_fn;
};

}  // namespace

Tensor makeView(const Tensor& t, IntList sizes, IntList strides, int64_t offset)
{
    Tensor view = rawView(t, sizes, strides, offset);
    if (t.impl()->isInference()) {
        // Only the CPU kernel runs: no view bookkeeping (Note [Inference tensors with a version counter]).
        view.impl()->setInference(true);
        return view;
    }
    AutogradMeta& meta = view.impl()->ensureAutograd();
    meta.isView = true;
    meta.base = t.isView() ? t.base().implPtr() : t.implPtr();
    meta.attrVersion = t.version();
    // The mode the view is made in; a view of a view keeps the restriction of the first
    // (propagate_creation_meta below).
    meta.creationMeta = InferenceMode::isEnabled() ? CreationMeta::InferenceMode
                        : GradMode::isEnabled()    ? CreationMeta::Default
                                                   : CreationMeta::NoGradMode;
    if (t.isView()) {
        // propagate_creation_meta: the new mode's restriction unless none, and an
        // inference-mode view's above any other.
        const CreationMeta previous = t.impl()->autograd()->creationMeta;
        if (meta.creationMeta == CreationMeta::Default || previous == CreationMeta::InferenceMode)
            meta.creationMeta = previous;
    }
    view.impl()->setInference(t.impl()->isInference());
    return view;
}

void gradientEdgeFirst(const Tensor& t)
{
    if (computeRequiresGrad({&t}))
        (void)t.gradFn();
}

void handleViewOnRebase(const Tensor& view, bool indirect)
{
    const AutogradMeta* meta = view.impl()->autograd();
    const CreationMeta creation = meta->creationMeta;
    if (creation == CreationMeta::Default)
        return;
    const Node* fn = meta->gradFn.get();
    const std::string modified = indirect ? "its base or another view of its base has been" : "is being";
    std::string message;
    if (creation == CreationMeta::InferenceMode || creation == CreationMeta::NoGradMode || !fn) {
        // Without a grad_fn the view was made where nothing was recorded: no_grad, as far
        // as the message goes, unless it was inference mode.
        const std::string prefix =
            fn ? "Output " + std::to_string(meta->outputNr) + " of " + fn->name() +
                     " is a view of a view which was created in"
               : std::string("A view was created in");
        message = creation == CreationMeta::InferenceMode
                      ? prefix + " inference mode and " + modified + " modified inplace in normal mode."
                      : prefix + " no_grad mode and " + modified + " modified inplace with grad mode enabled.";
    } else {
        message = "Output " + std::to_string(meta->outputNr) + " of " + fn->name() + " is a view and " + modified +
                  " modified inplace.";
    }
    switch (creation) {
    case CreationMeta::MultiOutputNode:
        message += " This view is the output of a function that returns multiple views. Such functions do not "
                   "allow the output views to be modified inplace. You should replace the inplace operation by an "
                   "out-of-place one.";
        break;
    case CreationMeta::NoGradMode:
        // 1.13 asserts that a no_grad view has no grad_fn; a view taken in grad mode of a
        // no_grad view inherits NO_GRAD_MODE and has one, so 1.13 fails that assert.
        AGV_CHECK(!fn, RuntimeError,
                  "!grad_fn INTERNAL ASSERT FAILED at \"./torch/csrc/autograd/variable.cpp\":792, please report a "
                  "bug to PyTorch. ");
        message += " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your "
                   "code by moving both the view and the inplace either both inside the no_grad block (if you don't "
                   "want the inplace to be tracked) or both outside (if you want the inplace to be tracked).";
        break;
    case CreationMeta::InferenceMode:
        // As for NoGradMode: 1.13 asserts that such a view has no grad_fn.
        AGV_CHECK(!fn, RuntimeError,
                  "!grad_fn INTERNAL ASSERT FAILED at \"./torch/csrc/autograd/variable.cpp\":800, please report a "
                  "bug to PyTorch. ");
        message += " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your "
                   "code by moving both the view and the inplace either both inside the inference_mode block (if "
                   "you don't want the inplace to be tracked) or both outside (if you want the inplace to be "
                   "tracked).";
        break;
    case CreationMeta::InCustomFunction:
        message += " This view was created inside a custom Function (or because an input was returned as-is) and "
                   "the autograd logic to handle view+inplace would override the custom backward associated with "
                   "the custom Function, leading to incorrect gradients. This behavior is forbidden. You can fix "
                   "this by cloning the output of the custom Function.";
        break;
    case CreationMeta::Default:
        break;
    }
    AGV_RAISE(RuntimeError, message);
}

void moveRetainGradHook(const Tensor& t, Node* from, Node& to)
{
    const AutogradMeta* meta = t.impl()->autograd();
    if (!from || !meta || !meta->retainsGrad)
        return;
    const std::vector<Node::PreHook> hooks = from->preHooks();
    for (const Node::PreHook& hook : hooks) {
        if (hook.retainGrad && hook.tensor.lock() == t.implPtr()) {
            to.addPreHook(meta->outputNr, hook.fn, /*retainGrad=*/true, hook.tensor);
            from->removePreHook(hook.id);
        }
    }
}

void markMultiOutputViews(TensorList& views)
{
    if (InferenceMode::isEnabled() || !GradMode::isEnabled())
        return;  // makeView already noted the mode
    // propagate_creation_meta: an inference-mode view's restriction outlives the new one.
    for (Tensor& view : views) {
        CreationMeta& meta = view.impl()->ensureAutograd().creationMeta;
        if (meta != CreationMeta::InferenceMode)
            meta = CreationMeta::MultiOutputNode;
    }
}

void checkInplace(const Tensor& self) { checkInplace(self, self.requiresGrad()); }

void checkInplace(const Tensor& self, bool requiresGrad)
{
    // check_inplace's order: the view's own restrictions, a view of a leaf, then a leaf.
    if (requiresGrad && GradMode::isEnabled()) {
        if (self.isView()) {
            handleViewOnRebase(self, /*indirect=*/false);
            Tensor base = self.base();
            if (self.requiresGrad() && base.isLeaf())
                AGV_RAISE_KIND(RuntimeError, LeafInplace,
                               "a view of a leaf Variable that requires grad is being used in an in-place operation.");
        }
        if (self.isLeaf() && self.requiresGrad())
            AGV_RAISE_KIND(RuntimeError, LeafInplace,
                           "a leaf Variable that requires grad is being used in an in-place operation.");
    }
    // An inference tensor outside inference mode is refused only when its version is
    // bumped, after the kernel wrote (VariableVersion::bump): see Tensor::bumpVersion.
}

void checkNoInternalOverlap(const Tensor& self) { checkNoInternalOverlap(self.sizes(), self.strides()); }

namespace {
/// `moveRetainGrad`: an in-place op takes retain_grad's hook along (rebase_history); an
/// in-place view op leaves it on the old node (set_history), so .grad keeps the old shape.
void replaceHistory(Tensor& self, const std::shared_ptr<BackwardNode>& node, bool saveResult, bool announce,
                    bool moveRetainGrad)
{
    AutogradMeta& meta = self.impl()->ensureAutograd();
    const std::shared_ptr<Node> previous = meta.gradFn;
    meta.gradFn = node;
    meta.outputNr = node->addInputMetadata(self);
    if (moveRetainGrad)
        moveRetainGradHook(self, previous.get(), *node);
    meta.requiresGrad = true;
    if (meta.isView)
        meta.attrVersion = self.version();  // the grad_fn is current: no AsStridedBackward0
    if (saveResult)
        node->save("result", self, /*isOutput=*/true);
    if (announce)
        announceNode(*node);
    emitGradFnChanged(self);
}
}  // namespace

void setInplaceViewHistory(Tensor& self, const std::shared_ptr<BackwardNode>& node)
{
    if (node)
        replaceHistory(self, node, /*saveResult=*/false, /*announce=*/true, /*moveRetainGrad=*/false);
}

void rebaseHistory(Tensor& self, const std::shared_ptr<BackwardNode>& node, bool saveResult, bool announce)
{
    if (!node)
        return;
    if (!self.isView()) {
        replaceHistory(self, node, saveResult, announce, /*moveRetainGrad=*/true);
        return;
    }
    Tensor base = self.base();
    auto copySlices = std::make_shared<CopySlices>(base, self, node);
    AutogradMeta& baseMeta = base.impl()->ensureAutograd();
    baseMeta.gradFn = copySlices;
    baseMeta.outputNr = copySlices->addInputMetadata(base);
    baseMeta.requiresGrad = true;
    announceNode(*copySlices);
    emitGradFnChanged(base);

    auto asStrided = std::make_shared<BackwardNode>("AsStridedBackward0", nullptr);
    configureAsStridedBackward(*asStrided, base, self);
    AutogradMeta& viewMeta = self.impl()->ensureAutograd();
    const std::shared_ptr<Node> previous = viewMeta.gradFn;
    viewMeta.gradFn = asStrided;
    viewMeta.outputNr = asStrided->addInputMetadata(self);
    moveRetainGradHook(self, previous.get(), *asStrided);
    viewMeta.attrVersion = self.version();
    // The region's new values, saved as PyTorch saves an in-place result on a view
    // (is_inplace_on_view): an output whose grad_fn is the view's new one, held weakly,
    // so a version error names AsStridedBackward0 while that node lives, else the op.
    if (saveResult)
        node->save("result", self, /*isOutput=*/true);
    announceNode(*asStrided);
    emitGradFnChanged(self);
}

void configureAsStridedBackward(BackwardNode& node, const Tensor& base, const Tensor& view)
{
    const Geometry input{base.sizes(), base.strides(), base.offset()};
    const Geometry output{view.sizes(), view.strides(), view.offset()};
    const int64_t offset = view.offset() - base.offset();
    node.setNextEdges({gradientEdge(base)});
    node.setAttr("size", output.sizes);
    node.setAttr("stride", output.strides);
    node.setAttr("storage_offset", offset);
    node.setRule([input, output](BackwardNode&, const variable_list& grads) {
        return variable_list{asStridedGradient(grads[0], input, output)};
    });
}

}  // namespace agv::ops
