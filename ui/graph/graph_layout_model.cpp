#include "ui/graph/graph_layout_model.h"

#include <QFontMetricsF>

#include "ui/display_text.h"
#include "ui/graph/module_collapse.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace agv::ui {

int GraphLayoutModel::edgeBetweenNodes(Id producer, Id consumer) const
{
    const int a = indexOfNode(producer);
    const int b = indexOfNode(consumer);
    if (a < 0 || b < 0)
        return -1;
    for (size_t i = 0; i < edges.size(); ++i)
        if (edges[i].from == a && edges[i].to == b)
            return static_cast<int>(i);
    return -1;
}

int GraphLayoutModel::indexOfGroup(const QString& key) const
{
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].kind == LayoutNodeKind::Group && nodes[i].key == key)
            return static_cast<int>(i);
    return -1;
}

namespace {

QString badgeText(const LayoutBadge& b)
{
    // Widest form the scene will draw: "other: l3 @v0 ≠ v10 ⇢ cpu".
    QString text = QStringLiteral("%1: %2 @v00 \u2260 v00")
                       .arg(b.slot, b.tensorLabel.isEmpty() ? QStringLiteral("tensor") : b.tensorLabel);
    const QString packed = savedHoldingNote(b, true);
    const QString unpacked = savedHoldingNote(b, false);
    const QString note = packed.size() > unpacked.size() ? packed : unpacked;
    return note.isEmpty() ? text : text + QStringLiteral(" ") + note;
}

}  // namespace

QString savedHoldingNote(const LayoutBadge& badge, bool packed)
{
    // A checkpoint recompute's own saves only refill the placeholders of the forward's
    // nodes (torch/utils/checkpoint.py): the recompute frame says so already.
    if (badge.holding == trace::SavedHolding::Original || badge.holding == trace::SavedHolding::DataOnly ||
        badge.hook == QLatin1String("refill_placeholder"))
        return {};
    if (badge.hook == QLatin1String("pack_for_recompute"))  // torch/utils/checkpoint.py's placeholder
        return packed ? QStringLiteral("\u27f2 recompute") : QStringLiteral("\u27f2 recomputed");
    if (!packed)
        return QStringLiteral("\u21e0 unpacked");
    if (badge.holding == trace::SavedHolding::Offloaded)
        return QStringLiteral("\u21e2 %1").arg(badge.packedDevice);
    return QStringLiteral("\u21e2 %1()").arg(badge.hook);
}

namespace {

/// Text widths in one font, each distinct text shaped once: a big graph says
/// "MulBackward0" 50,000 times.
class TextWidths {
public:
    explicit TextWidths(const QFont& font) : m_metrics(font) {}
    qreal of(const QString& text)
    {
        if (auto it = m_widths.constFind(text); it != m_widths.cend())
            return it.value();
        return m_widths.insert(text, m_metrics.horizontalAdvance(text)).value();
    }
    qreal height() const { return m_metrics.height(); }

private:
    QFontMetricsF m_metrics;
    QHash<QString, qreal> m_widths;
};

QSizeF measureBox(const LayoutNode& n, const LayoutMetrics& metrics, TextWidths& title, TextWidths& body)
{
    qreal w = title.of(n.title);
    if (!n.subtitle.isEmpty())
        w = std::max(w, body.of(n.subtitle));
    for (const LayoutBadge& b : n.badges)
        w = std::max(w, body.of(badgeText(b)) + 12);
    qreal h = title.height() + 2 * metrics.paddingY;
    if (!n.subtitle.isEmpty())
        h += body.height() + 2;
    if (!n.reserveText.isEmpty()) {
        w = std::max(w, body.of(n.reserveText));
        h += body.height() + 2;
    }
    if (!n.badges.empty())
        h += n.badges.size() * metrics.badgeHeight + 6;
    return QSizeF(std::ceil(std::max<qreal>(w + 2 * metrics.paddingX, 96)), std::ceil(h));
}

}  // namespace

QSizeF GraphLayoutModel::boxSize(const LayoutNode& n, const LayoutMetrics& metrics)
{
    TextWidths title(metrics.titleFont), body(metrics.bodyFont);
    return measureBox(n, metrics, title, body);
}

int GraphLayoutModel::addNode(LayoutNode n)
{
    nodes.push_back(std::move(n));
    return static_cast<int>(nodes.size() - 1);
}

void GraphLayoutModel::measure(const LayoutMetrics& metrics)
{
    TextWidths title(metrics.titleFont), body(metrics.bodyFont);
    for (LayoutNode& n : nodes)
        n.size = measureBox(n, metrics, title, body);
}

std::map<Id, std::vector<LayoutBadge>> GraphLayoutModel::badgesByNode(const trace::FinalGraph& graph)
{
    std::unordered_map<Id, const trace::FinalTensor*> tensors;
    tensors.reserve(graph.tensors.size());
    for (const trace::FinalTensor& t : graph.tensors)
        tensors[t.id] = &t;
    std::map<Id, std::vector<LayoutBadge>> badges;
    for (const trace::FinalGraph::SavedLink& s : graph.savedLinks) {
        LayoutBadge b;
        b.saved = s.saved;
        b.tensor = s.tensor;
        if (auto t = tensors.find(s.tensor); t != tensors.end())
            b.tensorLabel = elidedLabel(t->second->label);
        b.holding = s.holding;
        b.hook = QString::fromStdString(s.hook);
        b.packedDevice = QString::fromStdString(s.packedDevice);
        badges[s.node].push_back(b);
    }
    for (const trace::FinalNode& n : graph.nodes) {
        auto it = badges.find(n.id);
        if (it == badges.end())
            continue;
        for (size_t i = 0; i < it->second.size() && i < n.savedSlots.size(); ++i)
            it->second[i].slot = QString::fromStdString(n.savedSlots[i]);
    }
    return badges;
}

GraphLayoutModel GraphLayoutModel::fromFinalGraph(const trace::FinalGraph& graph, const LayoutMetrics& metrics)
{
    GraphLayoutModel m;
    m.modules = graph.modules;

    // A loop names 50,000 tensors `y` and makes 50,000 MulBackward0: one shared QString
    // each (implicit sharing) instead of 50,000 copies.
    std::unordered_map<std::string, QString> texts;
    auto shared = [&texts](const std::string& text, auto make) -> const QString& {
        auto it = texts.find(text);
        return it != texts.end() ? it->second : texts.emplace(text, make(text)).first->second;
    };
    auto label = [&](const std::string& text) { return shared(text, [](const std::string& t) { return elidedLabel(t); }); };

    // Labels of non-leaf tensors become the subtitle of the node that produced them.
    std::unordered_map<Id, QStringList> producedLabels;
    for (const trace::FinalTensor& t : graph.tensors)
        if (!t.isLeaf && !t.label.empty())
            for (Id fn : t.gradFnHistory)
                producedLabels[fn].append(label(t.label));

    std::map<Id, std::vector<LayoutBadge>> badges = badgesByNode(graph);

    m.nodes.reserve(graph.nodes.size());
    m.nodeIndexById.reserve(static_cast<qsizetype>(graph.nodes.size()));
    for (const trace::FinalNode& fn : graph.nodes) {
        LayoutNode n;
        n.key = QLatin1Char('n') + QString::number(fn.id);
        n.id = fn.id;
        n.title = shared(fn.name, [](const std::string& name) { return QString::fromStdString(name); });
        n.kind = fn.name == "AccumulateGrad" ? LayoutNodeKind::AccumulateGrad : LayoutNodeKind::GradFn;
        n.recompute = fn.phase == trace::NodePhase::Recompute;
        n.segment = fn.checkpointSegment;
        n.module = fn.module;
        n.createdStep = fn.createdStep;
        if (auto it = producedLabels.find(fn.id); it != producedLabels.end())
            n.subtitle = it->second.size() == 1 ? it->second.front()
                         : it->second.size() <= 3
                             ? it->second.join(QStringLiteral(", "))
                             : it->second.mid(0, 3).join(QStringLiteral(", ")) + QStringLiteral(", \u2026");
        if (auto it = badges.find(fn.id); it != badges.end())
            n.badges = std::move(it->second);
        m.nodeIndexById.insert(fn.id, m.addNode(std::move(n)));
    }

    std::unordered_set<Id> accumulated;  // leaf tensors with an AccumulateGrad node
    for (const trace::FinalNode& fn : graph.nodes)
        if (fn.variable != 0)
            accumulated.insert(fn.variable);

    // Most tensors of a run are results drawn as their grad_fn node: only leaves and
    // the roots get an item.
    for (const trace::FinalTensor& t : graph.tensors) {
        LayoutNode n;
        if (t.isLeaf && t.requiresGrad && accumulated.count(t.id))
            n.kind = LayoutNodeKind::Parameter;
        else if (t.isLeaf && !t.requiresGrad && t.savedBySomeNode)
            n.kind = LayoutNodeKind::Input;
        else if (t.isBackwardRoot)
            n.kind = LayoutNodeKind::Root;
        else
            continue;
        n.key = QLatin1Char('t') + QString::number(t.id);
        n.id = t.id;
        n.createdStep = t.createdStep;
        n.title = t.label.empty() ? QStringLiteral("tensor") : label(t.label);
        n.subtitle = shapeText(t.shape);
        if (n.kind == LayoutNodeKind::Parameter)
            n.reserveText = QStringLiteral(".grad = tensor(00.0000)");
        m.tensorIndexById.insert(t.id, m.addNode(std::move(n)));
        if (m.nodes.back().kind == LayoutNodeKind::Root && t.gradFn != 0) {
            const int from = m.indexOfNode(t.gradFn);
            if (from >= 0)
                m.edges.push_back({from, static_cast<int>(m.nodes.size() - 1), LayoutEdgeKind::ToRoot, 0, {}});
        }
    }

    for (const trace::FinalNode& fn : graph.nodes) {
        const int consumer = m.indexOfNode(fn.id);
        // A hostile trace may repeat one input 96,000 times; kMaxDrawnInputs bounds the search.
        std::vector<std::pair<int, uint32_t>> drawn;
        for (const trace::EdgeRef& e : fn.nextEdges) {
            const int producer = m.indexOfNode(e.node);
            if (e.node == 0 || producer < 0 ||
                std::find(drawn.begin(), drawn.end(), std::make_pair(producer, e.inputNr)) != drawn.end())
                continue;
            drawn.emplace_back(producer, e.inputNr);
            m.edges.push_back({producer, consumer, LayoutEdgeKind::NextFunction, e.inputNr, {}});
            if (drawn.size() >= kMaxDrawnInputs)
                break;
        }
        if (fn.variable != 0) {
            const int leaf = m.indexOfTensor(fn.variable);
            if (leaf >= 0)
                m.edges.push_back({leaf, consumer, LayoutEdgeKind::LeafToAccumulate, 0, {}});
        }
    }
    for (const trace::FinalGraph::SavedLink& s : graph.savedLinks) {
        const int input = m.indexOfTensor(s.tensor);
        const int node = m.indexOfNode(s.node);
        if (input >= 0 && node >= 0 && m.nodes[input].kind == LayoutNodeKind::Input)
            m.edges.push_back({input, node, LayoutEdgeKind::SavedInput, 0, {}});
    }
    return drawnGraphWithModules(std::move(m), metrics);
}

void GraphLayoutModel::straightenEdges()
{
    for (LayoutEdge& e : edges) {
        const LayoutNode& a = nodes[e.from];
        const LayoutNode& b = nodes[e.to];
        QPainterPath path(QPointF(a.center.x(), a.center.y() + a.size.height() / 2));
        path.lineTo(b.center.x(), b.center.y() - b.size.height() / 2);
        e.path = path;
    }
}

namespace {
QString dotEscape(const QString& s)
{
    QString out = s;
    out.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    out.replace(QLatin1Char('"'), QLatin1String("\\\""));
    out.replace(QLatin1Char('\n'), QLatin1String("\\n"));
    return out;
}
}  // namespace

QString GraphLayoutModel::toDot() const
{
    QString dot;
    dot += QStringLiteral("digraph autograd {\n  rankdir=TB;\n  node [shape=box, style=\"rounded,filled\", fontname=\"DejaVu Sans\"];\n");
    for (const LayoutNode& n : nodes) {
        QString fill;
        switch (n.kind) {
        case LayoutNodeKind::GradFn: fill = QStringLiteral("#eceff3"); break;
        case LayoutNodeKind::AccumulateGrad: fill = QStringLiteral("#dcf5e3"); break;
        case LayoutNodeKind::Parameter: fill = QStringLiteral("#dbeafe"); break;
        case LayoutNodeKind::Input: fill = QStringLiteral("#ffffff"); break;
        case LayoutNodeKind::Root: fill = QStringLiteral("#fff0d1"); break;
        case LayoutNodeKind::Intermediate: fill = QStringLiteral("#f6f7f9"); break;
        case LayoutNodeKind::Group: fill = QStringLiteral("#e4e9f2"); break;
        }
        QString label = n.title;
        if (!n.subtitle.isEmpty())
            label += QLatin1Char('\n') + n.subtitle;
        for (const LayoutBadge& b : n.badges)
            label += QStringLiteral("\n%1: %2").arg(b.slot, b.tensorLabel);
        dot += QStringLiteral("  %1 [label=\"%2\", fillcolor=\"%3\"").arg(n.key, dotEscape(label), fill);
        if (laidOut)
            dot += QStringLiteral(", pos=\"%1,%2!\"").arg(n.center.x(), 0, 'f', 1).arg(bounds.bottom() - n.center.y(), 0, 'f', 1);
        dot += QStringLiteral("];\n");
    }
    for (const LayoutEdge& e : edges) {
        dot += QStringLiteral("  %1 -> %2").arg(nodes[e.from].key, nodes[e.to].key);
        if (e.kind == LayoutEdgeKind::SavedInput)
            dot += QStringLiteral(" [style=dashed]");
        dot += QStringLiteral(";\n");
    }
    dot += QStringLiteral("}\n");
    return dot;
}

QString GraphLayoutModel::signature() const
{
    QString sig;
    for (const LayoutNode& n : nodes)
        sig += n.key + QLatin1Char(':') + n.title + QLatin1Char(':') + n.subtitle + QLatin1Char(';');
    for (const LayoutEdge& e : edges)
        sig += QStringLiteral("%1>%2;").arg(e.from).arg(e.to);
    return sig;
}

}  // namespace agv::ui
