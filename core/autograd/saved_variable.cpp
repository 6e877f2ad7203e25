#include "core/autograd/saved_variable.h"

#include "core/autograd/backward_twice.h"
#include "core/autograd/grad_mode.h"
#include "core/autograd/node.h"
#include "core/autograd/saved_tangents.h"
#include "core/device/memory_role.h"
#include "core/trace/sink.h"

namespace agv {

namespace {

const char* const kBackwardTwice =
    "Trying to backward through the graph a second time (or directly access saved tensors after they "
    "have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward.";

/// A tensor sharing `t`'s storage and version counter, without autograd meta.
Tensor dataOnly(const Tensor& t)
{
    auto* impl = t.impl();
    return Tensor(std::make_shared<TensorImpl>(impl->storage(), impl->dtype(), impl->sizes(), impl->strides(),
                                               impl->offset(), impl->versionCounter()));
}

}  // namespace

SavedVariable::SavedVariable(const Tensor& tensor, bool isOutput, std::string slot)
    : m_slot(std::move(slot))
{
    if (!tensor.defined())
        return;
    AGV_CHECK(!tensor.impl()->isInference(), RuntimeError,
              "Inference tensors cannot be saved for backward. To work around you can make a clone to get a normal "
              "tensor and use it in autograd.");
    m_defined = true;
    m_id = nextObjectId();
    m_version = tensor.impl()->versionCounter();
    m_savedVersion = m_version->version;
    m_isOutput = isOutput;
    m_isLeaf = tensor.isLeaf();
    m_requiresGrad = tensor.requiresGrad();
    m_tensorId = tensor.id();
    m_bytes = tensor.nbytes();
    m_device = tensor.device();
    // PyTorch 1.13 packs Python numbers wrapped as tensors too (`x * 2` packs tensor(2)).
    if (auto hooks = SavedTensorDefaultHooks::make()) {
        saveMetadata(tensor);
        packWith(std::move(hooks), tensor);
        forward_ad::keepSavedTangent(*this, tensor);  // Note [Saved outputs keep their tangent]
        return;
    }
    if (isOutput && !m_isLeaf) {
        // See Note [Saved output cycles]
        m_outputNr = tensor.outputNr();
        m_data = dataOnly(tensor);
        m_weakGradFn = tensor.gradFn();
        forward_ad::keepSavedTangent(*this, tensor);  // Note [Saved outputs keep their tangent]
    } else {
        // Saved as itself (an input, or a leaf): 1.13 keeps no output number for it, so
        // its version-mismatch message says "output 0" of whatever node the tensor has now.
        m_data = tensor;
    }
}

void SavedVariable::saveMetadata(const Tensor& tensor)
{
    m_outputNr = tensor.outputNr();
    if (m_isLeaf && m_requiresGrad)
        m_leafAccumulator = gradAccumulator(tensor);
    if (m_isOutput && !m_isLeaf)
        m_weakGradFn = tensor.gradFn();  // See Note [Saved output cycles]
    else if (!m_isLeaf)
        m_gradFn = tensor.gradFn();
}

void SavedVariable::packWith(std::unique_ptr<SavedVariableHooks> hooks, const Tensor& tensor)
{
    m_hooks = std::move(hooks);
    {
        GradModeGuard noGrad(false);
        MemoryRoleScope packing(trace::MemoryRole::PackedByHook);
        const uint32_t before = m_version->version;
        m_hooks->callPackHook(tensor);
        AGV_CHECK(m_version->version == before, RuntimeError,
                  "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack hook "
                  "can not be modified by in-place operations as this can lead to unexpected side-effects. Please "
                  "open an issue if you need to perform in-place operations on the input to a pack hook.");
    }
    m_data = Tensor();
}

void SavedVariable::registerHooks(std::unique_ptr<SavedVariableHooks> hooks)
{
    AGV_CHECK(!m_hooks, RuntimeError,
              "Calling register_hooks on a saved tensor whose hooks have already been set. Hint: only one pair of "
              "hooks is allowed at a time.");
    AGV_CHECK(m_defined, RuntimeError, "Calling register_hooks on a saved tensor with value None is forbidden");
    AGV_CHECK(!m_released, RuntimeError,
              "Calling register_hooks on a saved tensor after it has been freed. Saved intermediate values of the "
              "graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need "
              "to backward through the graph a second time or if you need to access saved variables after calling "
              "backward.");
    // Pack sees the tensor as unpack would give it, detached from the graph.
    Tensor held = (m_isOutput && !m_isLeaf) ? m_data : dataOnly(m_data);
    const Tensor original = m_data;
    if (!(m_isOutput && !m_isLeaf))
        saveMetadata(m_data);
    packWith(std::move(hooks), held);
    forward_ad::keepSavedTangent(*this, original);  // Note [Saved outputs keep their tangent]
    publishPacked();
}

void SavedVariable::publishPacked() const
{
    if (!m_hooks || !trace::enabled())
        return;
    trace::Packed packed;
    packed.saved = m_id;
    packed.hook = m_hooks->hookName();
    packed.fromDevice = m_device.str();
    packed.toDevice = m_hooks->packedDevice();
    packed.bytes = m_hooks->packedBytes();
    trace::publish(std::move(packed));
}

void SavedVariable::throwVersionMismatch(const std::shared_ptr<Node>& savedFor) const
{
    std::string message = "one of the variables needed for gradient computation has been modified by an "
                          "inplace operation: " +
                          describeForError(m_data);
    std::shared_ptr<Node> gradFn = m_isOutput ? m_weakGradFn.lock() : m_data.gradFn();
    if (!gradFn && m_isOutput)
        gradFn = savedFor;
    if (gradFn) {
        const std::string name = qualifiedNodeName(*gradFn);
        message += ", which is output " + std::to_string(m_outputNr) + " of " + name + ",";
    }
    message += " is at version " + std::to_string(m_version->version) + "; expected version " +
               std::to_string(m_savedVersion) + " instead.";
    if (AnomalyMode::isEnabled())
        message += " Hint: the backtrace further above shows the operation that failed to compute its "
                   "gradient. The variable in question was changed in there or anywhere later. Good luck!";
    else
        message += " Hint: enable anomaly detection to find the operation that failed to compute its "
                   "gradient, with torch.autograd.set_detect_anomaly(True).";
    Error error(PyExc::RuntimeError, message, ErrorKind::VersionMismatch);
    error.staleTensor = m_tensorId;
    throw error;
}

Tensor SavedVariable::withAutogradMeta(const Tensor& data, std::shared_ptr<Node> gradFn) const
{
    Tensor out = dataOnly(data);
    if (gradFn || m_requiresGrad) {
        AutogradMeta& meta = out.impl()->ensureAutograd();
        meta.gradFn = std::move(gradFn);
        meta.outputNr = m_outputNr;
        meta.requiresGrad = m_requiresGrad;
    }
    return out;
}

void raiseBackwardTwice() { throw Error(PyExc::RuntimeError, kBackwardTwice, ErrorKind::BackwardTwice); }

Tensor SavedVariable::unpack(const std::shared_ptr<Node>& savedFor) const
{
    if (!m_defined)
        return {};
    if (m_released)
        raiseBackwardTwice();
    if (m_hooks) {
        // No version check: see Note [Saved tensor hooks].
        Tensor data = m_hooks->callUnpackHook();
        // Unpacking happens inside a node's backward (muted); the learner sees it.
        trace::ScopedUnmute unmute;
        if (trace::enabled()) {
            trace::Unpacked unpacked;
            unpacked.saved = m_id;
            unpacked.hook = m_hooks->unpackHookName();
            unpacked.fromDevice = m_hooks->packedDevice();
            unpacked.toDevice = data.device().str();
            unpacked.bytes = m_hooks->packedBytes();
            trace::publish(std::move(unpacked));
        }
        if (m_isLeaf) {
            // A leaf keeps no grad_fn; a leaf that requires grad comes back as one that
            // shares the saved leaf's AccumulateGrad, so a gradient through it (double
            // backward) reaches the original leaf.
            Tensor out = dataOnly(data);
            if (m_requiresGrad) {
                std::shared_ptr<Node> accumulator = m_leafAccumulator.lock();
                AGV_CHECK(accumulator, RuntimeError, "No grad accumulator for a saved leaf");
                AutogradMeta& meta = out.impl()->ensureAutograd();
                meta.requiresGrad = true;
                meta.gradAccumulator = accumulator;
            }
            forward_ad::restoreSavedTangent(*this, out);
            return out;
        }
        std::shared_ptr<Node> gradFn = m_isOutput ? m_weakGradFn.lock() : m_gradFn;
        if (!gradFn)
            gradFn = savedFor;
        Tensor out = withAutogradMeta(data, std::move(gradFn));
        forward_ad::restoreSavedTangent(*this, out);
        return out;
    }
    if (m_version->version != m_savedVersion)
        throwVersionMismatch(savedFor);
    if (!m_isOutput || m_isLeaf)
        return m_data;
    // Rebuild the output with its grad_fn (alive while its node runs).
    std::shared_ptr<Node> gradFn = m_weakGradFn.lock();
    if (!gradFn)
        gradFn = savedFor;
    Tensor out = withAutogradMeta(m_data, std::move(gradFn));
    forward_ad::restoreSavedTangent(*this, out);  // Note [Saved outputs keep their tangent]
    return out;
}

void SavedVariable::release()
{
    if (!m_defined)
        return;
    m_data = Tensor();
    m_hooks.reset();
    m_gradFn.reset();
    forward_ad::forgetSavedTangent(*this);
    m_released = true;
}

}  // namespace agv
