#pragma once
// Details of the selected tensor, grad_fn node or saved variable at the current step.

#include <QWidget>

#include "core/trace/graph_state.h"
#include "core/trace/recompute_check.h"

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace agv::ui {

struct Selection {
    enum class Kind { None, Node, Tensor, Saved } kind = Kind::None;
    trace::Id id = 0;
    bool operator==(const Selection&) const = default;
};

class InspectorPanel : public QWidget {
    Q_OBJECT
public:
    explicit InspectorPanel(QWidget* parent = nullptr);

    void setSelection(Selection selection);
    Selection selection() const { return m_selection; }
    /// Refreshes the details for `state` (called on every step).
    void showState(const trace::GraphState& state);

    /// The run's checkpoint recomputes compared with their forwards (compareRecomputes): a
    /// tensor of either run shows its counterpart's value (the dropout mask of forward and
    /// recompute side by side) and whether the two agree.
    void setRecomputeChecks(std::vector<trace::RecomputeComparison> checks) { m_checks = std::move(checks); }

    /// The script the recording came from: rows that name a line quote it.
    void setSourceLines(const QStringList& lines) { m_sourceLines = lines; }

    QString title() const;
    /// Value of a property row by its name (for tests), e.g. "_version".
    QString value(const QString& property) const;
    /// Clicks the row `property` (as the user does): rows that name a line emit lineRequested.
    void activateRow(const QString& property);

Q_SIGNALS:
    /// A row naming a script line was clicked: show `line`, flash `node` (0: none).
    void lineRequested(int line, trace::Id node);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateTitleFont();
    QTreeWidgetItem* row(const QString& name, const QString& value, QTreeWidgetItem* parent = nullptr);
    /// A row that names script line `line` and jumps there when clicked.
    QTreeWidgetItem* lineRow(const QString& name, int line, const QString& what, trace::Id node = 0);
    void onItemClicked(QTreeWidgetItem* item);
    void showTensor(const trace::GraphState& s, const trace::TensorView& t);
    void showNode(const trace::GraphState& s, const trace::NodeView& n);
    void showSaved(const trace::GraphState& s, const trace::SavedView& v);
    /// Rows comparing a checkpointed tensor with its counterpart in the other run.
    void showRecomputeCounterpart(const trace::GraphState& s, trace::Id tensor);

    Selection m_selection;
    QLabel* m_title;
    QLabel* m_subtitle;
    QTreeWidget* m_tree;
    QStringList m_sourceLines;
    std::vector<trace::RecomputeComparison> m_checks;
};

}  // namespace agv::ui
