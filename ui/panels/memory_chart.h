#pragma once
// The memory of each device over the whole run, one lane per device, stacked by what
// holds the bytes (core/trace/memory_holders.h), with the playback cursor, the peak so far
// and the peak of the run. Linked both ways with the graph: a click selects the tensor
// that allocated or freed there, and a selected tensor's lifetime is shaded. Under the
// lanes, when the run copied between host and the simulated GPU, the PCIe strip: one bar
// per copy at its step, as tall as its modelled duration (Note [Modelled PCIe time]).

#include <QWidget>

#include <vector>

#include "core/trace/graph_state.h"
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
    /// Tall enough for every lane (and the PCIe strip) to read.
    QSize sizeHint() const override;
    /// Devices with at least one MemoryChanged event, as their lanes are titled.
    QStringList devices() const;
    const trace::MemoryBreakdown& breakdown() const { return m_breakdown; }
    /// The lane and step under a point of the widget (lane -1: none).
    std::pair<int, size_t> hit(QPointF point) const;

    /// A host<->GPU copy of the run, at the step of its DeviceCopied event.
    struct CopyMark {
        size_t step = 0;  ///< the player step right after the copy
        trace::DeviceCopied copy;
        trace::Id tensor = 0;  ///< the tensor it wrote into (else read from); 0 when none was announced
        trace::CopyTotals toGpuSoFar, toHostSoFar;  ///< the run's copies up to this one, included
    };
    const std::vector<CopyMark>& copies() const { return m_copies; }
    /// The copy whose bar is under (or within a few pixels of) `point`, or nullptr.
    const CopyMark* copyAt(QPointF point) const;
    /// Where the copy's bar is drawn (empty when the strip is not shown).
    QRectF barOf(const CopyMark& mark) const;
    /// The strip's title at the current step: the copies so far, each way.
    QString copyStripTitle() const;

Q_SIGNALS:
    void stepRequested(size_t step);
    /// A click landed on a step where this tensor's memory was allocated or freed.
    void tensorRequested(trace::Id tensor);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    QString laneTitle(const trace::MemoryLane& lane) const;
    QRectF plotOf(int lane) const;
    /// The PCIe strip's bars area (empty when the run made no copies).
    QRectF copyStripPlot() const;
    qreal copyStripHeight() const;
    void paintLane(QPainter& p, int index, const QRectF& plot);
    void paintCopyStrip(QPainter& p, const QRectF& plot);

    trace::MemoryBreakdown m_breakdown;
    std::vector<CopyMark> m_copies;
    uint64_t m_longestCopyNanos = 0;
    size_t m_stepCount = 0;
    size_t m_step = 0;
    trace::Id m_highlighted = 0;
};

/// "1.5 KiB", "12 MiB"...
QString formatBytes(uint64_t bytes);

/// The colour of a holder's stack (shared with the legend).
QColor memoryHolderColor(trace::MemoryHolder holder);

}  // namespace agv::ui
