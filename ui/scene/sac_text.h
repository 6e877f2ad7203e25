#pragma once
// How selective activation checkpointing's decision about one op reads in the picture:
// the node's pill, its tooltip, the inspector row.

#include <QString>

#include "core/trace/graph_state.h"

namespace agv::ui {

/// The policy's name as the script wrote it (MUST_SAVE, ...).
QString sacPolicyName(trace::SacPolicy policy);
/// The node's pill: the policy at forward, "from cache" / "recomputed" at recompute; ""
/// for a node outside selective checkpointing.
QString sacTagText(const trace::NodeView& node);
/// One sentence on what happened to the op's output.
QString sacTooltip(const trace::NodeView& node);

}  // namespace agv::ui
