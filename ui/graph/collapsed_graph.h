#pragma once
// One drawn item standing for many items of a graph: what collapsed repeats (Note
// [Collapsed repeats]) and collapsed module calls (Note [Collapsed modules]) share.

#include <vector>

#include "ui/graph/graph_layout_model.h"

namespace agv::ui {

/// `full` drawn with item i as groupItems[groupOf[i]] wherever groupOf[i] >= 0: the other
/// items as they are, a group where its first member was, the id maps pointing at the
/// item that draws each id, and one edge per kind between two drawn items for all the
/// edges of `full` between what they hold (an edge between two plain items is kept as it
/// is). Only the group items are measured; `modules` is copied; nothing else is set.
GraphLayoutModel collapseItems(const GraphLayoutModel& full, const std::vector<int>& groupOf,
                               std::vector<LayoutNode> groupItems, const LayoutMetrics& metrics);

}  // namespace agv::ui
