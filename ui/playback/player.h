#pragma once
// Plays a Recording: the current step, play/pause on a timer, and the navigation of
// the transport bar. All state comes from trace::Timeline (the pure fold with
// snapshots), so stepping back is as cheap and as exact as stepping forward.

#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>

#include "core/trace/graph_state.h"

namespace agv::ui {

class Player : public QObject {
    Q_OBJECT
public:
    explicit Player(QObject* parent = nullptr);
    ~Player() override;

    /// Takes a finished recording; playback restarts at `step` (clamped).
    void setRecording(std::shared_ptr<const trace::Recording> recording, size_t step = 0);
    std::shared_ptr<const trace::Recording> recording() const { return m_recording; }
    bool hasRecording() const { return m_recording != nullptr; }

    size_t step() const { return m_step; }
    size_t stepCount() const { return m_recording ? m_recording->size() : 0; }
    const trace::GraphState& state() const;
    /// The state one event earlier when the last move was a single step forward (for
    /// animations), otherwise nullptr.
    const trace::GraphState* previousState() const { return m_previous ? &*m_previous : nullptr; }
    const trace::Timeline* timeline() const { return m_timeline.get(); }

    bool isPlaying() const { return m_timer.isActive(); }
    /// Step Forward/Back skip events that change nothing in the graph, the code or the
    /// console (memory accounting): every key press shows something new. On by default.
    bool skipsInvisibleSteps() const { return m_skipInvisible; }
    void setSkipInvisibleSteps(bool skip) { m_skipInvisible = skip; }
    /// Whether the event that leads to `step` (1-based: the state after it) shows only in the memory chart.
    bool isInvisibleStep(size_t step) const;
    /// "Predict, then reveal": Play stops right before a step that reveals an answer (a
    /// backward() call about to fill the leaves' .grad, an error about to be raised) so
    /// the class can predict it; Play or Step Forward from there reveals it.
    bool quizMode() const { return m_quiz; }
    void setQuizMode(bool on) { m_quiz = on; }
    /// Whether moving from `step - 1` to `step` reveals an answer (see quizMode).
    bool revealsAnswer(size_t step) const;
    double speed() const { return m_speed; }
    /// How long the animation of the current step may take at the current speed.
    int animationMs() const;

public Q_SLOTS:
    void setStep(size_t step);
    void play();
    void pause();
    void togglePlay();
    void stepForward();
    void stepBack();
    void nextLine();
    void previousLine();
    void nextBackwardNode();
    void previousBackwardNode();
    void goToStart();
    void goToEnd();
    void setSpeed(double speed);

Q_SIGNALS:
    void stepChanged(size_t step);
    void playingChanged(bool playing);
    void recordingChanged();
    void speedChanged(double speed);
    /// Play stopped before `revealStep` for the class to predict it (quiz mode).
    void pausedToPredict(size_t revealStep);

private:
    void onTick();
    int delayForNextEvent() const;

    std::shared_ptr<const trace::Recording> m_recording;
    std::unique_ptr<trace::Timeline> m_timeline;
    std::optional<trace::GraphState> m_previous;
    trace::GraphState m_empty;
    size_t m_step = 0;
    double m_speed = 1.0;
    bool m_skipInvisible = true;
    bool m_quiz = false;
    size_t m_playStartedAt = 0;
    QTimer m_timer;
};

}  // namespace agv::ui
