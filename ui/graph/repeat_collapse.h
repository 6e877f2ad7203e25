#pragma once
// Big graphs drawn with their repeats collapsed.
//
// Note [Collapsed repeats]
// A loop of 50,000 `y = y * 1.0001 + 0.5` records 100,000 nodes in one chain. Drawn node
// by node it is a line of boxes five million pixels long: nothing to read, and seconds
// to lay out, build and paint. Tools for big graphs (TensorBoard's series grouping)
// draw such a run as one node that says what repeats and how often; so do we, once a
// graph has more than kGraphvizNodeLimit items (smaller graphs are drawn as they are):
//
// - A chain is a path on which each item feeds only the next one. Other inputs may join
//   it (a weight used by every step): they keep their edge, into the group.
// - Along a chain, kMinRepeats or more repetitions of the same sequence of at most
//   kMaxMotifLength items (same kind, same op, same checkpoint segment) become one
//   Group item: "MulBackward0 → AddBackward0" × 50,000.
// - An item's private inputs, small trees of items that feed only it (a parameter and
//   its AccumulateGrad, the TBackward0 of a weight), join the group with it. What comes
//   before the run on its chain stays outside: the loop's starting `y` and its
//   AccumulateGrad are drawn, with their edge into the group.
// - An edge between two drawn items stands for every edge of the full graph between
//   what they contain, one per kind.
//
// So the picture stays true: every drawn edge is a real one, every group counts what it
// holds, and the scene shows how many of its nodes exist and have run at each step.
// Double-clicking a group expands it: a group of a few repetitions opens whole, a long
// one shows its first and last kExpandedEnds repetitions with the rest still grouped
// between them (expandGroup()). An expanded run is drawn in a frame titled as its group
// was; a click on the frame's title, or "Collapse" in a member's context menu, draws the
// group again, as it was (collapseRepeats(); the runs opened inside it close with it),
// just as a module call's frame collapses its call (Note [Collapsed modules]).

#include <QString>

#include "ui/graph/graph_layout_model.h"

namespace agv::ui {

/// Fewest repetitions collapsed into a group.
constexpr int kMinRepeats = 4;
/// Longest repeated sequence looked for (a Linear + activation step is 3 to 5 nodes).
constexpr int kMaxMotifLength = 8;
/// Largest tree of private inputs that joins its consumer's group.
constexpr int kMaxPrivateInputs = 8;
/// Repetitions an expanded long group shows at each end.
constexpr int kExpandedEnds = 2;

/// A group's title: the ops of one repetition, "MulBackward0 → AddBackward0" (the first
/// two and the last of a longer one).
QString motifTitle(const QStringList& motif);
/// "× 50,000" (and how many ops one repetition has, when the title cannot list them).
QString groupRepeatsText(const LayoutGroup& group);
/// The group's line about the current step: "12,000 of 100,000 nodes created", "... executed".
QString groupStatusText(const LayoutGroup& group, int created, int executed);
/// The widest status line of `group` (the layout reserves its width).
QString widestGroupStatus(const LayoutGroup& group);

/// The graph to draw for `full` (built, not measured), measured for `metrics`: `full`
/// itself when it has at most kGraphvizNodeLimit items or nothing repeats, otherwise
/// the graph with its repeated chains collapsed (Note [Collapsed repeats]).
GraphLayoutModel drawnGraph(GraphLayoutModel full, const LayoutMetrics& metrics);

/// `drawn` with its group `groupKey` expanded (see Note [Collapsed repeats]); not laid
/// out yet. `drawn` itself when it has no such group.
GraphLayoutModel expandGroup(const GraphLayoutModel& drawn, const QString& groupKey, const LayoutMetrics& metrics);

/// `drawn` with its expanded run of repeats `groupKey` (a key of drawn.expandedRuns)
/// collapsed again, and the runs opened inside it: the group drawn as before it was
/// expanded (see Note [Collapsed repeats]); not laid out yet. `drawn` itself when it has
/// no such run.
GraphLayoutModel collapseRepeats(const GraphLayoutModel& drawn, const QString& groupKey, const LayoutMetrics& metrics);

}  // namespace agv::ui
