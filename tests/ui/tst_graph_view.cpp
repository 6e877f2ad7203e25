// Zooming the graph: wheel, touchpad pinch (native gesture) and fit-to-view.

#include <QtTest>

#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QNativeGestureEvent>
#include <QPointingDevice>

#include "ui/scene/graph_view.h"

using agv::ui::GraphView;

class TestGraphView : public QObject {
    Q_OBJECT

private:
    QGraphicsScene m_scene;

private Q_SLOTS:
    void initTestCase() { m_scene.addRect(0, 0, 400, 300); }

    void wheelZoomsIn()
    {
        GraphView view;
        view.setScene(&m_scene);
        view.resize(800, 600);
        view.setZoom(1.0);
        QSignalSpy spy(&view, &GraphView::zoomChanged);
        const QPointF centre(400, 300);
        QWheelEvent wheel(centre, view.mapToGlobal(centre.toPoint()), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view.viewport(), &wheel);
        QCOMPARE(spy.count(), 1);
        QVERIFY(qAbs(view.zoom() - 1.15) < 1e-9);
    }

    void pinchZooms()
    {
        GraphView view;
        view.setScene(&m_scene);
        view.resize(800, 600);
        view.setZoom(1.0);
        const QPointF centre(400, 300);
        QNativeGestureEvent pinch(Qt::ZoomNativeGesture, QPointingDevice::primaryPointingDevice(), 2, centre,
                                  centre, view.mapToGlobal(centre.toPoint()), 0.5, QPointF());
        QApplication::sendEvent(view.viewport(), &pinch);
        QVERIFY(qAbs(view.zoom() - 1.5) < 1e-9);
    }

    void fitShowsTheWholeGraphAndZoomIsClamped()
    {
        GraphView view;
        view.setScene(&m_scene);
        view.resize(800, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setZoom(100);
        QCOMPARE(view.zoom(), 6.0);
        view.fitToView();
        const QRectF visible = view.mapToScene(view.viewport()->rect()).boundingRect();
        QVERIFY(visible.contains(m_scene.itemsBoundingRect()));
    }
};

QTEST_MAIN(TestGraphView)
#include "tst_graph_view.moc"
