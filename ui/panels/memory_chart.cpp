#include "ui/panels/memory_chart.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <map>
#include <cmath>

#include "ui/panels/device_copy_text.h"
#include "ui/theme.h"

namespace agv::ui {

using trace::MemoryHolder;
using trace::MemoryLane;
using trace::MemorySample;

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

QColor memoryHolderColor(MemoryHolder holder)
{
    const Theme& theme = Theme::current();
    switch (holder) {
    case MemoryHolder::Parameter: return theme.parameterBorder;
    case MemoryHolder::OptimizerState: return theme.rootBorder;
    case MemoryHolder::Gradient: return theme.accumulateBorder;
    case MemoryHolder::SavedActivation: return theme.recomputeBorder;
    case MemoryHolder::PackedByHook: return theme.gradient;
    case MemoryHolder::Other: return theme.mutedText;
    }
    return theme.mutedText;
}

namespace {
constexpr qreal kLeftAxis = 62;

// The legend's words for each trace::MemoryHolder, in stacking order.
const char* const kHolderLabels[trace::kMemoryHolderCount] = {
    QT_TRANSLATE_NOOP("agv::ui::MemoryChart", "parameters"),
    QT_TRANSLATE_NOOP("agv::ui::MemoryChart", "optimizer state"),
    QT_TRANSLATE_NOOP("agv::ui::MemoryChart", "gradients"),
    QT_TRANSLATE_NOOP("agv::ui::MemoryChart", "saved activations"),
    QT_TRANSLATE_NOOP("agv::ui::MemoryChart", "held by pack hooks"),
    QT_TRANSLATE_NOOP("agv::ui::MemoryChart", "other"),
};
constexpr qreal kRightMargin = 14;
constexpr qreal kLaneGap = 8;
/// The PCIe strip's bars: copies to the GPU rise from its middle, copies to host hang.
constexpr qreal kCopyStripBars = 24;
}  // namespace

MemoryChart::MemoryChart(QWidget* parent) : QWidget(parent)
{
    setMinimumHeight(110);
    setMouseTracking(false);
}

void MemoryChart::setRecording(const trace::Recording* recording)
{
    m_breakdown = recording ? trace::memoryBreakdown(*recording) : trace::MemoryBreakdown{};
    m_stepCount = recording ? recording->size() : 0;
    m_copies.clear();
    m_longestCopyNanos = 0;
    // Once per recording, not per paint: which tensor each copy touched, and the totals
    // the strip's title gives at any step.
    std::map<std::pair<std::string, trace::Id>, trace::Id> tensorOfAllocation;
    for (const trace::AllocationLife& life : m_breakdown.allocations)
        if (life.tensor)
            tensorOfAllocation.emplace(std::pair{life.device, life.allocation}, life.tensor);
    auto tensorOn = [&](const std::string& device, trace::Id allocation, bool pinned) -> trace::Id {
        const auto it = tensorOfAllocation.find({trace::memoryLaneDevice(device, device == "cpu" && pinned), allocation});
        return it == tensorOfAllocation.end() ? 0 : it->second;
    };
    trace::CopyTotals toGpu, toHost;
    for (size_t i = 0; recording && i < recording->size(); ++i)
        if (const auto* copy = std::get_if<trace::DeviceCopied>(&(*recording)[i].payload)) {
            trace::CopyTotals& totals = copy->toDevice == "cpu" ? toHost : toGpu;
            ++totals.copies;
            totals.bytes += copy->bytes;
            totals.nanos += copy->nanos;
            trace::Id tensor = tensorOn(copy->toDevice, copy->toAllocation, copy->pinned);
            if (!tensor)
                tensor = tensorOn(copy->fromDevice, copy->fromAllocation, copy->pinned);
            m_copies.push_back({i + 1, *copy, tensor, toGpu, toHost});
            m_longestCopyNanos = std::max(m_longestCopyNanos, copy->nanos);
        }
    setMinimumHeight(110 + int(copyStripHeight()));
    updateGeometry();
    m_highlighted = 0;
    update();
}

void MemoryChart::setStep(size_t step)
{
    if (step == m_step)
        return;
    m_step = step;
    update();
}

void MemoryChart::setHighlightedTensor(trace::Id tensor)
{
    if (tensor == m_highlighted)
        return;
    m_highlighted = tensor;
    update();
}

QString MemoryChart::laneTitle(const MemoryLane& lane) const
{
    // The simulated GPU says so wherever it appears.
    const QString device = QString::fromStdString(lane.device);
    if (lane.kind == "pinned")
        return tr("%1 (pinned host memory)").arg(device.section(QLatin1Char(' '), 0, 0));
    return lane.kind == "simulated" ? tr("%1 (simulated GPU)").arg(device) : device;
}

QStringList MemoryChart::devices() const
{
    QStringList out;
    for (const MemoryLane& lane : m_breakdown.lanes)
        out << laneTitle(lane);
    return out;
}

QRectF MemoryChart::plotOf(int lane) const
{
    const QFontMetrics fm(font());
    const int lanes = int(m_breakdown.lanes.size());
    const qreal legendHeight = fm.height() + 8;
    const qreal top = legendHeight;
    const qreal bottom = height() - fm.height() - 4 - copyStripHeight();
    const qreal laneHeight = (bottom - top - kLaneGap * (lanes - 1)) / std::max(1, lanes);
    const qreal y = top + lane * (laneHeight + kLaneGap) + fm.height() + 2;
    return QRectF(kLeftAxis, y, width() - kLeftAxis - kRightMargin, laneHeight - fm.height() - 2);
}

QSize MemoryChart::sizeHint() const
{
    const int text = QFontMetrics(font()).height();
    const int lanes = int(std::max<size_t>(2, m_breakdown.lanes.size()));
    const int laneHeight = 2 * text + 24;  // its title and a plot whose stacks can be told apart
    return QSize(400, std::max(180, (text + 8) + lanes * laneHeight + int(copyStripHeight()) + text + 4));
}

qreal MemoryChart::copyStripHeight() const
{
    return m_copies.empty() ? 0 : kCopyStripBars + QFontMetrics(font()).height() + 2 + kLaneGap;
}

QRectF MemoryChart::copyStripPlot() const
{
    if (m_copies.empty())
        return {};
    const qreal bottom = height() - QFontMetrics(font()).height() - 4;
    return QRectF(kLeftAxis, bottom - kCopyStripBars, width() - kLeftAxis - kRightMargin, kCopyStripBars);
}

QRectF MemoryChart::barOf(const CopyMark& mark) const
{
    const QRectF plot = copyStripPlot();
    if (plot.isEmpty() || m_stepCount == 0)
        return {};
    const qreal stepWidth = plot.width() / double(m_stepCount);
    const qreal barWidth = std::clamp(stepWidth * 0.6, 2.0, 6.0);
    const qreal half = plot.height() / 2 - 1;
    const double share = m_longestCopyNanos ? double(mark.copy.nanos) / double(m_longestCopyNanos) : 1.0;
    const qreal h = std::max<qreal>(2, half * share);
    const qreal x = plot.left() + plot.width() * double(mark.step) / double(m_stepCount) - barWidth / 2;
    const qreal mid = plot.center().y();
    return mark.copy.toDevice == "cpu" ? QRectF(x, mid + 1, barWidth, h) : QRectF(x, mid - 1 - h, barWidth, h);
}

const MemoryChart::CopyMark* MemoryChart::copyAt(QPointF point) const
{
    const QRectF plot = copyStripPlot();
    if (plot.isEmpty() || point.y() < plot.top() - 2 || point.y() > plot.bottom() + 2)
        return nullptr;
    // The nearest bar within a few pixels: bars are thin, and a run of copies sits close.
    const CopyMark* best = nullptr;
    qreal bestDistance = 4;
    for (const CopyMark& mark : m_copies) {
        const QRectF bar = barOf(mark);
        const qreal dx = point.x() < bar.left() ? bar.left() - point.x() : std::max<qreal>(0, point.x() - bar.right());
        const bool sameSide = (point.y() >= plot.center().y()) == (mark.copy.toDevice == "cpu");
        const qreal distance = dx + (sameSide ? 0 : 2);
        if (distance < bestDistance) {
            best = &mark;
            bestDistance = distance;
        }
    }
    return best;
}

QString MemoryChart::copyStripTitle() const
{
    // The last copy at or before the cursor carries the totals so far.
    const auto after = std::upper_bound(m_copies.begin(), m_copies.end(), size_t(m_step),
                                        [](size_t step, const CopyMark& mark) { return step < mark.step; });
    const CopyMark* last = after == m_copies.begin() ? nullptr : &*std::prev(after);
    uint64_t bandwidth = 0;
    if (!m_copies.empty())
        bandwidth = m_copies.front().copy.bandwidth * (m_copies.front().copy.pinned ? 1 : 2);  // the link's rate
    return tr("PCIe link to the simulated GPU, modelled at %1: to the GPU %2; to host memory %3")
        .arg(formatBandwidth(bandwidth), copyTotalsText(last ? last->toGpuSoFar : trace::CopyTotals{}),
             copyTotalsText(last ? last->toHostSoFar : trace::CopyTotals{}));
}

std::pair<int, size_t> MemoryChart::hit(QPointF point) const
{
    for (int i = 0; i < int(m_breakdown.lanes.size()); ++i) {
        const QRectF plot = plotOf(i);
        if (plot.width() < 1 || point.y() < plot.top() - 2 || point.y() > plot.bottom() + 2 || point.x() < plot.left() ||
            point.x() > plot.right())
            continue;
        const double f = (point.x() - plot.left()) / plot.width();
        return {i, size_t(std::llround(f * double(m_stepCount)))};
    }
    return {-1, 0};
}

void MemoryChart::paintEvent(QPaintEvent*)
{
    const Theme& theme = Theme::current();
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), theme.panelBackground);
    const QFontMetrics fm(font());
    if (m_breakdown.lanes.empty() || m_stepCount == 0) {
        p.setPen(theme.mutedText);
        p.drawText(rect(), Qt::AlignCenter, tr("No memory events yet"));
        return;
    }
    if (plotOf(0).height() < 12 || width() < 120) {
        p.setPen(theme.mutedText);
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Make this panel taller to see the memory of %n device(s)", nullptr,
                      int(m_breakdown.lanes.size())));
        return;
    }

    // Legend: the holders that hold anything in this run, in stacking order.
    std::array<bool, trace::kMemoryHolderCount> used{};
    for (const MemoryLane& lane : m_breakdown.lanes)
        for (const MemorySample& s : lane.samples)
            for (size_t h = 0; h < trace::kMemoryHolderCount; ++h)
                used[h] = used[h] || s.bytes[h] > 0;
    qreal x = kLeftAxis;
    for (size_t h = 0; h < trace::kMemoryHolderCount; ++h) {
        if (!used[h])
            continue;
        const QString name = tr(kHolderLabels[h]);
        p.setPen(Qt::NoPen);
        p.setBrush(memoryHolderColor(MemoryHolder(h)));
        p.drawRoundedRect(QRectF(x, 4 + fm.height() / 2.0 - 4, 10, 8), 2, 2);
        p.setPen(theme.text);
        p.drawText(QPointF(x + 14, 4 + fm.ascent()), name);
        x += fm.horizontalAdvance(name) + 30;
    }

    for (int i = 0; i < int(m_breakdown.lanes.size()); ++i)
        paintLane(p, i, plotOf(i));
    if (!m_copies.empty())
        paintCopyStrip(p, copyStripPlot());

    p.setPen(theme.mutedText);
    const QRectF last = m_copies.empty() ? plotOf(int(m_breakdown.lanes.size()) - 1) : copyStripPlot();
    p.drawText(QRectF(last.left(), last.bottom() + 2, last.width(), fm.height()), Qt::AlignRight, tr("step"));
}

void MemoryChart::paintLane(QPainter& p, int index, const QRectF& plot)
{
    const Theme& theme = Theme::current();
    const QFontMetrics fm(font());
    const MemoryLane& lane = m_breakdown.lanes[size_t(index)];
    const double maxY = std::max<double>(1, double(lane.peakBytes) * 1.15);
    auto xOf = [&](double step) { return plot.left() + plot.width() * step / double(m_stepCount); };
    auto yOf = [&](double v) { return plot.bottom() - plot.height() * v / maxY; };

    // Title: what the device holds now, the peak so far and the peak of the run.
    const MemorySample now = lane.at(m_step);
    const uint64_t peakSoFar = lane.peakUpTo(m_step);
    p.setPen(theme.text);
    p.drawText(QPointF(plot.left(), plot.top() - 4),
               tr("%1: %2 now, peak so far %3, peak of the run %4 at step %5")
                   .arg(laneTitle(lane), formatBytes(now.total()), formatBytes(peakSoFar), formatBytes(lane.peakBytes))
                   .arg(lane.peakStep));

    // Axis and guides.
    p.setPen(QPen(theme.gridDot, 1));
    for (int i = 0; i <= 2; ++i) {
        const qreal y = plot.bottom() - plot.height() * i / 2.0;
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.save();
        p.setPen(theme.mutedText);
        p.drawText(QRectF(0, y - fm.height() / 2.0, plot.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   formatBytes(static_cast<uint64_t>(maxY * i / 2.0)));
        p.restore();
    }

    // The stacks, one column per pixel: the sample in force at the column's step, so a run
    // of a million events costs as much as a short one.
    const int columns = std::max(1, int(plot.width()));
    std::vector<MemorySample> column(size_t(columns) + 1);
    for (int c = 0; c <= columns; ++c)
        column[size_t(c)] = lane.at(uint64_t(double(c) * double(m_stepCount) / columns));
    std::vector<double> below(size_t(columns) + 1, 0.0);
    for (size_t h = 0; h < trace::kMemoryHolderCount; ++h) {
        bool any = false;
        for (const MemorySample& s : column)
            any = any || s.bytes[h] > 0;
        if (!any)
            continue;
        QPainterPath area;
        for (int c = 0; c <= columns; ++c) {
            const QPointF point(plot.left() + c, yOf(below[size_t(c)] + double(column[size_t(c)].bytes[h])));
            c == 0 ? area.moveTo(point) : area.lineTo(point);
        }
        for (int c = columns; c >= 0; --c)
            area.lineTo(plot.left() + c, yOf(below[size_t(c)]));
        area.closeSubpath();
        QColor fill = memoryHolderColor(MemoryHolder(h));
        fill.setAlphaF(0.55);
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        p.drawPath(area);
        for (int c = 0; c <= columns; ++c)
            below[size_t(c)] += double(column[size_t(c)].bytes[h]);
    }

    // The selected tensor's lifetime on its device.
    if (const trace::AllocationLife* life = m_breakdown.lifeOf(m_highlighted); life && life->device == lane.device) {
        const double end = life->freedStep ? double(life->freedStep) : double(m_stepCount);
        QColor band = theme.accent;
        band.setAlphaF(0.18);
        const QRectF span(QPointF(xOf(double(life->allocatedStep)), plot.top()), QPointF(xOf(end), plot.bottom()));
        p.fillRect(span, band);
        p.setPen(QPen(theme.accent, 1.2));
        p.drawLine(span.topLeft(), span.bottomLeft());
        p.drawLine(span.topRight(), span.bottomRight());
    }

    // Peak so far (follows the cursor) and the run's peak.
    if (peakSoFar > 0) {
        p.setPen(QPen(theme.text, 1, Qt::DashLine));
        p.drawLine(QPointF(plot.left(), yOf(double(peakSoFar))), QPointF(xOf(double(m_step)), yOf(double(peakSoFar))));
    }
    if (lane.peakBytes > 0) {
        const QPointF tip(xOf(double(lane.peakStep)), yOf(double(lane.peakBytes)));
        QPainterPath marker;
        marker.moveTo(tip);
        marker.lineTo(tip + QPointF(-5, -7));
        marker.lineTo(tip + QPointF(5, -7));
        marker.closeSubpath();
        p.setPen(Qt::NoPen);
        p.setBrush(theme.stale);
        p.drawPath(marker);
    }

    // Playback cursor.
    p.setPen(QPen(theme.text, 1.2));
    p.drawLine(QPointF(xOf(double(m_step)), plot.top()), QPointF(xOf(double(m_step)), plot.bottom()));
}

void MemoryChart::paintCopyStrip(QPainter& p, const QRectF& plot)
{
    const Theme& theme = Theme::current();
    const QFontMetrics fm(font());
    p.setPen(theme.text);
    p.drawText(QPointF(plot.left(), plot.top() - 4), fm.elidedText(copyStripTitle(), Qt::ElideRight, int(plot.width())));

    // Which way each half goes, in the axis column.
    const qreal mid = plot.center().y();
    p.setPen(theme.mutedText);
    p.drawText(QRectF(0, plot.top(), plot.left() - 6, mid - plot.top()), Qt::AlignRight | Qt::AlignVCenter,
               tr("to GPU"));
    p.drawText(QRectF(0, mid, plot.left() - 6, plot.bottom() - mid), Qt::AlignRight | Qt::AlignVCenter, tr("to host"));
    p.setPen(QPen(theme.gridDot, 1));
    p.drawLine(QPointF(plot.left(), mid), QPointF(plot.right(), mid));

    // One bar per copy, as tall as its modelled duration against the run's longest; copies
    // the playback has not reached yet are faint, the selected tensor's are outlined.
    const QColor toGpu = memoryHolderColor(MemoryHolder::Parameter);
    const QColor toHost = memoryHolderColor(MemoryHolder::PackedByHook);
    for (const CopyMark& mark : m_copies) {
        QColor fill = mark.copy.toDevice == "cpu" ? toHost : toGpu;
        fill.setAlphaF(mark.step <= m_step ? 0.9 : 0.3);
        const bool selected = m_highlighted != 0 && mark.tensor == m_highlighted;
        p.setPen(selected ? QPen(theme.text, 1.2) : QPen(Qt::NoPen));
        p.setBrush(fill);
        p.drawRect(barOf(mark));
    }

    const qreal x = plot.left() + plot.width() * double(m_step) / double(std::max<size_t>(1, m_stepCount));
    p.setPen(QPen(theme.text, 1.2));
    p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
}

bool MemoryChart::event(QEvent* event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const CopyMark* mark = copyAt(help->pos());
    if (!mark) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    QToolTip::showText(help->globalPos(),
                       tr("Step %1: %2 copied from %3 to %4, %5 modelled at %6 (%7)")
                           .arg(mark->step)
                           .arg(formatBytes(mark->copy.bytes), copyEndText(mark->copy.fromDevice, mark->copy.pinned),
                                copyEndText(mark->copy.toDevice, mark->copy.pinned), formatDuration(mark->copy.nanos),
                                formatBandwidth(mark->copy.bandwidth), copyRateText(mark->copy.pinned)),
                       this);
    return true;
}

void MemoryChart::mousePressEvent(QMouseEvent* event)
{
    if (const CopyMark* mark = copyAt(event->position())) {
        Q_EMIT stepRequested(mark->step);
        if (mark->tensor)
            Q_EMIT tensorRequested(mark->tensor);
        return;
    }
    const auto [lane, step] = hit(event->position());
    if (lane < 0)
        return;
    Q_EMIT stepRequested(step);
    if (const trace::AllocationLife* life = m_breakdown.changedAt(m_breakdown.lanes[size_t(lane)].device, step);
        life && life->tensor != 0)
        Q_EMIT tensorRequested(life->tensor);
}

}  // namespace agv::ui
