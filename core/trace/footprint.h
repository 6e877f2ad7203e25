#pragma once
// What an event takes in memory once decoded: readers add it up and refuse a trace
// before it outgrows their budget (a hostile file can be small on disk and huge in
// memory: a long string referenced a million times, a million-item shape).

#include <cstdint>
#include <string>

#include "core/trace/recording.h"

namespace agv::trace {

/// What a reader may allocate for a recording before it refuses it (the events'
/// estimated in-memory size).
inline constexpr uint64_t kDefaultTraceBudgetBytes = 768ull << 20;

uint64_t footprint(const Payload& payload);
uint64_t footprint(const Note& note);

/// "the trace needs more than 768 MB of memory to open, the most a trace may take"
std::string overBudgetMessage(uint64_t budgetBytes);

}  // namespace agv::trace
