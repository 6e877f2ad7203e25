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

Q_SIGNALS:
    void zoomChanged(qreal zoom);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    bool m_autoFit = true;
};

}  // namespace agv::ui
