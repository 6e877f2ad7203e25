#pragma once
// A fast layered layout for graphs too big for `dot` to lay out interactively.
//
// Note [Big graphs]
// dot's cost grows with the number of virtual nodes it inserts on edges spanning
// several ranks; a 3,000-node network with skip connections takes it tens of seconds.
// Past kGraphvizNodeLimit items we use this Sugiyama-style layout instead: longest-path
// ranks, a few barycenter sweeps for the order, left-to-right packing, straight edges.
// It runs in milliseconds and keeps the same top-to-bottom data-flow reading.

#include <QString>

#include "ui/graph/graph_layout_model.h"

namespace agv::ui {

/// Above this many items layoutGraph() skips Graphviz (see Note [Big graphs]).
constexpr size_t kGraphvizNodeLimit = 600;

void layoutLayered(GraphLayoutModel& model);

/// Graphviz dot for normal graphs, layoutLayered() for big ones. Returns false (with a
/// usable fallback layout) when Graphviz failed.
bool layoutGraph(GraphLayoutModel& model, QString* error = nullptr);

}  // namespace agv::ui
