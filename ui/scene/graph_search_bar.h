#pragma once
// The find bar of the graph view (Ctrl+F): type part of a tensor's name, a node's
// name or a module's name; Enter / Shift+Enter walk the matches, each one selected
// (the inspector shows it) and brought into view at a readable zoom; Esc closes.

#include <QFrame>

#include <vector>

#include "ui/scene/graph_search.h"

class QLabel;
class QLineEdit;

namespace agv::ui {

class GraphView;

class GraphSearchBar : public QFrame {
    Q_OBJECT
public:
    explicit GraphSearchBar(GraphView* view);

    void open();  ///< show, focus the text and select it
    QLineEdit* field() const { return m_field; }
    int matchCount() const { return static_cast<int>(m_hits.size()); }
    int currentMatch() const { return m_current; }  ///< -1 when none
    /// Searches again (the graph changed under the same text).
    void refresh();

Q_SIGNALS:
    /// The current hit is grad_fn node `node`, drawn inside a collapsed module call.
    void nodeRevealRequested(trace::Id node);

public Q_SLOTS:
    void next();
    void previous();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    bool handleKey(QKeyEvent* event);  ///< Enter, Shift+Enter, F3, Esc; true when taken
    void search();
    void show(int index);
    void place();

    GraphView* m_view;
    QLineEdit* m_field;
    QLabel* m_count;
    std::vector<GraphSearchHit> m_hits;
    int m_current = -1;
};

}  // namespace agv::ui
