#include "ui/scene/graph_overview_item.h"

#include <QFontMetricsF>
#include <QGraphicsSceneHoverEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

#include <map>

#include "ui/theme.h"

namespace agv::ui {

namespace {

QColor mix(const QColor& a, const QColor& b, qreal t)
{
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                            a.blueF() + (b.blueF() - a.blueF()) * t, a.alphaF() + (b.alphaF() - a.alphaF()) * t);
}

using NodeState = GraphOverviewItem::NodeState;

/// An SVG writes one element per line or rectangle drawn: a batch goes as one path
/// instead (one element, not 200,000). Raster devices draw batches of lines and
/// rectangles faster than one big path.
bool writesElements(const QPainter* painter) { return painter->paintEngine()->type() == QPaintEngine::SVG; }

void drawBatch(QPainter* painter, const QVector<QLineF>& lines)
{
    if (!writesElements(painter)) {
        painter->drawLines(lines);
        return;
    }
    QPainterPath path;
    for (const QLineF& line : lines) {
        path.moveTo(line.p1());
        path.lineTo(line.p2());
    }
    painter->drawPath(path);
}

void drawBatch(QPainter* painter, const QVector<QRectF>& boxes)
{
    if (!writesElements(painter)) {
        painter->drawRects(boxes);
        return;
    }
    QPainterPath path;
    for (const QRectF& box : boxes)
        path.addRect(box);
    painter->drawPath(path);
}

/// The colours the node items of smaller graphs use for the same kind and state.
std::pair<QColor, QColor> fillAndBorder(LayoutNodeKind kind, NodeState state, const Theme& theme)
{
    QColor fill = theme.functionFill, border = theme.functionBorder;
    switch (kind) {
    case LayoutNodeKind::GradFn:
    case LayoutNodeKind::Group: break;
    case LayoutNodeKind::AccumulateGrad: fill = theme.accumulateFill; border = theme.accumulateBorder; break;
    case LayoutNodeKind::Parameter: fill = theme.parameterFill; border = theme.parameterBorder; break;
    case LayoutNodeKind::Input: fill = theme.inputFill; border = theme.inputBorder; break;
    case LayoutNodeKind::Root: fill = theme.rootFill; border = theme.rootBorder; break;
    case LayoutNodeKind::Intermediate: fill = theme.inputFill; break;
    }
    switch (state) {
    case NodeState::Hidden:
    case NodeState::Shown: break;
    case NodeState::Executed: fill = mix(fill, theme.gradient, 0.3); border = mix(border, theme.gradient, 0.5); break;
    case NodeState::Executing: fill = theme.executing.lighter(130); border = theme.executing.darker(115); break;
    case NodeState::Failed: fill = mix(fill, theme.stale, 0.35); border = theme.stale; break;
    }
    return {fill, border};
}

}  // namespace

GraphOverviewItem::GraphOverviewItem(std::shared_ptr<const GraphLayoutModel> model)
    : m_model(std::move(model)), m_states(m_model->nodes.size(), NodeState::Hidden)
{
    m_boxes.reserve(m_model->nodes.size());
    for (const LayoutNode& n : m_model->nodes)
        m_boxes.emplace_back(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size);
    setFlag(ItemUsesExtendedStyleOption);
    setAcceptHoverEvents(true);
    setZValue(1);
}

void GraphOverviewItem::setNodeStates(std::vector<NodeState> states)
{
    if (states.size() != m_states.size() || states == m_states)
        return;
    m_states = std::move(states);
    QRectF shown;
    m_visible = 0;
    for (size_t i = 0; i < m_states.size(); ++i)
        if (m_states[i] != NodeState::Hidden) {
            shown |= m_boxes[i];
            ++m_visible;
        }
    if (shown != m_shownBounds) {
        prepareGeometryChange();
        m_shownBounds = shown;
    }
    update();
}

int GraphOverviewItem::nodeAt(const QPointF& scenePoint) const
{
    for (size_t i = 0; i < m_boxes.size(); ++i)
        if (m_states[i] != NodeState::Hidden && m_boxes[i].contains(scenePoint))
            return static_cast<int>(i);
    return -1;
}

void GraphOverviewItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QRectF exposed = option->exposedRect.isEmpty() ? m_shownBounds : option->exposedRect;
    const qreal scale = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);

    // Edges in batches: those a gradient has gone back along, and the others; those that
    // go up, to the next column of the folded layout (Note [Huge graphs]), fainter, as
    // they cross everything between. Below one scene unit per pixel a pen of one pixel
    // keeps them visible.
    QVector<QLineF> waiting, executed, nextColumn;
    for (const LayoutEdge& e : m_model->edges) {
        const NodeState from = m_states[static_cast<size_t>(e.from)], to = m_states[static_cast<size_t>(e.to)];
        if (from == NodeState::Hidden || to == NodeState::Hidden || e.path.elementCount() < 2)
            continue;
        const QLineF line(e.path.elementAt(0), e.path.elementAt(e.path.elementCount() - 1));
        if (!exposed.intersects(QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1)))
            continue;
        (line.dy() < 0 ? nextColumn : to == NodeState::Executed ? executed : waiting).push_back(line);
    }
    const qreal penWidth = scale < 1 ? 0 : theme.stroke;
    QColor faint = theme.edge;
    faint.setAlphaF(0.3);
    painter->setPen(QPen(faint, penWidth));
    drawBatch(painter, nextColumn);
    painter->setPen(QPen(theme.edge, penWidth));
    drawBatch(painter, waiting);
    painter->setPen(QPen(mix(theme.edge, theme.gradient, 0.35), penWidth));
    drawBatch(painter, executed);

    paintBoxes(painter, exposed, scale);
    // An SVG is drawn at scale 1 whatever its size: it stays an overview, or 100,000
    // titles make a file of 100 MB that no viewer opens comfortably.
    if (!writesElements(painter) && QFontMetricsF(theme.titleFont()).height() * scale >= 7)
        paintTitles(painter, exposed);
}

void GraphOverviewItem::paintBoxes(QPainter* painter, const QRectF& exposed, qreal scale) const
{
    const Theme& theme = Theme::current();
    // One batch of rectangles per kind and state: a hundred thousand boxes in a few calls.
    std::map<std::pair<LayoutNodeKind, NodeState>, QVector<QRectF>> batches;
    for (size_t i = 0; i < m_boxes.size(); ++i)
        if (m_states[i] != NodeState::Hidden && exposed.intersects(m_boxes[i]))
            batches[{m_model->nodes[i].kind, m_states[i]}].push_back(m_boxes[i]);
    const bool rounded = scale >= 0.5 && !writesElements(painter);
    for (const auto& [key, boxes] : batches) {
        const auto [fill, border] = fillAndBorder(key.first, key.second, theme);
        painter->setBrush(fill);
        // A box a few pixels high is all border: fill alone reads better.
        painter->setPen(boxes.front().height() * scale < 4 ? QPen(Qt::NoPen) : QPen(border, scale < 1 ? 0 : theme.stroke));
        if (!rounded) {
            drawBatch(painter, boxes);
            continue;
        }
        for (const QRectF& box : boxes)
            painter->drawRoundedRect(box, 7, 7);
    }
}

void GraphOverviewItem::paintTitles(QPainter* painter, const QRectF& exposed) const
{
    const Theme& theme = Theme::current();
    const QFont titleFont = theme.titleFont();
    const QFont bodyFont = theme.bodyFont();
    const QFontMetricsF tm(titleFont);
    const QFontMetricsF bm(bodyFont);
    for (size_t i = 0; i < m_boxes.size(); ++i) {
        if (m_states[i] == NodeState::Hidden || !exposed.intersects(m_boxes[i]))
            continue;
        const LayoutNode& n = m_model->nodes[i];
        const QRectF& box = m_boxes[i];
        painter->setFont(titleFont);
        painter->setPen(theme.text);
        painter->drawText(QRectF(box.left(), box.top() + 8, box.width(), tm.height()), Qt::AlignCenter, n.title);
        if (n.subtitle.isEmpty())
            continue;
        painter->setFont(bodyFont);
        painter->setPen(theme.mutedText);
        painter->drawText(QRectF(box.left(), box.top() + 9 + tm.height(), box.width(), bm.height()), Qt::AlignCenter,
                          n.kind == LayoutNodeKind::GradFn && !n.subtitleIsName ? QStringLiteral("\u2192 ") + n.subtitle
                                                                                 : n.subtitle);
    }
}

void GraphOverviewItem::hoverMoveEvent(QGraphicsSceneHoverEvent* event)
{
    const int hovered = nodeAt(event->scenePos());
    if (hovered != m_hovered) {
        m_hovered = hovered;
        const LayoutNode* n = hovered >= 0 ? &m_model->nodes[static_cast<size_t>(hovered)] : nullptr;
        setToolTip(n ? QStringLiteral("<b>%1</b><br>%2").arg(n->title.toHtmlEscaped(), n->subtitle.toHtmlEscaped()) : QString());
    }
    QGraphicsItem::hoverMoveEvent(event);
}

}  // namespace agv::ui
