#pragma once
// Current and peak bytes per device over the whole run, with the playback cursor.

#include <QWidget>

#include <map>
#include <string>
#include <vector>

#include "core/trace/recording.h"

namespace agv::ui {

class MemoryChart : public QWidget {
    Q_OBJECT
public:
    explicit MemoryChart(QWidget* parent = nullptr);

    void setRecording(const trace::Recording* recording);
    void setStep(size_t step);
    QSize sizeHint() const override { return QSize(400, 160); }
    /// Devices with at least one MemoryChanged event.
    QStringList devices() const;

Q_SIGNALS:
    void stepRequested(size_t step);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    struct Point {
        size_t step;
        uint64_t current;
        uint64_t peak;
    };
    std::map<std::string, std::vector<Point>> m_series;
    size_t m_stepCount = 0;
    size_t m_step = 0;
    uint64_t m_max = 0;
    QRectF m_plot;
};

/// "1.5 KiB", "12 MiB"...
QString formatBytes(uint64_t bytes);

}  // namespace agv::ui
