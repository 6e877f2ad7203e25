#pragma once
// nn.Module calls drawn as one box.
//
// Note [Collapsed modules]
// A learner reads a network by its modules: `model.0 · Linear` is one idea, not the six
// items (AddmmBackward0, TBackward0, two AccumulateGrads and their parameters) that
// autograd makes of it. Every node knows the module call it was created in (ModuleEnter
// / ModuleExit), and module calls know their caller, so each call holds the items
// created in it or in the calls it made. Leaf tensors were created outside any call
// (parameters at construction): one belongs to the innermost call that holds everything
// it feeds (assignTensorModules()), so a Linear's weight collapses with its Linear.
//
// - A collapsed call is drawn as one Group item with `group->module` set, keyed "m<id>",
//   titled "model.0 · Linear", counting the grad_fn nodes it holds and, during backward,
//   how many have run (the scene updates it as it does a group of repeats). Edges into
//   and out of it stand for every edge between what it holds and the rest, one per kind.
// - The calls collapsed are a set; an item is drawn by the outermost collapsed call that
//   holds it. Collapsing an outer call therefore hides the inner ones, and expanding it
//   shows them as they were: collapsed or not, independently.
// - A graph of more than kModuleCollapseItemLimit items opens with the outermost level of
//   calls that keeps it readable collapsed (defaultCollapsedModules()); smaller graphs
//   open expanded.
// - The collapsed graph is built from `moduleBase`, the graph without collapsed calls
//   (itself maybe drawn with collapsed repeats, Note [Collapsed repeats]), and laid out
//   anew: a box is small, so collapsing tightens the picture and expanding opens room.
//   The layout comes from the persistent worker or its cache (Note [A persistent layout
//   worker], Note [Layout cache]), and what the user collapsed and expanded outlives a
//   re-run of the script (Note [Collapse choices survive a re-run]).

#include <QString>

#include <map>
#include <set>
#include <vector>

#include "ui/graph/graph_layout_model.h"

namespace agv::ui {

/// Graphs with more items than this open with module calls collapsed.
constexpr size_t kModuleCollapseItemLimit = 150;

/// Module call `module` and the calls it was made in, innermost first (a hostile trace's
/// cycle of callers ends the walk).
std::vector<Id> moduleCallChain(const std::map<Id, trace::ModuleView>& modules, Id module);

/// The attribute path of module call `module`: "model.0" (its name in each caller, joined).
QString modulePath(const std::map<Id, trace::ModuleView>& modules, Id module);
/// "model.0 · Linear".
QString moduleTitle(const std::map<Id, trace::ModuleView>& modules, Id module);

/// Gives each tensor item created outside module calls the innermost call that holds
/// every item it feeds (see Note [Collapsed modules]).
void assignTensorModules(GraphLayoutModel& model);

/// The module calls `base` opens with collapsed (Note [Collapsed modules]): none when it
/// has at most kModuleCollapseItemLimit items; otherwise the outermost calls, replaced by
/// the calls they made while they draw fewer than 16 items and that keeps the drawn items
/// within the limit (for a `model` and its loss: the children of `model`); a call holding
/// a single item is left open.
std::set<Id> defaultCollapsedModules(const GraphLayoutModel& base);

/// `base` (measured) drawn with the module calls in `collapsed` collapsed; `base` itself
/// when none holds an item. Not laid out.
GraphLayoutModel withModulesCollapsed(std::shared_ptr<const GraphLayoutModel> base, std::set<Id> collapsed,
                                      const LayoutMetrics& metrics);

/// The graph to open for `full` (built, not measured): its repeats collapsed when it is
/// big (drawnGraph()), then its default module calls collapsed.
GraphLayoutModel drawnGraphWithModules(GraphLayoutModel full, const LayoutMetrics& metrics);

/// `drawn` with module call `module` collapsed (and what it holds hidden).
GraphLayoutModel collapseModule(const GraphLayoutModel& drawn, Id module, const LayoutMetrics& metrics);
/// `drawn` with module call `module` expanded, and every collapsed call holding it, so
/// its items are drawn.
GraphLayoutModel expandModule(const GraphLayoutModel& drawn, Id module, const LayoutMetrics& metrics);
/// `drawn` with every collapsed call holding grad_fn node `node` expanded.
GraphLayoutModel expandModulesHolding(const GraphLayoutModel& drawn, Id node, const LayoutMetrics& metrics);
/// `drawn` with its Group item `key` expanded: a module call's or a run of repeats'
/// (expandGroup(), with the module calls kept collapsed as they were).
GraphLayoutModel expandGroupItem(const GraphLayoutModel& drawn, const QString& key, const LayoutMetrics& metrics);
/// `drawn` with its expanded run of repeats `key` collapsed again (collapseRepeats(), with
/// the module calls kept collapsed as they were).
GraphLayoutModel collapseExpandedRun(const GraphLayoutModel& drawn, const QString& key, const LayoutMetrics& metrics);

/// The module call a collapse of item `index` of `drawn` would collapse: the innermost
/// call holding it (for a collapsed call's box, the one that called it); 0 when none.
Id moduleToCollapse(const GraphLayoutModel& drawn, int index);

}  // namespace agv::ui
