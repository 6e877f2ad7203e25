#pragma once
// Note [Overview of huge graphs]
// A graph of more than kOverviewItemLimit items (Note [Huge graphs]) gets no
// QGraphicsItem per node: a hundred thousand of them took seconds to build, to index
// and to collect for every picture, and a gigabyte. One GraphOverviewItem draws them
// all from the layout model: each item a box in its kind's colours, coloured by what
// the current step says of it (executed, running, failed), edges in batches of lines,
// and nothing of what the step has not created yet. Zoomed in far enough to read, it
// writes the titles too, for the boxes in view only. Hovering a box names it. Boxes
// are not selectable one by one: the inspector follows the nodes of smaller graphs.

#include <QGraphicsItem>

#include <memory>
#include <vector>

#include "ui/graph/graph_layout_model.h"
#include "ui/scene/graph_items.h"

namespace agv::ui {

class GraphOverviewItem : public QGraphicsItem {
public:
    enum { Type = GraphOverviewType };
    /// What an item of the graph shows at the current step.
    enum class NodeState : uint8_t { Hidden, Shown, Executed, Executing, Failed };

    explicit GraphOverviewItem(std::shared_ptr<const GraphLayoutModel> model);
    int type() const override { return Type; }

    /// One state per layout item; edges show once both their ends do.
    void setNodeStates(std::vector<NodeState> states);
    NodeState nodeState(int index) const { return m_states[static_cast<size_t>(index)]; }
    int visibleCount() const { return m_visible; }
    /// The box of layout item `index`, in scene coordinates.
    QRectF nodeRect(int index) const { return m_boxes[static_cast<size_t>(index)]; }
    /// The layout item whose box holds `scenePoint` and is shown (-1 if none).
    int nodeAt(const QPointF& scenePoint) const;

    /// The boxes shown at this step (so fitting and exports frame what is there).
    QRectF boundingRect() const override { return m_shownBounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void hoverMoveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    void paintBoxes(QPainter* painter, const QRectF& exposed, qreal scale) const;
    void paintTitles(QPainter* painter, const QRectF& exposed) const;

    std::shared_ptr<const GraphLayoutModel> m_model;
    std::vector<QRectF> m_boxes;  ///< by layout index
    std::vector<NodeState> m_states;
    QRectF m_shownBounds;
    int m_visible = 0;
    int m_hovered = -1;
};

}  // namespace agv::ui
