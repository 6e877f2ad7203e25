#include "ui/panels/error_panel.h"

#include <QUrl>

#include "ui/display_text.h"
#include "ui/theme.h"

namespace agv::ui {

ErrorExplanation explainError(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::VersionMismatch:
        return {QObject::tr("A saved tensor was modified in place"),
                QObject::tr("A backward node saved a tensor during the forward pass because its gradient formula needs "
                            "that value. Afterwards an in-place operation (<code>x += 1</code>, <code>x.add_()</code>, "
                            "<code>x[0] = ...</code>, <code>relu_</code>...) changed the tensor and bumped its version "
                            "counter. When backward reached the node, the saved version no longer matched, so the "
                            "gradient would have been computed from the wrong numbers."),
                {QObject::tr("Use the out-of-place op: <code>x = x + 1</code> instead of <code>x += 1</code>."),
                 QObject::tr("Or <code>clone()</code> before the in-place op, so the saved tensor stays untouched."),
                 QObject::tr("Or move the in-place change after <code>backward()</code>."),
                 QObject::tr("Turn on <code>torch.autograd.set_detect_anomaly(True)</code> to see the forward line "
                             "that created the failing node (shown below when available).")}};
    case ErrorKind::BackwardTwice:
        return {QObject::tr("Backward through the same graph twice"),
                QObject::tr("To save memory, <code>backward()</code> frees the tensors each node saved as soon as the node "
                            "has run. A second <code>backward()</code> (or <code>torch.autograd.grad</code>) over the same "
                            "graph finds them gone."),
                {QObject::tr("Pass <code>retain_graph=True</code> to the first <code>backward()</code> if you really need two passes."),
                 QObject::tr("Usually better: run the forward pass again before each backward."),
                 QObject::tr("In loops, <code>detach()</code> tensors carried across iterations (e.g. an RNN hidden state).")}};
    case ErrorKind::LeafInplace:
        return {QObject::tr("In-place change of a leaf that requires grad"),
                QObject::tr("A leaf tensor with <code>requires_grad=True</code> is a parameter autograd tracks. Changing it "
                            "in place while grad mode is on would make the recorded graph inconsistent, so PyTorch refuses."),
                {QObject::tr("Update parameters inside <code>with torch.no_grad():</code> (this is what optimizers do)."),
                 QObject::tr("Or edit <code>param.data</code>, which autograd does not track."),
                 QObject::tr("Or create a new tensor with an out-of-place op.")}};
    case ErrorKind::LeafMovedIntoGraph:
        return {QObject::tr("A view of a leaf was modified in place"),
                QObject::tr("The tensor is a view of a leaf that requires grad; modifying the view in place would rewrite "
                            "the leaf's history."),
                {QObject::tr("Wrap the change in <code>torch.no_grad()</code>, or clone the leaf first.")}};
    case ErrorKind::NoGradFn:
        return {QObject::tr("Nothing to differentiate"),
                QObject::tr("The tensor you called <code>backward()</code> on has no <code>grad_fn</code>: no tensor that "
                            "requires grad took part in computing it, so there is no graph."),
                {QObject::tr("Set <code>requires_grad=True</code> on the parameters before the forward pass."),
                 QObject::tr("Remove <code>torch.no_grad()</code>, <code>detach()</code> or <code>.item()</code> around the forward."),
                 QObject::tr("Check the inspector: <code>requires_grad</code> and <code>grad_fn</code> of the loss.")}};
    case ErrorKind::NonScalarImplicitGrad:
        return {QObject::tr("backward() on a non-scalar"),
                QObject::tr("<code>backward()</code> without arguments starts from a gradient of 1, which only makes sense "
                            "for a single number. For a tensor with many elements PyTorch needs to know the gradient "
                            "flowing into each element."),
                {QObject::tr("Reduce first: <code>loss = y.sum()</code> or <code>y.mean()</code>."),
                 QObject::tr("Or pass it explicitly: <code>y.backward(torch.ones_like(y))</code>.")}};
    case ErrorKind::ShapeMismatch:
        return {QObject::tr("Shapes do not match"),
                QObject::tr("An operation received tensors whose shapes cannot be combined (or a gradient had the wrong shape)."),
                {QObject::tr("Print <code>x.shape</code> of both operands just before the failing line."),
                 QObject::tr("Check broadcasting rules; use <code>unsqueeze</code>/<code>reshape</code> deliberately.")}};
    case ErrorKind::InferenceSaved:
        return {QObject::tr("Inference tensor saved for backward"),
                QObject::tr("Tensors created under <code>torch.inference_mode()</code> carry no version counter, so autograd "
                            "cannot check them later and refuses to save them."),
                {QObject::tr("Create the tensor outside <code>inference_mode()</code>, or <code>clone()</code> it outside."),
                 QObject::tr("Use <code>torch.no_grad()</code> instead when the result may be used with autograd later.")}};
    case ErrorKind::NanDetected:
        return {QObject::tr("NaN in a gradient"),
                QObject::tr("Anomaly mode checks every backward output and stopped at the first NaN. The forward trace "
                            "below shows the line that created the node producing it."),
                {QObject::tr("Look for <code>log(0)</code>, <code>sqrt</code> of negatives, <code>0/0</code> or overflowing <code>exp</code>."),
                 QObject::tr("Add a small epsilon: <code>torch.log(x + 1e-8)</code>; clamp inputs."),
                 QObject::tr("Lower the learning rate or normalise inputs.")}};
    case ErrorKind::OutOfMemory:
        return {QObject::tr("Out of device memory"),
                QObject::tr("The tensors kept alive (parameters, activations saved for backward, gradients) no longer fit "
                            "in the device's memory. The memory chart shows where the peak comes from."),
                {QObject::tr("Recompute instead of storing: <code>torch.utils.checkpoint</code>."),
                 QObject::tr("Offload saved tensors: <code>torch.autograd.graph.save_on_cpu()</code>."),
                 QObject::tr("Use a smaller batch; evaluate under <code>torch.no_grad()</code>; <code>del</code> what you no longer need.")}};
    case ErrorKind::Script:
        return {QObject::tr("Python error in the script"),
                QObject::tr("The script itself raised an exception; the traceback points at the line."),
                {QObject::tr("Read the last line of the traceback: it names the problem.")}};
    case ErrorKind::Other:
        break;
    }
    return {QObject::tr("Error"), QObject::tr("The run stopped with an error."),
            {QObject::tr("Read PyTorch's message above; step back to see the state before the error.")}};
}

ErrorPanel::ErrorPanel(QWidget* parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setFrameShape(QFrame::NoFrame);
    connect(this, &QTextBrowser::anchorClicked, this, &ErrorPanel::onAnchor);
    showError(std::nullopt, trace::GraphState{});
}

void ErrorPanel::setRecomputeChecks(std::vector<trace::RecomputeComparison> checks)
{
    m_checks = std::move(checks);
    m_shownKey.clear();
}

void ErrorPanel::setCutCheckpoints(std::vector<trace::CutCheckpoint> cut)
{
    m_cut = std::move(cut);
    m_shownKey.clear();
}

QString ErrorPanel::cutCheckpointHtml(size_t step) const
{
    const Theme& theme = Theme::current();
    QString html;
    for (const trace::CutCheckpoint& c : m_cut) {
        if (step <= c.endStep)
            continue;
        html += QStringLiteral("<h3 style='color:%1;margin-bottom:2px'>%2</h3>")
                    .arg(theme.recomputeBorder.name(),
                         tr("Checkpoint %1 (<a href='line:%2'>line %2</a>) is cut from the graph").arg(c.segment).arg(c.line));
        html += QStringLiteral("<p>%1</p><p>%2</p>")
                    .arg(tr("None of its inputs requires grad, so the reentrant checkpoint ran its function under "
                            "no_grad and returned a tensor without <code>grad_fn</code>. Backward never reaches the "
                            "function: the parameters it uses get no gradient and would never train. PyTorch only "
                            "warns (\"None of the inputs have requires_grad=True\")."),
                         tr("Fix: <code>checkpoint(fn, x, use_reentrant=False)</code>, or make an input require grad."));
    }
    return html;
}

void ErrorPanel::setShadowedHooks(std::vector<trace::HooksShadowedByCheckpoint> shadowed)
{
    m_shadowed = std::move(shadowed);
    m_shownKey.clear();
}

QString ErrorPanel::shadowedHooksHtml(size_t step) const
{
    const Theme& theme = Theme::current();
    QString html;
    for (const trace::HooksShadowedByCheckpoint& c : m_shadowed) {
        if (step <= c.endStep)
            continue;
        const bool saveOnCpu = c.hooks == "save_on_cpu";
        const QString hooks = QStringLiteral("<code>%1</code>").arg(QString::fromStdString(c.hooks).toHtmlEscaped());
        const QString headline =
            saveOnCpu ? tr("Checkpoint %1 (<a href='line:%2'>line %2</a>) runs inside save_on_cpu, but nothing in it "
                           "is offloaded")
                            .arg(c.segment)
                            .arg(c.line)
                      : tr("Checkpoint %1 (<a href='line:%2'>line %2</a>) runs inside saved_tensors_hooks, but they "
                           "pack nothing in it")
                            .arg(c.segment)
                            .arg(c.line);
        html += QStringLiteral("<h3 style='color:%1;margin-bottom:2px'>%2</h3>").arg(theme.recomputeBorder.name(), headline);
        html += QStringLiteral("<p>%1</p><p>%2</p>")
                    .arg(tr("The non-reentrant checkpoint packed the %n tensor(s) its function saved with its own "
                            "saved-tensor hooks, as placeholders that backward fills by recomputing. Its hooks are "
                            "innermost and only the innermost hooks pack, so %1 never saw them; the checkpoint keeps "
                            "its inputs itself instead of saving them through %1. PyTorch 1.13 raises nothing.",
                            nullptr, static_cast<int>(c.savedInside))
                             .arg(hooks),
                         tr("Fix: a reentrant checkpoint (<code>use_reentrant=True</code>, 1.13's default) saves its "
                            "inputs for backward, and %1 packs them; or put %1 inside the checkpointed function (what "
                            "it saves is then packed by %1 instead of recomputed).")
                             .arg(hooks));
    }
    return html;
}

QString ErrorPanel::recomputeHtml(size_t step) const
{
    const Theme& theme = Theme::current();
    const QString mono = QStringLiteral("font-family:'DejaVu Sans Mono',monospace;");
    QString html;
    for (const trace::RecomputeComparison& c : m_checks) {
        if (!c.firstDifference || step <= c.recomputeEndStep)
            continue;
        const size_t at = *c.firstDifference;
        html += QStringLiteral("<h3 style='color:%1;margin-bottom:2px'>%2</h3>")
                    .arg(theme.recomputeBorder.name(), tr("Checkpoint %1: the recompute differs from the forward")
                                                           .arg(c.segment)
                                                           .toHtmlEscaped());
        QString why;
        if (!c.preserveRngState && c.difference == "value")
            why = tr("The segment was checkpointed with <code>preserve_rng_state=False</code>, so the random draws "
                     "(dropout masks) of the recompute are new ones, not those of the forward.");
        else
            why = tr("When backward ran the function again it gave other results: it reads something that changed "
                     "after the forward (a global variable, an input modified in place, a random draw).");
        html += QStringLiteral("<p>%1 %2</p>")
                    .arg(why, tr("PyTorch raises nothing and its documentation says this cannot be detected: the "
                                 "gradients are computed from the recomputed values, so they are silently wrong. "
                                 "autogradviz recorded both runs and compared them."));
        html += QStringLiteral("<table cellspacing='0' cellpadding='3' style='%1'><tr><th></th><th align='left'>%2</th>"
                               "<th align='left'>%3</th></tr>")
                    .arg(mono, tr("forward"), tr("recompute"));
        auto cell = [&](const std::vector<trace::SegmentTensor>& run, size_t i) {
            if (i >= run.size())
                return tr("(nothing)");
            const trace::SegmentTensor& t = run[i];
            QStringList dims;
            for (int64_t d : t.shape)
                dims << QString::number(d);
            return QStringLiteral("<a href='line:%1'>line %1</a> %2 [%3]<br>%4")
                .arg(t.line)
                .arg(QString::fromStdString(t.op).toHtmlEscaped(), dims.join(QStringLiteral(", ")),
                     QString::fromStdString(t.preview).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
        };
        // The first difference, with the tensor before it for context.
        for (size_t i = at > 0 ? at - 1 : 0; i <= at; ++i) {
            const bool differs = i == at;
            html += QStringLiteral("<tr%1><td>%2</td><td>%3</td><td>%4</td></tr>")
                        .arg(differs ? QStringLiteral(" style='background:%1'").arg(theme.errorLine.name()) : QString(),
                             differs ? QStringLiteral("\u2260") : QString(), cell(c.forward, i), cell(c.recompute, i));
        }
        html += QStringLiteral("</table>");
    }
    return html;
}

void ErrorPanel::showError(const std::optional<trace::ErrorView>& error, const trace::GraphState& state, size_t step)
{
    const QString divergences = recomputeHtml(step);
    const QString recompute = cutCheckpointHtml(step) + shadowedHooksHtml(step) + divergences;
    const QString key = recompute + (error ? QString::fromStdString(error->message) : QString());
    if (error == m_error && key == m_shownKey && !document()->isEmpty())
        return;
    m_error = error;
    m_shownKey = key;
    m_shownDivergences = static_cast<int>(divergences.count(QStringLiteral("<h3")));
    const Theme& theme = Theme::current();
    if (!error) {
        if (!recompute.isEmpty()) {
            setHtml(recompute);
            return;
        }
        setHtml(QStringLiteral("<p style='color:%1'>%2</p>")
                    .arg(theme.mutedText.name(), tr("No error at this step. When a run fails, the message, an explanation "
                                                    "and the forward trace of the failing node appear here.")));
        return;
    }
    const ErrorExplanation ex = explainError(error->kind);
    const QString mono = QStringLiteral("font-family:'DejaVu Sans Mono',monospace;");
    QString html;
    html += QStringLiteral("<h3 style='color:%1;margin-bottom:2px'>%2</h3>").arg(theme.stale.name(), ex.headline.toHtmlEscaped());
    html += QStringLiteral("<p style='%1 background:%2;padding:6px'><b>%3:</b> %4</p>")
                .arg(mono, theme.errorLine.name(), QString::fromStdString(error->exceptionType).toHtmlEscaped(),
                     QString::fromStdString(error->message).toHtmlEscaped());
    if (error->failingNode != 0)
        if (const trace::NodeView* n = state.node(error->failingNode)) {
            html += tr("<p>Failing node: <a href='node:%1'><b>%2</b></a>").arg(n->id).arg(QString::fromStdString(n->name));
            if (error->staleTensor) {
                const trace::TensorView* t = state.tensor(error->staleTensor);
                html += tr(" &nbsp;·&nbsp; modified tensor: <b>%1</b>")
                            .arg(t && !t->label.empty() ? QString::fromStdString(t->label).toHtmlEscaped()
                                                        : tr("#%1").arg(error->staleTensor));
            }
            html += QStringLiteral("</p>");
            // Cause and effect: the in-place op that made the node's saved tensor stale.
            for (trace::Id savedId : n->saved) {
                const trace::SavedView* v = state.saved.find(savedId);
                const trace::VersionBump* b = v ? state.staleningBump(*v) : nullptr;
                if (!b)
                    continue;
                const QString code = sourceLine(m_sourceLines, b->line);
                html += tr("<p>Made stale by <a href='cause:%1:%2'><code>%3</code> on line %1</a> (%4 bumped the "
                           "version from %5 to %6).</p>")
                            .arg(QString::number(b->line), QString::number(b->node),
                                 (code.isEmpty() ? QString::fromStdString(b->op) : code).toHtmlEscaped(),
                                 QString::fromStdString(b->op).toHtmlEscaped(), QString::number(b->oldVersion),
                                 QString::number(b->newVersion));
                break;
            }
        }
    html += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("What happened."), ex.meaning);
    html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Usual fixes"));
    for (const QString& fix : ex.fixes)
        html += QStringLiteral("<li>%1</li>").arg(fix);
    html += QStringLiteral("</ul>");
    auto frames = [&](const trace::StackTrace& trace, const QString& title, const QString& scheme) {
        if (trace.empty())
            return;
        html += QStringLiteral("<p><b>%1</b></p>").arg(title);
        for (size_t i = 0; i < trace.size(); ++i) {
            const trace::StackFrame& f = trace[i];
            html += QStringLiteral("<p style='%1 margin:0 0 0 12px'><a href='%2:%3'>File \"%4\", line %5, in %6</a><br>"
                                   "&nbsp;&nbsp;&nbsp;&nbsp;%7</p>")
                        .arg(mono, scheme)
                        .arg(i)
                        .arg(QString::fromStdString(f.file).toHtmlEscaped())
                        .arg(f.line)
                        .arg(QString::fromStdString(f.function).toHtmlEscaped(), QString::fromStdString(f.sourceLine).toHtmlEscaped());
        }
    };
    frames(error->forwardTrace, tr("Forward call that created the failing node (anomaly mode)"), QStringLiteral("frame"));
    frames(error->traceback, tr("Traceback"), QStringLiteral("tb"));
    setHtml(html + recompute);
}

void ErrorPanel::activateFrame(int index)
{
    if (!m_error || index < 0 || index >= static_cast<int>(m_error->forwardTrace.size()))
        return;
    Q_EMIT frameActivated(m_error->forwardTrace[index].line, m_error->failingNode);
}

void ErrorPanel::onAnchor(const QUrl& url)
{
    const QString s = url.toString();
    const int colon = static_cast<int>(s.indexOf(QLatin1Char(':')));
    const QString scheme = s.left(colon);
    const qulonglong n = s.mid(colon + 1).toULongLong();
    if (scheme == QLatin1String("line")) {
        Q_EMIT frameActivated(static_cast<int>(n), 0);
        return;
    }
    if (scheme == QLatin1String("cause")) {  // cause:LINE:NODE
        const QStringList parts = s.mid(colon + 1).split(QLatin1Char(':'));
        Q_EMIT frameActivated(parts.value(0).toInt(), parts.value(1).toULongLong());
        return;
    }
    if (!m_error)
        return;
    if (scheme == QLatin1String("frame"))
        activateFrame(static_cast<int>(n));
    else if (scheme == QLatin1String("tb") && n < m_error->traceback.size())
        Q_EMIT frameActivated(m_error->traceback[n].line, m_error->failingNode);
    else if (scheme == QLatin1String("node"))
        Q_EMIT frameActivated(m_error->forwardTrace.empty() ? m_error->line : m_error->forwardTrace.back().line, n);
}

}  // namespace agv::ui
