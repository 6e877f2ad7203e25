#include "ui/scene/graph_view.h"

#include <QGestureEvent>
#include <QGraphicsItem>
#include <QScrollBar>
#include <QNativeGestureEvent>
#include <QMouseEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "ui/theme.h"

namespace agv::ui {

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setFrameShape(QFrame::NoFrame);
    // Panning is by dragging; scrollbars would only eat space on a projector.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setFocusPolicy(Qt::StrongFocus);
    viewport()->grabGesture(Qt::PinchGesture);
}

void GraphView::setZoom(qreal zoom)
{
    zoom = std::clamp<qreal>(zoom, 0.05, 6.0);
    QTransform t;
    t.scale(zoom, zoom);
    setTransform(t);
    updateScrollableArea();
    Q_EMIT zoomChanged(zoom);
}

void GraphView::updateScrollableArea()
{
    QGraphicsScene* graph = scene();
    if (!graph)
        return;
    if (m_trackedScene != graph) {
        if (m_trackedScene)
            disconnect(m_trackedScene, &QGraphicsScene::sceneRectChanged, this, nullptr);
        m_trackedScene = graph;
        connect(graph, &QGraphicsScene::sceneRectChanged, this, [this] { updateScrollableArea(); });
    }
    // The view cannot scroll past its scene rect, so a node at the graph's edge would stop
    // under the phase pill or the legend band however the view is centred: let it scroll
    // far enough for the edge to reach the clear area (in scene units at this zoom).
    const QRectF clear = clearArea();
    const qreal scale = std::max(zoom(), 0.05);
    const qreal above = clear.top() / scale;
    const qreal below = (viewport()->height() - clear.bottom()) / scale;
    setSceneRect(graph->sceneRect().adjusted(0, -above, 0, below));
}

void GraphView::zoomBy(qreal factor)
{
    m_autoFit = false;
    setZoom(zoom() * factor);
}

QRectF GraphView::graphRect() const
{
    if (!scene())
        return {};
    QRectF r = scene()->itemsBoundingRect();
    if (r.isEmpty())
        r = sceneRect();
    return r.isEmpty() ? r : r.adjusted(-30, -30, 30, 30);
}

std::vector<GraphView::LegendEntry> GraphView::legendLayout() const
{
    const Theme& theme = Theme::current();
    std::vector<LegendEntry> entries = {
        {tr("parameter"), theme.parameterFill, theme.parameterBorder, false, {}, {}},
        {tr("input"), theme.inputFill, theme.inputBorder, true, {}, {}},
    };
    if (m_forwardLegend) {
        entries.push_back({tr("op (and the grad_fn it records)"), theme.functionFill, theme.functionBorder, false, {}, {}});
        entries.push_back({tr("tensor"), theme.inputFill, theme.functionBorder, false, {}, {}});
    } else {
        entries.push_back({tr("grad_fn"), theme.functionFill, theme.functionBorder, false, {}, {}});
        entries.push_back({tr("AccumulateGrad"), theme.accumulateFill, theme.accumulateBorder, false, {}, {}});
    }
    entries.push_back({tr("loss"), theme.rootFill, theme.rootBorder, false, {}, {}});
    entries.push_back({tr("stale saved tensor"), theme.badgeFill, theme.stale, false, {}, {}});
    // Left to right, wrapping into more rows when the view is narrow (presenter mode),
    // then the rows are moved down to sit on the bottom edge.
    const QFontMetricsF bm(theme.bodyFont());
    const qreal pad = 12 * theme.fontScale;
    const qreal rowHeight = bm.height() + 8;
    const qreal right = viewport()->width() - pad;
    qreal x = pad;
    int row = 0;
    for (LegendEntry& e : entries) {
        const qreal width = 16 * theme.fontScale + 5 + bm.horizontalAdvance(e.label) + 2;
        if (x > pad && x + width > right) {
            x = pad;
            ++row;
        }
        e.swatch = QRectF(x, row * rowHeight + 2, 16 * theme.fontScale, bm.height() - 4);
        e.labelRect = QRectF(e.swatch.right() + 5, row * rowHeight, bm.horizontalAdvance(e.label) + 2, bm.height());
        x = e.labelRect.right() + 14;
    }
    const qreal top = viewport()->height() - pad - bm.height() - row * rowHeight;
    for (LegendEntry& e : entries) {
        e.swatch.translate(0, top);
        e.labelRect.translate(0, top);
    }
    return entries;
}

QRectF GraphView::clearArea() const
{
    // The phase pill sits in the top-left corner and the legend band along the bottom:
    // the graph is fitted between them so that neither hides a node.
    const Theme& theme = Theme::current();
    QFont bold = theme.bodyFont();
    bold.setBold(true);
    const qreal pad = 12 * theme.fontScale;
    const qreal top = pad + QFontMetricsF(bold).height() + 10 + 4;
    qreal bottom = 0;
    if (m_legend) {
        const std::vector<LegendEntry> legend = legendLayout();
        bottom = viewport()->height() - legend.front().labelRect.top() + 4 + 4;
    }
    return QRectF(viewport()->rect()).adjusted(0, top, 0, -bottom);
}

qreal GraphView::fittingZoom(const QRectF& graph) const
{
    const QRectF port = clearArea();
    if (graph.isEmpty() || port.isEmpty())
        return 1.0;
    return std::min(port.width() / graph.width(), port.height() / graph.height());
}

void GraphView::centerInClearArea(const QPointF& scenePoint)
{
    // centerOn() puts the point in the middle of the viewport; shift it to the middle of
    // the clear area (in scene units at the current zoom).
    const QPointF offset = QRectF(viewport()->rect()).center() - clearArea().center();
    centerOn(scenePoint + offset / zoom());
}

void GraphView::followFocus(const QPointF& focusCentre)
{
    // Centred on the focus, a graph a little taller than the view would show empty space
    // past one edge and cut the other (the loss box under the legend strip): keep the view
    // inside the graph along each axis where the graph is the bigger, and centre the graph
    // along an axis where it fits.
    if (!scene())
        return;
    const QRectF graph = scene()->itemsBoundingRect().adjusted(-12, -12, 12, 12);
    const QRectF clear = clearArea();
    const qreal halfWidth = clear.width() / 2 / zoom(), halfHeight = clear.height() / 2 / zoom();
    const auto keepInside = [](qreal focus, qreal low, qreal high, qreal half) {
        return high - low <= 2 * half ? (low + high) / 2 : std::clamp(focus, low + half, high - half);
    };
    centerInClearArea(QPointF(keepInside(focusCentre.x(), graph.left(), graph.right(), halfWidth),
                              keepInside(focusCentre.y(), graph.top(), graph.bottom(), halfHeight)));
}

void GraphView::fitToView()
{
    m_autoFit = true;
    const QRectF r = graphRect();
    if (r.isEmpty())
        return;
    const qreal fit = fittingZoom(r);
    if (m_follow && fit < m_readableZoom) {
        setZoom(m_readableZoom);
        followFocus(m_focus.isEmpty() ? r.center() : m_focus.center());
        return;
    }
    // Small graphs should not be blown up to poster size.
    setZoom(std::min<qreal>(fit, 1.6));
    centerInClearArea(r.center());
}

void GraphView::reveal(const QRectF& sceneRect)
{
    m_autoFit = false;
    const qreal fit = fittingZoom(sceneRect.adjusted(-40, -40, 40, 40));
    setZoom(std::clamp(std::max(zoom(), m_readableZoom), 0.05, std::max(fit, 0.05)));
    centerInClearArea(sceneRect.center());
}

void GraphView::showWholeGraph()
{
    m_follow = false;
    fitToView();
}

void GraphView::setFollowing(bool follow)
{
    m_follow = follow;
    fitToView();
}

void GraphView::setReadableZoom(qreal zoom)
{
    m_readableZoom = zoom;
    if (m_autoFit)
        fitToView();
}

void GraphView::setFocusRect(const QRectF& focus)
{
    m_focus = focus;
    if (!m_autoFit || !m_follow || focus.isEmpty() || zoom() > m_readableZoom + 1e-9)
        return;  // the user took over, or the whole graph is on screen anyway
    const QRectF visible = mapToScene(clearArea().toAlignedRect()).boundingRect();
    // Recentre only when the focus leaves the middle of the view: no jitter while stepping nearby.
    const QRectF comfortable = visible.adjusted(visible.width() * 0.15, visible.height() * 0.15,
                                                -visible.width() * 0.15, -visible.height() * 0.15);
    if (!comfortable.contains(focus))
        followFocus(focus.center());
}

void GraphView::wheelEvent(QWheelEvent* event)
{
    const qreal steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.15, steps));
    event->accept();
}

bool GraphView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::NativeGesture) {
        auto* gesture = static_cast<QNativeGestureEvent*>(event);
        if (gesture->gestureType() == Qt::ZoomNativeGesture) {
            zoomBy(1.0 + gesture->value());
            return true;
        }
    }
    if (event->type() == QEvent::Gesture) {
        auto* gestures = static_cast<QGestureEvent*>(event);
        if (auto* pinch = static_cast<QPinchGesture*>(gestures->gesture(Qt::PinchGesture))) {
            if (pinch->changeFlags() & QPinchGesture::ScaleFactorChanged)
                zoomBy(pinch->scaleFactor());
            gestures->accept(pinch);
            return true;
        }
    }
    return QGraphicsView::viewportEvent(event);
}

void GraphView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    updateScrollableArea();
    if (m_autoFit)
        fitToView();
}

void GraphView::setOverlay(const QString& phase, const QColor& phaseColor, const QString& hint)
{
    if (phase == m_phase && phaseColor == m_phaseColor && hint == m_hint)
        return;
    m_phase = phase;
    m_phaseColor = phaseColor;
    m_hint = hint;
    viewport()->update();
}

void GraphView::setLegendVisible(bool visible)
{
    m_legend = visible;
    updateScrollableArea();
    viewport()->update();
}

void GraphView::drawForeground(QPainter* painter, const QRectF&)
{
    const Theme& theme = Theme::current();
    painter->save();
    painter->resetTransform();  // screen space: the overlay does not zoom with the graph
    painter->setRenderHint(QPainter::Antialiasing);
    const QFont body = theme.bodyFont();
    QFont bold = body;
    bold.setBold(true);
    const QFontMetricsF fm(bold);
    const qreal pad = 12 * theme.fontScale;

    if (!m_phase.isEmpty()) {
        const QRectF pill(pad, pad, fm.horizontalAdvance(m_phase) + 24, fm.height() + 10);
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_phaseColor);
        painter->drawRoundedRect(pill, pill.height() / 2, pill.height() / 2);
        painter->setFont(bold);
        painter->setPen(Qt::white);
        painter->drawText(pill, Qt::AlignCenter, m_phase);
    }
    if (!m_hint.isEmpty()) {
        painter->setFont(body);
        painter->setPen(theme.mutedText);
        painter->drawText(QRectF(0, 0, viewport()->width(), viewport()->height()), Qt::AlignCenter, m_hint);
    }
    if (m_legend && scene() && !scene()->items().isEmpty()) {
        const std::vector<LegendEntry> entries = legendLayout();
        painter->setFont(body);
        // The legend owns the strip below the clear area, edge to edge: a graph taller than
        // the view (presenter mode at the readable zoom) ends at the strip's hairline instead
        // of showing its last boxes through and beside the legend.
        const qreal stripTop = clearArea().bottom();
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme.sceneBackground);
        painter->drawRect(QRectF(0, stripTop, viewport()->width(), viewport()->height() - stripTop));
        painter->setPen(QPen(theme.gridDot, 1));
        painter->drawLine(QPointF(0, stripTop + 0.5), QPointF(viewport()->width(), stripTop + 0.5));
        for (const LegendEntry& e : entries) {
            QPen pen(e.border, 1.4);
            if (e.dashed)
                pen.setStyle(Qt::DashLine);
            painter->setPen(pen);
            painter->setBrush(e.fill);
            painter->drawRoundedRect(e.swatch, 3, 3);
            painter->setPen(theme.mutedText);
            painter->drawText(e.labelRect, Qt::AlignVCenter, e.label);
        }
    }
    painter->restore();
}

void GraphView::mousePressEvent(QMouseEvent* event)
{
    // Clicking an item selects it; dragging the background pans.
    if (itemAt(event->position().toPoint()))
        setDragMode(QGraphicsView::NoDrag);
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseReleaseEvent(QMouseEvent* event)
{
    QGraphicsView::mouseReleaseEvent(event);
    setDragMode(QGraphicsView::ScrollHandDrag);
}

}  // namespace agv::ui
