#pragma once
// Who holds the bytes: the memory of every device over the run, split by what keeps each
// allocation alive (parameters, gradients, saved activations, copies held by pack hooks,
// optimizer state, the rest). A pure fold of a Recording, like stateAt(): the memory chart
// draws it and tests assert on it. See Note [Who holds the bytes].

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/trace/recording.h"

namespace agv::trace {

/// In the order the chart stacks them, bottom first.
enum class MemoryHolder : uint8_t { Parameter, OptimizerState, Gradient, SavedActivation, PackedByHook, Other };
constexpr size_t kMemoryHolderCount = 6;

/// The bytes of one device by holder from player step `step` on (the state after `step`
/// events), until the next sample.
struct MemorySample {
    uint64_t step = 0;
    std::array<uint64_t, kMemoryHolderCount> bytes{};
    uint64_t peakSoFar = 0;  ///< the highest total of this sample and every earlier one

    uint64_t total() const;
};

/// One device: its samples in step order, and the peak of its total.
struct MemoryLane {
    std::string device;  ///< "cpu", "cuda:0"; "cpu (pinned)" for pinned host memory
    std::string kind;    ///< "simulated" for the simulated GPU, "pinned" for pinned host memory, else ""
    std::vector<MemorySample> samples;
    uint64_t peakBytes = 0;
    uint64_t peakStep = 0;

    /// The sample in force at `step` (a zero sample before the first).
    MemorySample at(uint64_t step) const;
    /// The highest total at or before `step` ("peak so far").
    uint64_t peakUpTo(uint64_t step) const;
};

/// One allocation's life: which tensor it belongs to and when it was made and freed.
struct AllocationLife {
    std::string device;
    Id allocation = 0;
    Id tensor = 0;  ///< the first tensor seen on it (0 when none was announced)
    uint64_t bytes = 0;
    uint64_t allocatedStep = 0;
    uint64_t freedStep = 0;  ///< 0: alive at the end of the recording
};

struct MemoryBreakdown {
    std::vector<MemoryLane> lanes;  ///< sorted by device name
    std::vector<AllocationLife> allocations;  ///< in allocation order

    /// The allocation made or freed at the memory event nearest at or before `step` on
    /// `device` (nullptr when none): what a click on the chart selects.
    const AllocationLife* changedAt(const std::string& device, uint64_t step) const;
    /// The allocation that holds `tensor`'s bytes (views: their base's), or nullptr.
    const AllocationLife* lifeOf(Id tensor) const;

    std::unordered_map<Id, size_t> tensorToAllocation;  ///< index into allocations
    std::vector<std::pair<uint64_t, size_t>> changes;   ///< (step, index into allocations)
};

MemoryBreakdown memoryBreakdown(const Recording& recording);

/// The lane memory of `device` is drawn in: pinned host memory has its own beside the
/// pageable one, "cpu (pinned)" (Note [Pinned host memory]).
std::string memoryLaneDevice(const std::string& device, bool pinnedHost);

}  // namespace agv::trace
