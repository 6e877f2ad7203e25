#pragma once
// QGraphicsItems of the autograd graph. Items are created once per layout (positions
// never change) and restyled by GraphScene::applyState as playback moves. Each class
// has its own Type so qgraphicsitem_cast works (Qt's elasticnodes example).

#include <QGraphicsObject>
#include <QGraphicsPathItem>
#include <QPointer>

#include "ui/graph/graph_layout_model.h"

class QPropertyAnimation;

namespace agv::ui {

enum ItemType {
    FunctionNodeType = QGraphicsItem::UserType + 1,
    TensorNodeType = QGraphicsItem::UserType + 2,
    SavedBadgeType = QGraphicsItem::UserType + 3,
    GraphEdgeType = QGraphicsItem::UserType + 4,
    GradientTokenType = QGraphicsItem::UserType + 5,
    ModuleClusterType = QGraphicsItem::UserType + 6,
    HostLaneType = QGraphicsItem::UserType + 7,
    OffloadedTensorType = QGraphicsItem::UserType + 8,
    GroupNodeType = QGraphicsItem::UserType + 9,
    GraphOverviewType = QGraphicsItem::UserType + 10,
};

/// Common part of node-like items: a rounded box at a fixed center, a glow (executing
/// now) and a flash (version bump) that can be animated.
class GraphNodeItem : public QGraphicsObject {
    Q_OBJECT
    Q_PROPERTY(qreal glow READ glow WRITE setGlow)
    Q_PROPERTY(qreal flash READ flash WRITE setFlash)

public:
    GraphNodeItem(const LayoutNode& node, int index, QGraphicsItem* parent = nullptr);

    int layoutIndex() const { return m_index; }
    Id id() const { return m_node.id; }
    LayoutNodeKind kind() const { return m_node.kind; }
    const LayoutNode& layoutNode() const { return m_node; }
    QRectF boxRect() const { return m_box; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;

    qreal glow() const { return m_glow; }
    void setGlow(qreal g);
    qreal flash() const { return m_flash; }
    void setFlash(qreal f);
    /// Starts a short highlight (a version bump on this tensor).
    void startFlash(int durationMs);
    bool isFlashing() const { return !m_flashAnimation.isNull(); }
    /// Pulsing glow while this node runs.
    void setExecuting(bool executing);
    bool isExecuting() const { return m_executing; }
    /// Hooks registered on this tensor (or on the output this node produces), e.g.
    /// "hook" or "retain_grad": drawn as a small tag on the box's top-left corner.
    void setHookTag(const QString& tag);
    QString hookTag() const { return m_hookTag; }

protected:
    void paintHookTag(QPainter* painter);
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;
    void paintFrame(QPainter* painter, const QColor& fill, const QColor& border, qreal borderWidth, bool dashed);
    void paintGlow(QPainter* painter, const QColor& color, qreal strength);

    LayoutNode m_node;
    int m_index;
    QRectF m_box;
    qreal m_glow = 0;
    qreal m_flash = 0;
    bool m_hovered = false;
    bool m_executing = false;
    QString m_hookTag;
    QPointer<QPropertyAnimation> m_glowAnimation;
    QPointer<QPropertyAnimation> m_flashAnimation;
};

/// A grad_fn node (MulBackward0, AccumulateGrad, ...) with its saved-tensor badges.
class FunctionNodeItem : public GraphNodeItem {
    Q_OBJECT
public:
    enum { Type = FunctionNodeType };
    using GraphNodeItem::GraphNodeItem;
    int type() const override { return Type; }

    void setExecuted(bool executed, int order);
    void setFailed(bool failed);
    void setVersionText(const QString& text);
    /// Selective checkpointing's word on the op ("MUST_SAVE", "recomputed"); `kept`: its
    /// output is (or came from) the cache rather than being recomputed.
    void setSacTag(const QString& tag, bool kept);

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void paintSacTag(QPainter* painter);

    bool m_executed = false;
    int m_order = -1;
    bool m_failed = false;
    QString m_versionText;
    QString m_sacTag;
    bool m_sacKept = false;
};

/// A tensor shown as its own box: parameters (blue), plain inputs, the loss (amber).
class TensorNodeItem : public GraphNodeItem {
    Q_OBJECT
public:
    enum { Type = TensorNodeType };
    using GraphNodeItem::GraphNodeItem;
    int type() const override { return Type; }

    void setTensorState(int version, const QString& gradPreview, bool stale);
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    int m_version = 0;
    QString m_grad;
    bool m_stale = false;
};

/// `self: l1 @v0` on the node that saved it: red and pulsing when the tensor's version
/// moved on (stale), grey when released, marked when packed/offloaded by a hook.
class SavedBadgeItem : public QGraphicsObject {
    Q_OBJECT
    Q_PROPERTY(qreal pulse READ pulse WRITE setPulse)

public:
    enum { Type = SavedBadgeType };
    SavedBadgeItem(const LayoutBadge& badge, const QRectF& rect, GraphNodeItem* parent);
    int type() const override { return Type; }

    Id savedId() const { return m_badge.saved; }
    const LayoutBadge& badge() const { return m_badge; }
    Id tensorId() const { return m_badge.tensor; }
    /// `staleCause`: the in-place op that made it stale, e.g. "add_ on line 13" ("" if unknown).
    void setBadgeState(bool present, uint32_t savedVersion, uint32_t currentVersion, bool released,
                       const QString& holdingNote, const QString& staleCause = {});
    bool isStale() const { return m_stale; }
    QString text() const;

    qreal pulse() const { return m_pulse; }
    void setPulse(qreal p);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    LayoutBadge m_badge;
    QRectF m_rect;
    bool m_present = false;
    uint32_t m_savedVersion = 0;
    uint32_t m_currentVersion = 0;
    bool m_released = false;
    bool m_stale = false;
    QString m_holdingNote;  ///< how a saved-tensor hook holds it ("" when held as is)
    QString m_staleCause;   ///< the in-place op that made it stale ("" when fresh or unknown)
    qreal m_pulse = 0;
    QPointer<QPropertyAnimation> m_pulseAnimation;
};

class GraphEdgeItem : public QGraphicsPathItem {
public:
    enum { Type = GraphEdgeType };
    GraphEdgeItem(const LayoutEdge& edge, int index);
    int type() const override { return Type; }
    int layoutIndex() const { return m_index; }
    const LayoutEdge& layoutEdge() const { return m_edge; }

    void setActive(bool active);
    void setExecutedStyle(bool executed);
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    LayoutEdge m_edge;
    int m_index;
    bool m_active = false;
    bool m_executed = false;
};

/// A gradient travelling along an edge, from the consumer back to the producer.
class GradientTokenItem : public QGraphicsObject {
    Q_OBJECT
    Q_PROPERTY(qreal progress READ progress WRITE setProgress)

public:
    enum { Type = GradientTokenType };
    GradientTokenItem(const QPainterPath& dataFlowPath, const QString& preview);
    int type() const override { return Type; }

    qreal progress() const { return m_progress; }
    void setProgress(qreal p);
    QString label() const { return m_label; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    /// "tensor([[2., 2.],\n [2., 2.]])" -> "[[2., 2.], [2., 2.]]", shortened.
    static QString compactPreview(const QString& preview, int maxLength = 22);

private:
    QPainterPath m_path;  ///< reversed: gradients flow against the data
    QString m_label;
    qreal m_progress = 0;
};

/// Frame around the nodes created inside one nn.Module call, inside one checkpointed
/// segment (its forward, or its recompute during backward), or of one expanded run of
/// repeats (Note [Collapsed repeats]).
class ModuleClusterItem : public QGraphicsRectItem {
public:
    enum { Type = ModuleClusterType };
    enum class Style { Module, CheckpointForward, CheckpointRecompute, Repeats };
    ModuleClusterItem(const QRectF& rect, const QString& title, Style style = Style::Module);
    int type() const override { return Type; }
    Style style() const { return m_style; }
    const QString& title() const { return m_title; }
    /// The nn.Module call framed (0 for a checkpoint segment): clicking the header
    /// collapses it (Note [Collapsed modules]).
    Id module() const { return m_module; }
    void setModule(Id module);
    /// The expanded run of repeats framed (its group's key; "" for other frames): clicking
    /// the header collapses it again.
    const QString& runKey() const { return m_runKey; }
    void setRunKey(const QString& key);
    /// Whether the header collapses what is framed (a module call or a run of repeats).
    bool collapsible() const { return m_module != 0 || !m_runKey.isEmpty(); }
    /// The title strip that collapses the call when clicked (item coordinates).
    QRectF headerRect() const;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void hoverMoveEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    QString m_title;
    Style m_style;
    Id m_module = 0;
    QString m_runKey;
    bool m_headerHovered = false;
};

}  // namespace agv::ui
