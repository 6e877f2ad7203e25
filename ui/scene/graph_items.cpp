#include "ui/scene/graph_items.h"

#include <QCoreApplication>

#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsSceneHoverEvent>
#include <QPainter>
#include <QPropertyAnimation>
#include <QRegularExpression>
#include <QStyleOptionGraphicsItem>

#include <cmath>

#include "ui/theme.h"

namespace agv::ui {

namespace {
constexpr qreal kGlowMargin = 16;
constexpr qreal kCorner = 7;

QColor mix(const QColor& a, const QColor& b, qreal t)
{
    t = std::clamp<qreal>(t, 0, 1);
    return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                            a.blueF() + (b.blueF() - a.blueF()) * t, a.alphaF() + (b.alphaF() - a.alphaF()) * t);
}
}  // namespace

// ---------------------------------------------------------------------------------

GraphNodeItem::GraphNodeItem(const LayoutNode& node, int index, QGraphicsItem* parent)
    : QGraphicsObject(parent), m_node(node), m_index(index)
{
    m_box = QRectF(-node.size.width() / 2, -node.size.height() / 2, node.size.width(), node.size.height());
    setPos(node.center);
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setCursor(Qt::PointingHandCursor);
    setZValue(2);
}

QRectF GraphNodeItem::boundingRect() const { return m_box.adjusted(-kGlowMargin, -kGlowMargin, kGlowMargin, kGlowMargin); }

QPainterPath GraphNodeItem::shape() const
{
    QPainterPath p;
    p.addRoundedRect(m_box, kCorner, kCorner);
    return p;
}

void GraphNodeItem::setGlow(qreal g)
{
    m_glow = g;
    update();
}

void GraphNodeItem::setFlash(qreal f)
{
    m_flash = f;
    update();
}

void GraphNodeItem::startFlash(int durationMs)
{
    if (m_flashAnimation)
        m_flashAnimation->stop();
    auto* anim = new QPropertyAnimation(this, "flash", this);
    anim->setDuration(durationMs);
    anim->setKeyValueAt(0, 0.0);
    anim->setKeyValueAt(0.25, 1.0);
    anim->setKeyValueAt(1, 0.0);
    m_flashAnimation = anim;
    anim->start(QAbstractAnimation::DeleteWhenStopped);
}

void GraphNodeItem::setExecuting(bool executing)
{
    if (executing == m_executing)
        return;
    m_executing = executing;
    if (m_glowAnimation)
        m_glowAnimation->stop();
    if (executing) {
        // A slow breathing glow: visible on a projector, calm enough to read through.
        auto* anim = new QPropertyAnimation(this, "glow", this);
        anim->setDuration(1400);
        anim->setKeyValueAt(0, 0.55);
        anim->setKeyValueAt(0.5, 1.0);
        anim->setKeyValueAt(1, 0.55);
        anim->setLoopCount(-1);
        m_glowAnimation = anim;
        anim->start(QAbstractAnimation::DeleteWhenStopped);
    } else {
        m_glow = 0;
    }
    update();
}

void GraphNodeItem::hoverEnterEvent(QGraphicsSceneHoverEvent* event)
{
    m_hovered = true;
    update();
    QGraphicsObject::hoverEnterEvent(event);
}

void GraphNodeItem::hoverLeaveEvent(QGraphicsSceneHoverEvent* event)
{
    m_hovered = false;
    update();
    QGraphicsObject::hoverLeaveEvent(event);
}

void GraphNodeItem::paintGlow(QPainter* painter, const QColor& color, qreal strength)
{
    if (strength <= 0)
        return;
    painter->setPen(Qt::NoPen);
    for (int i = 4; i >= 1; --i) {
        QColor c = color;
        c.setAlphaF(0.11 * strength * (5 - i));
        painter->setBrush(c);
        const qreal grow = i * 3.2;
        painter->drawRoundedRect(m_box.adjusted(-grow, -grow, grow, grow), kCorner + grow, kCorner + grow);
    }
}

void GraphNodeItem::paintFrame(QPainter* painter, const QColor& fill, const QColor& border, qreal borderWidth, bool dashed)
{
    const Theme& theme = Theme::current();
    // Soft drop shadow gives the boxes some depth on the flat background.
    QColor shadow = theme.dark ? QColor(0, 0, 0, 90) : QColor(20, 30, 50, 28);
    painter->setPen(Qt::NoPen);
    painter->setBrush(shadow);
    painter->drawRoundedRect(m_box.translated(0, 2), kCorner, kCorner);

    QColor f = fill;
    if (m_flash > 0)
        f = mix(fill, theme.executing.lighter(130), m_flash * 0.8);
    painter->setBrush(f);
    QPen pen(isSelected() ? theme.accent : border, (isSelected() ? 2.2 : 1.0) * borderWidth);
    if (dashed)
        pen.setStyle(Qt::DashLine);
    if (m_hovered && !isSelected())
        pen.setColor(border.darker(theme.dark ? 70 : 130));
    painter->setPen(pen);
    painter->drawRoundedRect(m_box, kCorner, kCorner);
}

// ---------------------------------------------------------------------------------

void FunctionNodeItem::setExecuted(bool executed, int order)
{
    if (executed == m_executed && order == m_order)
        return;
    m_executed = executed;
    m_order = order;
    update();
}

void FunctionNodeItem::setFailed(bool failed)
{
    if (failed == m_failed)
        return;
    m_failed = failed;
    update();
}

void FunctionNodeItem::setVersionText(const QString& text)
{
    if (text == m_versionText)
        return;
    m_versionText = text;
    update();
}

void FunctionNodeItem::setSacTag(const QString& tag, bool kept)
{
    if (tag == m_sacTag && kept == m_sacKept)
        return;
    m_sacTag = tag;
    m_sacKept = kept;
    update();
}

void FunctionNodeItem::paintSacTag(QPainter* painter)
{
    if (m_sacTag.isEmpty())
        return;
    const Theme& theme = Theme::current();
    QFont font = theme.bodyFont();
    font.setPointSizeF(font.pointSizeF() * 0.75);
    font.setBold(true);
    const QFontMetricsF fm(font);
    const QSizeF size(fm.horizontalAdvance(m_sacTag) + 12, fm.height() + 2);
    // Bottom right, clear of the hook pill (top left) and the order badge (top right).
    const QRectF pill(m_box.right() + 4 - size.width(), m_box.bottom() - size.height() / 2, size.width(),
                      size.height());
    const QColor colour = m_sacKept ? theme.accumulateBorder : theme.recomputeBorder;
    painter->setPen(QPen(colour, 1.2));
    painter->setBrush(m_sacKept ? colour : theme.sceneBackground);
    painter->drawRoundedRect(pill, size.height() / 2, size.height() / 2);
    painter->setFont(font);
    painter->setPen(m_sacKept ? QColor(Qt::white) : colour);
    painter->drawText(pill, Qt::AlignCenter, m_sacTag);
}

void FunctionNodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);
    const bool accumulate = m_node.kind == LayoutNodeKind::AccumulateGrad;
    if (m_failed)
        paintGlow(painter, theme.stale, 1.0);
    else if (m_executing)
        paintGlow(painter, theme.executing, std::max<qreal>(m_glow, 0.5));

    QColor fill = accumulate ? theme.accumulateFill : theme.functionFill;
    QColor border = accumulate ? theme.accumulateBorder : theme.functionBorder;
    if (m_node.recompute)
        border = theme.recomputeBorder;
    if (m_failed) {
        border = theme.stale;
        fill = mix(fill, theme.stale, 0.15);
    } else if (m_executing) {
        border = theme.executing.darker(115);
    }
    paintFrame(painter, fill, border, theme.stroke * (m_executing || m_failed ? 1.8 : 1.0), m_node.recompute);

    const QFont titleFont = theme.titleFont();
    const QFont bodyFont = theme.bodyFont();
    const QFontMetricsF tm(titleFont);
    const QFontMetricsF bm(bodyFont);
    qreal y = m_box.top() + 8;
    painter->setFont(titleFont);
    painter->setPen(theme.text);
    painter->drawText(QRectF(m_box.left(), y, m_box.width(), tm.height()), Qt::AlignCenter, m_node.title);
    y += tm.height();
    if (!m_node.subtitle.isEmpty()) {
        painter->setFont(bodyFont);
        painter->setPen(theme.mutedText);
        QString sub = m_node.subtitleIsName ? m_node.subtitle : QStringLiteral("\u2192 ") + m_node.subtitle;
        if (!m_versionText.isEmpty())
            sub += QStringLiteral("  ") + m_versionText;
        painter->drawText(QRectF(m_box.left(), y + 1, m_box.width(), bm.height()), Qt::AlignCenter, sub);
    }

    if (m_executed && m_order >= 0) {
        // Execution order badge: which node the engine ran first, second, ...
        const qreal r = 9 * theme.fontScale;
        const QPointF c(m_box.right() - 2, m_box.top() + 2);
        QFont f = bodyFont;
        f.setPointSizeF(f.pointSizeF() * 0.85);
        f.setBold(true);
        const QString order = QString::number(m_order + 1);
        // Up to three digits fit the circle; the 100,000th node of a big graph gets a pill.
        const qreal halfWidth = order.size() <= 3 ? r : QFontMetricsF(f).horizontalAdvance(order) / 2 + r * 0.6;
        const QRectF badge(c.x() - halfWidth, c.y() - r, 2 * halfWidth, 2 * r);
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_failed ? theme.stale : theme.gradient);
        if (order.size() <= 3)
            painter->drawEllipse(c, r, r);
        else
            painter->drawRoundedRect(badge, r, r);
        painter->setFont(f);
        painter->setPen(Qt::white);
        painter->drawText(badge, Qt::AlignCenter, order);
    }
    paintHookTag(painter);
    paintSacTag(painter);
}

// ---------------------------------------------------------------------------------

void GraphNodeItem::setHookTag(const QString& tag)
{
    if (tag == m_hookTag)
        return;
    m_hookTag = tag;
    update();
}

void GraphNodeItem::paintHookTag(QPainter* painter)
{
    if (m_hookTag.isEmpty())
        return;
    const Theme& theme = Theme::current();
    QFont font = theme.bodyFont();
    font.setPointSizeF(font.pointSizeF() * 0.8);
    font.setBold(true);
    const QFontMetricsF fm(font);
    const QSizeF size(fm.horizontalAdvance(m_hookTag) + 12, fm.height() + 2);
    const QRectF pill(m_box.left() - 4, m_box.top() - size.height() / 2, size.width(), size.height());
    painter->setPen(Qt::NoPen);
    painter->setBrush(theme.gradient);
    painter->drawRoundedRect(pill, size.height() / 2, size.height() / 2);
    painter->setFont(font);
    painter->setPen(Qt::white);
    painter->drawText(pill, Qt::AlignCenter, m_hookTag);
}

void TensorNodeItem::setTensorState(int version, const QString& gradPreview, bool stale)
{
    if (version == m_version && gradPreview == m_grad && stale == m_stale)
        return;
    m_version = version;
    m_grad = gradPreview;
    m_stale = stale;
    update();
}

void TensorNodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor fill, border;
    bool dashed = false;
    switch (m_node.kind) {
    case LayoutNodeKind::Parameter: fill = theme.parameterFill; border = theme.parameterBorder; break;
    case LayoutNodeKind::Root: fill = theme.rootFill; border = theme.rootBorder; break;
    case LayoutNodeKind::Intermediate: fill = theme.inputFill; border = theme.functionBorder; break;
    default: fill = theme.inputFill; border = theme.inputBorder; dashed = true; break;
    }
    if (m_stale)
        paintGlow(painter, theme.stale, 0.7);
    else if (m_executing)
        paintGlow(painter, theme.gradient, std::max<qreal>(m_glow, 0.5));
    paintFrame(painter, fill, m_stale ? theme.stale : border, theme.stroke * 1.2, dashed);

    const QFont titleFont = theme.titleFont();
    const QFont bodyFont = theme.bodyFont();
    const QFontMetricsF tm(titleFont);
    const QFontMetricsF bm(bodyFont);
    qreal y = m_box.top() + 8;
    painter->setFont(titleFont);
    painter->setPen(theme.text);
    painter->drawText(QRectF(m_box.left(), y, m_box.width(), tm.height()), Qt::AlignCenter, m_node.title);
    y += tm.height() + 1;
    painter->setFont(bodyFont);
    painter->setPen(theme.mutedText);
    QString sub = m_node.subtitle;
    if (m_version > 0 || m_stale)
        sub += QStringLiteral("  v%1").arg(m_version);
    painter->drawText(QRectF(m_box.left(), y, m_box.width(), bm.height()), Qt::AlignCenter, sub);
    y += bm.height() + 2;
    if (m_node.kind == LayoutNodeKind::Parameter) {
        QFont f = bodyFont;
        if (!m_grad.isEmpty())
            f.setBold(true);
        painter->setFont(f);
        painter->setPen(m_grad.isEmpty() ? theme.mutedText : theme.gradient.darker(theme.dark ? 90 : 115));
        const QString text = m_grad.isEmpty() ? QStringLiteral(".grad = None")
                                              : QStringLiteral(".grad = ") + GradientTokenItem::compactPreview(m_grad, 18);
        painter->drawText(QRectF(m_box.left(), y, m_box.width(), bm.height()), Qt::AlignCenter, text);
    }
    paintHookTag(painter);
}

// ---------------------------------------------------------------------------------

SavedBadgeItem::SavedBadgeItem(const LayoutBadge& badge, const QRectF& rect, GraphNodeItem* parent)
    : QGraphicsObject(parent), m_badge(badge), m_rect(rect)
{
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setCursor(Qt::PointingHandCursor);
    setVisible(false);
}

QString SavedBadgeItem::text() const
{
    const QString label = m_badge.tensorLabel.isEmpty() ? QStringLiteral("tensor") : m_badge.tensorLabel;
    QString t = QStringLiteral("%1: %2 @v%3").arg(m_badge.slot, label).arg(m_savedVersion);
    if (m_stale)
        t += QStringLiteral(" \u2260 v%1").arg(m_currentVersion);
    if (!m_holdingNote.isEmpty())
        t += QStringLiteral(" ") + m_holdingNote;
    return t;
}

void SavedBadgeItem::setBadgeState(bool present, uint32_t savedVersion, uint32_t currentVersion, bool released,
                                   const QString& holdingNote, const QString& staleCause)
{
    const bool stale = present && !released && savedVersion != currentVersion;
    if (present == m_present && savedVersion == m_savedVersion && currentVersion == m_currentVersion &&
        released == m_released && holdingNote == m_holdingNote && staleCause == m_staleCause)
        return;
    m_staleCause = staleCause;
    m_present = present;
    m_savedVersion = savedVersion;
    m_currentVersion = currentVersion;
    m_released = released;
    m_holdingNote = holdingNote;
    setVisible(present);
    if (stale != m_stale) {
        m_stale = stale;
        if (m_pulseAnimation)
            m_pulseAnimation->stop();
        m_pulse = 0;
        if (stale) {
            auto* anim = new QPropertyAnimation(this, "pulse", this);
            anim->setDuration(1000);
            anim->setKeyValueAt(0, 0.0);
            anim->setKeyValueAt(0.5, 1.0);
            anim->setKeyValueAt(1, 0.0);
            anim->setLoopCount(-1);
            m_pulseAnimation = anim;
            anim->start(QAbstractAnimation::DeleteWhenStopped);
        }
    }
    auto tr = [](const char* text) { return QCoreApplication::translate("SavedBadgeItem", text); };
    setToolTip(tr("Saved for backward as <b>%1</b> at version %2<br>Tensor is now at version %3%4")
                   .arg(m_badge.slot)
                   .arg(savedVersion)
                   .arg(currentVersion)
                   .arg(released ? tr("<br><i>released after backward</i>")
                         : stale && !holdingNote.isEmpty()
                             ? tr("<br><b>modified in place after saving</b>: a saved-tensor hook holds "
                                  "it, so PyTorch does not check its version and backward will use "
                                  "whatever unpack returns")
                         : stale ? tr("<br><b>stale</b>: modified in place after saving") +
                                       (staleCause.isEmpty() ? QString() : tr(", by %1").arg(staleCause))
                                 : QString())
                   + (holdingNote.isEmpty() ? QString() : tr("<br>held by a saved-tensor hook: %1").arg(holdingNote)));
    update();
}

void SavedBadgeItem::setPulse(qreal p)
{
    m_pulse = p;
    update();
}

QRectF SavedBadgeItem::boundingRect() const { return m_rect.adjusted(-4, -4, 4, 4); }

void SavedBadgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor border = theme.functionBorder;
    QColor fill = theme.badgeFill;
    QColor textColor = theme.text;
    if (m_released) {
        border = theme.released;
        textColor = theme.released;
    } else if (m_stale) {
        border = theme.stale;
        fill = mix(theme.badgeFill, theme.stale, 0.12 + 0.25 * m_pulse);
        textColor = theme.stale.darker(theme.dark ? 80 : 120);
    } else if (!m_holdingNote.isEmpty()) {
        border = theme.recomputeBorder;
    }
    if (m_stale) {
        QColor halo = theme.stale;
        halo.setAlphaF(0.35 * m_pulse);
        painter->setPen(Qt::NoPen);
        painter->setBrush(halo);
        painter->drawRoundedRect(m_rect.adjusted(-3, -3, 3, 3), 7, 7);
    }
    QPen pen(isSelected() ? theme.accent : border, isSelected() ? 2 : 1);
    if (m_released)
        pen.setStyle(Qt::DotLine);
    painter->setPen(pen);
    painter->setBrush(fill);
    painter->drawRoundedRect(m_rect, 5, 5);
    QFont f = theme.bodyFont();
    if (m_stale)
        f.setBold(true);
    f.setStrikeOut(m_released);
    painter->setFont(f);
    painter->setPen(textColor);
    painter->drawText(m_rect.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft, text());
}

// ---------------------------------------------------------------------------------

GraphEdgeItem::GraphEdgeItem(const LayoutEdge& edge, int index) : m_edge(edge), m_index(index)
{
    setPath(edge.path);
    setZValue(1);
    setVisible(false);
}

QRectF GraphEdgeItem::boundingRect() const { return QGraphicsPathItem::boundingRect().adjusted(-10, -10, 10, 10); }

void GraphEdgeItem::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    setZValue(active ? 1.5 : 1);
    update();
}

void GraphEdgeItem::setExecutedStyle(bool executed)
{
    if (executed == m_executed)
        return;
    m_executed = executed;
    update();
}

void GraphEdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor color = theme.edge;
    qreal width = theme.stroke;
    if (m_active) {
        color = theme.gradient;
        width = theme.stroke * 2.2;
    } else if (m_executed) {
        color = mix(theme.edge, theme.gradient, 0.35);
    }
    QPen pen(color, width, m_edge.kind == LayoutEdgeKind::SavedInput ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path());

    // Arrow head at the data-flow end.
    const QPainterPath& p = path();
    if (p.elementCount() < 2)
        return;
    const QPointF tip = p.pointAtPercent(1.0);
    const QPointF back = p.pointAtPercent(std::max<qreal>(0, 1.0 - 8.0 / std::max<qreal>(p.length(), 1)));
    const qreal angle = std::atan2(tip.y() - back.y(), tip.x() - back.x());
    const qreal size = 5 + 2.5 * theme.stroke;
    QPolygonF head;
    head << tip << tip - QPointF(std::cos(angle - 0.45) * size, std::sin(angle - 0.45) * size)
         << tip - QPointF(std::cos(angle + 0.45) * size, std::sin(angle + 0.45) * size);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(head);
}

// ---------------------------------------------------------------------------------

GradientTokenItem::GradientTokenItem(const QPainterPath& dataFlowPath, const QString& preview)
    : m_path(dataFlowPath.toReversed()), m_label(compactPreview(preview))
{
    setZValue(5);
    setProgress(0);
}

void GradientTokenItem::setProgress(qreal p)
{
    m_progress = p;
    setPos(m_path.pointAtPercent(std::clamp<qreal>(p, 0, 1)));
}

QString GradientTokenItem::compactPreview(const QString& preview, int maxLength)
{
    QString s = preview;
    static const QRegularExpression wrapper(QStringLiteral("^tensor\\((.*)\\)$"),
                                            QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression trailingArgs(QStringLiteral(",\\s*(grad_fn|requires_grad|device|dtype)=.*$"),
                                                 QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    if (auto m = wrapper.match(s); m.hasMatch())
        s = m.captured(1);
    s.remove(trailingArgs);
    s.replace(spaces, QStringLiteral(" "));
    s.replace(QStringLiteral("[ "), QStringLiteral("["));
    if (s.size() > maxLength)
        s = s.left(maxLength - 1) + QChar(0x2026);
    return s;
}

QRectF GradientTokenItem::boundingRect() const
{
    const QFontMetricsF fm(Theme::current().bodyFont());
    const qreal w = fm.horizontalAdvance(m_label) + 16;
    return QRectF(-10, -10, 20 + w + 6, 20).adjusted(-2, -2, 2, 2);
}

void GradientTokenItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);
    const qreal r = 6.5 * (theme.presenter ? 1.4 : 1.0);
    QColor halo = theme.gradient;
    halo.setAlphaF(0.25);
    painter->setPen(Qt::NoPen);
    painter->setBrush(halo);
    painter->drawEllipse(QPointF(0, 0), r + 4, r + 4);
    painter->setBrush(theme.gradient);
    painter->setPen(QPen(Qt::white, 1.5));
    painter->drawEllipse(QPointF(0, 0), r, r);
    if (m_label.isEmpty())
        return;
    const QFont f = theme.bodyFont();
    const QFontMetricsF fm(f);
    const QRectF box(r + 5, -fm.height() / 2 - 2, fm.horizontalAdvance(m_label) + 10, fm.height() + 4);
    painter->setPen(QPen(theme.gradient, 1));
    painter->setBrush(theme.badgeFill);
    painter->drawRoundedRect(box, 4, 4);
    painter->setFont(f);
    painter->setPen(theme.gradient.darker(theme.dark ? 80 : 125));
    painter->drawText(box, Qt::AlignCenter, m_label);
}

// ---------------------------------------------------------------------------------

ModuleClusterItem::ModuleClusterItem(const QRectF& rect, const QString& title, Style style)
    : QGraphicsRectItem(rect), m_title(title), m_style(style)
{
    setZValue(0);
}

void ModuleClusterItem::setModule(Id module)
{
    m_module = module;
    setAcceptHoverEvents(collapsible());
}

void ModuleClusterItem::setRunKey(const QString& key)
{
    m_runKey = key;
    setAcceptHoverEvents(collapsible());
}

QRectF ModuleClusterItem::headerRect() const
{
    const QFontMetricsF body(Theme::current().bodyFont());
    const qreal width = body.horizontalAdvance(QStringLiteral("\u25be ") + m_title) + 20;
    return QRectF(rect().left(), rect().top(), std::min(width, rect().width()), body.height() + 8);
}

void ModuleClusterItem::hoverMoveEvent(QGraphicsSceneHoverEvent* event)
{
    const bool over = headerRect().contains(event->pos());
    if (over != m_headerHovered) {
        m_headerHovered = over;
        if (over)
            setCursor(Qt::PointingHandCursor);
        else
            unsetCursor();
        update();
    }
    QGraphicsRectItem::hoverMoveEvent(event);
}

void ModuleClusterItem::hoverLeaveEvent(QGraphicsSceneHoverEvent* event)
{
    if (m_headerHovered) {
        m_headerHovered = false;
        unsetCursor();
        update();
    }
    QGraphicsRectItem::hoverLeaveEvent(event);
}

void ModuleClusterItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const Theme& theme = Theme::current();
    painter->setRenderHint(QPainter::Antialiasing);
    const bool checkpoint = m_style == Style::CheckpointForward || m_style == Style::CheckpointRecompute;
    QColor border = checkpoint ? theme.recomputeBorder : theme.accent;
    QColor fill = border;
    fill.setAlphaF(m_style == Style::CheckpointRecompute ? 0.09 : 0.05);
    border.setAlphaF(checkpoint ? 0.8 : 0.45);
    // A run of repeats is drawn dotted: it groups by shape, not by the code's structure.
    const Qt::PenStyle line = m_style == Style::CheckpointRecompute ? Qt::DashDotLine
                              : m_style == Style::Repeats          ? Qt::DotLine
                                                                   : Qt::DashLine;
    painter->setPen(QPen(border, checkpoint ? 1.6 : 1, line));
    painter->setBrush(fill);
    painter->drawRoundedRect(rect(), 10, 10);
    QFont font = theme.bodyFont();
    font.setBold(checkpoint);
    QString title = m_title;
    if (collapsible()) {
        // The header collapses the call or the run: a disclosure triangle says so, and it lights up under the mouse.
        title = QStringLiteral("\u25be ") + m_title;
        if (m_headerHovered) {
            QColor strip = theme.accent;
            strip.setAlphaF(0.14);
            painter->setPen(Qt::NoPen);
            painter->setBrush(strip);
            painter->drawRoundedRect(headerRect().adjusted(2, 2, -2, -2), 6, 6);
            border.setAlphaF(0.9);
        }
    }
    painter->setFont(font);
    painter->setPen(border);
    painter->drawText(rect().adjusted(10, 4, -10, -4), Qt::AlignTop | Qt::AlignLeft, title);
}

}  // namespace agv::ui
