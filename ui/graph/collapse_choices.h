#pragma once
// Note [Collapse choices survive a re-run]
// A re-run (the editor's auto-run, Run again) builds the graph anew and opens it with the
// default collapse (Note [Collapsed modules]). A learner who collapsed `model.1` or opened
// a run of repeats wants the graph back as they left it, not as it opens. The choices are
// the user's changes only: what they never touched follows the defaults of the new graph
// (which may differ: a graph that grew past kModuleCollapseItemLimit opens collapsed).
//
// Module call ids are the recording's own and shift when the script changes, so a module
// call is remembered by what it is: its attribute path, its type and which call of that
// module it was (moduleCallKeys(): "model.0 Linear #0"). A run of repeats is
// remembered by its group key, the key of its first member ("gn17"; Note [Collapsed
// repeats]): node ids count creation order, so the same script gives the same keys. A run
// the user collapsed again is forgotten, with the runs opened inside it: it opens grouped,
// as it would have had it never been opened.
//
// The choices go with the run to its thread, which applies them to the graph as it opens
// and lays out only the result (RunController::layoutFor()): a re-run costs one layout,
// off the GUI thread, through the layout worker and its cache like any other (Note [A
// persistent layout worker]). Only when the user changed the choices while the run went
// on does the window lay the new graph out again, with the choices as they are now.

#include <QSet>
#include <QString>

#include <map>
#include <optional>

#include "ui/graph/graph_layout_model.h"

namespace agv::ui {

/// A key for every module call in `modules` that a re-run of the same script gives the same call.
std::map<Id, QString> moduleCallKeys(const std::map<Id, trace::ModuleView>& modules);

/// What the user collapsed and expanded in one graph view (Note [Collapse choices survive a re-run]).
class CollapseChoices {
public:
    /// Remembers what a user's action changed, from the graph drawn `before` to `after`
    /// (both of the same recording).
    void noteChange(const GraphLayoutModel& before, const GraphLayoutModel& after);
    /// `opened` (a graph as it opens, with its defaults) with the remembered choices
    /// applied, not laid out; nothing when they change nothing.
    std::optional<GraphLayoutModel> applyTo(const GraphLayoutModel& opened, const LayoutMetrics& metrics) const;

    bool empty() const { return m_moduleCollapsed.empty() && m_expandedGroups.isEmpty(); }
    void clear();

    bool operator==(const CollapseChoices& other) const = default;

private:
    std::map<QString, bool> m_moduleCollapsed;  ///< module call key -> collapsed by the user
    QSet<QString> m_expandedGroups;             ///< keys of the runs of repeats the user opened (and left open)
};

}  // namespace agv::ui
