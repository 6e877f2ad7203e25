#include "ui/compare/tradeoff_chart.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

#include "ui/panels/memory_chart.h"
#include "ui/theme.h"

namespace agv::ui {

namespace {
constexpr qreal kPointRadius = 6;
}  // namespace

double niceCeiling(double value)
{
    if (value <= 0)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (step * magnitude >= value * (1 - 1e-9))
            return step * magnitude;
    return 10 * magnitude;
}

NiceAxis niceAxis(double largest)
{
    const double wanted = std::max(1.0, largest * 1.12);
    const double step = niceCeiling(wanted / 4);
    NiceAxis axis;
    axis.ticks = std::max(1, int(std::ceil(wanted / step - 1e-9)));
    axis.maximum = step * axis.ticks;
    return axis;
}

NiceAxis niceBytesAxis(double largest)
{
    double unit = 1;
    while (largest * 1.12 >= unit * 1024)
        unit *= 1024;
    NiceAxis axis = niceAxis(largest / unit);
    axis.maximum *= unit;
    return axis;
}

TradeoffChart::TradeoffChart(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumSize(minimumSizeHint());
}

void TradeoffChart::setPoints(std::vector<TradeoffPoint> points, std::vector<int> runIndex)
{
    m_points = std::move(points);
    m_runIndex = std::move(runIndex);
    m_hovered = -1;
    computeGeometry();
    update();
}

void TradeoffChart::setSelectedRun(int runIndex)
{
    m_selectedRun = runIndex;
    update();
}

void TradeoffChart::resizeEvent(QResizeEvent*) { computeGeometry(); }

void TradeoffChart::computeGeometry()
{
    const QFontMetricsF fm(font());
    // Room for the y labels ("1000 KiB"), the x labels and the axis titles.
    const qreal left = fm.horizontalAdvance(QStringLiteral("1000.0 KiB")) + fm.height() + 20;
    const qreal bottom = 2.6 * fm.height() + 12;
    m_plot = QRectF(left, fm.height() + 16, std::max<qreal>(40, width() - left - 28),
                    std::max<qreal>(40, height() - bottom - fm.height() - 16));
    double maxX = 0, maxY = 0;
    for (const TradeoffPoint& p : m_points) {
        maxX = std::max(maxX, p.recomputedOps);
        maxY = std::max(maxY, p.peakSavedBytes);
    }
    // Headroom so that the highest and rightmost points keep their labels inside.
    m_x = niceAxis(maxX * 1.08);
    m_y = niceBytesAxis(maxY);
}

QPointF TradeoffChart::pointPosition(int i) const
{
    const TradeoffPoint& p = m_points[size_t(i)];
    return {m_plot.left() + m_plot.width() * p.recomputedOps / m_x.maximum,
            m_plot.bottom() - m_plot.height() * p.peakSavedBytes / m_y.maximum};
}

int TradeoffChart::pointAt(QPointF position) const
{
    int best = -1;
    qreal bestDistance = kPointRadius + 5;
    for (int i = 0; i < pointCount(); ++i) {
        const qreal distance = QLineF(position, pointPosition(i)).length();
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    return best;
}

void TradeoffChart::paintEvent(QPaintEvent*)
{
    const Theme& theme = Theme::current();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), theme.panelBackground);
    const QFontMetricsF fm(font());

    // Grid, ticks and axis titles.
    for (int i = 0; i <= m_y.ticks; ++i) {
        const qreal y = m_plot.bottom() - m_plot.height() * i / m_y.ticks;
        p.setPen(QPen(theme.gridDot, 1));
        p.drawLine(QPointF(m_plot.left(), y), QPointF(m_plot.right(), y));
        p.setPen(theme.mutedText);
        p.drawText(QRectF(0, y - fm.height() / 2, m_plot.left() - 8, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   formatBytes(uint64_t(std::llround(m_y.maximum * i / m_y.ticks))));
    }
    for (int i = 0; i <= m_x.ticks; ++i) {
        const qreal x = m_plot.left() + m_plot.width() * i / m_x.ticks;
        p.setPen(QPen(theme.gridDot, 1));
        p.drawLine(QPointF(x, m_plot.top()), QPointF(x, m_plot.bottom()));
        p.setPen(theme.mutedText);
        p.drawText(QRectF(x - 40, m_plot.bottom() + 4, 80, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                   QString::number(m_x.maximum * i / m_x.ticks, 'g', 6));
    }
    p.setPen(QPen(theme.mutedText, 1.2));
    p.drawLine(m_plot.bottomLeft(), m_plot.bottomRight());
    p.drawLine(m_plot.bottomLeft(), m_plot.topLeft());
    p.setPen(theme.text);
    p.drawText(QRectF(m_plot.left(), m_plot.bottom() + fm.height() + 8, m_plot.width(), fm.height()), Qt::AlignHCenter,
               tr("Recomputed operations (extra forward work) \u2192"));
    p.save();
    p.translate(fm.height() / 2 + 2, m_plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-m_plot.height() / 2, -fm.height() / 2, m_plot.height(), fm.height()), Qt::AlignCenter,
               tr("Peak saved-activation bytes \u2192"));
    p.restore();

    if (m_points.empty()) {
        p.setPen(theme.mutedText);
        p.drawText(m_plot, Qt::AlignCenter, tr("The runs appear here as they finish"));
        return;
    }

    // The frontier: points no other point beats on both axes, left to right.
    std::vector<int> order(m_points.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const TradeoffPoint &pa = m_points[size_t(a)], &pb = m_points[size_t(b)];
        return pa.recomputedOps != pb.recomputedOps ? pa.recomputedOps < pb.recomputedOps
                                                    : pa.peakSavedBytes < pb.peakSavedBytes;
    });
    QPainterPath frontier;
    double lowest = std::numeric_limits<double>::infinity();
    for (int i : order)
        if (m_points[size_t(i)].peakSavedBytes < lowest) {
            lowest = m_points[size_t(i)].peakSavedBytes;
            if (frontier.elementCount() == 0)
                frontier.moveTo(pointPosition(i));
            else
                frontier.lineTo(pointPosition(i));
        }
    QColor frontierColor = theme.accent;
    frontierColor.setAlphaF(0.55);
    p.setPen(QPen(frontierColor, 1.6, Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    p.drawPath(frontier);
    const QString legend = tr("best trade-offs: nothing keeps less for as little work");
    const qreal legendWidth = fm.horizontalAdvance(legend);
    const QPointF legendAt(m_plot.right() - legendWidth, m_plot.top() - fm.height() / 2 - 6);
    p.drawLine(legendAt + QPointF(-34, 0), legendAt + QPointF(-8, 0));
    p.setPen(theme.mutedText);
    p.drawText(QRectF(legendAt.x(), legendAt.y() - fm.height() / 2, legendWidth + 2, fm.height()),
               Qt::AlignLeft | Qt::AlignVCenter, legend);

    // Points, then labels placed where they overlap nothing drawn so far.
    std::vector<QRectF> taken;
    for (int i = 0; i < pointCount(); ++i) {
        const QPointF c = pointPosition(i);
        taken.push_back(QRectF(c.x() - kPointRadius, c.y() - kPointRadius, 2 * kPointRadius, 2 * kPointRadius));
    }
    QFont bold = font();
    bold.setBold(true);
    for (int i = 0; i < pointCount(); ++i) {
        const QPointF c = pointPosition(i);
        const bool selected = m_runIndex.size() > size_t(i) && m_runIndex[size_t(i)] == m_selectedRun;
        const bool hovered = i == m_hovered;
        const qreal r = kPointRadius + (hovered ? 2 : 0);
        if (selected) {
            QColor halo = theme.accent;
            halo.setAlphaF(0.22);
            p.setPen(Qt::NoPen);
            p.setBrush(halo);
            p.drawEllipse(c, r + 6, r + 6);
        }
        p.setPen(QPen(theme.panelBackground, 2));
        p.setBrush(selected || hovered ? theme.accent : theme.recomputeBorder);
        p.drawEllipse(c, r, r);

        p.setFont(selected ? bold : font());
        const QFontMetricsF lm(p.font());
        const QString label = m_points[size_t(i)].label;
        const QSizeF size(lm.horizontalAdvance(label) + 4, lm.height());
        const QPointF offsets[] = {{r + 6, -size.height() / 2},
                                   {-r - 6 - size.width(), -size.height() / 2},
                                   {-size.width() / 2, -r - 4 - size.height()},
                                   {-size.width() / 2, r + 4},
                                   {r + 6, -size.height() - 2},
                                   {r + 6, 2},
                                   {-r - 6 - size.width(), -size.height() - 2},
                                   {-r - 6 - size.width(), 2}};
        QRectF place;
        for (const QPointF& offset : offsets) {
            const QRectF candidate(c + offset, size);
            const bool inside = rect().contains(candidate.toAlignedRect());
            const bool free = std::none_of(taken.begin(), taken.end(),
                                           [&](const QRectF& t) { return t.intersects(candidate); });
            if (inside && free) {
                place = candidate;
                break;
            }
        }
        if (place.isNull())
            place = QRectF(c + offsets[0], size);
        taken.push_back(place);
        p.setPen(selected || hovered ? theme.text : theme.mutedText);
        p.drawText(place, Qt::AlignCenter, label);
    }
    p.setFont(font());
}

void TradeoffChart::mousePressEvent(QMouseEvent* event)
{
    const int i = pointAt(event->position());
    if (i < 0 || size_t(i) >= m_runIndex.size())
        return;
    m_selectedRun = m_runIndex[size_t(i)];
    update();
    Q_EMIT pointActivated(m_runIndex[size_t(i)]);
}

void TradeoffChart::mouseMoveEvent(QMouseEvent* event)
{
    const int i = pointAt(event->position());
    if (i != m_hovered) {
        m_hovered = i;
        setCursor(i >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
        update();
    }
    if (i >= 0) {
        const TradeoffPoint& point = m_points[size_t(i)];
        QToolTip::showText(event->globalPosition().toPoint(),
                           tr("%1\n%2 saved at the peak, %3 operations recomputed\nClick to open this run")
                               .arg(point.label, formatBytes(uint64_t(point.peakSavedBytes)))
                               .arg(point.recomputedOps),
                           this);
    }
}

void TradeoffChart::leaveEvent(QEvent*)
{
    if (m_hovered >= 0) {
        m_hovered = -1;
        update();
    }
}

}  // namespace agv::ui
