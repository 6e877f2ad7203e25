#pragma once
// The checkpointing trade-off as a scatter chart: one labelled point per run
// configuration, x = operations recomputed in backward (the extra forward work),
// y = peak saved-activation bytes (core/trace/run_metrics.h). The best trade-offs — no
// other point is at least as good on both axes — are joined by a dashed frontier.
// Clicking a point asks for that configuration's recording.

#include <QString>
#include <QWidget>

#include <vector>

namespace agv::ui {

/// Round axis limits and ticks: the smallest "nice" number (1, 2, 2.5, 5 x 10^n) >= `value`.
double niceCeiling(double value);

/// An axis from 0 that shows `largest` with a little headroom in 2 to 5 round steps.
struct NiceAxis {
    double maximum = 1;
    int ticks = 1;
};
NiceAxis niceAxis(double largest);
/// The same for bytes: round steps in the unit formatBytes shows (B, KiB, MiB...).
NiceAxis niceBytesAxis(double largest);

struct TradeoffPoint {
    QString label;
    double recomputedOps = 0;
    double peakSavedBytes = 0;
};

class TradeoffChart : public QWidget {
    Q_OBJECT
public:
    explicit TradeoffChart(QWidget* parent = nullptr);

    /// `runIndex[i]` is what pointActivated reports for points[i]. Configurations that
    /// cost exactly the same should come as one point with a joined label.
    void setPoints(std::vector<TradeoffPoint> points, std::vector<int> runIndex);
    void setSelectedRun(int runIndex);
    int pointCount() const { return int(m_points.size()); }
    /// The run point `i` opens.
    int runOfPoint(int i) const { return m_runIndex[size_t(i)]; }
    /// Where point `i` is drawn (widget coordinates), for tests and tooltips.
    QPointF pointPosition(int i) const;
    /// The point under `position` (-1: none).
    int pointAt(QPointF position) const;

    QSize sizeHint() const override { return QSize(640, 420); }
    QSize minimumSizeHint() const override { return QSize(320, 220); }

Q_SIGNALS:
    /// The user clicked the point of run `runIndex`.
    void pointActivated(int runIndex);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void computeGeometry();

    std::vector<TradeoffPoint> m_points;
    std::vector<int> m_runIndex;
    int m_selectedRun = -1;
    int m_hovered = -1;
    QRectF m_plot;
    NiceAxis m_x, m_y;
};


}  // namespace agv::ui
