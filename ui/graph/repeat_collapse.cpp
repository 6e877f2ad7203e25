#include "ui/graph/repeat_collapse.h"

#include <QCoreApplication>
#include <QHash>
#include <QLocale>

#include <algorithm>
#include <map>
#include <queue>
#include <set>
#include <tuple>

#include "ui/graph/collapsed_graph.h"
#include "ui/graph/layered_layout.h"

namespace agv::ui {

namespace {

bool isFunctionKind(LayoutNodeKind kind)
{
    return kind == LayoutNodeKind::GradFn || kind == LayoutNodeKind::AccumulateGrad;
}

/// What the collapse reads off the full graph, by item index.
struct Structure {
    std::vector<std::vector<int>> producers, consumers;  ///< distinct neighbours
    /// Items in the tree of items that feed only this one, itself included; 0 when it
    /// is no such tree, kMaxPrivateInputs + 1 for any bigger one.
    std::vector<int> treeSize;
    std::vector<int> next;  ///< the item after it on its chain, or -1
    std::vector<int> prev;
    std::vector<int> kind;  ///< interned kind, op, checkpoint segment: what must repeat

    /// A small tree feeding only `consumer` that is not the step before it on its chain.
    bool isPrivateInputOf(int item, int consumer) const
    {
        return treeSize[item] >= 1 && treeSize[item] <= kMaxPrivateInputs && prev[consumer] != item;
    }
};

Structure structureOf(const GraphLayoutModel& full)
{
    const size_t n = full.nodes.size();
    Structure s;
    s.producers.resize(n);
    s.consumers.resize(n);
    for (const LayoutEdge& e : full.edges) {
        s.producers[e.to].push_back(e.from);
        s.consumers[e.from].push_back(e.to);
    }
    for (size_t v = 0; v < n; ++v) {
        for (auto* list : {&s.producers[v], &s.consumers[v]}) {
            std::sort(list->begin(), list->end());
            list->erase(std::unique(list->begin(), list->end()), list->end());
        }
    }

    // Producers before consumers (Kahn's order; items on a cycle, which only a hostile
    // trace has, are left out): the depth of each item (its longest path from a source)
    // and its private input tree.
    std::vector<int> depth(n, -1);
    s.treeSize.assign(n, 0);
    std::vector<size_t> waiting(n);
    std::queue<int> ready;
    for (size_t v = 0; v < n; ++v)
        if ((waiting[v] = s.producers[v].size()) == 0)
            ready.push(static_cast<int>(v));
    while (!ready.empty()) {
        const int v = ready.front();
        ready.pop();
        depth[v] = 0;
        for (int p : s.producers[v])
            depth[v] = std::max(depth[v], depth[p] + 1);
        for (int w : s.consumers[v])
            if (--waiting[w] == 0)
                ready.push(w);
        if (s.consumers[v].size() != 1)
            continue;
        int size = 1;
        for (int p : s.producers[v]) {
            if (s.treeSize[p] == 0) {
                size = 0;
                break;
            }
            size = std::min(size + s.treeSize[p], kMaxPrivateInputs + 1);
        }
        s.treeSize[v] = size;
    }

    // Chains: u -> v when v is all u feeds and u is the deepest of the inputs of v that
    // feed only v: a step of a loop takes the previous step's result, which comes from
    // far up, and maybe a parameter of its own, which does not. A tie is a merge of two
    // lines, where no chain goes on.
    s.next.assign(n, -1);
    s.prev.assign(n, -1);
    for (size_t v = 0; v < n; ++v) {
        int deepest = -1, deepestDepth = -1;
        bool tie = false;
        for (int p : s.producers[v]) {
            if (s.consumers[p].size() != 1 || depth[p] < 0)
                continue;
            if (depth[p] > deepestDepth) {
                deepest = p;
                deepestDepth = depth[p];
                tie = false;
            } else if (depth[p] == deepestDepth) {
                tie = true;
            }
        }
        if (deepest >= 0 && !tie) {
            s.prev[v] = deepest;
            s.next[deepest] = static_cast<int>(v);
        }
    }

    // What has to be equal for two items to count as repeats: kind, op and checkpoint
    // segment. A tensor's name may change from step to step (h1, h2, ...) and is not part of it.
    QHash<QString, int> titles;
    std::map<std::tuple<LayoutNodeKind, int, Id, bool>, int> kinds;
    s.kind.resize(n);
    for (size_t v = 0; v < n; ++v) {
        const LayoutNode& node = full.nodes[v];
        const QString title = node.kind == LayoutNodeKind::Intermediate ? QString() : node.title;
        auto known = titles.constFind(title);  // (QHash::emplace would overwrite the id)
        const int titleId = known != titles.cend() ? known.value() : titles.insert(title, int(titles.size())).value();
        s.kind[v] = kinds.try_emplace({node.kind, titleId, node.segment, node.recompute}, int(kinds.size())).first->second;
    }
    return s;
}

/// `repeats` repetitions of `period` items along a chain.
struct Run {
    std::vector<int> items;  ///< data-flow order
    int period = 1;
    int repeats = 0;
};

/// The longest repeated sequences along each chain, left to right.
std::vector<Run> findRuns(const Structure& s)
{
    std::vector<Run> runs;
    const size_t n = s.next.size();
    std::vector<int> chain;
    for (size_t head = 0; head < n; ++head) {
        if (s.prev[head] != -1 || s.next[head] == -1)
            continue;
        chain.clear();
        for (int v = static_cast<int>(head); v != -1; v = s.next[v])
            chain.push_back(v);
        const size_t length = chain.size();
        auto same = [&](size_t a, size_t b) { return s.kind[chain[a]] == s.kind[chain[b]]; };
        size_t i = 0;
        while (i < length) {
            size_t bestPeriod = 0, bestRepeats = 0;
            for (size_t period = 1; period <= size_t(kMaxMotifLength) && i + period * kMinRepeats <= length; ++period) {
                size_t repeats = 1;
                while (i + (repeats + 1) * period <= length) {
                    bool equal = true;
                    for (size_t k = 0; k < period && equal; ++k)
                        equal = same(i + k, i + repeats * period + k);
                    if (!equal)
                        break;
                    ++repeats;
                }
                // Ties go to the shorter sequence: (a, b) x 4, not (a, b, a, b) x 2.
                if (repeats >= size_t(kMinRepeats) && repeats * period > bestRepeats * bestPeriod) {
                    bestPeriod = period;
                    bestRepeats = repeats;
                }
            }
            if (bestRepeats == 0) {
                ++i;
                continue;
            }
            Run run;
            run.items.assign(chain.begin() + long(i), chain.begin() + long(i + bestPeriod * bestRepeats));
            run.period = static_cast<int>(bestPeriod);
            run.repeats = static_cast<int>(bestRepeats);
            runs.push_back(std::move(run));
            i += bestPeriod * bestRepeats;
        }
    }
    return runs;
}

QString groupKey(const GraphLayoutModel& full, const Run& run) { return QLatin1Char('g') + full.nodes[run.items.front()].key; }

/// The runs left collapsed once the groups in `expanded` are open: a short one opens
/// whole, a long one keeps its middle grouped between kExpandedEnds repetitions. The runs
/// opened go to `opened`.
std::vector<Run> withExpanded(const GraphLayoutModel& full, std::vector<Run> runs, const QSet<QString>& expanded,
                              std::vector<Run>* opened)
{
    std::vector<Run> kept;
    while (!runs.empty()) {
        Run run = std::move(runs.back());
        runs.pop_back();
        if (!expanded.contains(groupKey(full, run))) {
            kept.push_back(std::move(run));
            continue;
        }
        const int middle = run.repeats - 2 * kExpandedEnds;
        if (middle >= kMinRepeats) {
            Run inner;
            const auto first = run.items.begin() + long(kExpandedEnds) * run.period;
            inner.items.assign(first, first + long(middle) * run.period);
            inner.period = run.period;
            inner.repeats = middle;
            runs.push_back(std::move(inner));
        }
        opened->push_back(std::move(run));
    }
    std::sort(kept.begin(), kept.end(), [](const Run& a, const Run& b) { return a.items.front() < b.items.front(); });
    return kept;
}

/// The private inputs of the items of `run` (Note [Collapsed repeats]): the trees feeding
/// only one of them, but for a tree holding an item that `runOf` gives a run (a private
/// chain of repeats stays outside).
std::vector<int> privateInputsOf(const Structure& s, const Run& run, const std::vector<int>& runOf)
{
    std::vector<int> inputs;
    for (int member : run.items) {
        for (int input : s.producers[member]) {
            if (!s.isPrivateInputOf(input, member))
                continue;
            std::vector<int> tree, stack{input};
            while (!stack.empty()) {
                const int item = stack.back();
                stack.pop_back();
                tree.push_back(item);
                stack.insert(stack.end(), s.producers[item].begin(), s.producers[item].end());
            }
            if (std::none_of(tree.begin(), tree.end(), [&](int item) { return runOf[item] >= 0; }))
                inputs.insert(inputs.end(), tree.begin(), tree.end());
        }
    }
    return inputs;
}

/// The group that draws `run`, whose `members` (item indices, ascending) are its items and
/// `privateInputs` of their private inputs.
LayoutGroup groupOfRun(const GraphLayoutModel& full, const Run& run, const std::vector<int>& members, int privateInputs)
{
    LayoutGroup group;
    group.repeats = run.repeats;
    group.privateInputs = privateInputs;
    for (int k = 0; k < run.period; ++k)
        if (const LayoutNode& node = full.nodes[run.items[k]]; node.kind != LayoutNodeKind::Intermediate)
            group.motif << node.title;
    for (int i : members) {
        const LayoutNode& node = full.nodes[i];
        (isFunctionKind(node.kind) ? group.nodes : group.tensors).push_back(node.id);
    }
    group.memberCount = static_cast<int>(members.size());
    return group;
}

GraphLayoutModel collapseRuns(std::shared_ptr<const GraphLayoutModel> fullGraph, const Structure& s,
                              const std::vector<Run>& runs, const std::vector<Run>& opened,
                              const QSet<QString>& expanded, const LayoutMetrics& metrics)
{
    const GraphLayoutModel& full = *fullGraph;
    const size_t n = full.nodes.size();

    // Members: the runs' items and their private inputs.
    std::vector<int> runOf(n, -1);
    for (size_t r = 0; r < runs.size(); ++r)
        for (int item : runs[r].items)
            runOf[item] = static_cast<int>(r);
    // An opened run held, as a group, its items and the private inputs that no other
    // run's items hold; the runs opened inside it are among its items.
    std::vector<int> runItemOf = runOf;
    for (const Run& run : opened)
        for (int item : run.items)
            runItemOf[item] = static_cast<int>(runs.size());
    std::vector<int> privateInputs(runs.size(), 0);
    for (size_t r = 0; r < runs.size(); ++r) {
        const std::vector<int> inputs = privateInputsOf(s, runs[r], runOf);
        for (int item : inputs)
            runOf[item] = static_cast<int>(r);
        privateInputs[r] = static_cast<int>(inputs.size());
    }
    std::map<QString, std::shared_ptr<const LayoutGroup>> expandedRuns;
    for (const Run& run : opened) {
        const std::vector<int> inputs = privateInputsOf(s, run, runItemOf);
        std::vector<int> members = run.items;
        members.insert(members.end(), inputs.begin(), inputs.end());
        std::sort(members.begin(), members.end());
        expandedRuns[groupKey(full, run)] =
            std::make_shared<const LayoutGroup>(groupOfRun(full, run, members, static_cast<int>(inputs.size())));
    }

    std::vector<std::vector<int>> members(runs.size());
    for (size_t i = 0; i < n; ++i)
        if (runOf[i] >= 0)
            members[runOf[i]].push_back(static_cast<int>(i));

    std::vector<LayoutNode> items(runs.size());
    for (size_t r = 0; r < runs.size(); ++r) {
        const Run& run = runs[r];
        LayoutGroup group = groupOfRun(full, run, members[r], privateInputs[r]);
        uint64_t firstStep = UINT64_MAX;
        const Id module = full.nodes[members[r].front()].module;
        bool oneModule = true;
        for (int i : members[r]) {
            firstStep = std::min(firstStep, full.nodes[i].createdStep);
            oneModule = oneModule && full.nodes[i].module == module;
        }
        const LayoutNode& first = full.nodes[run.items.front()];
        LayoutNode& item = items[r];
        item.key = groupKey(full, run);
        item.kind = LayoutNodeKind::Group;
        item.title = motifTitle(group.motif);
        item.subtitle = groupRepeatsText(group);
        item.reserveText = widestGroupStatus(group);
        item.recompute = first.recompute;
        item.segment = first.segment;
        item.module = oneModule ? module : 0;
        item.createdStep = firstStep;
        item.group = std::make_shared<const LayoutGroup>(std::move(group));
    }
    GraphLayoutModel m = collapseItems(full, runOf, std::move(items), metrics);
    m.expandedGroups = expanded;
    m.expandedRuns = std::move(expandedRuns);
    m.uncollapsed = std::move(fullGraph);
    m.measure(metrics);
    return m;
}

/// `drawn` drawn anew from its full graph with the groups `expanded` open.
GraphLayoutModel withExpandedGroups(const GraphLayoutModel& drawn, const QSet<QString>& expanded, const LayoutMetrics& metrics)
{
    const Structure structure = structureOf(*drawn.uncollapsed);
    std::vector<Run> opened;
    const std::vector<Run> runs = withExpanded(*drawn.uncollapsed, findRuns(structure), expanded, &opened);
    return collapseRuns(drawn.uncollapsed, structure, runs, opened, expanded, metrics);
}

}  // namespace

QString motifTitle(const QStringList& motif)
{
    if (motif.size() <= 3)
        return motif.join(QStringLiteral(" \u2192 "));
    return QStringList{motif.front(), motif[1], QStringLiteral("\u2026"), motif.back()}.join(QStringLiteral(" \u2192 "));
}

QString groupRepeatsText(const LayoutGroup& group)
{
    const QString times = QStringLiteral("\u00d7 %1").arg(QLocale().toString(group.repeats));
    return group.motif.size() <= 3 ? times
                                   : QCoreApplication::translate("agv::ui::GroupNodeItem", "%1, %2 ops each").arg(times).arg(group.motif.size());
}

QString groupStatusText(const LayoutGroup& group, int created, int executed)
{
    const int total = static_cast<int>(group.nodes.size());
    const QLocale locale;
    // The group item's texts, in its translation context.
    if (executed == total && total > 0)
        return QCoreApplication::translate("agv::ui::GroupNodeItem", "all %1 nodes executed").arg(locale.toString(total));
    if (executed > 0)
        return QCoreApplication::translate("agv::ui::GroupNodeItem", "%1 of %2 nodes executed")
            .arg(locale.toString(executed), locale.toString(total));
    if (created == total)
        return QCoreApplication::translate("agv::ui::GroupNodeItem", "%1 nodes").arg(locale.toString(total));
    return QCoreApplication::translate("agv::ui::GroupNodeItem", "%1 of %2 nodes created")
        .arg(locale.toString(created), locale.toString(total));
}

QString widestGroupStatus(const LayoutGroup& group)
{
    const int total = static_cast<int>(group.nodes.size());
    const QString executed = groupStatusText(group, total, std::max(0, total - 1));
    const QString created = groupStatusText(group, std::max(0, total - 1), 0);
    return executed.size() >= created.size() ? executed : created;
}

GraphLayoutModel drawnGraph(GraphLayoutModel full, const LayoutMetrics& metrics)
{
    if (full.nodes.size() <= kGraphvizNodeLimit) {
        full.measure(metrics);
        return full;
    }
    const Structure structure = structureOf(full);
    std::vector<Run> runs = findRuns(structure);
    if (runs.empty()) {
        full.measure(metrics);
        return full;
    }
    auto shared = std::make_shared<const GraphLayoutModel>(std::move(full));
    return collapseRuns(std::move(shared), structure, runs, {}, {}, metrics);
}

GraphLayoutModel expandGroup(const GraphLayoutModel& drawn, const QString& groupKeyToOpen, const LayoutMetrics& metrics)
{
    if (!drawn.uncollapsed || drawn.indexOfGroup(groupKeyToOpen) < 0)
        return drawn;
    QSet<QString> expanded = drawn.expandedGroups;
    expanded.insert(groupKeyToOpen);
    return withExpandedGroups(drawn, expanded, metrics);
}

GraphLayoutModel collapseRepeats(const GraphLayoutModel& drawn, const QString& groupKeyToClose, const LayoutMetrics& metrics)
{
    const auto run = drawn.expandedRuns.find(groupKeyToClose);
    if (!drawn.uncollapsed || run == drawn.expandedRuns.end())
        return drawn;
    // The runs opened inside it (its middle, opened in turn) close with it: they are
    // what its group holds, and drawing it again hides them.
    const std::set<Id> nodes(run->second->nodes.begin(), run->second->nodes.end());
    const std::set<Id> tensors(run->second->tensors.begin(), run->second->tensors.end());
    QSet<QString> expanded = drawn.expandedGroups;
    expanded.remove(groupKeyToClose);
    for (const auto& [key, inner] : drawn.expandedRuns)
        if (inner->nodes.empty() ? !inner->tensors.empty() && tensors.count(inner->tensors.front())
                                 : nodes.count(inner->nodes.front()))
            expanded.remove(key);
    return withExpandedGroups(drawn, expanded, metrics);
}

}  // namespace agv::ui
