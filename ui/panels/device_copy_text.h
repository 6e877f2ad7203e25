#pragma once
// How the modelled host<->GPU copies read (Note [Modelled PCIe time]): the memory chart,
// the inspector and the step narration say them the same way.

#include <QString>

#include <cstdint>

#include "core/trace/graph_state.h"

namespace agv::ui {

/// "10.0 µs", "1.31 ms", "2.04 s".
QString formatDuration(uint64_t nanos);
/// "25 GB/s", "12.5 GB/s" (10^9 bytes a second, as the setting is given).
QString formatBandwidth(uint64_t bytesPerSecond);
/// "3 copies, 1.5 KiB, 30.0 µs modelled".
QString copyTotalsText(const trace::CopyTotals& totals);
/// "cpu", "cuda:0 (simulated GPU)": a copy's end as the learner should read it.
QString copyEndText(const std::string& device);

}  // namespace agv::ui
