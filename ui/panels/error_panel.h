#pragma once
// The error explainer: PyTorch's exact message, what it means in plain language, the
// usual fixes, and the anomaly-mode forward trace (each frame jumps to its line and
// to the failing node).

#include <QTextBrowser>

#include <optional>

#include "core/trace/graph_state.h"
#include "core/trace/checkpoint_cut.h"
#include "core/trace/checkpoint_shadowed_hooks.h"
#include "core/trace/recompute_check.h"

namespace agv::ui {

struct ErrorExplanation {
    QString headline;
    QString meaning;
    QStringList fixes;
};

/// Plain-language explanation and usual fixes for each kind of autograd error.
ErrorExplanation explainError(ErrorKind kind);

class ErrorPanel : public QTextBrowser {
    Q_OBJECT
public:
    explicit ErrorPanel(QWidget* parent = nullptr);

    /// Shows the error at this step (if any) and, once a checkpoint's recompute finished
    /// before `step`, how that recompute differed from its forward (Note [Recompute that
    /// differs from forward]): PyTorch raises nothing there, the gradients are wrong.
    void showError(const std::optional<trace::ErrorView>& error, const trace::GraphState& state, size_t step = 0);
    /// The script the recording came from: the in-place op that caused an error is quoted.
    void setSourceLines(const QStringList& lines) { m_sourceLines = lines; }
    /// The run's recompute comparisons (compareRecomputes), shown by showError.
    void setRecomputeChecks(std::vector<trace::RecomputeComparison> checks);
    /// The run's reentrant checkpoints cut from the graph (findCutCheckpoints), shown by
    /// showError once each has ended: PyTorch only warns about them.
    void setCutCheckpoints(std::vector<trace::CutCheckpoint> cut);
    /// The run's non-reentrant checkpoints that kept everything from the script's
    /// saved-tensor hooks (findHooksShadowedByCheckpoints), shown by showError once each
    /// has ended: PyTorch raises nothing (Note [A checkpoint that shadows save_on_cpu]).
    void setShadowedHooks(std::vector<trace::HooksShadowedByCheckpoint> shadowed);
    /// Recompute divergences shown at the last showError.
    int shownRecomputeDivergences() const { return m_shownDivergences; }
    bool hasError() const { return m_error.has_value(); }
    /// Activates the forward-trace frame at `index` (as clicking its link does).
    void activateFrame(int index);

Q_SIGNALS:
    /// A frame was clicked: show `line` in the editor and select `node` in the graph.
    void frameActivated(int line, trace::Id node);

private:
    void onAnchor(const QUrl& url);

    QString recomputeHtml(size_t step) const;
    QString cutCheckpointHtml(size_t step) const;
    QString shadowedHooksHtml(size_t step) const;

    std::optional<trace::ErrorView> m_error;
    std::vector<trace::RecomputeComparison> m_checks;
    std::vector<trace::CutCheckpoint> m_cut;
    std::vector<trace::HooksShadowedByCheckpoint> m_shadowed;
    QStringList m_sourceLines;
    int m_shownDivergences = 0;
    QString m_shownKey;  ///< what the document shows (skip re-rendering the same)
};

}  // namespace agv::ui
