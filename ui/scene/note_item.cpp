#include "ui/scene/note_item.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "ui/theme.h"

namespace agv::ui {

namespace {
constexpr qreal kWidth = 240;
constexpr qreal kPad = 8;
constexpr int kTextFlags = Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop;
// Sticky-note yellow, the same in both themes: it is the lecturer's, not the graph's.
const QColor kPaper(0xff, 0xf1, 0x9c);
const QColor kPaperBorder(0xd4, 0xb1, 0x06);
}  // namespace

NoteItem::NoteItem(trace::Note note, int index) : m_note(std::move(note)), m_index(index)
{
    const QFontMetricsF fm(Theme::current().bodyFont());
    const QRectF text = fm.boundingRect(QRectF(0, 0, kWidth - 2 * kPad, 2000), kTextFlags, this->text());
    m_box = QRectF(0, 0, kWidth, std::min<qreal>(text.height(), 400) + 2 * kPad);
    setFlags(ItemIsSelectable | ItemIsMovable);  // a lecturer drags it off what it covers
    setZValue(6);
    setToolTip(this->text());
}

QRectF NoteItem::boundingRect() const { return m_box.adjusted(-3, -3, 3, 3); }

void NoteItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option->state & QStyle::State_Selected;
    painter->setPen(QPen(selected ? Theme::current().accent : kPaperBorder, selected ? 2.2 : 1.2));
    painter->setBrush(kPaper);
    painter->drawRoundedRect(m_box, 4, 4);
    painter->setPen(QColor(0x33, 0x2b, 0x00));
    painter->setFont(Theme::current().bodyFont());
    painter->drawText(m_box.adjusted(kPad, kPad, -kPad, -kPad), kTextFlags, text());
}

}  // namespace agv::ui
