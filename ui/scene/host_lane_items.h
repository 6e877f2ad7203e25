#pragma once
// The host-memory lane beside the graph: saved tensors a saved-tensor hook moved off
// their device (save_on_cpu, or any pack hook that returns a tensor on another device)
// wait there between forward and backward. Each sits level with the node that saved
// it; a dashed arrow joins them and lights up when the tensor travels (packed: out to
// the lane; unpacked: back to its node just before the node runs).

#include <QGraphicsObject>
#include <QGraphicsPathItem>
#include <QPointer>

#include "ui/graph/graph_layout_model.h"
#include "ui/scene/graph_items.h"

class QPropertyAnimation;

namespace agv::ui {

/// The lane's frame and heading ("host memory (cpu)").
class HostLaneItem : public QGraphicsRectItem {
public:
    enum { Type = HostLaneType };
    HostLaneItem(const QRectF& rect, const QString& title);
    int type() const override { return Type; }
    const QString& title() const { return m_title; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QString m_title;
};

/// One offloaded saved tensor in the lane, with the arrow to the node that saved it.
class OffloadedTensorItem : public QGraphicsObject {
    Q_OBJECT
    Q_PROPERTY(qreal travel READ travel WRITE setTravel)
public:
    enum { Type = OffloadedTensorType };
    enum class Where { NotYet, OnHost, BackOnDevice, Released };

    /// `from`: the badge's right edge (scene), `rect`: the chip in the lane.
    OffloadedTensorItem(const LayoutBadge& badge, const QRectF& rect, QPointF from, QGraphicsItem* parent = nullptr);
    int type() const override { return Type; }

    Id savedId() const { return m_badge.saved; }
    Where where() const { return m_where; }
    QString text() const;
    QGraphicsPathItem* arrow() const { return m_arrow; }

    /// Restyles for the step; `travelled` lights the arrow (the tensor just moved).
    void setWhere(Where where, bool travelled, int animationMs);

    qreal travel() const { return m_travel; }
    void setTravel(qreal t);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void restyleArrow();

    LayoutBadge m_badge;
    QRectF m_rect;
    QGraphicsPathItem* m_arrow;  ///< owned by the scene (added beside this item)
    Where m_where = Where::NotYet;
    qreal m_travel = 0;  ///< 1 just after a move, fading to 0
    QPointer<QPropertyAnimation> m_animation;
};

}  // namespace agv::ui
