#include "core/ops/op_recorder.h"

#include "core/trace/sink.h"

namespace agv::ops {

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
    trace::publish(std::move(c));
}

OpRecorder::OpRecorder(const char* name, std::initializer_list<const Tensor*> inputs, BackwardNode::Rule rule)
{
    if (!computeRequiresGrad(inputs))
        return;
    m_node = std::make_shared<BackwardNode>(name, std::move(rule));
    m_node->setNextEdges(collectNextEdges(inputs));
}

OpRecorder::OpRecorder(const char* name, const TensorList& inputs, BackwardNode::Rule rule)
{
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

Tensor OpRecorder::finish(Tensor out)
{
    if (m_node) {
        setHistory(m_node, {&out});
        announceNode(*m_node);
    }
    announceTensor(out);
    return out;
}

Tensor OpRecorder::finishSavingResult(Tensor out, const char* slot)
{
    if (m_node) {
        setHistory(m_node, {&out});
        m_node->save(slot, out, /*isOutput=*/true);
        announceNode(*m_node);
    }
    announceTensor(out);
    return out;
}

TensorList OpRecorder::finish(TensorList outs)
{
    if (m_node) {
        setHistory(m_node, outs);
        announceNode(*m_node);
    }
    for (const Tensor& t : outs)
        announceTensor(t);
    return outs;
}

}  // namespace agv::ops
