#include "ui/display_text.h"
#include "ui/playback/step_narration.h"

#include <map>

#include "ui/panels/device_copy_text.h"
#include "ui/panels/memory_chart.h"
#include "ui/scene/graph_items.h"

namespace agv::ui {

namespace {

using trace::GraphState;
using trace::Id;

QString bold(const QString& s) { return QStringLiteral("<b>%1</b>").arg(s.toHtmlEscaped()); }
QString code(const QString& s) { return QStringLiteral("<code>%1</code>").arg(s.toHtmlEscaped()); }
QString text(const std::string& s) { return QString::fromStdString(s); }

// The glue between the translated pieces of a caption is translated too: Chinese ends a
// sentence with "。" and separates clauses with "，" and list items with "、".
QString listSeparator() { return StepNarration::tr(", ", "between the items of a list"); }
QString clauseSeparator() { return StepNarration::tr(", ", "between the clauses of one sentence"); }
QString sentenceEnd() { return StepNarration::tr(".", "the end of a sentence"); }
QString sentenceGap() { return StepNarration::tr(" ", "between two sentences"); }

QString value(const std::string& preview) { return code(GradientTokenItem::compactPreview(text(preview), 40)); }


QString tensorName(const GraphState& s, Id id)
{
    const trace::TensorView* t = s.tensor(id);
    if (!t)
        return StepNarration::tr("a tensor");
    if (!t->label.empty())
        return bold(elidedLabel(t->label));
    return StepNarration::tr("a %1 tensor").arg(shapeText(t->shape));
}

/// "MulBackward0 (→ l3)", "AccumulateGrad (w1)": the node and the tensor it belongs to.
QString nodeName(const GraphState& s, Id id)
{
    const trace::NodeView* n = s.node(id);
    if (!n)
        return StepNarration::tr("a backward node");
    QString owner;
    if (n->variable != 0) {
        if (const trace::TensorView* leaf = s.tensor(n->variable); leaf && !leaf->label.empty())
            owner = QStringLiteral(" (%1)").arg(text(leaf->label).toHtmlEscaped());
    } else {
        for (const auto& [tid, t] : s.tensors)
            if (t.gradFn == id && !t.label.empty()) {
                owner = QStringLiteral(" (\u2192 %1)").arg(elidedLabel(t.label).toHtmlEscaped());
                break;
            }
    }
    return bold(text(n->name)) + owner;
}

QString joinAnd(const QStringList& parts)
{
    if (parts.size() <= 1)
        return parts.join(QString());
    return StepNarration::tr("%1 and %2").arg(parts.mid(0, parts.size() - 1).join(listSeparator()), parts.back());
}

QString savedSlot(const GraphState& s, Id saved, QString* node)
{
    const trace::SavedView* it = s.saved.find(saved);
    if (!it) {
        *node = StepNarration::tr("a backward node");
        return StepNarration::tr("a saved tensor");
    }
    *node = nodeName(s, it->node);
    return code(text(it->slot));
}


// The error panel has the whole message; the caption keeps to about two lines.
constexpr int kCaptionMessageLength = 110;

QString firstLine(const std::string& message, int maxLength = 160)
{
    QString m = text(message).section(QLatin1Char('\n'), 0, 0);
    if (m.size() > maxLength)
        m = m.left(maxLength - 1) + QChar(0x2026);
    return m;
}

// -- one sentence per event kind ------------------------------------------------------

struct Narrator {
    const trace::Event& event;
    const GraphState& s;
    const QStringList& lines;

    QString operator()(const trace::LineReached& e) const
    {
        const QString src = sourceLine(lines, e.line);
        return src.isEmpty() ? StepNarration::tr("Line %1 runs.").arg(e.line)
                             : StepNarration::tr("Line %1 runs: %2").arg(e.line).arg(code(src));
    }

    QString operator()(const trace::TensorCreated& e) const
    {
        const QString shape = shapeText(e.shape);
        QString sentence;
        if (e.gradFn != 0)
            sentence = StepNarration::tr("The op creates a new %1 tensor whose grad_fn is %2: backward can go "
                                         "through it to the inputs that require grad.")
                           .arg(shape, nodeName(s, e.gradFn));
        else if (e.requiresGrad)
            sentence = StepNarration::tr("A leaf tensor %1 %2 is created with requires_grad=True: backward will "
                                         "add its gradient to .grad.")
                           .arg(tensorName(s, e.tensor), shape);
        else
            sentence = StepNarration::tr("A %1 tensor is created that does not require grad: autograd does not "
                                         "track it.")
                           .arg(shape);
        if (e.viewOf != 0)
            sentence += sentenceGap() + StepNarration::tr("It is a view of %1 and shares its version counter.")
                                               .arg(tensorName(s, e.viewOf));
        return sentence;
    }

    QString operator()(const trace::TensorLabeled& e) const
    {
        const trace::TensorView* t = s.tensor(e.tensor);
        return StepNarration::tr("The name %1 now refers to this %2 tensor.")
            .arg(bold(elidedLabel(e.label)), t ? shapeText(t->shape) : QString());
    }

    QString operator()(const trace::TensorDataSet& e) const
    {
        const trace::TensorView* t = s.tensor(e.tensor);
        return StepNarration::tr("%1.data was replaced: the tensor now holds a %2 tensor on %3, and keeps its name "
                                 "and its place in the graph.")
            .arg(t ? tensorName(s, e.tensor) : QString(), shapeText(e.shape), QString::fromStdString(e.device));
    }

    QString operator()(const trace::NodeCreated& e) const
    {
        if (e.name == "AccumulateGrad") {
            const trace::TensorView* leaf = s.tensor(e.variable);
            if (!leaf || leaf->label.empty())
                return StepNarration::tr("%1 is created for a leaf: in backward it adds the incoming gradient to "
                                         "the leaf's .grad.")
                    .arg(bold(QStringLiteral("AccumulateGrad")));
            return StepNarration::tr("%1 is created for the leaf %2: in backward it adds the incoming gradient "
                                     "to %3.")
                .arg(bold(QStringLiteral("AccumulateGrad")), bold(text(leaf->label)),
                     bold(text(leaf->label) + QStringLiteral(".grad")));
        }
        QStringList targets;
        for (const trace::EdgeRef& edge : e.nextEdges)
            if (edge.node != 0)
                targets << nodeName(s, edge.node);
        // See Note [The graph a backward builds]: a node made while a backward runs comes from
        // a backward formula under create_graph=True, not from the script's forward.
        const QString recorded =
            e.phase == trace::NodePhase::Recompute
                ? StepNarration::tr("Recompute: the checkpointed forward runs again and records %1 again.")
                      .arg(nodeName(s, e.node))
            : s.inBackward
                ? StepNarration::tr("create_graph=True: the backward's own ops are recorded too, so %1 joins the "
                                    "graph of the gradient, for a later backward to differentiate.")
                      .arg(nodeName(s, e.node))
                : StepNarration::tr("The forward op records %1 in the graph.").arg(nodeName(s, e.node));
        if (targets.isEmpty())
            return recorded + sentenceGap() + StepNarration::tr("None of its inputs requires grad.");
        return recorded + sentenceGap() +
               StepNarration::tr("In backward it will send gradients to %1.").arg(joinAnd(targets));
    }

    QString operator()(const trace::TensorSaved& e) const
    {
        if (e.isOutput)
            return StepNarration::tr("%1 saves its own output as %2 (version %3) for backward.")
                .arg(nodeName(s, e.node), code(text(e.slot)))
                .arg(e.savedVersion);
        return StepNarration::tr("%1 saves %2 as %3 (version %4) for backward.")
            .arg(nodeName(s, e.node), tensorName(s, e.tensor), code(text(e.slot)))
            .arg(e.savedVersion);
    }

    QString operator()(const trace::VersionBumped& e) const
    {
        QString sentence = StepNarration::tr("%1 changes %2 in place: its version goes from %3 to %4.")
                               .arg(code(text(e.op)), tensorName(s, e.tensor))
                               .arg(e.oldVersion)
                               .arg(e.newVersion);
        QStringList stale;
        for (const auto& [id, saved] : s.saved)
            if (saved.versionCounter == e.versionCounter && !saved.released && s.isStale(saved))
                stale << nodeName(s, saved.node);
        stale.removeDuplicates();
        if (!stale.isEmpty())
            sentence += sentenceGap() + StepNarration::tr("%1 saved it at an older version: backward through it "
                                                             "will fail.")
                                               .arg(joinAnd(stale));
        return sentence;
    }

    QString operator()(const trace::GradFnChanged& e) const
    {
        return StepNarration::tr("The in-place op rewrites the history of %1: its grad_fn is now %2.")
            .arg(tensorName(s, e.tensor), nodeName(s, e.gradFn));
    }

    QString operator()(const trace::Packed& e) const
    {
        QString node;
        const QString slot = savedSlot(s, e.saved, &node);
        QString sentence = StepNarration::tr("The pack hook %1 takes the saved %2 of %3")
                               .arg(code(text(e.hook)), slot, node);
        if (e.fromDevice != e.toDevice && !e.toDevice.empty())
            sentence += StepNarration::tr(" and moves it from %1 to %2 (%3)")
                            .arg(text(e.fromDevice), text(e.toDevice), formatBytes(e.bytes));
        return sentence + sentenceEnd();
    }

    QString operator()(const trace::Unpacked& e) const
    {
        QString node;
        const QString slot = savedSlot(s, e.saved, &node);
        QString sentence =
            StepNarration::tr("Backward needs the saved %1 of %2: the unpack hook %3 brings it back")
                .arg(slot, node, code(text(e.hook)));
        if (e.fromDevice != e.toDevice && !e.toDevice.empty())
            sentence += StepNarration::tr(" from %1 to %2").arg(text(e.fromDevice), text(e.toDevice));
        return sentence + sentenceEnd();
    }

    QString operator()(const trace::BackwardBegin& e) const
    {
        QStringList roots;
        for (Id r : e.roots)
            roots << nodeName(s, r);
        QString sentence = s.backwardDepth > 1
                               ? StepNarration::tr("backward() runs inside backward(), starting at %1.")
                                     .arg(joinAnd(roots))
                               : StepNarration::tr("backward() starts at %1 with grad_output 1: the gradient of "
                                                   "the output with respect to itself.")
                                     .arg(joinAnd(roots));
        if (e.retainGraph)
            sentence += sentenceGap() +
                        StepNarration::tr("retain_graph=True keeps the saved tensors for another backward.");
        return sentence;
    }

    QString operator()(const trace::BackwardEnd& e) const
    {
        return e.ok ? StepNarration::tr("backward() is done: the leaves' .grad hold the gradients.")
                    : StepNarration::tr("backward() stopped with an error.");
    }

    QString operator()(const trace::NodeExecuted& e) const
    {
        const trace::NodeView* n = s.node(e.node);
        if (!n)
            return {};
        QStringList incoming;
        for (const std::string& g : e.gradInputs)
            if (!g.empty())
                incoming << value(g);
        const QString received = incoming.isEmpty() ? StepNarration::tr("no gradient (None)")
                                                    : joinAnd(incoming);
        if (n->name == "AccumulateGrad")
            return StepNarration::tr("%1 receives %2 for the leaf %3.")
                .arg(nodeName(s, e.node), received, tensorName(s, n->variable));
        QStringList sent;
        for (size_t i = 0; i < n->nextEdges.size() && i < e.gradOutputs.size(); ++i)
            if (n->nextEdges[i].node != 0 && !e.gradOutputs[i].empty())
                sent << StepNarration::tr("%1 to %2").arg(value(e.gradOutputs[i]), nodeName(s, n->nextEdges[i].node));
        QString sentence = StepNarration::tr("%1 receives grad_output %2").arg(nodeName(s, e.node), received);
        QString formula = StepNarration::backwardFormula(n->name);
        // "the saved other" -> "the saved w3 (other)": the numbers the learner can see.
        for (Id savedId : n->saved)
            if (const trace::SavedView* saved = s.saved.find(savedId))
                if (const trace::TensorView* t = s.tensor(saved->tensor); t && !t->label.empty())
                    formula.replace(StepNarration::tr("the saved %1").arg(text(saved->slot)),
                                    StepNarration::tr("the saved %1 (%2)").arg(bold(elidedLabel(t->label)), text(saved->slot)));
        if (!formula.isEmpty())
            sentence += clauseSeparator() + formula;
        if (sent.isEmpty())
            return sentence + sentenceEnd();
        return sentence + clauseSeparator() + StepNarration::tr("and sends grad_input %1.").arg(joinAnd(sent));
    }

    QString operator()(const trace::GradAccumulated& e) const
    {
        const trace::TensorView* t = s.tensor(e.tensor);
        const QString name = t && !t->label.empty() ? elidedLabel(t->label) : StepNarration::tr("the leaf");
        if (e.cleared)
            return StepNarration::tr("%1 is now None.").arg(bold(name + QStringLiteral(".grad")));
        return StepNarration::tr("%1 is now %2.").arg(bold(name + QStringLiteral(".grad")), value(e.preview));
    }

    QString operator()(const trace::HookCalled& e) const
    {
        const QString tensor = tensorName(s, e.tensor);
        if (e.kind == "retain_grad")
            return e.node == 0 ? StepNarration::tr("retain_grad(): %1 will keep its .grad although it is not a "
                                                   "leaf.")
                                     .arg(tensor)
                               : StepNarration::tr("retain_grad stores the gradient arriving at %1 in %2.grad.")
                                     .arg(nodeName(s, e.node), tensor);
        if (e.node == 0)
            return StepNarration::tr("A hook is registered on %1: it will see the gradient of %1 in backward.")
                .arg(tensor);
        return StepNarration::tr("The hook on %1 runs with the gradient arriving at %2.").arg(tensor, nodeName(s, e.node));
    }

    QString operator()(const trace::SavedReleased& e) const
    {
        return StepNarration::tr("%1 has run and frees its saved tensors (retain_graph=False): a second backward "
                                 "through it would fail.")
            .arg(nodeName(s, e.node));
    }

    QString operator()(const trace::CheckpointBegin& e) const
    {
        return StepNarration::tr("Checkpoint %1 starts: the ops inside it do not keep their activations for "
                                 "backward (%2).")
            .arg(e.segment)
            .arg(e.reentrant ? StepNarration::tr("reentrant") : StepNarration::tr("non-reentrant"));
    }

    QString operator()(const trace::CheckpointEnd& e) const
    {
        return StepNarration::tr("Checkpoint %1 ends: backward will run its forward again to get the "
                                 "activations back.")
            .arg(e.segment);
    }

    QString operator()(const trace::RecomputeBegin& e) const
    {
        return StepNarration::tr("Backward reaches checkpoint %1: its forward runs again to rebuild the "
                                 "activations it did not save.")
            .arg(e.segment);
    }

    QString operator()(const trace::RecomputeEnd& e) const
    {
        return StepNarration::tr("The recompute of checkpoint %1 is done; backward goes on through the rebuilt "
                                 "nodes.")
            .arg(e.segment);
    }

    QString operator()(const trace::SelectiveCheckpointOp& e) const
    {
        const QString op = text(e.op);
        switch (e.action) {
        case trace::SacAction::Cached:
            return StepNarration::tr("Selective checkpointing keeps the output of %1 (%2): backward will not run "
                                     "it again.")
                .arg(op, formatBytes(e.bytes));
        case trace::SacAction::LeftToRecompute:
            return StepNarration::tr("Selective checkpointing lets the output of %1 go: backward will run it again.")
                .arg(op);
        case trace::SacAction::Restored:
            return StepNarration::tr("The recompute takes the kept output of %1 (%2) instead of running it again.")
                .arg(op, formatBytes(e.bytes));
        case trace::SacAction::Recomputed:
            return StepNarration::tr("The recompute runs %1 again.").arg(op);
        }
        return {};
    }

    QString operator()(const trace::MemoryChanged& e) const
    {
        const QString device = e.deviceKind == "simulated" ? StepNarration::tr("simulated GPU")
                               : e.deviceKind == "pinned" ? StepNarration::tr("pinned host memory")
                                                          : text(e.device);
        const uint64_t size = static_cast<uint64_t>(e.delta < 0 ? -e.delta : e.delta);
        return e.delta >= 0 ? StepNarration::tr("%1: %2 allocated (now %3 in use).")
                                  .arg(device, formatBytes(size), formatBytes(e.current))
                            : StepNarration::tr("%1: %2 freed (now %3 in use).")
                                  .arg(device, formatBytes(size), formatBytes(e.current));
    }

    QString operator()(const trace::DeviceCopied& e) const
    {
        return StepNarration::tr("%1 copied from %2 to %3: %4 over the PCIe link, modelled at %5 (%6).")
            .arg(formatBytes(e.bytes), copyEndText(e.fromDevice, e.pinned), copyEndText(e.toDevice, e.pinned),
                 formatDuration(e.nanos), formatBandwidth(e.bandwidth), copyRateText(e.pinned));
    }

    QString operator()(const trace::ModuleEnter& e) const
    {
        return StepNarration::tr("Entering %1 (%2): the nodes it creates are framed with its name.")
            .arg(bold(text(e.name)), text(e.type).toHtmlEscaped());
    }

    QString operator()(const trace::ModuleExit& e) const
    {
        const trace::ModuleView* module = s.modules.find(e.module);
        return module ? StepNarration::tr("Leaving %1.").arg(bold(text(module->name)))
                      : StepNarration::tr("Leaving the module.");
    }

    QString operator()(const trace::Output& e) const
    {
        const QString printed = firstLine(e.text, 80).trimmed();
        if (printed.isEmpty())
            return {};
        return e.stream == trace::OutputStream::Stderr ? StepNarration::tr("The script writes to stderr: %1")
                                                              .arg(code(printed))
                                                        : StepNarration::tr("The script prints: %1").arg(code(printed));
    }

    QString operator()(const trace::ErrorRaised& e) const
    {
        QString sentence = QStringLiteral("%1: %2").arg(bold(text(e.exceptionType)), firstLine(e.message, kCaptionMessageLength).toHtmlEscaped());
        if (e.failingNode != 0)
            sentence += sentenceGap() + StepNarration::tr("(raised while backward ran %1)").arg(nodeName(s, e.failingNode));
        return sentence;
    }
};

}  // namespace

QString StepNarration::describe(const trace::Event& event, const trace::GraphState& state, const QStringList& sourceLines)
{
    return std::visit(Narrator{event, state, sourceLines}, event.payload);
}

QString StepNarration::describeEnd(const trace::GraphState& state)
{
    if (state.error) {
        const trace::ErrorView& e = *state.error;
        QString sentence = tr("The run stopped: %1: %2")
                               .arg(bold(text(e.exceptionType)), firstLine(e.message, kCaptionMessageLength).toHtmlEscaped());
        if (e.failingNode != 0)
            sentence += sentenceGap() + tr("(raised while backward ran %1)").arg(nodeName(state, e.failingNode));
        return sentence;
    }
    return state.backwardCount == 0 ? tr("The run is complete.")
                                    : tr("The run is complete after %n backward() call(s); the leaves hold their gradients.",
                                         nullptr, state.backwardCount);
}

QString StepNarration::backwardFormula(const std::string& nodeName)
{
    // Keyed by PyTorch's node names; the words are derivatives.yaml's formulas, spoken.
    static const std::map<std::string, const char*> formulas = {
        {"AddBackward0", QT_TR_NOOP("passes it unchanged to both inputs (summed to each input's shape)")},
        {"AddBackward1", QT_TR_NOOP("passes it unchanged to self")},
        {"SubBackward0", QT_TR_NOOP("passes it to self and its negative (times alpha) to other")},
        {"SubBackward1", QT_TR_NOOP("passes it unchanged to self")},
        {"RsubBackward1", QT_TR_NOOP("passes its negative to self")},
        {"MulBackward0", QT_TR_NOOP("multiplies it by the saved other for self and by the saved self for other")},
        {"MulBackward1", QT_TR_NOOP("multiplies it by the number self was multiplied with")},
        {"DivBackward0", QT_TR_NOOP("divides it by the saved other for self; for other it uses "
                                    "\u2212grad_output \u00b7 self / other\u00b2")},
        {"DivBackward1", QT_TR_NOOP("divides it by the number self was divided by")},
        {"NegBackward0", QT_TR_NOOP("negates it")},
        {"PowBackward0", QT_TR_NOOP("multiplies it by exponent \u00b7 self^(exponent−1)")},
        {"PowBackward1", QT_TR_NOOP("uses exponent \u00b7 self^(exponent−1) for self and "
                                    "result \u00b7 log(self) for exponent")},
        {"ExpBackward0", QT_TR_NOOP("multiplies it by the saved result (exp is its own derivative)")},
        {"LogBackward0", QT_TR_NOOP("divides it by the saved self")},
        {"SinBackward0", QT_TR_NOOP("multiplies it by cos(self)")},
        {"CosBackward0", QT_TR_NOOP("multiplies it by \u2212sin(self)")},
        {"TanhBackward0", QT_TR_NOOP("multiplies it by 1 \u2212 result\u00b2")},
        {"SigmoidBackward0", QT_TR_NOOP("multiplies it by result \u00b7 (1 \u2212 result)")},
        {"SqrtBackward0", QT_TR_NOOP("divides it by 2 \u00b7 result")},
        {"ReluBackward0", QT_TR_NOOP("lets it through where the result is positive and sends 0 elsewhere")},
        {"MeanBackward0", QT_TR_NOOP("spreads it evenly: every element gets grad_output / numel")},
        {"MeanBackward1", QT_TR_NOOP("spreads it evenly over the reduced dimensions")},
        {"SumBackward0", QT_TR_NOOP("copies it to every element of the input")},
        {"SumBackward1", QT_TR_NOOP("copies it along the summed dimensions")},
        {"MmBackward0", QT_TR_NOOP("computes grad_output @ mat2\u1d40 for self and self\u1d40 @ grad_output for mat2")},
        {"AddmmBackward0", QT_TR_NOOP("sums it over the rows for the bias, and computes grad_output @ mat2\u1d40 "
                                      "for mat1 and mat1\u1d40 @ grad_output for mat2")},
        {"TBackward0", QT_TR_NOOP("transposes it back")},
        {"ViewBackward0", QT_TR_NOOP("reshapes it to the input's shape")},
        {"ReshapeAliasBackward0", QT_TR_NOOP("reshapes it to the input's shape")},
        {"UnsqueezeBackward0", QT_TR_NOOP("removes the added dimension")},
        {"SqueezeBackward0", QT_TR_NOOP("puts the removed dimensions back")},
        {"ExpandBackward0", QT_TR_NOOP("sums it over the expanded dimensions")},
        {"CloneBackward0", QT_TR_NOOP("passes it unchanged")},
        {"SelectBackward0", QT_TR_NOOP("places it at the selected index of a zero tensor of the input's shape")},
        {"SliceBackward0", QT_TR_NOOP("places it in the selected slice of a zero tensor of the input's shape")},
        {"IndexBackward0", QT_TR_NOOP("adds it at the indexed places of a zero tensor of the input's shape")},
        {"MseLossBackward0", QT_TR_NOOP("multiplies it by 2 \u00b7 (self \u2212 target) / numel")},
        {"LogSoftmaxBackward0", QT_TR_NOOP("subtracts softmax \u00b7 sum(grad_output) from it")},
        {"SoftmaxBackward0", QT_TR_NOOP("computes result \u00b7 (grad_output \u2212 sum(grad_output \u00b7 result))")},
        {"NllLossBackward0", QT_TR_NOOP("puts \u2212grad_output (divided by the batch for 'mean') at each target class")},
        {"CopySlices", QT_TR_NOOP("routes it around the slice that was overwritten in place")},
    };
    auto it = formulas.find(nodeName);
    return it == formulas.end() ? QString() : tr(it->second);
}

}  // namespace agv::ui
