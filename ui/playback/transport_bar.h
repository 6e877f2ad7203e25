#pragma once
// Play/pause, stepping (by event, by source line, by backward node), speed, scrubber.
// The buttons only call Player slots; keyboard shortcuts live in MainWindow.

#include <QWidget>

class QComboBox;
class QLabel;
class QToolButton;

namespace agv::ui {

class Player;
class Scrubber;

class TransportBar : public QWidget {
    Q_OBJECT
public:
    explicit TransportBar(Player* player, QWidget* parent = nullptr);

    Scrubber* scrubber() const { return m_scrubber; }
    QToolButton* playButton() const { return m_play; }
    void refreshIcons();

private:
    void onStepChanged();
    void onRecordingChanged();
    QToolButton* addButton(const QString& tip, void (Player::*slot)());

    Player* m_player;
    Scrubber* m_scrubber;
    QToolButton* m_play = nullptr;
    QComboBox* m_speed = nullptr;
    QLabel* m_position = nullptr;
    QList<QPair<QToolButton*, int>> m_iconButtons;
};

}  // namespace agv::ui
