#include "ui/playback/player.h"

#include <algorithm>

namespace agv::ui {

namespace {
// At 1x a visible event (a node appears, a gradient moves) lasts this long; events
// with nothing to look at (memory accounting, line markers) pass four times faster.
constexpr int kBaseEventMs = 420;
}  // namespace

Player::Player(QObject* parent) : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &Player::onTick);
}

Player::~Player() = default;

void Player::setRecording(std::shared_ptr<const trace::Recording> recording, size_t step)
{
    pause();
    m_timeline.reset();
    m_recording = std::move(recording);
    m_previous.reset();
    if (m_recording)
        m_timeline = std::make_unique<trace::Timeline>(*m_recording);
    m_step = std::min(step, stepCount());
    if (m_timeline)
        m_timeline->seek(m_step);
    Q_EMIT recordingChanged();
    Q_EMIT stepChanged(m_step);
}

const trace::GraphState& Player::state() const { return m_timeline ? m_timeline->current() : m_empty; }

int Player::animationMs() const { return static_cast<int>(kBaseEventMs * 0.8 / m_speed); }

void Player::setStep(size_t step)
{
    if (!m_timeline)
        return;
    step = std::min(step, stepCount());
    if (step == m_step)
        return;
    if (step == m_step + 1)
        m_previous = m_timeline->current();  // cheap: see Note [Cheap snapshots]
    else
        m_previous.reset();
    m_step = step;
    m_timeline->seek(step);
    Q_EMIT stepChanged(m_step);
}

void Player::play()
{
    if (!m_timeline || isPlaying())
        return;
    if (m_step >= stepCount())
        setStep(0);  // play again from the start
    m_playStartedAt = m_step;
    m_timer.start(delayForNextEvent());
    Q_EMIT playingChanged(true);
}

void Player::pause()
{
    if (!isPlaying())
        return;
    m_timer.stop();
    Q_EMIT playingChanged(false);
}

void Player::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void Player::onTick()
{
    if (m_step >= stepCount()) {
        pause();
        Q_EMIT playingChanged(false);
        return;
    }
    // Held before an answer, unless Play was pressed right there (that reveals it).
    if (m_quiz && m_step != m_playStartedAt && revealsAnswer(m_step + 1)) {
        pause();
        Q_EMIT pausedToPredict(m_step + 1);
        return;
    }
    setStep(m_step + 1);
    if (m_step >= stepCount()) {
        Q_EMIT playingChanged(false);
        return;
    }
    m_timer.start(delayForNextEvent());
}

bool Player::revealsAnswer(size_t step) const
{
    if (!m_recording || step == 0 || step > m_recording->size())
        return false;
    const trace::Payload& p = (*m_recording)[step - 1].payload;
    if (std::holds_alternative<trace::ErrorRaised>(p))
        return true;
    if (!std::holds_alternative<trace::BackwardBegin>(p))
        return false;
    // Only an outermost backward() (a reentrant checkpoint's inner one is part of the answer).
    if (m_step == step - 1)
        return m_timeline->current().backwardDepth == 0;
    return trace::stateAt(*m_recording, step - 1).backwardDepth == 0;
}

int Player::delayForNextEvent() const
{
    if (!m_recording || m_step >= m_recording->size())
        return kBaseEventMs;
    const trace::Payload& p = (*m_recording)[m_step].payload;
    const bool quiet = std::holds_alternative<trace::MemoryChanged>(p) || std::holds_alternative<trace::LineReached>(p) ||
                       std::holds_alternative<trace::HookCalled>(p) || std::holds_alternative<trace::TensorLabeled>(p) ||
                       std::holds_alternative<trace::SavedReleased>(p);
    return static_cast<int>((quiet ? kBaseEventMs / 4.0 : kBaseEventMs) / m_speed);
}

bool Player::isInvisibleStep(size_t step) const
{
    if (!m_recording || step == 0 || step > m_recording->size())
        return false;
    return std::holds_alternative<trace::MemoryChanged>((*m_recording)[step - 1].payload);
}

void Player::stepForward()
{
    size_t target = std::min(m_step + 1, stepCount());
    while (m_skipInvisible && target < stepCount() && isInvisibleStep(target))
        ++target;
    setStep(target);
}

void Player::stepBack()
{
    size_t target = m_step == 0 ? 0 : m_step - 1;
    while (m_skipInvisible && target > 0 && isInvisibleStep(target))
        --target;
    setStep(target);
}
void Player::goToStart() { setStep(0); }
void Player::goToEnd() { setStep(stepCount()); }

void Player::nextLine()
{
    if (!m_timeline)
        return;
    // A line that runs backward (`loss.backward()`) is walked node by node, not skipped whole.
    size_t target = m_timeline->nextLineStep(m_step);
    const size_t node = m_timeline->nextBackwardNodeStep(m_step);
    if (node > m_step && node < target)
        target = node;
    setStep(target);
}

void Player::previousLine()
{
    if (!m_timeline)
        return;
    size_t target = m_timeline->previousLineStep(m_step);
    const size_t node = m_timeline->previousBackwardNodeStep(m_step);
    if (node < m_step && node > target)
        target = node;
    setStep(target);
}

void Player::nextBackwardNode()
{
    if (m_timeline)
        setStep(m_timeline->nextBackwardNodeStep(m_step));
}

void Player::previousBackwardNode()
{
    if (m_timeline)
        setStep(m_timeline->previousBackwardNodeStep(m_step));
}

void Player::setSpeed(double speed)
{
    speed = std::clamp(speed, 0.1, 32.0);
    if (speed == m_speed)
        return;
    m_speed = speed;
    Q_EMIT speedChanged(speed);
}

}  // namespace agv::ui
