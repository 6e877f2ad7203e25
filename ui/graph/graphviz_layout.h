#pragma once
// Positions and edge splines from Graphviz `dot`. The only place that talks to
// Graphviz (graphviz_layout.cpp is the one file including <gvc.h>).

#include <QString>

#include "ui/graph/graph_layout_model.h"

namespace agv::ui {

/// Lays out `model` in place (node centers, edge paths, bounds). Thread-safe: every
/// Graphviz call holds one global mutex, because Graphviz keeps global state. Returns
/// false (and leaves a simple grid layout) if Graphviz fails; `error` says why.
bool layoutWithGraphviz(GraphLayoutModel& model, QString* error = nullptr);

/// Fallback used when Graphviz fails: rows in creation order, straight edges.
void layoutAsGrid(GraphLayoutModel& model);

}  // namespace agv::ui
