#include "ui/playback/scrubber.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

#include "ui/theme.h"

namespace agv::ui {

Scrubber::Scrubber(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(false);
    setFocusPolicy(Qt::NoFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(tr("Drag to scrub. Markers: blue = backward(), amber = in-place version bump, red = error"));
}

QSize Scrubber::sizeHint() const { return QSize(400, static_cast<int>(30 * Theme::current().fontScale)); }
QSize Scrubber::minimumSizeHint() const { return QSize(120, static_cast<int>(26 * Theme::current().fontScale)); }

void Scrubber::setRange(size_t stepCount, std::vector<trace::Marker> markers)
{
    m_count = stepCount;
    m_markers = std::move(markers);
    m_step = std::min(m_step, m_count);
    update();
}

void Scrubber::setStep(size_t step)
{
    if (step == m_step)
        return;
    m_step = step;
    update();
}

QRectF Scrubber::trackRect() const
{
    const qreal h = 6 * Theme::current().fontScale;
    return QRectF(10, height() / 2.0 - h / 2, width() - 20, h);
}

qreal Scrubber::xOf(size_t step) const
{
    const QRectF t = trackRect();
    return m_count == 0 ? t.left() : t.left() + t.width() * double(step) / double(m_count);
}

size_t Scrubber::stepAt(qreal x) const
{
    const QRectF t = trackRect();
    const double f = std::clamp((x - t.left()) / std::max<qreal>(t.width(), 1), 0.0, 1.0);
    return static_cast<size_t>(std::llround(f * double(m_count)));
}

void Scrubber::paintEvent(QPaintEvent*)
{
    const Theme& theme = Theme::current();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF track = trackRect();
    p.setPen(Qt::NoPen);
    p.setBrush(theme.dark ? QColor("#3a404b") : QColor("#d9dde3"));
    p.drawRoundedRect(track, track.height() / 2, track.height() / 2);
    QRectF done = track;
    done.setRight(xOf(m_step));
    p.setBrush(theme.accent);
    p.drawRoundedRect(done, track.height() / 2, track.height() / 2);

    for (const trace::Marker& m : m_markers) {
        const qreal x = xOf(m.step);
        QColor c;
        qreal h = track.height() + 8;
        switch (m.kind) {
        case trace::MarkerKind::BackwardBegin: c = theme.gradient; h += 6; break;
        case trace::MarkerKind::VersionBumped: c = QColor("#f2b90c"); break;
        case trace::MarkerKind::ErrorRaised: c = theme.stale; h += 6; break;
        }
        if (m.kind == trace::MarkerKind::VersionBumped) {
            p.setPen(QPen(c, 2.5 * theme.fontScale, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(QPointF(x, track.center().y() - h / 2), QPointF(x, track.center().y() + h / 2));
        } else {
            // Diamonds for the big moments.
            const qreal r = 5.5 * theme.fontScale;
            QPainterPath d;
            const QPointF c0(x, track.top() - r - 1);
            d.moveTo(c0 + QPointF(0, -r));
            d.lineTo(c0 + QPointF(r, 0));
            d.lineTo(c0 + QPointF(0, r));
            d.lineTo(c0 + QPointF(-r, 0));
            d.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawPath(d);
        }
    }

    const qreal r = 8 * theme.fontScale;
    p.setPen(QPen(theme.accent, 2));
    p.setBrush(theme.panelBackground);
    p.drawEllipse(QPointF(xOf(m_step), track.center().y()), r, r);
}

void Scrubber::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    Q_EMIT stepRequested(stepAt(event->position().x()));
}

void Scrubber::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton)
        Q_EMIT stepRequested(stepAt(event->position().x()));
}

}  // namespace agv::ui
