#include "ui/compare/memory_overlay_chart.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

#include "ui/compare/tradeoff_chart.h"
#include "ui/panels/memory_chart.h"
#include "ui/theme.h"

namespace agv::ui {

namespace {

/// The largest value of each pixel column: a run of a million events still draws its
/// peaks, in as many points as the chart is wide.
std::vector<uint64_t> columnMaxima(const std::vector<uint64_t>& values, size_t events, int columns)
{
    if (values.empty() || events == 0 || columns <= 0)
        return {};
    const size_t width = size_t(columns);
    const size_t lastColumn = std::min(width - 1, (values.size() - 1) * width / events);
    std::vector<uint64_t> maxima(lastColumn + 1, 0), lastValue(lastColumn + 1, 0);
    std::vector<bool> hasEvent(lastColumn + 1, false);
    for (size_t i = 0; i < values.size(); ++i) {
        const size_t column = std::min(lastColumn, i * width / events);
        maxima[column] = hasEvent[column] ? std::max(maxima[column], values[i]) : values[i];
        lastValue[column] = values[i];
        hasEvent[column] = true;
    }
    // A short run on a wide chart leaves columns between two events: the value holds.
    for (size_t c = 1; c <= lastColumn; ++c)
        if (!hasEvent[c])
            maxima[c] = lastValue[c] = lastValue[c - 1];
    return maxima;
}

}  // namespace

MemoryOverlayChart::MemoryOverlayChart(QWidget* parent) : QWidget(parent) { setMinimumSize(minimumSizeHint()); }

void MemoryOverlayChart::setSeries(std::vector<MemorySeries> series)
{
    m_series = std::move(series);
    if (m_series.size() > 2)
        m_series.resize(2);
    update();
}

void MemoryOverlayChart::paintEvent(QPaintEvent*)
{
    const Theme& theme = Theme::current();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), theme.panelBackground);
    const QFontMetricsF fm(font());
    if (m_series.empty()) {
        p.setPen(theme.mutedText);
        p.drawText(rect(), Qt::AlignCenter, tr("Choose two finished runs to compare their memory"));
        return;
    }

    size_t events = 1;
    for (const MemorySeries& s : m_series)
        events = std::max(events, s.totalBytes.size());

    const qreal left = fm.horizontalAdvance(QStringLiteral("1000.0 KiB")) + 16;
    const qreal right = width() - 16;
    const qreal top = 8;
    const qreal axisRoom = fm.height() + 6;
    const qreal gap = fm.height() + 18;
    const qreal paneHeight = (height() - top - axisRoom - 2 * (fm.height() + 6) - gap) / 2;
    if (paneHeight < 30 || right - left < 40)
        return;

    struct Pane {
        QString title;
        std::vector<uint64_t> MemorySeries::*values;
        QRectF plot;
    };
    const qreal firstTop = top + fm.height() + 6;
    Pane panes[] = {
        {tr("Allocated, all devices"), &MemorySeries::totalBytes, QRectF(left, firstTop, right - left, paneHeight)},
        {tr("Held for backward (saved activations)"), &MemorySeries::savedBytes,
         QRectF(left, firstTop + paneHeight + gap + fm.height() + 6, right - left, paneHeight)},
    };
    for (const Pane& pane : panes) {
        uint64_t maxValue = 1;
        for (const MemorySeries& s : m_series)
            for (uint64_t v : s.*pane.values)
                maxValue = std::max(maxValue, v);
        const NiceAxis axis = niceBytesAxis(double(maxValue));
        const double maxY = axis.maximum;
        const QRectF& plot = pane.plot;
        p.setPen(theme.text);
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.drawText(QRectF(plot.left(), plot.top() - fm.height() - 4, plot.width(), fm.height()), Qt::AlignLeft,
                   pane.title);
        p.setFont(font());
        for (int i = 0; i <= axis.ticks; ++i) {
            const qreal y = plot.bottom() - plot.height() * i / axis.ticks;
            p.setPen(QPen(theme.gridDot, 1));
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
            p.setPen(theme.mutedText);
            p.drawText(QRectF(0, y - fm.height() / 2, plot.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                       formatBytes(uint64_t(maxY * i / axis.ticks)));
        }
        const int columns = int(plot.width());
        for (const MemorySeries& s : m_series) {
            const std::vector<uint64_t> column = columnMaxima(s.*pane.values, events, columns);
            if (column.empty())
                continue;
            auto xOf = [&](size_t c) { return plot.left() + plot.width() * double(c) / double(columns); };
            auto yOf = [&](uint64_t v) { return plot.bottom() - plot.height() * double(v) / maxY; };
            QPainterPath line, area;
            line.moveTo(xOf(0), yOf(column[0]));
            area.moveTo(xOf(0), plot.bottom());
            area.lineTo(xOf(0), yOf(column[0]));
            size_t peakColumn = 0;
            for (size_t c = 1; c < column.size(); ++c) {
                line.lineTo(xOf(c), yOf(column[c - 1]));
                line.lineTo(xOf(c), yOf(column[c]));
                area.lineTo(xOf(c), yOf(column[c - 1]));
                area.lineTo(xOf(c), yOf(column[c]));
                if (column[c] > column[peakColumn])
                    peakColumn = c;
            }
            area.lineTo(xOf(column.size()), yOf(column.back()));
            area.lineTo(xOf(column.size()), plot.bottom());
            area.closeSubpath();
            line.lineTo(xOf(column.size()), yOf(column.back()));
            QColor fill = s.color;
            fill.setAlphaF(0.13);
            p.setPen(Qt::NoPen);
            p.setBrush(fill);
            p.drawPath(area);
            p.setPen(QPen(s.color, 1.8));
            p.setBrush(Qt::NoBrush);
            p.drawPath(line);
            // The peak: a dot and its value, where the line is highest.
            const QPointF peak(xOf(peakColumn), yOf(column[peakColumn]));
            p.setPen(QPen(theme.panelBackground, 1.5));
            p.setBrush(s.color);
            p.drawEllipse(peak, 4.5, 4.5);
            const QString text = tr("peak %1").arg(formatBytes(column[peakColumn]));
            const qreal textWidth = fm.horizontalAdvance(text) + 4;
            const qreal x = std::min(peak.x() + 7, plot.right() - textWidth);
            p.setPen(s.color.darker(theme.dark ? 80 : 125));
            p.drawText(QRectF(x, std::max(plot.top() - 2, peak.y() - fm.height() - 2), textWidth, fm.height()),
                       Qt::AlignLeft, text);
        }
    }
    // The shared x axis, under the lower pane.
    const QRectF& lower = panes[1].plot;
    p.setPen(theme.mutedText);
    for (int i = 0; i <= 4; ++i) {
        const qreal x = lower.left() + lower.width() * i / 4.0;
        const qulonglong at = qulonglong(double(events) * i / 4.0);
        const QString label = i == 4 ? tr("%1 events").arg(at) : QString::number(at);
        const qreal w = fm.horizontalAdvance(label) + 4;
        p.drawText(QRectF(i == 4 ? x - w : i == 0 ? x : x - w / 2, lower.bottom() + 3, w, fm.height()),
                   Qt::AlignLeft | Qt::AlignTop, label);
    }
    // Legend, top right.
    qreal x = right;
    for (auto it = m_series.rbegin(); it != m_series.rend(); ++it) {
        const qreal w = fm.horizontalAdvance(it->title);
        x -= w;
        p.setPen(theme.text);
        p.drawText(QPointF(x, top + fm.ascent()), it->title);
        x -= 18;
        p.setPen(Qt::NoPen);
        p.setBrush(it->color);
        p.drawRoundedRect(QRectF(x, top + fm.height() / 2 - 4, 12, 8), 2, 2);
        x -= 22;
    }
}

}  // namespace agv::ui
