#pragma once
// Two runs' memory over time, overlaid: above, every byte allocated (all devices); below,
// the bytes the autograd graph holds for backward (Note [Saved-activation bytes] in
// core/trace/run_metrics.h). The x axis counts events, so a checkpointed run, which
// records its recompute too, is the longer line; each line's peak is marked.

#include <QColor>
#include <QString>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace agv::ui {

struct MemorySeries {
    QString title;
    QColor color;
    std::vector<uint64_t> totalBytes;  ///< after each event
    std::vector<uint64_t> savedBytes;
};

class MemoryOverlayChart : public QWidget {
    Q_OBJECT
public:
    explicit MemoryOverlayChart(QWidget* parent = nullptr);

    /// At most two series are drawn, the first underneath.
    void setSeries(std::vector<MemorySeries> series);
    const std::vector<MemorySeries>& series() const { return m_series; }

    QSize sizeHint() const override { return QSize(640, 360); }
    QSize minimumSizeHint() const override { return QSize(320, 200); }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<MemorySeries> m_series;
};

}  // namespace agv::ui
