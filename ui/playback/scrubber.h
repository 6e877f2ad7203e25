#pragma once
// Timeline slider with markers: backward passes, in-place version bumps, errors.

#include <QWidget>

#include <vector>

#include "core/trace/graph_state.h"

namespace agv::ui {

class Scrubber : public QWidget {
    Q_OBJECT
public:
    explicit Scrubber(QWidget* parent = nullptr);

    void setRange(size_t stepCount, std::vector<trace::Marker> markers);
    void setStep(size_t step);
    size_t step() const { return m_step; }
    size_t stepCount() const { return m_count; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void stepRequested(size_t step);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    QRectF trackRect() const;
    size_t stepAt(qreal x) const;
    qreal xOf(size_t step) const;

    size_t m_count = 0;
    size_t m_step = 0;
    std::vector<trace::Marker> m_markers;
};

}  // namespace agv::ui
