#include "ui/graph/module_collapse.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>

#include "ui/graph/collapsed_graph.h"
#include "ui/graph/layered_layout.h"
#include "ui/graph/repeat_collapse.h"

namespace agv::ui {

namespace {

/// The outermost call in `collapsed` holding an item created in `module`; 0 when none.
Id outermostCollapsed(const std::map<Id, trace::ModuleView>& modules, const std::set<Id>& collapsed, Id module)
{
    Id outermost = 0;
    for (Id m : moduleCallChain(modules, module))
        if (collapsed.count(m))
            outermost = m;
    return outermost;
}

/// How many items `base` draws with `collapsed` collapsed.
size_t drawnItemCount(const GraphLayoutModel& base, const std::set<Id>& collapsed)
{
    std::set<Id> boxes;
    size_t plain = 0;
    for (const LayoutNode& n : base.nodes) {
        if (const Id box = outermostCollapsed(base.modules, collapsed, n.module))
            boxes.insert(box);
        else
            ++plain;
    }
    return plain + boxes.size();
}

bool isFunction(const LayoutNode& n) { return n.kind == LayoutNodeKind::GradFn || n.kind == LayoutNodeKind::AccumulateGrad; }

std::shared_ptr<const GraphLayoutModel> baseOf(const GraphLayoutModel& drawn)
{
    return drawn.moduleBase ? drawn.moduleBase : std::make_shared<const GraphLayoutModel>(drawn);
}

/// The ops a module call's box lists under its title: its distinct grad_fn names in the
/// order they were made (AccumulateGrad left out: every parameter has one), at most three.
QString opsText(const std::vector<const LayoutNode*>& members)
{
    QStringList ops;
    bool more = false;
    for (const LayoutNode* n : members) {
        if (n->kind == LayoutNodeKind::AccumulateGrad || !(isFunction(*n) || n->kind == LayoutNodeKind::Group))
            continue;
        const QString& op = n->title;
        if (ops.contains(op))
            continue;
        if (ops.size() == 3) {
            more = true;
            break;
        }
        ops << op;
    }
    return ops.join(QStringLiteral(", ")) + (more ? QStringLiteral(", \u2026") : QString());
}

}  // namespace

std::vector<Id> moduleCallChain(const std::map<Id, trace::ModuleView>& modules, Id module)
{
    std::vector<Id> chain;
    while (module != 0 && chain.size() <= modules.size()) {
        const auto it = modules.find(module);
        if (it == modules.end())
            break;
        chain.push_back(module);
        module = it->second.parent;
    }
    return chain;
}

QString modulePath(const std::map<Id, trace::ModuleView>& modules, Id module)
{
    // The host records each call's attribute name in its caller ("0" in `model`); a
    // recording may also hold whole paths already ("model.0").
    const std::vector<Id> chain = moduleCallChain(modules, module);
    QString path;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        const QString name = QString::fromStdString(modules.at(*it).name);
        if (name.isEmpty())
            continue;
        path = path.isEmpty() || name.startsWith(path + QLatin1Char('.')) ? name : path + QLatin1Char('.') + name;
    }
    return path;
}

QString moduleTitle(const std::map<Id, trace::ModuleView>& modules, Id module)
{
    const auto it = modules.find(module);
    if (it == modules.end())
        return {};
    const QString path = modulePath(modules, module);
    const QString type = QString::fromStdString(it->second.type);
    return path.isEmpty() ? type : path + QStringLiteral(" \u00b7 ") + type;
}

void assignTensorModules(GraphLayoutModel& model)
{
    std::vector<std::vector<int>> consumers(model.nodes.size());
    for (const LayoutEdge& e : model.edges)
        consumers[e.from].push_back(e.to);
    for (size_t i = 0; i < model.nodes.size(); ++i) {
        LayoutNode& n = model.nodes[i];
        // Inputs stay outside: the data a call is given is not part of it.
        const bool tensor = n.kind == LayoutNodeKind::Parameter || n.kind == LayoutNodeKind::Intermediate;
        if (!tensor || n.module != 0 || consumers[i].empty())
            continue;
        // The innermost call holding every consumer: the callers of the first one that
        // hold each of the others.
        std::vector<Id> common = moduleCallChain(model.modules, model.nodes[consumers[i].front()].module);
        for (int c : consumers[i]) {
            const std::vector<Id> chain = moduleCallChain(model.modules, model.nodes[c].module);
            std::erase_if(common, [&chain](Id m) { return std::find(chain.begin(), chain.end(), m) == chain.end(); });
        }
        n.module = common.empty() ? 0 : common.front();
    }
}

std::set<Id> defaultCollapsedModules(const GraphLayoutModel& base)
{
    if (base.nodes.size() <= kModuleCollapseItemLimit)
        return {};
    // The calls that hold items, and the calls each of them made that hold items.
    std::map<Id, size_t> held;  // items each call holds
    for (const LayoutNode& n : base.nodes)
        for (Id m : moduleCallChain(base.modules, n.module))
            ++held[m];
    std::set<Id> holding;
    for (const auto& [m, count] : held)
        holding.insert(m);
    std::map<Id, std::vector<Id>> callees;
    std::set<Id> level;
    for (Id m : holding) {
        const Id parent = base.modules.at(m).parent;
        if (parent != 0 && holding.count(parent))
            callees[parent].push_back(m);
        else
            level.insert(m);
    }
    // A level of a few boxes says little (the whole model as one): go one call deeper
    // while the picture stays within the limit.
    constexpr size_t kFewItems = 16;
    while (drawnItemCount(base, level) < kFewItems) {
        std::set<Id> deeper;
        for (Id m : level) {
            const auto it = callees.find(m);
            if (it == callees.end())
                deeper.insert(m);
            else
                deeper.insert(it->second.begin(), it->second.end());
        }
        if (deeper == level || drawnItemCount(base, deeper) > kModuleCollapseItemLimit)
            break;
        level = std::move(deeper);
    }
    // A box for one item (the MSE loss's node) hides nothing and says less than the item.
    std::erase_if(level, [&held](Id m) { return held[m] < 2; });
    return level;
}

GraphLayoutModel withModulesCollapsed(std::shared_ptr<const GraphLayoutModel> base, std::set<Id> collapsed,
                                      const LayoutMetrics& metrics)
{
    if (collapsed.empty())
        return *base;
    const GraphLayoutModel& b = *base;
    std::map<Id, int> groupOfModule;
    std::vector<int> groupOf(b.nodes.size(), -1);
    std::vector<std::vector<const LayoutNode*>> members;
    for (size_t i = 0; i < b.nodes.size(); ++i) {
        const Id box = outermostCollapsed(b.modules, collapsed, b.nodes[i].module);
        if (box == 0)
            continue;
        const auto [it, added] = groupOfModule.try_emplace(box, static_cast<int>(members.size()));
        if (added)
            members.emplace_back();
        groupOf[i] = it->second;
        members[it->second].push_back(&b.nodes[i]);
    }
    std::vector<LayoutNode> items(members.size());
    for (const auto& [moduleId, g] : groupOfModule) {
        const trace::ModuleView& module = b.modules.at(moduleId);
        LayoutGroup group;
        group.module = moduleId;
        LayoutNode& item = items[g];
        item.key = QLatin1Char('m') + QString::number(moduleId);
        item.kind = LayoutNodeKind::Group;
        item.title = moduleTitle(b.modules, moduleId);
        item.module = module.parent;
        item.createdStep = UINT64_MAX;
        const LayoutNode& first = *members[g].front();
        item.recompute = first.recompute;
        item.segment = first.segment;
        for (const LayoutNode* n : members[g]) {
            item.createdStep = std::min(item.createdStep, n->createdStep);
            if (n->segment != item.segment)
                item.segment = 0;
            if (n->kind == LayoutNodeKind::Group) {
                group.nodes.insert(group.nodes.end(), n->group->nodes.begin(), n->group->nodes.end());
                group.tensors.insert(group.tensors.end(), n->group->tensors.begin(), n->group->tensors.end());
                for (size_t k = 0; k < n->group->nodes.size(); ++k)
                    group.nodeTexts << (n->group->nodeTexts.size() > qsizetype(k) ? n->group->nodeTexts[k] : n->title);
                group.memberCount += n->group->memberCount;
                continue;
            }
            (isFunction(*n) ? group.nodes : group.tensors).push_back(n->id);
            if (isFunction(*n))
                group.nodeTexts << (n->subtitle.isEmpty() ? n->title : n->title + QStringLiteral(" \u2192 ") + n->subtitle);
            ++group.memberCount;
        }
        item.subtitle = opsText(members[g]);
        item.reserveText = widestGroupStatus(group);
        item.group = std::make_shared<const LayoutGroup>(std::move(group));
    }
    GraphLayoutModel m = collapseItems(b, groupOf, std::move(items), metrics);
    m.uncollapsed = b.uncollapsed ? b.uncollapsed : base;
    m.expandedGroups = b.expandedGroups;
    m.expandedRuns = b.expandedRuns;
    m.collapsedModules = std::move(collapsed);
    m.moduleBase = std::move(base);
    return m;
}

GraphLayoutModel drawnGraphWithModules(GraphLayoutModel full, const LayoutMetrics& metrics)
{
    assignTensorModules(full);
    std::set<Id> collapsed = defaultCollapsedModules(full);
    std::shared_ptr<const GraphLayoutModel> base;
    if (!collapsed.empty() && drawnItemCount(full, collapsed) <= kGraphvizNodeLimit) {
        // The module calls make the graph small enough: no need to look for repeats.
        full.measure(metrics);
        base = std::make_shared<const GraphLayoutModel>(std::move(full));
    } else {
        base = std::make_shared<const GraphLayoutModel>(drawnGraph(std::move(full), metrics));
        collapsed = defaultCollapsedModules(*base);
    }
    return withModulesCollapsed(std::move(base), std::move(collapsed), metrics);
}

GraphLayoutModel collapseModule(const GraphLayoutModel& drawn, Id module, const LayoutMetrics& metrics)
{
    if (!drawn.modules.count(module))
        return drawn;
    std::set<Id> collapsed = drawn.collapsedModules;
    collapsed.insert(module);
    return withModulesCollapsed(baseOf(drawn), std::move(collapsed), metrics);
}

GraphLayoutModel expandModule(const GraphLayoutModel& drawn, Id module, const LayoutMetrics& metrics)
{
    std::set<Id> collapsed = drawn.collapsedModules;
    bool changed = false;
    for (Id m : moduleCallChain(drawn.modules, module))
        changed = collapsed.erase(m) > 0 || changed;
    if (!changed || !drawn.moduleBase)
        return drawn;
    return withModulesCollapsed(drawn.moduleBase, std::move(collapsed), metrics);
}

GraphLayoutModel expandModulesHolding(const GraphLayoutModel& drawn, Id node, const LayoutMetrics& metrics)
{
    if (!drawn.moduleBase)
        return drawn;
    const int index = drawn.moduleBase->indexOfNode(node);
    return index < 0 ? drawn : expandModule(drawn, drawn.moduleBase->nodes[index].module, metrics);
}

GraphLayoutModel expandGroupItem(const GraphLayoutModel& drawn, const QString& key, const LayoutMetrics& metrics)
{
    const int index = drawn.indexOfGroup(key);
    if (index < 0)
        return drawn;
    if (const Id module = drawn.nodes[index].group->module)
        return expandModule(drawn, module, metrics);
    if (!drawn.moduleBase)
        return expandGroup(drawn, key, metrics);
    auto base = std::make_shared<const GraphLayoutModel>(expandGroup(*drawn.moduleBase, key, metrics));
    return withModulesCollapsed(std::move(base), drawn.collapsedModules, metrics);
}

GraphLayoutModel collapseExpandedRun(const GraphLayoutModel& drawn, const QString& key, const LayoutMetrics& metrics)
{
    if (!drawn.expandedRuns.count(key))
        return drawn;
    if (!drawn.moduleBase)
        return collapseRepeats(drawn, key, metrics);
    auto base = std::make_shared<const GraphLayoutModel>(collapseRepeats(*drawn.moduleBase, key, metrics));
    return withModulesCollapsed(std::move(base), drawn.collapsedModules, metrics);
}

Id moduleToCollapse(const GraphLayoutModel& drawn, int index)
{
    if (index < 0 || index >= static_cast<int>(drawn.nodes.size()))
        return 0;
    const Id module = drawn.nodes[index].module;
    return drawn.modules.count(module) ? module : 0;
}

}  // namespace agv::ui
