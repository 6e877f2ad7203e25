#include "ui/panels/inspector_panel.h"

#include <optional>

#include "ui/display_text.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "ui/panels/device_copy_text.h"
#include "ui/scene/sac_text.h"
#include "ui/theme.h"

namespace agv::ui {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
QString pyBool(bool b) { return b ? QStringLiteral("True") : QStringLiteral("False"); }
QString nodeRef(const trace::GraphState& s, trace::Id id)
{
    if (id == 0)
        return QStringLiteral("None");
    const trace::NodeView* n = s.node(id);
    return QStringLiteral("<%1 #%2>").arg(n ? q(n->name) : QStringLiteral("?")).arg(id);
}
QString tensorName(const trace::GraphState& s, trace::Id id)
{
    const trace::TensorView* t = s.tensor(id);
    if (!t)
        return QStringLiteral("tensor #%1").arg(id);
    return t->label.empty() ? QStringLiteral("tensor #%1").arg(id) : q(t->label);
}
QString holdingText(trace::SavedHolding h)
{
    switch (h) {
    case trace::SavedHolding::Original: return InspectorPanel::tr("original tensor");
    case trace::SavedHolding::DataOnly: return InspectorPanel::tr("data only (output saved without grad_fn)");
    case trace::SavedHolding::PackedByHook: return InspectorPanel::tr("packed by a saved-tensor hook");
    case trace::SavedHolding::Offloaded: return InspectorPanel::tr("offloaded to host memory");
    }
    return {};
}
}  // namespace

InspectorPanel::InspectorPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(2);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("InspectorTitle"));
    updateTitleFont();
    m_subtitle = new QLabel(this);
    m_subtitle->setWordWrap(true);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(false);
    m_tree->setWordWrap(true);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);
    layout->addSpacing(4);
    layout->addWidget(m_tree, 1);
    connect(m_tree, &QTreeWidget::itemClicked, this, &InspectorPanel::onItemClicked);
    showState(trace::GraphState{});
}

void InspectorPanel::updateTitleFont()
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.35);
    f.setBold(true);
    m_title->setFont(f);
}

void InspectorPanel::changeEvent(QEvent* event)
{
    // The title's font is derived from ours: follow theme / presenter-mode changes.
    if (event->type() == QEvent::FontChange)
        updateTitleFont();
    QWidget::changeEvent(event);
}

void InspectorPanel::setSelection(Selection selection) { m_selection = selection; }

QString InspectorPanel::title() const { return m_title->text(); }

QString InspectorPanel::value(const QString& property) const
{
    const auto items = m_tree->findItems(property, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return items.isEmpty() ? QString() : items.first()->text(1);
}

QTreeWidgetItem* InspectorPanel::row(const QString& name, const QString& value, QTreeWidgetItem* parent)
{
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
    item->setText(0, name);
    item->setText(1, value);
    item->setToolTip(1, value);
    if (value.contains(QLatin1Char('\n')) || name == QLatin1String("value") || name == QLatin1String(".grad"))
        item->setFont(1, Theme::current().monoFont(9.5));
    return item;
}

namespace {
constexpr int kLineRole = Qt::UserRole;
constexpr int kNodeRole = Qt::UserRole + 1;
}  // namespace

QTreeWidgetItem* InspectorPanel::lineRow(const QString& name, int line, const QString& what, trace::Id node)
{
    const QString code = sourceLine(m_sourceLines, line);
    QString text = code.isEmpty() ? tr("line %1").arg(line) : tr("line %1: %2").arg(line).arg(code);
    if (!what.isEmpty())
        text += QStringLiteral("  (%1)").arg(what);
    QTreeWidgetItem* item = row(name, text);
    item->setData(0, kLineRole, line);
    item->setData(0, kNodeRole, QVariant::fromValue<qulonglong>(node));
    QFont f = item->font(1);
    f.setUnderline(true);
    item->setFont(1, f);
    item->setForeground(1, palette().link());
    item->setToolTip(1, tr("Click to show line %1 in the editor").arg(line));
    return item;
}

void InspectorPanel::onItemClicked(QTreeWidgetItem* item)
{
    const int line = item ? item->data(0, kLineRole).toInt() : 0;
    if (line > 0)
        Q_EMIT lineRequested(line, item->data(0, kNodeRole).toULongLong());
}

void InspectorPanel::activateRow(const QString& property)
{
    const auto items = m_tree->findItems(property, Qt::MatchExactly | Qt::MatchRecursive, 0);
    if (!items.isEmpty())
        onItemClicked(items.first());
}

void InspectorPanel::showState(const trace::GraphState& state)
{
    m_tree->clear();
    m_subtitle->setStyleSheet(QString());
    switch (m_selection.kind) {
    case Selection::Kind::Tensor:
        if (const trace::TensorView* t = state.tensor(m_selection.id)) {
            showTensor(state, *t);
            return;
        }
        break;
    case Selection::Kind::Node:
        if (const trace::NodeView* n = state.node(m_selection.id)) {
            showNode(state, *n);
            return;
        }
        break;
    case Selection::Kind::Saved:
        if (const trace::SavedView* v = state.saved.find(m_selection.id)) {
            showSaved(state, *v);
            return;
        }
        break;
    case Selection::Kind::None: break;
    }
    m_title->setText(tr("Inspector"));
    m_subtitle->setText(m_selection.kind == Selection::Kind::None
                            ? tr("Click a tensor, a grad_fn node or a saved-tensor badge in the graph.")
                            : tr("Not created yet at this step."));
    if (state.step == 0)
        return;
    // With nothing selected: a summary of the run so far.
    int leaves = 0, stale = 0, released = 0, executed = 0;
    for (const auto& [id, t] : state.tensors)
        leaves += t.isLeaf && t.requiresGrad;
    for (const auto& [id, v] : state.saved) {
        released += v.released;
        stale += !v.released && state.isStale(v);
    }
    for (const auto& [id, n] : state.nodes)
        executed += n.executed;
    QTreeWidgetItem* summary = row(tr("at this step"), QString());
    row(tr("tensors"), QString::number(state.tensors.size()), summary);
    row(tr("leaves with requires_grad"), QString::number(leaves), summary);
    row(tr("grad_fn nodes"), QString::number(state.nodes.size()), summary);
    row(tr("nodes executed by backward"), QString::number(executed), summary);
    row(tr("saved tensors"), QString::number(state.saved.size()), summary);
    if (released)
        row(tr("  released"), QString::number(released), summary);
    if (stale)
        row(tr("  stale"), QString::number(stale), summary);
    row(tr("backward() calls"), QString::number(state.backwardCount), summary);
    for (const auto& [device, m] : state.memory)
        row(tr("memory on %1").arg(q(device)), tr("%1 B (peak %2 B)").arg(m.current).arg(m.peak), summary);
    // Note [Modelled PCIe time]: only the simulated GPU's copies are recorded.
    if (state.hostToDevice.copies)
        row(tr("copied to the GPU over PCIe"), copyTotalsText(state.hostToDevice), summary);
    if (state.deviceToHost.copies)
        row(tr("copied to host memory over PCIe"), copyTotalsText(state.deviceToHost), summary);
    m_tree->expandAll();
}

void InspectorPanel::showTensor(const trace::GraphState& s, const trace::TensorView& t)
{
    m_title->setText(t.label.empty() ? tr("tensor #%1").arg(t.id) : q(t.label));
    m_subtitle->setText(t.isLeaf ? (t.requiresGrad ? tr("Leaf tensor that requires grad: its .grad is filled by backward()")
                                                   : tr("Plain tensor: autograd does not track it"))
                                 : tr("Result of an op: its grad_fn records how to backpropagate"));
    row(QStringLiteral("value"), q(t.preview));
    row(QStringLiteral("shape"), QStringLiteral("torch.Size(%1)").arg(shapeText(t.shape)));
    row(QStringLiteral("dtype"), q(t.dtype));
    row(QStringLiteral("device"), q(t.device));
    row(QStringLiteral("requires_grad"), pyBool(t.requiresGrad));
    row(QStringLiteral("is_leaf"), pyBool(t.isLeaf));
    row(QStringLiteral("grad_fn"), nodeRef(s, t.gradFn));
    row(QStringLiteral("_version"), QString::number(s.versionOf(t)));
    row(QStringLiteral(".grad"), t.hasGrad ? q(t.gradPreview) : QStringLiteral("None"));
    if (t.createdLine > 0)
        lineRow(tr("created"), t.createdLine, QString(), t.gradFn);
    if (const trace::VersionBump* b = s.lastBump(t))
        lineRow(tr("last changed in place"), b->line, tr("%1, v%2 → v%3").arg(q(b->op)).arg(b->oldVersion).arg(b->newVersion),
                b->node);
    if (t.viewOf != 0)
        row(QStringLiteral("_base"), tensorName(s, t.viewOf));
    row(QStringLiteral("bytes"), QString::number(t.bytes));
    if (!t.alive)
        row(QStringLiteral("storage"), tr("freed"));
    showRecomputeCounterpart(s, t.id);
    // Where this tensor is saved for backward, and whether those copies are still valid.
    QTreeWidgetItem* savedBy = nullptr;
    for (const auto& [id, v] : s.saved) {
        if (v.tensor != t.id)
            continue;
        if (!savedBy)
            savedBy = row(tr("saved by"), QString());
        const uint32_t now = s.currentVersion(v);
        row(nodeRef(s, v.node), QStringLiteral("%1 @v%2%3").arg(q(v.slot)).arg(v.savedVersion)
                                    .arg(v.released ? tr("  (released)") : now != v.savedVersion ? tr("  STALE (now v%1)").arg(now) : QString()),
            savedBy);
    }
    m_tree->expandAll();
}

void InspectorPanel::showRecomputeCounterpart(const trace::GraphState& s, trace::Id tensor)
{
    for (const trace::RecomputeComparison& c : m_checks) {
        const auto indexIn = [tensor](const std::vector<trace::SegmentTensor>& run) -> std::optional<size_t> {
            for (size_t i = 0; i < run.size(); ++i)
                if (run[i].tensor == tensor)
                    return i;
            return std::nullopt;
        };
        const std::optional<size_t> inForward = indexIn(c.forward), inRecompute = indexIn(c.recompute);
        if (!inForward && !inRecompute)
            continue;
        const size_t i = inForward ? *inForward : *inRecompute;
        const auto& other = inForward ? c.recompute : c.forward;
        // The counterpart of a forward tensor is known once the recompute made it.
        if (i >= other.size() || other[i].step >= s.step)
            return;
        const trace::SegmentTensor& counterpart = other[i];
        const trace::SegmentTensor& self = inForward ? c.forward[i] : c.recompute[i];
        row(inForward ? tr("value at recompute") : tr("value at forward"), q(counterpart.preview));
        const bool same = counterpart.preview == self.preview && counterpart.shape == self.shape &&
                          counterpart.dtype == self.dtype && counterpart.op == self.op;
        row(tr("recompute matches forward"),
            same ? tr("yes") : c.preserveRngState ? tr("no") : tr("no (preserve_rng_state=False: new random draws)"));
        return;
    }
}

void InspectorPanel::showNode(const trace::GraphState& s, const trace::NodeView& n)
{
    m_title->setText(q(n.name));
    QString sub = n.name == "AccumulateGrad" ? tr("Adds the incoming gradient into %1.grad").arg(tensorName(s, n.variable))
                                             : tr("Backward function recorded by the forward op");
    if (s.error && s.error->failingNode == n.id) {
        sub = tr("This node failed during backward.");
        m_subtitle->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;").arg(Theme::current().stale.name()));
    }
    m_subtitle->setText(sub);
    row(QStringLiteral("id"), QString::number(n.id));
    if (n.createdLine > 0)
        lineRow(tr("created"), n.createdLine, QString(), n.id);
    QStringList next;
    for (const trace::EdgeRef& e : n.nextEdges)
        next << (e.node == 0 ? QStringLiteral("(None, 0)") : QStringLiteral("(%1, %2)").arg(nodeRef(s, e.node)).arg(e.inputNr));
    row(QStringLiteral("next_functions"), QStringLiteral("(%1)").arg(next.join(QStringLiteral(", "))));
    if (n.variable != 0)
        row(QStringLiteral("variable"), tensorName(s, n.variable));
    row(QStringLiteral("executed"), n.executed ? tr("yes, #%1 in backward order").arg(n.executionOrder + 1) : tr("not yet"));
    if (n.phase == trace::NodePhase::Recompute)
        row(QStringLiteral("phase"), tr("recomputed by checkpoint (segment %1)").arg(n.checkpointSegment));
    else if (n.checkpointSegment != 0)
        row(QStringLiteral("checkpoint segment"), QString::number(n.checkpointSegment));
    if (n.underSac)
        row(tr("selective checkpointing"), sacTooltip(n));
    if (!n.saved.empty()) {
        QTreeWidgetItem* savedRoot = row(tr("saved tensors"), QString::number(n.saved.size()));
        for (trace::Id id : n.saved) {
            const trace::SavedView* v = s.saved.find(id);
            if (!v)
                continue;
            const uint32_t now = s.currentVersion(*v);
            QString text = QStringLiteral("%1 saved@v%2, tensor now v%3").arg(tensorName(s, v->tensor)).arg(v->savedVersion).arg(now);
            if (v->released)
                text += tr("  (released)");
            else if (now != v->savedVersion)
                text += tr("  STALE");
            if (v->packed)
                text += tr("  packed on %1").arg(q(v->packedDevice));
            row(QStringLiteral("_saved_%1").arg(q(v->slot)), text, savedRoot);
        }
    }
    if (!n.gradInputs.empty()) {
        QTreeWidgetItem* in = row(tr("grad in"), QString());
        for (size_t i = 0; i < n.gradInputs.size(); ++i)
            row(QString::number(i), n.gradInputs[i].empty() ? QStringLiteral("None") : q(n.gradInputs[i]), in);
    }
    if (!n.gradOutputs.empty()) {
        QTreeWidgetItem* out = row(tr("grad out"), QString());
        for (size_t i = 0; i < n.gradOutputs.size(); ++i)
            row(i < n.nextEdges.size() ? nodeRef(s, n.nextEdges[i].node) : QString::number(i),
                n.gradOutputs[i].empty() ? QStringLiteral("None") : q(n.gradOutputs[i]), out);
    }
    if (!n.forwardTrace.empty()) {
        QTreeWidgetItem* tr_ = row(tr("forward trace"), QString());
        for (const trace::StackFrame& f : n.forwardTrace)
            row(tr("line %1").arg(f.line), q(f.sourceLine), tr_);
    }
    m_tree->expandAll();
}

void InspectorPanel::showSaved(const trace::GraphState& s, const trace::SavedView& v)
{
    const uint32_t now = s.currentVersion(v);
    const bool stale = !v.released && now != v.savedVersion;
    m_title->setText(tr("saved %1").arg(q(v.slot)));
    if (stale)
        m_subtitle->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;").arg(Theme::current().stale.name()));
    const bool hooked = v.holding == trace::SavedHolding::PackedByHook || v.holding == trace::SavedHolding::Offloaded;
    const bool placeholder = v.hook == "pack_for_recompute";  // torch/utils/checkpoint.py
    m_subtitle->setText(
        v.released ? tr("Released: backward already used it (use retain_graph=True to keep it)")
        : stale && hooked
            ? tr("Modified in place after it was saved, but a saved-tensor hook holds it: PyTorch does not check its "
                 "version, so backward uses whatever unpack returns, without an error.")
        : stale       ? tr("Stale: the tensor was modified in place after it was saved. Backward through this node will fail.")
        : placeholder ? tr("A checkpoint placeholder: nothing is kept; backward recomputes this tensor when it needs it.")
        : v.holding == trace::SavedHolding::Offloaded
            ? tr("Offloaded: a saved-tensor hook moved it off its device; unpack brings it back for backward.")
        : hooked ? tr("Held by a saved-tensor hook: pack ran when it was saved, unpack gives it back for backward.")
                 : tr("Kept by the node for its backward formula."));
    row(QStringLiteral("node"), nodeRef(s, v.node));
    row(QStringLiteral("slot"), q(v.slot));
    row(QStringLiteral("tensor"), tensorName(s, v.tensor));
    row(QStringLiteral("saved version"), QString::number(v.savedVersion));
    row(QStringLiteral("current version"), QString::number(now));
    row(QStringLiteral("stale"), pyBool(stale));
    if (const trace::VersionBump* b = stale ? s.staleningBump(v) : nullptr)
        lineRow(tr("made stale by"), b->line, tr("%1, v%2 → v%3").arg(q(b->op)).arg(b->oldVersion).arg(b->newVersion),
                b->node);
    row(QStringLiteral("held as"), holdingText(v.holding));
    if (v.isOutput)
        row(QStringLiteral("output"), tr("the node's own output (saved without grad_fn: no reference cycle)"));
    if (v.packed)
        row(QStringLiteral("packed on"), q(v.packedDevice) + (v.hook.empty() ? QString() : QStringLiteral(" by ") + q(v.hook)));
    if (v.unpackCount > 0)
        row(QStringLiteral("unpacked"), tr("%n time(s)", nullptr, v.unpackCount));
    row(QStringLiteral("released"), pyBool(v.released));
    row(QStringLiteral("bytes"), QString::number(v.bytes));
}

}  // namespace agv::ui
