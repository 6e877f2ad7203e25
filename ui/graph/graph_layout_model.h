#pragma once
// Our own copy of the laid-out final graph (KGraphViewer's habit: Graphviz results are
// copied into the app's model, then Graphviz memory is freed). Built from the
// FinalGraph of a Recording: every item that will ever appear, with its size, reveal
// step and, after layout, its position and edge splines. Playback only toggles
// visibility and styles, so nothing moves while the graph grows.

#include <QFont>
#include <QHash>
#include <QPainterPath>
#include <QRectF>
#include <QSet>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <set>
#include <vector>

#include "core/trace/graph_state.h"

namespace agv::ui {

using trace::Id;

enum class LayoutNodeKind {
    GradFn,          ///< a grad_fn Node (MulBackward0, ...)
    AccumulateGrad,  ///< the node that writes .grad of a leaf
    Parameter,       ///< leaf tensor with requires_grad=True
    Input,           ///< leaf tensor without requires_grad that some node saved
    Root,            ///< tensor backward() was called on (loss)
    Intermediate,    ///< forward graph only: a tensor an op produced
    Group,           ///< a run of repeated nodes drawn as one (Note [Collapsed repeats])
};

struct LayoutBadge {
    Id saved = 0;
    QString slot;
    Id tensor = 0;
    QString tensorLabel;
    trace::SavedHolding holding = trace::SavedHolding::Original;
    QString hook;          ///< pack hook holding the tensor ("" when held as is)
    QString packedDevice;  ///< where pack put it
};

/// The note a saved badge carries about a saved-tensor hook ("⇢ cpu", "⟲ recompute",
/// "⇢ pack_hook()"); "" when the tensor is held as is. `packed`: the hook's pack has run
/// and no unpack since. One place for the scene (the state) and the layout (the width).
QString savedHoldingNote(const LayoutBadge& badge, bool packed);

/// What a Group item stands for: `repeats` repetitions, one after the other, of the
/// same sequence of nodes (see Note [Collapsed repeats] in ui/graph/repeat_collapse.h),
/// or one nn.Module call (`module` set; Note [Collapsed modules] in ui/graph/module_collapse.h).
struct LayoutGroup {
    Id module = 0;            ///< the collapsed module call; 0 for a run of repeats
    QStringList motif;        ///< titles of one repetition's ops, in data-flow order
    int repeats = 0;
    std::vector<Id> nodes;    ///< grad_fn nodes inside (the forward graph: ops), data-flow order
    std::vector<Id> tensors;  ///< tensors drawn inside
    int memberCount = 0;      ///< items of the full graph inside, private inputs included
    int privateInputs = 0;    ///< of those, inputs that fed only one repetition
    /// A module's nodes as the find bar matches them ("AddmmBackward0 → l1"), by `nodes`.
    QStringList nodeTexts;
};

struct LayoutNode {
    QString key;  ///< "n<id>" for nodes, "t<id>" for tensors, "g<first member's key>" for groups
    LayoutNodeKind kind = LayoutNodeKind::GradFn;
    Id id = 0;    ///< node id, or tensor id for tensor kinds (0 for groups)
    QString title;
    QString subtitle;  ///< variable names of the tensors this node produced ("l1")
    bool subtitleIsName = false;  ///< forward graph ops: the subtitle names the grad_fn, no arrow
    std::vector<LayoutBadge> badges;
    QString reserveText;  ///< an extra body line the scene may draw later (".grad = ...")
    bool recompute = false;
    Id segment = 0;  ///< checkpoint segment the node was created in (0: none)
    Id module = 0;
    uint64_t createdStep = 0;
    std::shared_ptr<const LayoutGroup> group;  ///< kind Group only
    QSizeF size;
    QPointF center;
};

enum class LayoutEdgeKind {
    NextFunction,  ///< producer grad_fn -> consumer grad_fn (data flows down, gradients up)
    LeafToAccumulate,
    SavedInput,    ///< a plain input saved by the node (dashed)
    ToRoot,        ///< grad_fn -> the tensor backward() starts from
    OpInput,       ///< forward graph: tensor -> the op that used it
    OpOutput,      ///< forward graph: op -> the tensor it produced
};

struct LayoutEdge {
    int from = -1;  ///< index into nodes (data-flow source)
    int to = -1;
    LayoutEdgeKind kind = LayoutEdgeKind::NextFunction;
    uint32_t inputNr = 0;
    QPainterPath path;  ///< scene coordinates, from `from` to `to`
};

/// Sizes of the boxes the scene will draw (so Graphviz reserves the right space).
struct LayoutMetrics {
    QFont titleFont;
    QFont bodyFont;
    qreal paddingX = 14;
    qreal paddingY = 8;
    qreal badgeHeight = 18;
};

class GraphLayoutModel {
public:
    std::vector<LayoutNode> nodes;
    std::vector<LayoutEdge> edges;
    QRectF bounds;
    bool laidOut = false;
    QHash<Id, int> nodeIndexById;    ///< grad_fn node id -> index of the item drawing it (its group's)
    QHash<Id, int> tensorIndexById;  ///< tensor items only
    std::map<Id, trace::ModuleView> modules;
    /// The graph this one draws with groups (Note [Collapsed repeats]); null when no
    /// item is a group. Expanding a group collapses it anew.
    std::shared_ptr<const GraphLayoutModel> uncollapsed;
    QSet<QString> expandedGroups;  ///< keys of the groups the user expanded
    /// What each expanded run of repeats held as a group, by its key (those in
    /// expandedGroups): the scene frames it, and collapsing it draws that group again
    /// (Note [Collapsed repeats]).
    std::map<QString, std::shared_ptr<const LayoutGroup>> expandedRuns;
    /// The graph this one draws with module calls collapsed (Note [Collapsed modules]);
    /// null when none is.
    std::shared_ptr<const GraphLayoutModel> moduleBase;
    std::set<Id> collapsedModules;  ///< the module calls collapsed (inner ones of a collapsed one included)

    int indexOfNode(Id node) const { return nodeIndexById.value(node, -1); }
    int indexOfTensor(Id tensor) const { return tensorIndexById.value(tensor, -1); }
    /// The Group item with key `key` (-1 if none).
    int indexOfGroup(const QString& key) const;
    /// Edge from producer `fromNode` into consumer `toNode` (-1 if none).
    int edgeBetweenNodes(Id producer, Id consumer) const;

    /// Builds the items and their sizes from the final graph (no positions yet): the
    /// backward graph of grad_fn nodes, its repeats and module calls collapsed when it is
    /// big (drawnGraphWithModules()).
    static GraphLayoutModel fromFinalGraph(const trace::FinalGraph& graph, const LayoutMetrics& metrics);
    /// The forward computation graph of the same run: tensors, and the ops between them
    /// (see forward_graph_model.cpp). Op items use their grad_fn's id, so a node selected
    /// in one graph is found in the other.
    static GraphLayoutModel forwardFromFinalGraph(const trace::FinalGraph& graph, const LayoutMetrics& metrics);

    /// Appends `n` (not measured yet, see measure()); returns its index.
    int addNode(LayoutNode n);
    /// The size the box of `n` needs: its title, subtitle, badges and reserved line.
    static QSizeF boxSize(const LayoutNode& n, const LayoutMetrics& metrics);
    /// Gives every node the size of its box. The builders measure last, once they know
    /// which items are drawn: measuring text is the dear part of a 100,000-node model.
    void measure(const LayoutMetrics& metrics);
    /// The saved-tensor badges of each node, in save order.
    static std::map<Id, std::vector<LayoutBadge>> badgesByNode(const trace::FinalGraph& graph);

    /// Gives every edge a straight path from the bottom of its source's box to the top
    /// of its target's (the layouts that do not route edges).
    void straightenEdges();

    /// The graph as Graphviz DOT (with positions when laid out): File > Export DOT.
    QString toDot() const;

    /// Structural fingerprint: equal when two runs produced the same graph shape, so a
    /// re-run can keep the playback position.
    QString signature() const;
};

}  // namespace agv::ui
