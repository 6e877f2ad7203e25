#pragma once
// The graph's viewport: wheel zoom around the cursor, drag to pan, fit to view, and
// "follow the current step": when the whole graph fitted into the view would be too
// small to read (big models, a projector), the view stays at a readable zoom and
// keeps what the current step is about in sight.

#include <QGraphicsView>
#include <QPointer>

#include <vector>

namespace agv::ui {

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(QWidget* parent = nullptr);

    qreal zoom() const { return transform().m11(); }
    void setZoom(qreal zoom);
    /// Fits the whole graph; further resizes keep fitting until the user zooms. While
    /// following, a graph too big to read at its fitting zoom is shown at the readable
    /// zoom instead, centred on the focus.
    void fitToView();
    /// Shows the whole graph however small, and stops following.
    void showWholeGraph();
    /// Brings `sceneRect` to the middle of the view at a readable zoom (the find bar).
    void reveal(const QRectF& sceneRect);
    void setFollowing(bool follow);
    bool isFollowing() const { return m_follow; }
    /// The zoom below which node labels cannot be read (a theme-dependent scale).
    void setReadableZoom(qreal zoom);
    qreal readableZoom() const { return m_readableZoom; }
    /// The scene rectangle the current step is about (a node being created or run).
    void setFocusRect(const QRectF& focus);
    void zoomBy(qreal factor);
    /// Overlay drawn on top of the graph in screen space: a phase pill ("forward",
    /// "backward", "error"), a hint line, and the colour legend.
    void setOverlay(const QString& phase, const QColor& phaseColor, const QString& hint);
    void setLegendVisible(bool visible);
    /// The forward graph's legend: ops and tensors instead of grad_fn and AccumulateGrad.
    void setForwardLegend(bool forward) { m_forwardLegend = forward; }
    /// The part of the viewport (pixels) not covered by the phase pill and the legend.
    QRectF clearArea() const;

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
    /// The zoom at which the whole graph fits the viewport.
    struct LegendEntry {
        QString label;
        QColor fill, border;
        bool dashed;
        QRectF swatch, labelRect;  ///< viewport pixels
    };
    std::vector<LegendEntry> legendLayout() const;
    qreal fittingZoom(const QRectF& graph) const;
    void centerInClearArea(const QPointF& scenePoint);
    /// Follows the current step at the readable zoom without scrolling past the graph.
    void followFocus(const QPointF& focusCentre);
    QRectF graphRect() const;
    /// Widens the scrollable area by the overlay bands, so that any node can be brought
    /// into the clear area; follows the scene's growth while a run builds the graph.
    void updateScrollableArea();

    bool m_autoFit = true;
    bool m_follow = true;
    qreal m_readableZoom = 0.7;
    QRectF m_focus;
    bool m_legend = true;
    bool m_forwardLegend = false;
    QString m_phase;
    QColor m_phaseColor;
    QString m_hint;
    QPointer<QGraphicsScene> m_trackedScene;
};

}  // namespace agv::ui
