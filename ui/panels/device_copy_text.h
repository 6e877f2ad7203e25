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
/// "cpu", "cpu (pinned)", "cuda:0 (simulated GPU)": a copy's end as the learner should
/// read it; `pinnedHost`: the host side is page-locked.
QString copyEndText(const std::string& device, bool pinnedHost);
/// "pinned host memory, the link's full rate" / "pageable host memory, half the link's rate".
QString copyRateText(bool pinnedHost);

}  // namespace agv::ui
