#pragma once
// The backward graph a recording opens with, and what every collapsed graph must
// satisfy (Note [Collapsed repeats], Note [Collapsed modules]): each item of the full
// graph drawn exactly once, each group counting what it holds, every drawn edge a real one.

#include <QtTest>

#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "core/trace/graph_state.h"
#include "ui/graph/graph_layout_model.h"
#include "ui/scene/graph_scene.h"
#include "ui/theme.h"

namespace agv::testing {

using ui::GraphLayoutModel;
using ui::LayoutEdge;
using ui::LayoutEdgeKind;
using ui::LayoutNode;
using ui::LayoutNodeKind;

/// The sizes the scene draws with.
inline ui::LayoutMetrics metrics() { return ui::GraphScene::metricsFor(ui::Theme::current()); }

/// The backward graph the window opens for `r`.
inline GraphLayoutModel backwardModel(const trace::Recording& r)
{
    return GraphLayoutModel::fromFinalGraph(trace::finalGraph(r), metrics());
}

inline std::vector<int> groupIndices(const GraphLayoutModel& m)
{
    std::vector<int> groups;
    for (size_t i = 0; i < m.nodes.size(); ++i)
        if (m.nodes[i].kind == LayoutNodeKind::Group)
            groups.push_back(static_cast<int>(i));
    return groups;
}

/// The drawn item of each item of the full graph, found through the ids they draw.
inline std::vector<int> drawnItemOf(const GraphLayoutModel& drawn)
{
    const GraphLayoutModel& full = *drawn.uncollapsed;
    std::vector<int> itemOf(full.nodes.size(), -1);
    for (size_t i = 0; i < full.nodes.size(); ++i) {
        const LayoutNode& n = full.nodes[i];
        const bool function = n.kind == LayoutNodeKind::GradFn || n.kind == LayoutNodeKind::AccumulateGrad;
        itemOf[i] = function ? drawn.indexOfNode(n.id) : drawn.indexOfTensor(n.id);
    }
    return itemOf;
}

/// The collapsed graph tells the truth about the full one: every full item is drawn
/// exactly once (by itself or counted by one group), and the drawn edges are exactly
/// the full edges between different drawn items, one per kind.
inline void checkTruthful(const GraphLayoutModel& drawn)
{
    QVERIFY(drawn.uncollapsed);
    const GraphLayoutModel& full = *drawn.uncollapsed;
    const std::vector<int> itemOf = drawnItemOf(drawn);
    std::map<int, int> counted;
    for (size_t i = 0; i < full.nodes.size(); ++i) {
        QVERIFY(itemOf[i] >= 0);
        const LayoutNode& item = drawn.nodes[itemOf[i]];
        if (item.kind == LayoutNodeKind::Group) {
            ++counted[itemOf[i]];
        } else {
            QCOMPARE(item.key, full.nodes[i].key);
        }
    }
    for (int g : groupIndices(drawn))
        QCOMPARE(counted[g], drawn.nodes[g].group->memberCount);

    std::set<std::tuple<int, int, LayoutEdgeKind>> expected, drawnEdges;
    for (const LayoutEdge& e : full.edges)
        if (itemOf[e.from] != itemOf[e.to])
            expected.insert({itemOf[e.from], itemOf[e.to], e.kind});
    for (const LayoutEdge& e : drawn.edges)
        QVERIFY2(drawnEdges.insert({e.from, e.to, e.kind}).second || (drawn.nodes[e.from].kind != LayoutNodeKind::Group &&
                                                                      drawn.nodes[e.to].kind != LayoutNodeKind::Group),
                 "an edge of a group drawn twice");
    QCOMPARE(drawnEdges, expected);
}

}  // namespace agv::testing
