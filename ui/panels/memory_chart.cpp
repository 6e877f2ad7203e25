#include "ui/panels/memory_chart.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include "ui/theme.h"

namespace agv::ui {

QString formatBytes(uint64_t bytes)
{
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    return u == 0 ? QStringLiteral("%1 B").arg(bytes) : QStringLiteral("%1 %2").arg(v, 0, 'f', v < 10 ? 1 : 0).arg(QLatin1String(units[u]));
}

MemoryChart::MemoryChart(QWidget* parent) : QWidget(parent) { setMinimumHeight(110); }

void MemoryChart::setRecording(const trace::Recording* recording)
{
    m_series.clear();
    m_max = 0;
    m_stepCount = recording ? recording->size() : 0;
    if (recording)
        for (const trace::Event& e : recording->events())
            if (const auto* m = std::get_if<trace::MemoryChanged>(&e.payload)) {
                // The simulated GPU says so wherever it appears.
                const std::string lane = m->deviceKind.empty() ? m->device : m->device + " (" + m->deviceKind + " GPU)";
                m_series[lane].push_back({static_cast<size_t>(e.step + 1), m->current, m->peak});
                m_max = std::max({m_max, m->current, m->peak});
            }
    update();
}

void MemoryChart::setStep(size_t step)
{
    if (step == m_step)
        return;
    m_step = step;
    update();
}

QStringList MemoryChart::devices() const
{
    QStringList out;
    for (const auto& [d, s] : m_series)
        out << QString::fromStdString(d);
    return out;
}

void MemoryChart::paintEvent(QPaintEvent*)
{
    const Theme& theme = Theme::current();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), theme.panelBackground);
    const QFontMetrics fm(font());
    m_plot = QRectF(60, 12 + fm.height(), width() - 76, height() - 30 - fm.height());
    if (m_series.empty() || m_stepCount == 0 || m_plot.width() < 20 || m_plot.height() < 20) {
        p.setPen(theme.mutedText);
        p.drawText(rect(), Qt::AlignCenter, tr("No memory events yet"));
        return;
    }
    const double maxY = std::max<double>(1, m_max * 1.1);
    auto xOf = [&](size_t step) { return m_plot.left() + m_plot.width() * double(step) / double(m_stepCount); };
    auto yOf = [&](uint64_t v) { return m_plot.bottom() - m_plot.height() * double(v) / maxY; };

    // Axes and three horizontal guides.
    p.setPen(QPen(theme.gridDot, 1));
    for (int i = 0; i <= 3; ++i) {
        const qreal y = m_plot.bottom() - m_plot.height() * i / 3.0;
        p.drawLine(QPointF(m_plot.left(), y), QPointF(m_plot.right(), y));
        p.save();
        p.setPen(theme.mutedText);
        p.drawText(QRectF(0, y - fm.height() / 2.0, m_plot.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   formatBytes(static_cast<uint64_t>(maxY * i / 3.0)));
        p.restore();
    }

    const QColor palette[] = {theme.accent, theme.gradient, theme.accumulateBorder, theme.recomputeBorder};
    int index = 0;
    qreal legendX = m_plot.left();
    for (const auto& [device, points] : m_series) {
        const QColor color = palette[index++ % 4];
        QPainterPath current;
        QPainterPath fill;
        fill.moveTo(xOf(0), yOf(0));
        current.moveTo(xOf(0), yOf(0));
        uint64_t last = 0;
        uint64_t nowCurrent = 0, nowPeak = 0;
        for (const Point& pt : points) {
            current.lineTo(xOf(pt.step), yOf(last));
            current.lineTo(xOf(pt.step), yOf(pt.current));
            fill.lineTo(xOf(pt.step), yOf(last));
            fill.lineTo(xOf(pt.step), yOf(pt.current));
            last = pt.current;
            if (pt.step <= m_step) {
                nowCurrent = pt.current;
                nowPeak = pt.peak;
            }
        }
        current.lineTo(xOf(m_stepCount), yOf(last));
        fill.lineTo(xOf(m_stepCount), yOf(last));
        fill.lineTo(xOf(m_stepCount), yOf(0));
        fill.closeSubpath();
        QColor area = color;
        area.setAlphaF(0.12);
        p.setPen(Qt::NoPen);
        p.setBrush(area);
        p.drawPath(fill);
        p.setPen(QPen(color, 1.8));
        p.setBrush(Qt::NoBrush);
        p.drawPath(current);
        if (nowPeak > 0) {
            p.setPen(QPen(color, 1, Qt::DashLine));
            p.drawLine(QPointF(m_plot.left(), yOf(nowPeak)), QPointF(m_plot.right(), yOf(nowPeak)));
        }
        const QString legend = tr("%1: %2 (peak %3)").arg(QString::fromStdString(device), formatBytes(nowCurrent), formatBytes(nowPeak));
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        p.drawRoundedRect(QRectF(legendX, 6 + fm.height() / 2.0 - 4, 10, 8), 2, 2);
        p.setPen(theme.text);
        p.drawText(QPointF(legendX + 14, 6 + fm.ascent()), legend);
        legendX += fm.horizontalAdvance(legend) + 34;
    }
    // Playback cursor.
    p.setPen(QPen(theme.text, 1.2));
    p.drawLine(QPointF(xOf(m_step), m_plot.top()), QPointF(xOf(m_step), m_plot.bottom()));
    p.setPen(theme.mutedText);
    p.drawText(QRectF(m_plot.left(), m_plot.bottom() + 2, m_plot.width(), fm.height()), Qt::AlignRight, tr("step"));
}

void MemoryChart::mousePressEvent(QMouseEvent* event)
{
    if (m_stepCount == 0 || !m_plot.contains(event->position()))
        return;
    const double f = (event->position().x() - m_plot.left()) / m_plot.width();
    Q_EMIT stepRequested(static_cast<size_t>(std::llround(f * double(m_stepCount))));
}

}  // namespace agv::ui
