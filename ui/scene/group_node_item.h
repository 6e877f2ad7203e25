#pragma once
// A run of repeated nodes drawn as one item (Note [Collapsed repeats] in
// ui/graph/repeat_collapse.h): a stack of boxes naming the repeated ops, "× 50,000", and
// how many of its nodes exist and have run at the current step. A collapsed nn.Module call
// (Note [Collapsed modules] in ui/graph/module_collapse.h) is drawn the same way, as its
// closed frame: "model.0 · Linear", its ops, its count. Double-click expands either.

#include "ui/scene/graph_items.h"

namespace agv::ui {

class GroupNodeItem : public GraphNodeItem {
    Q_OBJECT
public:
    enum { Type = GroupNodeType };
    GroupNodeItem(const LayoutNode& node, int index);
    int type() const override { return Type; }

    const LayoutGroup& group() const { return *m_node.group; }
    QString key() const { return m_node.key; }
    /// A collapsed nn.Module call (Note [Collapsed modules]), not a run of repeats.
    bool isModule() const { return group().module != 0; }

    /// Its nodes at this step: how many were created and executed; `failed`: one of them
    /// is the failing node.
    void setProgress(int created, int executed, bool failed);
    int createdCount() const { return m_created; }
    int executedCount() const { return m_executed; }
    /// Every gradient its nodes take has been computed: each edge into it has carried one.
    bool allExecuted() const { return m_executed == static_cast<int>(group().nodes.size()) && m_executed > 0; }
    QString statusText() const;

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

Q_SIGNALS:
    void expandRequested(const QString& key);

protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;

private:
    int m_created = 0;
    int m_executed = 0;
    bool m_failed = false;
};

}  // namespace agv::ui
