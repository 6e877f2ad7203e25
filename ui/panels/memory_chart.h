#pragma once
// The memory of each device over the whole run, one lane per device, stacked by what
// holds the bytes (core/trace/memory_holders.h), with the playback cursor, the peak so far
// and the peak of the run. Linked both ways with the graph: a click selects the tensor
// that allocated or freed there, and a selected tensor's lifetime is shaded.

#include <QWidget>

#include <vector>

#include "core/trace/memory_holders.h"

namespace agv::ui {

class MemoryChart : public QWidget {
    Q_OBJECT
public:
    explicit MemoryChart(QWidget* parent = nullptr);

    void setRecording(const trace::Recording* recording);
    void setStep(size_t step);
    /// Shades the lifetime of the allocation holding `tensor` (0: none).
    void setHighlightedTensor(trace::Id tensor);
    trace::Id highlightedTensor() const { return m_highlighted; }
    QSize sizeHint() const override { return QSize(400, 180); }
    /// Devices with at least one MemoryChanged event, as their lanes are titled.
    QStringList devices() const;
    const trace::MemoryBreakdown& breakdown() const { return m_breakdown; }
    /// The lane and step under a point of the widget (lane -1: none).
    std::pair<int, size_t> hit(QPointF point) const;

Q_SIGNALS:
    void stepRequested(size_t step);
    /// A click landed on a step where this tensor's memory was allocated or freed.
    void tensorRequested(trace::Id tensor);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    QString laneTitle(const trace::MemoryLane& lane) const;
    QRectF plotOf(int lane) const;
    void paintLane(QPainter& p, int index, const QRectF& plot);

    trace::MemoryBreakdown m_breakdown;
    size_t m_stepCount = 0;
    size_t m_step = 0;
    trace::Id m_highlighted = 0;
};

/// "1.5 KiB", "12 MiB"...
QString formatBytes(uint64_t bytes);

/// The colour of a holder's stack (shared with the legend).
QColor memoryHolderColor(trace::MemoryHolder holder);

}  // namespace agv::ui
