#pragma once
// The graph's viewport: wheel zoom around the cursor, drag to pan, fit to view.

#include <QGraphicsView>

namespace agv::ui {

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(QWidget* parent = nullptr);

    qreal zoom() const { return transform().m11(); }
    void setZoom(qreal zoom);
    /// Fits the whole graph; further resizes keep fitting until the user zooms.
    void fitToView();
    void zoomBy(qreal factor);
    /// Overlay drawn on top of the graph in screen space: a phase pill ("forward",
    /// "backward", "error"), a hint line, and the colour legend.
    void setOverlay(const QString& phase, const QColor& phaseColor, const QString& hint);
    void setLegendVisible(bool visible);

Q_SIGNALS:
    void zoomChanged(qreal zoom);

protected:
    void wheelEvent(QWheelEvent* event) override;
    /// Pinch: touchpad gestures arrive as native gestures, touchscreens as QPinchGesture.
    bool viewportEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    bool m_autoFit = true;
    bool m_legend = true;
    QString m_phase;
    QColor m_phaseColor;
    QString m_hint;
};

}  // namespace agv::ui
