#pragma once
// The scene of one run: items for every node/tensor/edge of the final graph at fixed
// positions, restyled for the current GraphState (revealed in execution order,
// executing node glowing, gradient tokens on edges, stale badges pulsing).

#include <QGraphicsScene>
#include <QHash>
#include <QPointer>

#include <memory>
#include <vector>

#include "core/trace/graph_state.h"
#include "ui/graph/graph_layout_model.h"
#include "ui/scene/graph_items.h"
#include "ui/scene/graph_overview_item.h"
#include "ui/scene/group_node_item.h"
#include "ui/scene/host_lane_items.h"
#include "ui/scene/note_item.h"

class QParallelAnimationGroup;

namespace agv::ui {

struct Theme;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit GraphScene(QObject* parent = nullptr);
    ~GraphScene() override;

    /// Fonts/paddings the items draw with (the layout must reserve the same sizes).
    static LayoutMetrics metricsFor(const Theme& theme);

    void setLayoutModel(std::shared_ptr<const GraphLayoutModel> model);
    const GraphLayoutModel* layoutModel() const { return m_model.get(); }

    /// Restyles every item for `state`. With `previous` (the state just before, when
    /// playing forward) and animationMs > 0, gradient tokens travel and bumps flash.
    void applyState(const trace::GraphState& state, const trace::GraphState* previous, int animationMs);
    /// The lecturer's notes (trace::Note): a node's beside it, a step's above the graph;
    /// each shows from its step on (applyState).
    void setNotes(const std::vector<trace::Note>& notes);
    const std::vector<NoteItem*>& noteItems() const { return m_notes; }

    /// The item of a grad_fn node; nullptr when it is drawn inside a group.
    FunctionNodeItem* functionItem(Id node) const { return m_functionItems.value(node); }
    /// The group a collapsed node is drawn in (Note [Collapsed repeats]), else nullptr.
    GroupNodeItem* groupItemOf(Id node) const { return m_groupOfNode.value(node); }
    /// The item that shows grad_fn node `node`: its own, or its group's.
    GraphNodeItem* itemShowingNode(Id node) const;
    /// Where grad_fn node `node` is drawn at this step (its item, its group, or its box
    /// in the overview); empty when it is not shown.
    QRectF nodeRect(Id node) const;
    /// The one item drawing a huge graph (Note [Overview of huge graphs]); nullptr when
    /// every node has an item of its own.
    GraphOverviewItem* overview() const { return m_overview; }
    const std::vector<GroupNodeItem*>& groupItems() const { return m_groupItems; }
    TensorNodeItem* tensorItem(Id tensor) const { return m_tensorItems.value(tensor); }
    SavedBadgeItem* badgeItem(Id saved) const { return m_badgeItems.value(saved); }
    /// The host-memory lane (nullptr when nothing was offloaded) and its tensors.
    HostLaneItem* hostLane() const { return m_hostLane; }
    OffloadedTensorItem* offloadedItem(Id saved) const { return m_offloaded.value(saved); }
    const std::vector<GradientTokenItem*>& tokens() const { return m_tokens; }
    int visibleNodeCount() const;

    /// The dot grid behind the graph (off while exporting).
    void setGridVisible(bool visible) { m_gridVisible = visible; }

    /// The frame of a module call or of an expanded run of repeats whose header is at
    /// `scenePos` and not covered by another item: a click there collapses what it frames.
    ModuleClusterItem* collapsibleHeaderAt(const QPointF& scenePos) const;
    /// The frames of the expanded runs of repeats holding item `index` of the layout model,
    /// the innermost first.
    std::vector<const ModuleClusterItem*> expandedRunFramesHolding(int index) const;

    /// Selects and returns the item for a grad_fn node, or its group (the error panel links).
    QGraphicsItem* selectNode(Id node);

Q_SIGNALS:
    /// The user double-clicked the group with this key (the window expands it).
    void groupExpansionRequested(const QString& key);
    /// The user clicked the header of a module call's frame, or asked for its collapse
    /// in the context menu (the window collapses it, Note [Collapsed modules]).
    void moduleCollapseRequested(trace::Id module);
    /// The user clicked the header of an expanded run of repeats' frame, or asked for its
    /// collapse in the context menu (the window collapses it, Note [Collapsed repeats]).
    void runCollapseRequested(const QString& key);

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent* event) override;

private:
    void clearTokens();
    void buildHostLane();
    void addExpandedRunFrames();
    void applyStateToOverview(const trace::GraphState& state);

    std::shared_ptr<const GraphLayoutModel> m_model;
    std::vector<GraphNodeItem*> m_nodeItems;  ///< by layout index
    std::vector<GraphEdgeItem*> m_edgeItems;  ///< by layout index
    std::vector<std::pair<ModuleClusterItem*, std::vector<int>>> m_clusters;
    QHash<Id, FunctionNodeItem*> m_functionItems;
    std::vector<GroupNodeItem*> m_groupItems;
    QHash<Id, GroupNodeItem*> m_groupOfNode;
    QHash<Id, TensorNodeItem*> m_tensorItems;
    QHash<Id, SavedBadgeItem*> m_badgeItems;
    HostLaneItem* m_hostLane = nullptr;
    GraphOverviewItem* m_overview = nullptr;
    QHash<Id, OffloadedTensorItem*> m_offloaded;
    std::vector<GradientTokenItem*> m_tokens;
    std::vector<NoteItem*> m_notes;
    QPointer<QParallelAnimationGroup> m_tokenAnimation;
    bool m_gridVisible = true;
};

}  // namespace agv::ui
