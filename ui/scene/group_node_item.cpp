#include "ui/scene/group_node_item.h"

#include <QFontMetricsF>
#include <QPainter>

#include "ui/graph/repeat_collapse.h"
#include "ui/theme.h"

namespace agv::ui {

GroupNodeItem::GroupNodeItem(const LayoutNode& node, int index) : GraphNodeItem(node, index)
{
    const LayoutGroup& g = group();
    if (isModule()) {
        setToolTip(tr("<b>%1</b>: one module call drawn as one box, %2 nodes and %3 other items inside")
                       .arg(m_node.title.toHtmlEscaped())
                       .arg(g.nodes.size())
                       .arg(g.memberCount - static_cast<int>(g.nodes.size())) +
                   tr("<br>Double-click to expand."));
        return;
    }
    QString tip = tr("<b>%1</b> repeated %2 times: %3 nodes").arg(g.motif.join(QStringLiteral(" \u2192 ")).toHtmlEscaped())
                      .arg(g.repeats)
                      .arg(g.nodes.size());
    if (g.privateInputs > 0)
        tip += tr(", with the %1 inputs that fed only one repetition each").arg(g.privateInputs);
    setToolTip(tip + tr("<br>Double-click to expand."));
}

void GroupNodeItem::setProgress(int created, int executed, bool failed)
{
    if (created == m_created && executed == m_executed && failed == m_failed)
        return;
    m_created = created;
    m_executed = executed;
    m_failed = failed;
    update();
}

QString GroupNodeItem::statusText() const { return groupStatusText(group(), m_created, m_executed); }

void GroupNodeItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    Q_EMIT expandRequested(key());
    GraphNodeItem::mouseDoubleClickEvent(event);
}

void GroupNodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);
    if (m_failed)
        paintGlow(painter, theme.stale, 1.0);
    else if (m_executing)
        paintGlow(painter, theme.executing, std::max<qreal>(m_glow, 0.5));

    QColor border = m_node.recompute ? theme.recomputeBorder : theme.functionBorder;
    if (m_failed)
        border = theme.stale;
    else if (m_executing)
        border = theme.executing.darker(115);
    if (isModule()) {
        // A module call: its frame, closed around one box (the frames of expanded calls
        // are dashed accent outlines), with a mark that says it opens.
        QColor frame = theme.accent;
        frame.setAlphaF(0.55);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(frame, 1, Qt::DashLine));
        painter->drawRoundedRect(boxRect().adjusted(-4, -4, 4, 4), 10, 10);
        QColor fill = theme.functionFill;
        QColor tint = theme.accent;
        fill = QColor::fromRgbF(fill.redF() * 0.92 + tint.redF() * 0.08, fill.greenF() * 0.92 + tint.greenF() * 0.08,
                                fill.blueF() * 0.92 + tint.blueF() * 0.08);
        paintFrame(painter, fill, m_failed || m_executing ? border : theme.accent.darker(theme.dark ? 80 : 110),
                   theme.stroke * (m_executing || m_failed ? 1.8 : 1.2), m_node.recompute);
        painter->setFont(theme.bodyFont());
        painter->setPen(theme.accent);
        painter->drawText(boxRect().adjusted(0, 3, -7, 0), Qt::AlignTop | Qt::AlignRight, QStringLiteral("\u229e"));
    } else {
        // Two cards behind the box: many nodes, not one. They stick out below, clear of the
        // arrowheads that end on the box's top.
        painter->setBrush(theme.functionFill);
        painter->setPen(QPen(border, theme.stroke * 0.8));
        for (qreal offset : {8.0, 4.0})
            painter->drawRoundedRect(boxRect().translated(offset, offset), 7, 7);
        paintFrame(painter, theme.functionFill, border, theme.stroke * (m_executing || m_failed ? 1.8 : 1.0), m_node.recompute);
    }

    const QFont titleFont = theme.titleFont();
    QFont countFont = theme.bodyFont();
    countFont.setBold(true);
    const QFont bodyFont = theme.bodyFont();
    const QFontMetricsF tm(titleFont);
    const QFontMetricsF bm(bodyFont);
    const QRectF box = boxRect();
    qreal y = box.top() + 8;
    painter->setFont(titleFont);
    painter->setPen(theme.text);
    painter->drawText(QRectF(box.left(), y, box.width(), tm.height()), Qt::AlignCenter, m_node.title);
    y += tm.height() + 1;
    painter->setFont(isModule() ? bodyFont : countFont);
    painter->setPen(isModule() ? theme.mutedText : theme.accent);
    painter->drawText(QRectF(box.left(), y, box.width(), bm.height()), Qt::AlignCenter, m_node.subtitle);
    y += bm.height() + 2;
    painter->setFont(bodyFont);
    painter->setPen(m_executed > 0 ? theme.gradient.darker(theme.dark ? 90 : 115) : theme.mutedText);
    painter->drawText(QRectF(box.left(), y, box.width(), bm.height()), Qt::AlignCenter, statusText());
}

}  // namespace agv::ui
