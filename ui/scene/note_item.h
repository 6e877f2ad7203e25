#pragma once
// A lecturer's note pinned to a node or a step (trace::Note): a sticky note beside its
// node, or above the graph for a step. Saved with the trace and drawn in exports.

#include <QGraphicsItem>

#include "core/trace/recording.h"

namespace agv::ui {

class NoteItem : public QGraphicsItem {
public:
    enum { Type = UserType + 40 };
    /// `index`: the note's place in the window's list (what Delete removes).
    NoteItem(trace::Note note, int index);

    int type() const override { return Type; }
    const trace::Note& note() const { return m_note; }
    int index() const { return m_index; }
    QString text() const { return QString::fromStdString(m_note.text); }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    trace::Note m_note;
    int m_index;
    QRectF m_box;
};

}  // namespace agv::ui
