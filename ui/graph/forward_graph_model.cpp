// The forward computation graph (figure 1 of the classic autograd tutorials): the
// tensors of the run and the ops between them, data flowing down. It is read off the
// same final graph as the backward graph: every grad_fn node stands for the forward op
// that recorded it, its next edges name the op's inputs (a leaf through its
// AccumulateGrad, a result through its grad_fn and output number), the tensors that
// had it as grad_fn are its outputs, and inputs that need no grad show up where the op
// saved them. Inputs that need no grad and were not saved (`x + 1`'s 1, a constant
// tensor) leave no trace in autograd and are not drawn.

#include "ui/graph/graph_layout_model.h"
#include "ui/display_text.h"
#include "ui/graph/module_collapse.h"

#include <QRegularExpression>

#include <map>
#include <set>

namespace agv::ui {

namespace {

/// "MulBackward0" -> "mul", "NativeLayerNormBackward0" -> "native_layer_norm",
/// "LegendrePolynomial3Backward" (a custom Function) -> "LegendrePolynomial3.apply".
QString forwardOpName(const std::string& gradFnName)
{
    static const QRegularExpression builtIn(QStringLiteral("^(.*)Backward\\d+$"));
    const QString name = QString::fromStdString(gradFnName);
    if (const auto m = builtIn.match(name); m.hasMatch()) {
        QString snake;
        const QString camel = m.captured(1);
        for (qsizetype i = 0; i < camel.size(); ++i) {
            const QChar c = camel[i];
            if (c.isUpper() && i > 0 && !camel[i - 1].isUpper())
                snake += QLatin1Char('_');
            snake += c.toLower();
        }
        return snake;
    }
    if (name == QLatin1String("CopySlices"))
        return QStringLiteral("in-place on a view");
    if (name.endsWith(QLatin1String("Backward")))
        return name.chopped(8) + QStringLiteral(".apply");
    return name;
}


}  // namespace

GraphLayoutModel GraphLayoutModel::forwardFromFinalGraph(const trace::FinalGraph& graph, const LayoutMetrics& metrics)
{
    GraphLayoutModel m;
    m.modules = graph.modules;
    std::map<Id, std::vector<LayoutBadge>> badges = badgesByNode(graph);

    std::map<Id, Id> leafOfAccumulate;                 // AccumulateGrad node -> its leaf
    for (const trace::FinalNode& fn : graph.nodes)
        if (fn.variable != 0)
            leafOfAccumulate[fn.id] = fn.variable;
    std::map<std::pair<Id, uint32_t>, Id> producedBy;  // (grad_fn, output_nr) -> tensor
    for (const trace::FinalTensor& t : graph.tensors)
        for (Id fn : t.gradFnHistory)
            producedBy.emplace(std::make_pair(fn, fn == t.gradFn ? t.outputNr : 0u), t.id);
    std::set<Id> savedInputs;
    std::map<Id, std::vector<Id>> savedByNode;  // node -> the tensors it saved, in save order
    for (const trace::FinalGraph::SavedLink& s : graph.savedLinks) {
        savedInputs.insert(s.tensor);
        savedByNode[s.node].push_back(s.tensor);
    }

    // Tensors: leaves that take part, everything an op produced, and the roots.
    for (const trace::FinalTensor& t : graph.tensors) {
        LayoutNode n;
        n.key = QStringLiteral("t%1").arg(t.id);
        n.id = t.id;
        n.createdStep = t.createdStep;
        n.title = t.label.empty() ? QStringLiteral("tensor") : elidedLabel(t.label);
        n.subtitle = shapeText(t.shape);
        if (t.isBackwardRoot)
            n.kind = LayoutNodeKind::Root;
        else if (t.isLeaf && t.requiresGrad)
            n.kind = LayoutNodeKind::Parameter;
        else if (t.isLeaf && savedInputs.count(t.id))
            n.kind = LayoutNodeKind::Input;
        else if (!t.isLeaf && !t.gradFnHistory.empty())
            n.kind = LayoutNodeKind::Intermediate;
        else
            continue;
        if (n.kind == LayoutNodeKind::Parameter)
            n.reserveText = QStringLiteral(".grad = tensor(00.0000)");
        m.tensorIndexById.insert(t.id, m.addNode(std::move(n)));
    }
    // A leaf's AccumulateGrad stands for the leaf itself here.
    for (auto it = leafOfAccumulate.begin(); it != leafOfAccumulate.end();)
        it = m.indexOfTensor(it->second) < 0 ? leafOfAccumulate.erase(it) : std::next(it);

    // Ops: one per grad_fn node, with what it saved.
    for (const trace::FinalNode& fn : graph.nodes) {
        if (fn.name == "AccumulateGrad")
            continue;
        LayoutNode n;
        n.key = QStringLiteral("n%1").arg(fn.id);
        n.id = fn.id;
        n.kind = LayoutNodeKind::GradFn;
        n.title = forwardOpName(fn.name);
        n.subtitle = QString::fromStdString(fn.name);
        n.subtitleIsName = true;
        n.recompute = fn.phase == trace::NodePhase::Recompute;
        n.segment = fn.checkpointSegment;
        n.module = fn.module;
        n.createdStep = fn.createdStep;
        if (auto it = badges.find(fn.id); it != badges.end())
            n.badges = it->second;
        m.nodeIndexById.insert(fn.id, m.addNode(std::move(n)));
    }

    for (const trace::FinalNode& fn : graph.nodes) {
        const int op = m.indexOfNode(fn.id);
        if (op < 0)
            continue;
        std::set<int> inputs;
        for (const trace::EdgeRef& e : fn.nextEdges) {
            if (e.node == 0)
                continue;
            int tensor = -1;
            if (auto leaf = leafOfAccumulate.find(e.node); leaf != leafOfAccumulate.end())
                tensor = m.indexOfTensor(leaf->second);
            else if (auto produced = producedBy.find({e.node, e.inputNr}); produced != producedBy.end())
                tensor = m.indexOfTensor(produced->second);
            if (tensor >= 0 && inputs.insert(tensor).second)
                m.edges.push_back({tensor, op, LayoutEdgeKind::OpInput, e.inputNr, {}});
            if (inputs.size() >= kMaxDrawnInputs)
                break;
        }
        if (auto saved = savedByNode.find(fn.id); saved != savedByNode.end())
            for (Id savedTensor : saved->second)
                if (const int tensor = m.indexOfTensor(savedTensor);
                    tensor >= 0 && m.nodes[tensor].kind == LayoutNodeKind::Input && inputs.insert(tensor).second)
                    m.edges.push_back({tensor, op, LayoutEdgeKind::OpInput, 0, {}});
    }
    for (const trace::FinalTensor& t : graph.tensors) {
        const int tensor = m.indexOfTensor(t.id);
        if (tensor < 0)
            continue;
        for (Id fn : t.gradFnHistory)
            if (const int op = m.indexOfNode(fn); op >= 0)
                m.edges.push_back({op, tensor, LayoutEdgeKind::OpOutput, 0, {}});
    }
    return drawnGraphWithModules(std::move(m), metrics);
}

}  // namespace agv::ui
