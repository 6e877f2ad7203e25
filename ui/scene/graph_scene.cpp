#include "ui/display_text.h"
#include "ui/scene/graph_scene.h"

#include <QFontMetricsF>
#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QMenu>
#include <QPainter>
#include <QParallelAnimationGroup>
#include <QPropertyAnimation>

#include <algorithm>
#include <map>
#include <set>

#include "ui/graph/layered_layout.h"
#include "ui/graph/module_collapse.h"
#include "ui/graph/repeat_collapse.h"
#include "ui/scene/sac_text.h"
#include "ui/theme.h"

namespace agv::ui {

using trace::GraphState;

GraphScene::GraphScene(QObject* parent) : QGraphicsScene(parent)
{
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
}

GraphScene::~GraphScene() { clearTokens(); }

LayoutMetrics GraphScene::metricsFor(const Theme& theme)
{
    LayoutMetrics m;
    m.titleFont = theme.titleFont();
    m.bodyFont = theme.bodyFont();
    m.badgeHeight = QFontMetricsF(m.bodyFont).height() + 6;
    m.paddingX = 14 * theme.fontScale;
    return m;
}

void GraphScene::setLayoutModel(std::shared_ptr<const GraphLayoutModel> model)
{
    clearTokens();
    clear();
    m_nodeItems.clear();
    m_edgeItems.clear();
    m_notes.clear();  // clear() deleted them; setNotes adds them again
    m_clusters.clear();
    m_functionItems.clear();
    m_groupItems.clear();
    m_groupOfNode.clear();
    m_tensorItems.clear();
    m_badgeItems.clear();
    m_hostLane = nullptr;
    m_overview = nullptr;
    m_offloaded.clear();
    m_model = std::move(model);
    if (!m_model)
        return;
    if (m_model->nodes.size() > kOverviewItemLimit) {
        // See Note [Overview of huge graphs].
        m_overview = new GraphOverviewItem(m_model);
        addItem(m_overview);
        setSceneRect(m_model->bounds.adjusted(-60, -60, 60, 60));
        return;
    }

    const QFontMetricsF title(Theme::current().titleFont());
    const QFontMetricsF body(Theme::current().bodyFont());
    const qreal badgeHeight = body.height() + 4;
    for (size_t i = 0; i < m_model->nodes.size(); ++i) {
        const LayoutNode& n = m_model->nodes[i];
        GraphNodeItem* item = nullptr;
        if (n.kind == LayoutNodeKind::GradFn || n.kind == LayoutNodeKind::AccumulateGrad) {
            auto* f = new FunctionNodeItem(n, static_cast<int>(i));
            m_functionItems.insert(n.id, f);
            item = f;
            // Badges stack at the bottom of the box, one row per saved variable.
            const QRectF box = f->boxRect();
            qreal y = box.bottom() - 6 - n.badges.size() * (badgeHeight + 2) + 2;
            for (const LayoutBadge& b : n.badges) {
                auto* badge = new SavedBadgeItem(b, QRectF(box.left() + 6, y, box.width() - 12, badgeHeight), f);
                m_badgeItems.insert(b.saved, badge);
                y += badgeHeight + 2;
            }
        } else if (n.kind == LayoutNodeKind::Group) {
            auto* g = new GroupNodeItem(n, static_cast<int>(i));
            for (Id member : n.group->nodes)
                m_groupOfNode.insert(member, g);
            // Queued: the expansion rebuilds the scene, which deletes `g` while it handles the click.
            connect(g, &GroupNodeItem::expandRequested, this, &GraphScene::groupExpansionRequested, Qt::QueuedConnection);
            m_groupItems.push_back(g);
            item = g;
        } else {
            auto* t = new TensorNodeItem(n, static_cast<int>(i));
            m_tensorItems.insert(n.id, t);
            item = t;
        }
        item->setVisible(false);
        addItem(item);
        m_nodeItems.push_back(item);
    }
    for (size_t i = 0; i < m_model->edges.size(); ++i) {
        auto* e = new GraphEdgeItem(m_model->edges[i], static_cast<int>(i));
        addItem(e);
        m_edgeItems.push_back(e);
    }
    // nn.Module calls: a frame around the items each call holds, those of the calls it
    // made included; a frame's header collapses its call (Note [Collapsed modules]).
    std::map<Id, std::pair<QRectF, std::vector<int>>> moduleFrames;
    for (size_t i = 0; i < m_model->nodes.size(); ++i) {
        const LayoutNode& n = m_model->nodes[i];
        for (Id m : moduleCallChain(m_model->modules, n.module)) {
            auto& [rect, members] = moduleFrames[m];
            rect |= QRectF(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size);
            members.push_back(static_cast<int>(i));
        }
    }
    // A frame leaves room for the headers of the frames inside it.
    std::map<Id, int> framesInside;
    for (const auto& [moduleId, frame] : moduleFrames) {
        const std::vector<Id> chain = moduleCallChain(m_model->modules, moduleId);
        for (size_t depth = 1; depth < chain.size(); ++depth)
            framesInside[chain[depth]] = std::max(framesInside[chain[depth]], static_cast<int>(depth));
    }
    for (auto& [moduleId, frame] : moduleFrames) {
        auto& [rect, members] = frame;
        const qreal level = framesInside[moduleId];
        const qreal header = body.height() + 8;
        auto* cluster = new ModuleClusterItem(rect.adjusted(-14 - 10 * level, -(header + 6) - header * level, 14 + 10 * level,
                                                            12 + 8 * level),
                                              moduleTitle(m_model->modules, moduleId));
        cluster->setModule(moduleId);
        cluster->setToolTip(tr("Click the title to collapse %1 into one box").arg(cluster->title()));
        cluster->setZValue(0.1 / (1 + level));  // inner frames above outer ones
        cluster->setVisible(false);
        addItem(cluster);
        m_clusters.emplace_back(cluster, std::move(members));
    }
    addExpandedRunFrames();
    // Checkpointed segments: one frame around what forward ran without keeping its
    // activations, one around what backward recomputed.
    std::map<std::pair<Id, bool>, std::pair<QRectF, std::vector<int>>> segments;
    for (size_t i = 0; i < m_model->nodes.size(); ++i) {
        const LayoutNode& n = m_model->nodes[i];
        if (n.segment == 0)
            continue;
        auto& [rect, members] = segments[{n.segment, n.recompute}];
        rect |= QRectF(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size);
        members.push_back(static_cast<int>(i));
    }
    for (auto& [key, frame] : segments) {
        const auto [segment, recompute] = key;
        const QString title = recompute ? tr("\u27f2 checkpoint %1: recompute").arg(segment)
                                        : tr("checkpoint %1: not kept").arg(segment);
        auto* cluster = new ModuleClusterItem(frame.first.adjusted(-16, -26, 16, 12), title,
                                              recompute ? ModuleClusterItem::Style::CheckpointRecompute
                                                        : ModuleClusterItem::Style::CheckpointForward);
        cluster->setVisible(false);
        addItem(cluster);
        m_clusters.emplace_back(cluster, std::move(frame.second));
    }
    buildHostLane();
    QRectF bounds = m_model->bounds;
    for (const auto& [cluster, members] : m_clusters)
        bounds |= cluster->rect();
    if (m_hostLane)
        bounds |= m_hostLane->rect();
    setSceneRect(bounds.adjusted(-60, -60, 60, 60));
}

void GraphScene::addExpandedRunFrames()
{
    // A frame around the items each expanded run of repeats holds, and around the frames
    // of the module calls made inside it; its header collapses the run again (Note
    // [Collapsed repeats]).
    const std::size_t moduleFrames = m_clusters.size();
    const qreal header = QFontMetricsF(Theme::current().bodyFont()).height() + 8;
    for (const auto& [key, run] : m_model->expandedRuns) {
        std::vector<int> members;
        for (Id node : run->nodes)
            members.push_back(m_model->indexOfNode(node));
        for (Id tensor : run->tensors)
            members.push_back(m_model->indexOfTensor(tensor));
        std::sort(members.begin(), members.end());
        members.erase(std::unique(members.begin(), members.end()), members.end());
        std::erase(members, -1);
        if (members.size() < 2)
            continue;  // drawn inside one collapsed module call's box
        QRectF rect;
        for (int i : members) {
            const LayoutNode& n = m_model->nodes[i];
            rect |= QRectF(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size);
        }
        for (std::size_t c = 0; c < moduleFrames; ++c)
            if (std::includes(members.begin(), members.end(), m_clusters[c].second.begin(), m_clusters[c].second.end()))
                rect |= m_clusters[c].first->rect();
        // The runs opened inside this one (its middle) are framed inside it: wider, taller
        // at the bottom. Their headers never meet, as the middle starts below the first
        // repetitions, so the top keeps room for one header, in the gap above the run.
        int inside = 0;
        for (const auto& [otherKey, other] : m_model->expandedRuns)
            inside += otherKey != key && !other->nodes.empty() &&
                      std::find(run->nodes.begin(), run->nodes.end(), other->nodes.front()) != run->nodes.end();
        const QString title = motifTitle(run->motif) + QLatin1Char(' ') + groupRepeatsText(*run);
        auto* frame = new ModuleClusterItem(rect.adjusted(-18 - 10 * inside, -(header + 6), 18 + 10 * inside, 14 + 8 * inside),
                                            title, ModuleClusterItem::Style::Repeats);
        frame->setRunKey(key);
        frame->setToolTip(tr("Click the title to collapse %1 into one box").arg(title));
        frame->setZValue(0.05 / (1 + inside));  // below the frames of the calls inside it
        frame->setVisible(false);
        addItem(frame);
        m_clusters.emplace_back(frame, std::move(members));
    }
}

void GraphScene::setNotes(const std::vector<trace::Note>& notes)
{
    for (NoteItem* n : m_notes)
        delete n;
    m_notes.clear();
    if (!m_model)
        return;
    qreal stepNotesBottom = m_model->bounds.top() - 24;
    std::map<Id, qreal> besideNode;  // a node's notes stack downwards beside it
    for (size_t i = 0; i < notes.size(); ++i) {
        auto* item = new NoteItem(notes[i], static_cast<int>(i));
        const int index = notes[i].node ? m_model->indexOfNode(notes[i].node) : -1;
        if (index >= 0) {
            const LayoutNode& n = m_model->nodes[index];
            qreal& y = besideNode.try_emplace(n.id, n.center.y() - n.size.height() / 2).first->second;
            item->setPos(n.center.x() + n.size.width() / 2 + 16, y);
            y += item->boundingRect().height() + 8;
        } else {
            item->setPos(m_model->bounds.left(), stepNotesBottom - item->boundingRect().height());
            stepNotesBottom -= item->boundingRect().height() + 8;
        }
        item->setVisible(false);
        addItem(item);
        m_notes.push_back(item);
    }
    setSceneRect(sceneRect() | itemsBoundingRect().adjusted(-60, -60, 60, 60));
}

void GraphScene::buildHostLane()
{
    // Saved tensors a hook moved to another device wait in a lane right of the graph,
    // each level with the node that saved it.
    std::vector<std::pair<const LayoutBadge*, QPointF>> offloaded;  // badge, its right edge
    for (const LayoutNode& n : m_model->nodes)
        for (const LayoutBadge& b : n.badges)
            if (b.holding == trace::SavedHolding::Offloaded)
                if (SavedBadgeItem* item = m_badgeItems.value(b.saved))
                    offloaded.emplace_back(&b, item->mapToScene(QPointF(item->boundingRect().right() - 4,
                                                                        item->boundingRect().center().y())));
    if (offloaded.empty())
        return;
    std::sort(offloaded.begin(), offloaded.end(), [](const auto& a, const auto& b) { return a.second.y() < b.second.y(); });
    const QFontMetricsF body(Theme::current().bodyFont());
    qreal width = body.horizontalAdvance(tr("host memory (%1)").arg(offloaded.front().first->packedDevice)) + 40;
    for (const auto& [badge, from] : offloaded)
        width = std::max(width, body.horizontalAdvance(OffloadedTensorItem::tr("%1 (%2) back on its device").arg(badge->tensorLabel, badge->slot)) +
                                    28);
    const qreal chipHeight = body.height() + 10;
    const qreal left = m_model->bounds.right() + 90;
    const qreal top = m_model->bounds.top();
    qreal y = top + body.height() + 24;
    std::vector<QRectF> chips;
    for (const auto& [badge, from] : offloaded) {
        y = std::max(y, from.y() - chipHeight / 2);
        chips.emplace_back(left + 10, y, width - 20, chipHeight);
        y += chipHeight + 6;
    }
    const qreal bottom = std::max(m_model->bounds.bottom(), y + 6);
    m_hostLane = new HostLaneItem(QRectF(left, top, width, bottom - top),
                                  tr("host memory (%1)").arg(offloaded.front().first->packedDevice));
    addItem(m_hostLane);
    for (size_t i = 0; i < offloaded.size(); ++i) {
        auto* item = new OffloadedTensorItem(*offloaded[i].first, chips[i], offloaded[i].second);
        addItem(item->arrow());
        addItem(item);
        m_offloaded.insert(offloaded[i].first->saved, item);
    }
}

void GraphScene::clearTokens()
{
    if (m_tokenAnimation) {
        m_tokenAnimation->stop();
        delete m_tokenAnimation;
    }
    for (GradientTokenItem* t : m_tokens) {
        removeItem(t);
        delete t;
    }
    m_tokens.clear();
}

int GraphScene::visibleNodeCount() const
{
    if (m_overview)
        return m_overview->visibleCount();
    int n = 0;
    for (const GraphNodeItem* item : m_nodeItems)
        n += item->isVisible();
    return n;
}

QRectF GraphScene::nodeRect(Id node) const
{
    if (m_overview) {
        const int index = m_model->indexOfNode(node);
        return index >= 0 && m_overview->nodeState(index) != GraphOverviewItem::NodeState::Hidden ? m_overview->nodeRect(index)
                                                                                                  : QRectF();
    }
    const GraphNodeItem* item = itemShowingNode(node);
    return item && item->isVisible() ? item->sceneBoundingRect() : QRectF();
}

GraphNodeItem* GraphScene::itemShowingNode(Id node) const
{
    if (FunctionNodeItem* item = functionItem(node))
        return item;
    return groupItemOf(node);
}

QGraphicsItem* GraphScene::selectNode(Id node)
{
    GraphNodeItem* item = itemShowingNode(node);
    if (!item)
        return nullptr;
    clearSelection();
    item->setSelected(true);
    return item;
}

namespace {

QString htmlPre(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

}  // namespace

void GraphScene::applyState(const GraphState& state, const GraphState* previous, int animationMs)
{
    if (!m_model)
        return;
    clearTokens();
    if (m_overview) {
        applyStateToOverview(state);
        return;
    }
    const bool animate = previous && animationMs > 0;
    const Id failing = state.error ? state.error->failingNode : 0;
    const Id staleTensor = state.error ? state.error->staleTensor : 0;

    // Versions that changed since the previous step flash (tensor box or producing node).
    std::set<Id> bumped;
    if (animate)
        for (const auto& [id, t] : state.tensors)
            if (const trace::TensorView* before = previous->tensor(id))
                if (previous->versionOf(*before) != state.versionOf(t))
                    bumped.insert(id);

    // Hooks: a leaf shows its own; a non-leaf's show on the node that produced it (the
    // graph draws non-leaf tensors as that node's output). Running hooks flash.
    std::map<Id, QString> hookTags;
    std::set<Id> hooksRan;
    for (const auto& [id, t] : state.tensors) {
        if (t.hooks.empty())
            continue;
        QStringList kinds;
        for (const std::string& kind : t.hooks) {
            const QString k = kind == "retain_grad" ? QStringLiteral("retain_grad") : QStringLiteral("hook");
            if (!kinds.contains(k))
                kinds << k;
        }
        const Id owner = t.isLeaf || t.gradFn == 0 ? id : t.gradFn;
        hookTags[owner] = kinds.join(QStringLiteral(" · "));
        if (animate)
            if (const trace::TensorView* before = previous->tensor(id); before && before->hookCalls != t.hookCalls)
                hooksRan.insert(owner);
    }

    for (GraphNodeItem* item : m_nodeItems) {
        const auto tag = hookTags.find(item->id());
        item->setHookTag(tag == hookTags.end() ? QString() : tag->second);
        if (hooksRan.count(item->id()))
            item->startFlash(std::max(animationMs * 2, 500));
        if (auto* f = qgraphicsitem_cast<FunctionNodeItem*>(item)) {
            const trace::NodeView* n = state.node(f->id());
            f->setVisible(n != nullptr);
            if (!n)
                continue;
            f->setExecuted(n->executed, n->executionOrder);
            f->setFailed(failing == n->id);
            f->setExecuting(state.inBackward && state.executingNode == n->id);
            const QString sac = sacTagText(*n);
            f->setSacTag(sac, n->underSac && (n->sacAction == trace::SacAction::Cached ||
                                              n->sacAction == trace::SacAction::Restored));
            QString tip = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(n->name));
            if (n->underSac)
                tip += QStringLiteral("<br>") + sacTooltip(*n);
            if (!n->gradInputs.empty())
                tip += tr("<br>grad in: <pre>%1</pre>").arg(htmlPre(n->gradInputs.front()));
            tip += n->executed ? tr("<br>executed (#%1)").arg(n->executionOrder + 1)
                               : tr("<br>not executed yet");
            f->setToolTip(tip);
        } else if (auto* g = qgraphicsitem_cast<GroupNodeItem*>(item)) {
            int created = 0, executed = 0;
            bool failed = false;
            for (Id id : g->group().nodes)
                if (const trace::NodeView* n = state.node(id)) {
                    ++created;
                    executed += n->executed;
                    failed = failed || failing == id;
                }
            bool anyTensor = false;
            for (size_t k = 0; k < g->group().tensors.size() && !anyTensor; ++k)
                anyTensor = state.tensor(g->group().tensors[k]) != nullptr;
            g->setVisible(created > 0 || anyTensor);
            g->setProgress(created, executed, failed);
            g->setExecuting(state.inBackward && state.executingNode != 0 && groupItemOf(state.executingNode) == g);
        } else if (auto* t = qgraphicsitem_cast<TensorNodeItem*>(item)) {
            const trace::TensorView* tv = state.tensor(t->id());
            t->setVisible(tv != nullptr);
            if (!tv)
                continue;
            t->setTensorState(static_cast<int>(state.versionOf(*tv)), tv->hasGrad ? QString::fromStdString(tv->gradPreview) : QString(),
                              tv->id == staleTensor);
            bool accumulating = false;
            if (state.inBackward && state.executingNode != 0)
                if (const trace::NodeView* n = state.node(state.executingNode))
                    accumulating = n->variable == tv->id;
            t->setExecuting(accumulating);
            t->setToolTip(QStringLiteral("<b>%1</b> %2 %3 on %4<br>requires_grad=%5, is_leaf=%6, _version=%7<pre>%8</pre>%9")
                              .arg(tv->label.empty() ? QStringLiteral("tensor") : elidedLabel(tv->label), shapeText(tv->shape),
                                   QString::fromStdString(tv->dtype), QString::fromStdString(tv->device),
                                   tv->requiresGrad ? QStringLiteral("True") : QStringLiteral("False"),
                                   tv->isLeaf ? QStringLiteral("True") : QStringLiteral("False"))
                              .arg(state.versionOf(*tv))
                              .arg(htmlPre(tv->preview),
                                   tv->hasGrad ? QStringLiteral(".grad<pre>%1</pre>").arg(htmlPre(tv->gradPreview)) : QString()));
        }
    }
    for (Id id : bumped) {
        if (TensorNodeItem* t = tensorItem(id)) {
            t->startFlash(std::max(animationMs * 2, 500));
        } else if (const trace::TensorView* tv = state.tensor(id)) {
            if (FunctionNodeItem* f = functionItem(tv->gradFn))
                f->startFlash(std::max(animationMs * 2, 500));
        }
    }

    for (auto it = m_badgeItems.cbegin(); it != m_badgeItems.cend(); ++it) {
        const trace::SavedView* sv = state.saved.find(it.key());
        if (!sv) {
            it.value()->setBadgeState(false, 0, 0, false, {});
            continue;
        }
        const trace::VersionBump* cause = state.staleningBump(*sv);
        it.value()->setBadgeState(true, sv->savedVersion, state.currentVersion(*sv), sv->released,
                                  savedHoldingNote(it.value()->badge(), sv->packed),
                                  cause ? tr("%1 on line %2").arg(QString::fromStdString(cause->op)).arg(cause->line) : QString());
    }

    // Offloaded saved tensors: in the host lane while packed; the arrow lights up when
    // one travels (packed out during forward, unpacked back during backward).
    for (auto it = m_offloaded.cbegin(); it != m_offloaded.cend(); ++it) {
        const trace::SavedView* sv = state.saved.find(it.key());
        using Where = OffloadedTensorItem::Where;
        const Where where = !sv ? Where::NotYet : sv->released ? Where::Released : sv->packed ? Where::OnHost
                                                                                              : Where::BackOnDevice;
        const trace::SavedView* before = previous ? previous->saved.find(it.key()) : nullptr;
        const bool travelled = previous && sv &&
                               (!before || before->packed != sv->packed || before->unpackCount != sv->unpackCount);
        it.value()->setWhere(where, travelled, animationMs);
    }

    for (NoteItem* n : m_notes) {
        const GraphNodeItem* node = n->note().node ? itemShowingNode(n->note().node) : nullptr;
        n->setVisible(state.step >= n->note().step && (!n->note().node || (node && node->isVisible())));
    }

    // Edges: visible once both ends are; active while a gradient travels on them. An edge
    // of a group stands for every edge between what its ends hold (Note [Collapsed repeats]).
    auto shows = [this](const GraphNodeItem* item, Id node) {
        return item->kind() == LayoutNodeKind::Group ? groupItemOf(node) == item : item->id() == node;
    };
    auto executed = [&state](const GraphNodeItem* item) {
        if (auto* g = qgraphicsitem_cast<const GroupNodeItem*>(item))
            return g->allExecuted();
        const trace::NodeView* n = state.node(item->id());
        return n && n->executed;
    };
    auto* group = animate ? new QParallelAnimationGroup(this) : nullptr;
    for (GraphEdgeItem* e : m_edgeItems) {
        const LayoutEdge& le = e->layoutEdge();
        const GraphNodeItem* from = m_nodeItems[le.from];
        const GraphNodeItem* to = m_nodeItems[le.to];
        e->setVisible(from->isVisible() && to->isVisible());
        if (!e->isVisible())
            continue;
        QString preview;
        bool active = false;
        if (le.kind == LayoutEdgeKind::NextFunction) {
            const bool grouped = from->kind() == LayoutNodeKind::Group || to->kind() == LayoutNodeKind::Group;
            for (const trace::GradientFlow& g : state.gradientsInFlight)
                if (shows(to, g.from) && shows(from, g.to) && (grouped || g.inputNr == le.inputNr)) {
                    active = true;
                    preview = QString::fromStdString(g.preview);
                }
            e->setExecutedStyle(executed(to));
        } else if (le.kind == LayoutEdgeKind::LeafToAccumulate) {
            active = state.inBackward && state.executingNode != 0 && shows(to, state.executingNode);
            if (active)
                if (const trace::NodeView* n = state.node(state.executingNode); n && !n->gradInputs.empty())
                    preview = QString::fromStdString(n->gradInputs.front());
            e->setExecutedStyle(executed(to));
        } else if (le.kind == LayoutEdgeKind::ToRoot) {
            e->setExecutedStyle(state.backwardCount > 0);
        }
        e->setActive(active);
        if (!active)
            continue;
        auto* token = new GradientTokenItem(le.path, preview);
        addItem(token);
        m_tokens.push_back(token);
        if (group) {
            auto* anim = new QPropertyAnimation(token, "progress");
            anim->setDuration(animationMs);
            anim->setStartValue(0.0);
            anim->setEndValue(0.55);
            anim->setEasingCurve(QEasingCurve::InOutCubic);
            group->addAnimation(anim);
        } else {
            token->setProgress(0.55);
        }
    }
    if (group) {
        m_tokenAnimation = group;
        group->start();
    }

    for (auto& [cluster, members] : m_clusters) {
        bool any = false;
        for (int i : members)
            any = any || m_nodeItems[i]->isVisible();
        cluster->setVisible(any);
    }
}

void GraphScene::applyStateToOverview(const GraphState& state)
{
    using NodeState = GraphOverviewItem::NodeState;
    const Id failing = state.error ? state.error->failingNode : 0;
    const Id executing = state.inBackward ? state.executingNode : 0;
    auto stateOfNode = [&](Id id) {
        const trace::NodeView* n = state.node(id);
        return !n ? NodeState::Hidden : id == failing ? NodeState::Failed : id == executing ? NodeState::Executing
                                      : n->executed   ? NodeState::Executed
                                                      : NodeState::Shown;
    };
    std::vector<NodeState> states(m_model->nodes.size(), NodeState::Hidden);
    for (size_t i = 0; i < states.size(); ++i) {
        const LayoutNode& n = m_model->nodes[i];
        switch (n.kind) {
        case LayoutNodeKind::GradFn:
        case LayoutNodeKind::AccumulateGrad: states[i] = stateOfNode(n.id); break;
        case LayoutNodeKind::Group: {
            // As the group's own item says: shown once one of its nodes is, executed once all are.
            int created = 0, executed = 0;
            NodeState worst = NodeState::Hidden;
            for (Id id : n.group->nodes) {
                const NodeState s = stateOfNode(id);
                created += s != NodeState::Hidden;
                executed += s == NodeState::Executed;
                if (s == NodeState::Failed || s == NodeState::Executing)
                    worst = s;
            }
            states[i] = worst != NodeState::Hidden ? worst
                        : created == 0             ? NodeState::Hidden
                        : executed == static_cast<int>(n.group->nodes.size()) ? NodeState::Executed
                                                                              : NodeState::Shown;
            break;
        }
        default: states[i] = state.tensor(n.id) ? NodeState::Shown : NodeState::Hidden; break;
        }
    }
    m_overview->setNodeStates(std::move(states));
    for (NoteItem* note : m_notes)
        note->setVisible(state.step >= note->note().step && (!note->note().node || !nodeRect(note->note().node).isEmpty()));
}

ModuleClusterItem* GraphScene::collapsibleHeaderAt(const QPointF& scenePos) const
{
    for (QGraphicsItem* item : items(scenePos)) {  // topmost first
        if (auto* frame = qgraphicsitem_cast<ModuleClusterItem*>(item)) {
            if (frame->isVisible() && frame->collapsible() && frame->headerRect().contains(frame->mapFromScene(scenePos)))
                return frame;
            continue;
        }
        if (item->isVisible() && !qgraphicsitem_cast<HostLaneItem*>(item))
            return nullptr;  // a node or an edge over the header takes the click
    }
    return nullptr;
}

void GraphScene::mousePressEvent(QGraphicsSceneMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        if (ModuleClusterItem* frame = collapsibleHeaderAt(event->scenePos())) {
            event->accept();
            // The collapse rebuilds the scene, deleting `frame`: nothing of it is used after.
            const Id module = frame->module();
            const QString runKey = frame->runKey();
            if (module != 0)
                Q_EMIT moduleCollapseRequested(module);
            else
                Q_EMIT runCollapseRequested(runKey);
            return;
        }
    QGraphicsScene::mousePressEvent(event);
}

void GraphScene::contextMenuEvent(QGraphicsSceneContextMenuEvent* event)
{
    if (!m_model || m_overview)
        return;
    // What is under the mouse: a collapsed call's box, a node, or a frame.
    Id module = 0;
    QString expandKey;
    std::vector<const ModuleClusterItem*> runs;  // expanded runs holding it
    for (QGraphicsItem* item : items(event->scenePos())) {
        if (!item->isVisible())
            continue;
        if (auto* node = dynamic_cast<GraphNodeItem*>(item)) {
            if (auto* g = qgraphicsitem_cast<GroupNodeItem*>(node))
                expandKey = g->key();
            module = moduleToCollapse(*m_model, node->layoutIndex());
            runs = expandedRunFramesHolding(node->layoutIndex());
            break;
        }
        if (auto* frame = qgraphicsitem_cast<ModuleClusterItem*>(item); frame && frame->collapsible()) {
            module = frame->module();
            if (!frame->runKey().isEmpty())
                runs.push_back(frame);
            break;
        }
    }
    if (module == 0 && expandKey.isEmpty() && runs.empty())
        return;
    QMenu menu;
    if (!expandKey.isEmpty())
        connect(menu.addAction(tr("Expand")), &QAction::triggered, this, [this, expandKey] { Q_EMIT groupExpansionRequested(expandKey); });
    // Every call and run holding the item can be collapsed, the innermost first.
    for (Id m : moduleCallChain(m_model->modules, module))
        connect(menu.addAction(tr("Collapse %1").arg(moduleTitle(m_model->modules, m))), &QAction::triggered, this,
                [this, m] { Q_EMIT moduleCollapseRequested(m); });
    for (const ModuleClusterItem* frame : runs)
        connect(menu.addAction(tr("Collapse %1").arg(frame->title())), &QAction::triggered, this,
                [this, key = frame->runKey()] { Q_EMIT runCollapseRequested(key); });
    menu.exec(event->screenPos());
    event->accept();
}

std::vector<const ModuleClusterItem*> GraphScene::expandedRunFramesHolding(int index) const
{
    std::vector<std::pair<std::size_t, const ModuleClusterItem*>> holding;
    for (const auto& [frame, members] : m_clusters)
        if (!frame->runKey().isEmpty() && std::binary_search(members.begin(), members.end(), index))
            holding.emplace_back(members.size(), frame);
    std::sort(holding.begin(), holding.end());  // an inner run holds fewer items
    std::vector<const ModuleClusterItem*> frames;
    for (const auto& [size, frame] : holding)
        frames.push_back(frame);
    return frames;
}

void GraphScene::drawBackground(QPainter* painter, const QRectF& rect)
{
    const Theme& theme = Theme::current();
    painter->fillRect(rect, theme.sceneBackground);
    // A faint dot grid: gives a sense of space and zoom without competing with the graph.
    const qreal spacing = 24;
    const qreal scale = painter->transform().m11();
    if (!m_gridVisible || scale * spacing < 8)
        return;
    painter->setPen(QPen(theme.gridDot, 1.6 / std::max<qreal>(scale, 0.1), Qt::SolidLine, Qt::RoundCap));
    const qreal left = std::floor(rect.left() / spacing) * spacing;
    const qreal top = std::floor(rect.top() / spacing) * spacing;
    QVector<QPointF> points;
    for (qreal x = left; x < rect.right(); x += spacing)
        for (qreal y = top; y < rect.bottom(); y += spacing)
            points.append(QPointF(x, y));
    painter->drawPoints(points.constData(), static_cast<int>(points.size()));
}

}  // namespace agv::ui
