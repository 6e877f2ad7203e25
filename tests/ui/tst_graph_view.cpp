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

    // A tall graph followed at the readable zoom (presenter mode): the step's node at the
    // very bottom (the loss) must land in the clear area, not under the legend band,
    // although the view cannot scroll past the graph's edge.
    void followedEdgeNodeStaysClearOfTheOverlays()
    {
        QGraphicsScene tall;
        tall.addRect(0, 0, 300, 80);
        const QRectF loss(0, 2920, 300, 80);
        tall.addRect(loss);
        tall.setSceneRect(tall.itemsBoundingRect().adjusted(-60, -60, 60, 60));
        GraphView view;
        view.setScene(&tall);
        view.resize(640, 480);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setReadableZoom(1.0);
        for (const QRectF& focus : {loss, QRectF(0, 0, 300, 80)}) {
            view.setFocusRect(focus);
            view.fitToView();
            QCOMPARE(view.zoom(), 1.0);
            const QRectF onScreen = view.mapFromScene(focus).boundingRect();
            QVERIFY2(view.clearArea().contains(onScreen),
                     qPrintable(QStringLiteral("node at y %1..%2, clear area %3..%4")
                                    .arg(onScreen.top()).arg(onScreen.bottom())
                                    .arg(view.clearArea().top()).arg(view.clearArea().bottom())));
        }
        // The graph growing during a run widens what can be scrolled to as well.
        const QRectF later(0, 3920, 300, 80);
        tall.addRect(later);
        tall.setSceneRect(tall.itemsBoundingRect().adjusted(-60, -60, 60, 60));
        view.setFocusRect(later);
        view.fitToView();
        QVERIFY(view.clearArea().contains(view.mapFromScene(later).boundingRect()));

        // Following the first node, the view starts at the graph's top edge rather than
        // centring the node with empty space above it: as much graph as fits is shown.
        const QRectF first(0, 0, 300, 80);
        view.setFocusRect(first);
        view.fitToView();
        const QRectF firstOnScreen = view.mapFromScene(first).boundingRect();
        QVERIFY2(qAbs(firstOnScreen.top() - (view.clearArea().top() + 12)) < 1.5,
                 qPrintable(QStringLiteral("first node at y %1, clear area from %2")
                                .arg(firstOnScreen.top()).arg(view.clearArea().top())));
    }
};

QTEST_MAIN(TestGraphView)
#include "tst_graph_view.moc"
