#include "ui/graph/collapsed_graph.h"

#include <set>
#include <tuple>

namespace agv::ui {

GraphLayoutModel collapseItems(const GraphLayoutModel& full, const std::vector<int>& groupOf,
                               std::vector<LayoutNode> groupItems, const LayoutMetrics& metrics)
{
    const size_t n = full.nodes.size();
    GraphLayoutModel m;
    m.modules = full.modules;
    m.nodes.reserve(n);
    std::vector<int> itemOf(n, -1), groupItem(groupItems.size(), -1);
    for (size_t i = 0; i < n; ++i) {
        const int g = groupOf[i];
        if (g < 0) {
            itemOf[i] = m.addNode(full.nodes[i]);
            continue;
        }
        if (groupItem[g] < 0) {
            groupItems[g].size = GraphLayoutModel::boxSize(groupItems[g], metrics);
            groupItem[g] = m.addNode(std::move(groupItems[g]));
        }
        itemOf[i] = groupItem[g];
    }
    for (auto it = full.nodeIndexById.cbegin(); it != full.nodeIndexById.cend(); ++it)
        m.nodeIndexById.insert(it.key(), itemOf[it.value()]);
    for (auto it = full.tensorIndexById.cbegin(); it != full.tensorIndexById.cend(); ++it)
        m.tensorIndexById.insert(it.key(), itemOf[it.value()]);

    std::set<std::tuple<int, int, LayoutEdgeKind>> merged;
    for (const LayoutEdge& e : full.edges) {
        const int from = itemOf[e.from], to = itemOf[e.to];
        if (from == to)
            continue;
        const bool grouped = groupOf[e.from] >= 0 || groupOf[e.to] >= 0;
        if (grouped && !merged.insert({from, to, e.kind}).second)
            continue;
        m.edges.push_back({from, to, e.kind, e.inputNr, {}});
    }
    return m;
}

}  // namespace agv::ui
