#include "ui/playback/transport_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/playback/player.h"
#include "ui/playback/scrubber.h"
#include "ui/theme.h"

namespace agv::ui {

namespace {

enum class Glyph { Start, PreviousNode, PreviousLine, StepBack, Play, Pause, StepForward, NextLine, NextNode, End };

// Icons are drawn, not loaded: crisp at any size and in the theme's colours.
QIcon glyphIcon(Glyph g, const QColor& color, int size)
{
    QPixmap pm(size * 2, size * 2);
    pm.setDevicePixelRatio(2);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    const qreal s = size;
    auto tri = [&](qreal x, qreal w, bool right) {
        QPainterPath path;
        if (right) {
            path.moveTo(x, s * 0.22);
            path.lineTo(x + w, s * 0.5);
            path.lineTo(x, s * 0.78);
        } else {
            path.moveTo(x + w, s * 0.22);
            path.lineTo(x, s * 0.5);
            path.lineTo(x + w, s * 0.78);
        }
        path.closeSubpath();
        p.drawPath(path);
    };
    auto bar = [&](qreal x) { p.drawRoundedRect(QRectF(x, s * 0.22, s * 0.1, s * 0.56), 1, 1); };
    auto dot = [&](qreal x) { p.drawEllipse(QPointF(x, s * 0.5), s * 0.09, s * 0.09); };
    auto curve = [&](bool forward) {
        QPen pen(color, s * 0.09, Qt::SolidLine, Qt::RoundCap);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        QPainterPath path;
        if (forward) {
            path.moveTo(s * 0.2, s * 0.62);
            path.cubicTo(s * 0.25, s * 0.25, s * 0.65, s * 0.22, s * 0.74, s * 0.5);
        } else {
            path.moveTo(s * 0.8, s * 0.62);
            path.cubicTo(s * 0.75, s * 0.25, s * 0.35, s * 0.22, s * 0.26, s * 0.5);
        }
        p.drawPath(path);
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        QPainterPath head;
        const qreal hx = forward ? s * 0.74 : s * 0.26;
        head.moveTo(hx - s * 0.13, s * 0.46);
        head.lineTo(hx + s * 0.13, s * 0.46);
        head.lineTo(hx, s * 0.66);
        head.closeSubpath();
        p.drawPath(head);
        p.drawRect(QRectF(s * 0.2, s * 0.74, s * 0.6, s * 0.06));
    };
    switch (g) {
    case Glyph::Play: tri(s * 0.3, s * 0.48, true); break;
    case Glyph::Pause: p.drawRoundedRect(QRectF(s * 0.28, s * 0.22, s * 0.15, s * 0.56), 1.5, 1.5);
        p.drawRoundedRect(QRectF(s * 0.57, s * 0.22, s * 0.15, s * 0.56), 1.5, 1.5); break;
    case Glyph::StepForward: tri(s * 0.28, s * 0.36, true); bar(s * 0.66); break;
    case Glyph::StepBack: bar(s * 0.24); tri(s * 0.36, s * 0.36, false); break;
    case Glyph::Start: bar(s * 0.16); tri(s * 0.28, s * 0.3, false); tri(s * 0.56, s * 0.3, false); break;
    case Glyph::End: tri(s * 0.16, s * 0.3, true); tri(s * 0.44, s * 0.3, true); bar(s * 0.74); break;
    case Glyph::NextNode: tri(s * 0.14, s * 0.3, true); dot(s * 0.56); tri(s * 0.68, s * 0.22, true); break;
    case Glyph::PreviousNode: tri(s * 0.1, s * 0.22, false); dot(s * 0.44); tri(s * 0.56, s * 0.3, false); break;
    case Glyph::NextLine: curve(true); break;
    case Glyph::PreviousLine: curve(false); break;
    }
    return QIcon(pm);
}

}  // namespace

TransportBar::TransportBar(Player* player, QWidget* parent) : QWidget(parent), m_player(player)
{
    setObjectName(QStringLiteral("TransportBar"));
    setAutoFillBackground(true);
    // The scrubber gets a row of its own, as wide as the graph, so that it is easy to aim at
    // even when presenter mode makes the buttons and labels big.
    auto* rows = new QVBoxLayout(this);
    rows->setContentsMargins(10, 4, 12, 6);
    rows->setSpacing(2);
    m_scrubber = new Scrubber(this);
    rows->addWidget(m_scrubber);
    auto* layout = new QHBoxLayout;
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    rows->addLayout(layout);

    auto add = [&](Glyph g, const QString& tip, void (Player::*slot)()) {
        QToolButton* b = addButton(tip, slot);
        m_iconButtons.append({b, static_cast<int>(g)});
        layout->addWidget(b);
        return b;
    };
    add(Glyph::Start, tr("Go to start (Home)"), &Player::goToStart);
    add(Glyph::PreviousNode, tr("Previous backward node (Ctrl+Left)"), &Player::previousBackwardNode);
    add(Glyph::PreviousLine, tr("Previous source line (Shift+Left)"), &Player::previousLine);
    add(Glyph::StepBack, tr("Step back one event (Left)"), &Player::stepBack);
    m_play = add(Glyph::Play, tr("Play / pause (Space)"), &Player::togglePlay);
    m_play->setObjectName(QStringLiteral("PlayButton"));
    add(Glyph::StepForward, tr("Step forward one event (Right)"), &Player::stepForward);
    add(Glyph::NextLine, tr("Next source line (Shift+Right)"), &Player::nextLine);
    add(Glyph::NextNode, tr("Next backward node (Ctrl+Right)"), &Player::nextBackwardNode);
    add(Glyph::End, tr("Go to end (End)"), &Player::goToEnd);

    layout->addStretch(1);

    m_position = new QLabel(this);
    m_position->setObjectName(QStringLiteral("StepLabel"));
    m_position->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("step 00000 / 00000 · line 0000")));
    m_position->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(m_position);

    m_speed = new QComboBox(this);
    m_speed->setToolTip(tr("Playback speed"));
    for (double s : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0})
        m_speed->addItem(QStringLiteral("%1\u00d7").arg(s), s);
    m_speed->setCurrentIndex(2);
    m_speed->setFocusPolicy(Qt::NoFocus);
    layout->addWidget(m_speed);
    connect(m_speed, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_player->setSpeed(m_speed->itemData(i).toDouble()); });

    connect(m_scrubber, &Scrubber::stepRequested, m_player, &Player::setStep);
    connect(m_player, &Player::stepChanged, this, &TransportBar::onStepChanged);
    connect(m_player, &Player::recordingChanged, this, &TransportBar::onRecordingChanged);
    connect(m_player, &Player::playingChanged, this, &TransportBar::refreshIcons);
    refreshIcons();
    onRecordingChanged();
}

QToolButton* TransportBar::addButton(const QString& tip, void (Player::*slot)())
{
    auto* b = new QToolButton(this);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    b->setFocusPolicy(Qt::NoFocus);  // keys go to the window's shortcuts
    connect(b, &QToolButton::clicked, m_player, slot);
    return b;
}

void TransportBar::refreshIcons()
{
    const Theme& theme = Theme::current();
    const int size = static_cast<int>(22 * theme.fontScale);
    for (const auto& [button, glyph] : m_iconButtons) {
        Glyph g = static_cast<Glyph>(glyph);
        if (button == m_play && m_player->isPlaying())
            g = Glyph::Pause;
        button->setIcon(glyphIcon(g, button == m_play ? theme.accent : theme.text, size));
        button->setIconSize(QSize(size, size));
    }
    setFixedHeight(static_cast<int>(46 * theme.fontScale));
}

void TransportBar::onRecordingChanged()
{
    const trace::Timeline* tl = m_player->timeline();
    m_scrubber->setRange(m_player->stepCount(), tl ? tl->markers() : std::vector<trace::Marker>{});
    onStepChanged();
}

void TransportBar::onStepChanged()
{
    m_scrubber->setStep(m_player->step());
    const int line = m_player->state().line;
    QString text = tr("step %1 / %2").arg(m_player->step()).arg(m_player->stepCount());
    if (line > 0)
        text += tr(" \u00b7 line %1").arg(line);
    m_position->setText(text);
}

}  // namespace agv::ui
