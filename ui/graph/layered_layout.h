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

#include <cstdint>

#include "ui/graph/graph_layout_model.h"

namespace agv::ui {

/// Above this many items layoutGraph() skips Graphviz (see Note [Big graphs]).
constexpr size_t kGraphvizNodeLimit = 600;

// Note [Huge graphs]
// Past kOverviewItemLimit items (what is left once Note [Collapsed repeats] has done
// what it can), no picture makes every box readable at once, and a layered layout of
// 100,000 items is a strip a million pixels long that fits a window as a hair. The scene
// draws such a graph as an overview (Note [Overview of huge graphs] in
// ui/scene/graph_overview_item.h) on this layout: the ranks of the layered one, folded
// into columns like a newspaper's, as many as make the whole about 16:10. A rank's
// items are packed left to right in barycenter order, on more lines when they are
// more than a column holds; edges are straight.

/// Above this many items layoutGraph() folds the layered layout (see Note [Huge graphs]).
constexpr size_t kOverviewItemLimit = 5000;

void layoutLayered(GraphLayoutModel& model);
/// The layered layout folded into columns (see Note [Huge graphs]).
void layoutFolded(GraphLayoutModel& model);

/// Graphviz dot for normal graphs, layoutLayered() for big ones, layoutFolded() for huge
/// ones. Returns false (with a usable fallback layout) when Graphviz failed.
bool layoutGraph(GraphLayoutModel& model, QString* error = nullptr);

/// How many layouts layoutGraph() was asked for so far, by any thread, and how many of
/// them on the GUI thread; for tests (a re-run lays its graph out once, on its run thread:
/// Note [Collapse choices survive a re-run]).
int64_t layoutsRequested();
int64_t layoutsRequestedOnGuiThread();

}  // namespace agv::ui
