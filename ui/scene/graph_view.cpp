#include "ui/scene/graph_view.h"

#include <QGraphicsItem>
#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>

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
}

void GraphView::setZoom(qreal zoom)
{
    zoom = std::clamp<qreal>(zoom, 0.05, 6.0);
    QTransform t;
    t.scale(zoom, zoom);
    setTransform(t);
    Q_EMIT zoomChanged(zoom);
}

void GraphView::zoomBy(qreal factor)
{
    m_autoFit = false;
    setZoom(zoom() * factor);
}

void GraphView::fitToView()
{
    m_autoFit = true;
    if (!scene())
        return;
    QRectF r = scene()->itemsBoundingRect();
    if (r.isEmpty())
        r = sceneRect();
    if (r.isEmpty())
        return;
    r.adjust(-30, -30, 30, 30);
    fitInView(r, Qt::KeepAspectRatio);
    // Small graphs should not be blown up to poster size.
    if (zoom() > 1.6)
        setZoom(1.6);
    centerOn(r.center());
    Q_EMIT zoomChanged(zoom());
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

void GraphView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        fitToView();
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
