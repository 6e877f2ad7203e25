#include "core/autograd/saved_variable.h"

#include "core/autograd/grad_mode.h"
#include "core/autograd/node.h"

namespace agv {

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
    m_outputNr = tensor.outputNr();
    m_tensorId = tensor.id();
    m_bytes = tensor.nbytes();
    if (isOutput && !m_isLeaf) {
        // See Note [Saved output cycles]
        auto* impl = tensor.impl();
        auto copy = std::make_shared<TensorImpl>(impl->storage(), impl->dtype(), impl->sizes(), impl->strides(),
                                                 impl->offset(), impl->versionCounter());
        m_data = Tensor(std::move(copy));
        m_weakGradFn = tensor.gradFn();
    } else {
        m_data = tensor;
    }
}

Tensor SavedVariable::unpack(const std::shared_ptr<Node>& savedFor) const
{
    if (!m_defined)
        return {};
    if (m_released)
        throw Error(PyExc::RuntimeError,
                    "Trying to backward through the graph a second time (or directly access saved tensors after they "
                    "have already been freed). Saved intermediate values of the graph are freed when you call "
                    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
                    "graph a second time or if you need to access saved tensors after calling backward.",
                    ErrorKind::BackwardTwice);
    if (m_version->version != m_savedVersion) {
        std::string message = "one of the variables needed for gradient computation has been modified by an "
                              "inplace operation: " +
                              describeForError(m_data);
        std::shared_ptr<Node> gradFn = m_isOutput ? m_weakGradFn.lock() : m_data.gradFn();
        if (!gradFn && m_isOutput)
            gradFn = savedFor;
        if (gradFn)
            message += ", which is output " + std::to_string(m_outputNr) + " of " + gradFn->name() + ",";
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
    if (!m_isOutput || m_isLeaf)
        return m_data;
    // Rebuild the output with its grad_fn (alive while its node runs).
    auto* impl = m_data.impl();
    auto out = std::make_shared<TensorImpl>(impl->storage(), impl->dtype(), impl->sizes(), impl->strides(),
                                            impl->offset(), impl->versionCounter());
    std::shared_ptr<Node> gradFn = m_weakGradFn.lock();
    if (!gradFn)
        gradFn = savedFor;
    if (gradFn || m_requiresGrad) {
        AutogradMeta& meta = out->ensureAutograd();
        meta.gradFn = gradFn;
        meta.outputNr = m_outputNr;
        meta.requiresGrad = m_requiresGrad;
    }
    return Tensor(std::move(out));
}

void SavedVariable::release()
{
    if (!m_defined)
        return;
    m_data = Tensor();
    m_released = true;
}

}  // namespace agv
