#pragma once
// One plain sentence saying what the current step did, in PyTorch's words
// (grad_output, grad_input, saved tensors, version counter), for the caption under
// the graph: "MulBackward0 multiplies the incoming gradient by the saved l1 and sends
// [[5., 5.], [5., 5.]] to MulBackward0 (→ l1)". Translatable (tr contexts of this class).

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "core/trace/event.h"
#include "core/trace/graph_state.h"

namespace agv::ui {

class StepNarration {
    Q_DECLARE_TR_FUNCTIONS(StepNarration)
public:
    /// The sentence for `event`, the last event folded into `state` (the state right after
    /// it). `sourceLines` is the script, for quoting the line an event happened on.
    /// Rich text: names in <b>, values in <code>; "" when there is nothing to say.
    static QString describe(const trace::Event& event, const trace::GraphState& state, const QStringList& sourceLines);

    /// The sentence for the end of the run: the error that stopped it, or that it finished.
    static QString describeEnd(const trace::GraphState& state);

    /// What a backward function does with grad_output, in words ("multiplies grad_output by
    /// the saved other"), for the caption and the inspector; "" for nodes we do not explain.
    static QString backwardFormula(const std::string& nodeName);
};

}  // namespace agv::ui
