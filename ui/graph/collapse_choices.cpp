#include "ui/graph/collapse_choices.h"

#include "ui/graph/module_collapse.h"
#include "ui/graph/repeat_collapse.h"

namespace agv::ui {

std::map<Id, QString> moduleCallKeys(const std::map<Id, trace::ModuleView>& modules)
{
    // A first call has its module's id (modules counted as the script made them), a later
    // call an id counted from kFirstRepeatedCallId as the script made the calls (Note
    // [Module calls]): numbering the calls of one module in id order numbers them the same
    // on every run of a script, whatever else it creates first.
    std::map<QString, int> callsSoFar;
    std::map<Id, QString> keys;
    for (const auto& [id, module] : modules) {
        const QString what = modulePath(modules, id) + QLatin1Char(' ') + QString::fromStdString(module.type);
        keys[id] = what + QStringLiteral(" #") + QString::number(callsSoFar[what]++);
    }
    return keys;
}

void CollapseChoices::noteChange(const GraphLayoutModel& before, const GraphLayoutModel& after)
{
    const std::map<Id, QString> keys = moduleCallKeys(after.modules);
    auto remember = [&](Id module, bool collapsed) {
        if (const auto key = keys.find(module); key != keys.end())
            m_moduleCollapsed[key->second] = collapsed;
    };
    for (Id module : after.collapsedModules)
        if (!before.collapsedModules.count(module))
            remember(module, true);
    for (Id module : before.collapsedModules)
        if (!after.collapsedModules.count(module))
            remember(module, false);
    for (const QString& group : after.expandedGroups)
        if (!before.expandedGroups.contains(group))
            m_expandedGroups.insert(group);
    for (const QString& group : before.expandedGroups)
        if (!after.expandedGroups.contains(group))
            m_expandedGroups.remove(group);
}

std::optional<GraphLayoutModel> CollapseChoices::applyTo(const GraphLayoutModel& opened, const LayoutMetrics& metrics) const
{
    if (empty())
        return std::nullopt;
    std::shared_ptr<const GraphLayoutModel> base =
        opened.moduleBase ? opened.moduleBase : std::make_shared<const GraphLayoutModel>(opened);
    // Opening a long run shows its ends and groups its middle anew (Note [Collapsed
    // repeats]); the user may have opened that middle too, so open until nothing is left.
    bool baseChanged = false;
    for (bool opening = true; opening;) {
        opening = false;
        for (const QString& key : m_expandedGroups)
            if (!base->expandedGroups.contains(key) && base->indexOfGroup(key) >= 0) {
                base = std::make_shared<const GraphLayoutModel>(expandGroup(*base, key, metrics));
                opening = baseChanged = true;
            }
    }
    std::set<Id> collapsed = opened.collapsedModules;
    for (const auto& [module, key] : moduleCallKeys(opened.modules))
        if (const auto choice = m_moduleCollapsed.find(key); choice != m_moduleCollapsed.end()) {
            if (choice->second)
                collapsed.insert(module);
            else
                collapsed.erase(module);
        }
    if (!baseChanged && collapsed == opened.collapsedModules)
        return std::nullopt;
    return withModulesCollapsed(std::move(base), std::move(collapsed), metrics);
}

void CollapseChoices::clear()
{
    m_moduleCollapsed.clear();
    m_expandedGroups.clear();
}

}  // namespace agv::ui
