#include "ui/scene/host_lane_items.h"

#include <QPainter>
#include <QPen>
#include <QPropertyAnimation>

#include "ui/theme.h"

namespace agv::ui {

HostLaneItem::HostLaneItem(const QRectF& rect, const QString& title) : QGraphicsRectItem(rect), m_title(title)
{
    setZValue(0);
}

void HostLaneItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor fill = theme.inputBorder;
    fill.setAlphaF(0.08);
    QColor border = theme.inputBorder;
    border.setAlphaF(0.7);
    painter->setPen(QPen(border, 1.2));
    painter->setBrush(fill);
    painter->drawRoundedRect(rect(), 10, 10);
    QFont font = theme.bodyFont();
    font.setBold(true);
    painter->setFont(font);
    painter->setPen(theme.mutedText);
    painter->drawText(rect().adjusted(10, 6, -10, -6), Qt::AlignTop | Qt::AlignHCenter, m_title);
}

OffloadedTensorItem::OffloadedTensorItem(const LayoutBadge& badge, const QRectF& rect, QPointF from,
                                         QGraphicsItem* parent)
    : QGraphicsObject(parent), m_badge(badge), m_rect(rect), m_arrow(new QGraphicsPathItem())
{
    QPainterPath path(from);
    const QPointF to(rect.left(), rect.center().y());
    path.cubicTo(QPointF((from.x() + to.x()) / 2, from.y()), QPointF((from.x() + to.x()) / 2, to.y()), to);
    m_arrow->setPath(path);
    m_arrow->setZValue(1);
    m_arrow->setVisible(false);
    setZValue(3);
    setVisible(false);
}

QString OffloadedTensorItem::text() const
{
    const QString label = m_badge.tensorLabel.isEmpty() ? QStringLiteral("tensor") : m_badge.tensorLabel;
    switch (m_where) {
    case Where::OnHost: return tr("%1 (%2) on %3").arg(label, m_badge.slot, m_badge.packedDevice);
    case Where::BackOnDevice: return tr("%1 (%2) back on its device").arg(label, m_badge.slot);
    case Where::Released: return tr("%1 (%2) released").arg(label, m_badge.slot);
    case Where::NotYet: break;
    }
    return label;
}

void OffloadedTensorItem::setWhere(Where where, bool travelled, int animationMs)
{
    if (where != m_where) {
        m_where = where;
        setVisible(where != Where::NotYet);
        m_arrow->setVisible(where != Where::NotYet);
        setToolTip(where == Where::OnHost
                       ? tr("Packed by %1(): this saved tensor waits in host memory until backward needs it")
                             .arg(m_badge.hook)
                       : text());
        update();
    }
    if (travelled) {
        if (m_animation)
            m_animation->stop();
        if (animationMs > 0) {
            auto* anim = new QPropertyAnimation(this, "travel", this);
            anim->setDuration(std::max(animationMs * 2, 500));
            anim->setStartValue(1.0);
            anim->setEndValue(0.0);
            m_animation = anim;
            anim->start(QAbstractAnimation::DeleteWhenStopped);
        } else {
            setTravel(1.0);
        }
    } else if (!m_animation) {
        setTravel(0.0);
    }
    restyleArrow();
}

void OffloadedTensorItem::setTravel(qreal t)
{
    m_travel = t;
    restyleArrow();
    update();
}

void OffloadedTensorItem::restyleArrow()
{
    const Theme& theme = Theme::current();
    QColor color = m_travel > 0.01 ? theme.gradient : theme.inputBorder;
    if (m_where == Where::Released)
        color = theme.released;
    QPen pen(color, 1.2 + 2.0 * m_travel, Qt::DashLine);
    m_arrow->setPen(pen);
}

QRectF OffloadedTensorItem::boundingRect() const { return m_rect.adjusted(-4, -4, 4, 4); }

void OffloadedTensorItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor border = m_where == Where::OnHost ? theme.inputBorder.darker(130) : theme.released;
    if (m_travel > 0.01)
        border = theme.gradient;
    QColor fill = m_where == Where::OnHost ? theme.badgeFill : theme.sceneBackground;
    painter->setPen(QPen(border, 1 + m_travel));
    painter->setBrush(fill);
    painter->drawRoundedRect(m_rect, 6, 6);
    QFont font = theme.bodyFont();
    font.setStrikeOut(m_where == Where::Released);
    painter->setFont(font);
    painter->setPen(m_where == Where::OnHost ? theme.text : theme.mutedText);
    painter->drawText(m_rect.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft, text());
}

}  // namespace agv::ui
