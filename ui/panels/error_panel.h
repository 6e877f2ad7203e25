#pragma once
// The error explainer: PyTorch's exact message, what it means in plain language, the
// usual fixes, and the anomaly-mode forward trace (each frame jumps to its line and
// to the failing node).

#include <QTextBrowser>

#include <optional>

#include "core/trace/graph_state.h"

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

    void showError(const std::optional<trace::ErrorView>& error, const trace::GraphState& state);
    bool hasError() const { return m_error.has_value(); }
    /// Activates the forward-trace frame at `index` (as clicking its link does).
    void activateFrame(int index);

Q_SIGNALS:
    /// A frame was clicked: show `line` in the editor and select `node` in the graph.
    void frameActivated(int line, trace::Id node);

private:
    void onAnchor(const QUrl& url);

    std::optional<trace::ErrorView> m_error;
};

}  // namespace agv::ui
