#include "core/ops/op_recorder.h"

#include <algorithm>
#include <cctype>
#include <utility>
#include <vector>

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/autograd/saved_tangents.h"
#include "core/ops/aten_overloads.h"
#include "core/ops/inference_versions.h"
#include "core/ops/kernels.h"
#include "core/ops/ops.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// The node's saved copies of these outputs keep their tangents, now that the forward
/// formula gave them one (Note [Saved outputs keep their tangent]).
void keepSavedOutputTangents(const std::shared_ptr<BackwardNode>& node, const TensorList& outs)
{
    if (!node)
        return;
    for (const SavedVariable* saved : node->savedVariables())
        for (const Tensor& out : outs)
            forward_ad::keepSavedTangent(*saved, out);
}

/// The node name whose version rule applies when every input of the op is an inference
/// tensor and inference_mode is off (Note [Versions of results computed from inference
/// tensors]); null otherwise.
template <typename Inputs, typename Get>
const char* inferenceStampFor(const char* name, const Inputs& inputs, Get get)
{
    bool any = false;
    for (const auto& input : inputs) {
        const Tensor* t = get(input);
        if (!t || !t->defined())
            continue;
        if (!t->impl()->isInference())
            return nullptr;
        any = true;
    }
    return any && !InferenceMode::isEnabled() ? name : nullptr;
}

/// Gives the results the versions noted for them.
void stampInferenceVersions(const char* name, const TensorList& outs)
{
    for (const Tensor& out : outs)
        if (out.defined() && !out.impl()->isInference())
            out.impl()->versionCounter()->version = versionFromInferenceInputs(name, out);
}

}  // namespace

void announceTensor(const Tensor& t)
{
    if (!trace::enabled() || !t.defined())
        return;
    trace::TensorCreated c;
    c.tensor = t.id();
    c.shape = t.sizes();
    c.dtype = dtypeName(t.dtype());
    c.device = t.device().str();
    c.bytes = t.nbytes();
    c.requiresGrad = t.requiresGrad();
    auto fn = t.gradFn();
    c.isLeaf = fn == nullptr;
    c.gradFn = fn ? fn->id() : 0;
    c.outputNr = t.outputNr();
    c.versionCounter = t.versionCounterId();
    c.version = t.version();
    c.viewOf = t.isView() ? t.base().id() : 0;
    c.preview = t.preview();
    c.allocation = t.storageAllocationId();
    trace::publish(std::move(c));
}

Tensor addTangentTerms(const Tensor& a, bool aIsZero, const Tensor& b, bool bIsZero)
{
    Tensor out = add(a, b);
    if (aIsZero != bIsZero)
        kernel::copyInto(out, aIsZero ? b : a);
    return out;
}

Tensor subTangentTerms(const Tensor& a, bool aIsZero, const Tensor& b, bool bIsZero)
{
    Tensor out = sub(a, b);
    if (aIsZero != bIsZero) {
        GradModeGuard valuesOnly(false);
        kernel::copyInto(out, aIsZero ? neg(b) : a);
    }
    return out;
}

Tensor InputTangents::operator[](size_t i) const
{
    const Tensor& tangent = m_tangents.at(i);
    if (tangent.defined())
        return tangent;
    const Tensor& primal = m_primals.at(i);
    return zeros(primal.sizes(), primal.dtype(), primal.device());
}

void OpRecorder::startForward(const char* name, const TensorList& inputs)
{
    bool any = false;
    TensorList tangents;
    tangents.reserve(inputs.size());
    for (const Tensor& t : inputs) {
        tangents.push_back(forward_ad::tangentOf(t));
        any = any || tangents.back().defined();
    }
    if (!any)
        return;
    m_forward = std::make_unique<ForwardState>();
    m_forward->name = name;
    m_forward->tangents.m_primals = inputs;
    m_forward->tangents.m_tangents = std::move(tangents);
}

void OpRecorder::forward(ForwardRule rule)
{
    if (m_forward)
        m_forward->rule = std::move(rule);
}

void OpRecorder::forwardEach(ForwardEachRule rule)
{
    if (m_forward)
        m_forward->eachRule = std::move(rule);
}

void OpRecorder::setOriginalSelf(const Tensor& originalSelf)
{
    if (m_forward)
        m_forward->tangents.m_primals.at(0) = originalSelf;
}

void OpRecorder::giveTangent(const Tensor& out)
{
    if (!m_forward)
        return;
    if (!m_forward->rule)
        forward_ad::throwNotImplemented(atenNameOf(m_forward->name));
    Tensor tangent;
    {
        forward_ad::DisabledGuard primalsOnly;
        tangent = m_forward->rule(m_forward->tangents, out);
    }
    // A formula may answer a zero tensor (PyTorch's ZeroTensor), which unpack_dual reads as
    // no tangent: leaky_relu_backward of a zero grad_output_t.
    if (!tangent.defined())
        return;
    forward_ad::setTangent(out, tangent);
    keepSavedOutputTangents(m_node, {out});
}

void OpRecorder::giveTangents(const TensorList& outs)
{
    if (!m_forward)
        return;
    if (!m_forward->eachRule) {
        // Multi-output ops differentiate their first output (values; indices have no tangent).
        if (!outs.empty())
            giveTangent(outs[0]);
        return;
    }
    TensorList tangents;
    {
        forward_ad::DisabledGuard primalsOnly;
        tangents = m_forward->eachRule(m_forward->tangents, outs);
    }
    // An output the op left out (convolution_backward's mask) gets no tangent.
    for (size_t i = 0; i < outs.size(); ++i)
        if (outs[i].defined() && tangents.at(i).defined())
            forward_ad::setTangent(outs[i], tangents.at(i));
    keepSavedOutputTangents(m_node, outs);
}

void OpRecorder::finishInplaceTangent(const Tensor& self)
{
    if (!m_forward)
        return;
    if (!m_forward->rule)
        forward_ad::throwNotImplemented(atenNameOf(m_forward->name) + "_");
    forward_ad::DisabledGuard primalsOnly;
    Tensor tangent = m_forward->rule(m_forward->tangents, self);
    const Tensor& existing = m_forward->tangents.m_tangents.at(0);
    if (existing.defined()) {
        Tensor target = existing;
        copyInplace(target, tangent);
    } else {
        forward_ad::setTangent(self, tangent, /*isInplaceOp=*/true);
    }
    keepSavedOutputTangents(m_node, {self});
}

void OpRecorder::finishInplaceViewTangent(const Tensor& self)
{
    if (!m_forward)
        return;
    if (!m_forward->rule)
        forward_ad::throwNotImplemented(atenNameOf(m_forward->name) + "_");
    Tensor tangent;
    {
        forward_ad::DisabledGuard primalsOnly;
        tangent = m_forward->rule(m_forward->tangents, self);
    }
    forward_ad::resetTangent(self);
    forward_ad::setTangent(self, tangent);
}

OpRecorder::OpRecorder(const char* name, std::initializer_list<const Tensor*> inputs, BackwardNode::Rule rule)
{
    m_inferenceStamp = inferenceStampFor(name, inputs, [](const Tensor* t) { return t; });
    // Only an interceptor or forward AD needs the inputs as a list; plain ops build none.
    if (opInterceptorActive() || forward_ad::isActive()) {
        TensorList list;
        for (const Tensor* t : inputs)
            list.push_back(t ? *t : Tensor());
        if (forward_ad::isActive())
            startForward(name, list);
        if (opInterceptorActive())
            startIntercept(name, std::move(list));
    }
    if (!computeRequiresGrad(inputs))
        return;
    m_node = std::make_shared<BackwardNode>(name, std::move(rule));
    m_node->setNextEdges(collectNextEdges(inputs));
}

OpRecorder::OpRecorder(const char* name, const TensorList& inputs, BackwardNode::Rule rule)
{
    m_inferenceStamp = inferenceStampFor(name, inputs, [](const Tensor& t) { return &t; });
    if (opInterceptorActive())
        startIntercept(name, inputs);
    if (forward_ad::isActive())
        startForward(name, inputs);
    if (!computeRequiresGrad(inputs))
        return;
    m_node = std::make_shared<BackwardNode>(name, std::move(rule));
    m_node->setNextEdges(collectNextEdges(inputs));
}

void OpRecorder::save(const char* slot, const Tensor& t)
{
    if (m_node)
        m_node->save(slot, t);
}

void OpRecorder::attr(const char* name, SavedAttr value)
{
    if (m_node)
        m_node->setAttr(name, std::move(value));
}

void OpRecorder::startIntercept(const char* name, TensorList inputs)
{
    m_intercept = std::make_unique<InterceptState>(InterceptState{name, std::move(inputs)});
}

InterceptOutcome OpRecorder::intercept(TensorList& outs)
{
    if (!m_intercept)
        return {};
    return interceptOp(m_intercept->name, m_intercept->inputs, outs);
}

InterceptOutcome OpRecorder::intercept(Tensor& out)
{
    if (!m_intercept)
        return {};  // the common case: no list to build on every op
    TensorList outs{out};
    InterceptOutcome outcome = intercept(outs);
    out = outs[0];
    return outcome;
}

void OpRecorder::announceIntercepted(const InterceptOutcome& outcome, const TensorList& outs) const
{
    announceIntercept(outcome, m_node ? m_node->id() : 0, outs);
}

namespace {

/// set_history's TORCH_INTERNAL_ASSERT(isDifferentiableType(...)): reached in 1.13 when an
/// integer tensor that got a grad_fn in place (a float copied into it) goes through an
/// op, whose integer result would get a history.
void assertDifferentiableType(const Tensor& out)
{
    AGV_CHECK(!out.defined() || isFloatingType(out.dtype()), RuntimeError,
              "isDifferentiableType(variable.scalar_type()) INTERNAL ASSERT FAILED at "
              "\"./torch/csrc/autograd/functions/utils.h\":75, please report a bug to PyTorch. ");
}

}  // namespace

Tensor OpRecorder::finish(Tensor out)
{
    if (m_inferenceStamp)
        stampInferenceVersions(m_inferenceStamp, {out});
    const InterceptOutcome outcome = intercept(out);
    if (m_node) {
        assertDifferentiableType(out);
        setHistory(m_node, {&out});
        announceNode(*m_node);
    }
    giveTangent(out);
    announceTensor(out);
    if (outcome.decided)
        announceIntercepted(outcome, {out});
    return out;
}

Tensor OpRecorder::finishSavingResult(Tensor out, const char* slot)
{
    if (m_inferenceStamp)
        stampInferenceVersions(m_inferenceStamp, {out});
    const InterceptOutcome outcome = intercept(out);
    if (m_node) {
        assertDifferentiableType(out);
        setHistory(m_node, {&out});
        m_node->save(slot, out, /*isOutput=*/true);
        announceNode(*m_node);
    }
    giveTangent(out);
    announceTensor(out);
    if (outcome.decided)
        announceIntercepted(outcome, {out});
    return out;
}

TensorList OpRecorder::finish(TensorList outs)
{
    if (m_inferenceStamp)
        stampInferenceVersions(m_inferenceStamp, outs);
    const InterceptOutcome outcome = intercept(outs);
    if (m_node) {
        for (const Tensor& out : outs)
            assertDifferentiableType(out);
        setHistory(m_node, outs);
        announceNode(*m_node);
    }
    giveTangents(outs);
    for (const Tensor& t : outs)
        announceTensor(t);
    announceIntercepted(outcome, outs);
    return outs;
}

}  // namespace agv::ops
