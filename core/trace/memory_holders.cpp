#include "core/trace/memory_holders.h"

#include <algorithm>
#include <map>
#include <unordered_set>

namespace agv::trace {

// Note [Who holds the bytes]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~
// Checkpointing and offloading are about *which* bytes stay alive, so the chart splits
// each device's memory by what keeps an allocation alive. An allocation is attributed,
// first match wins, to:
// - optimizer state: made inside an optimizer's step() (MemoryChanged.role);
// - held by pack hooks: made inside a saved-tensor pack hook (save_on_cpu's copies);
// - gradients: it became a leaf's .grad (GradAccumulated.allocation);
// - parameters: a leaf tensor that requires grad lives on it (TensorCreated.allocation,
//   GradFnChanged for requires_grad_(), TensorDataSet when .cuda() gave it new data);
// - saved activations: a node saved a tensor on it (TensorSaved, holding the original or
//   its data), until that node released its saved tensors (SavedReleased);
// - other: everything else (inputs, intermediate results the script still holds, ...).
// The attribution can change while the allocation lives (an activation stops being saved
// after backward), so each change moves its bytes from one stack to another.

uint64_t MemorySample::total() const
{
    uint64_t sum = 0;
    for (uint64_t b : bytes)
        sum += b;
    return sum;
}

MemorySample MemoryLane::at(uint64_t step) const
{
    auto it = std::upper_bound(samples.begin(), samples.end(), step,
                               [](uint64_t s, const MemorySample& sample) { return s < sample.step; });
    if (it == samples.begin())
        return MemorySample{step, {}};
    return *std::prev(it);
}

uint64_t MemoryLane::peakUpTo(uint64_t step) const { return at(step).peakSoFar; }

const AllocationLife* MemoryBreakdown::changedAt(const std::string& device, uint64_t step) const
{
    const AllocationLife* found = nullptr;
    for (const auto& [s, index] : changes) {
        if (s > step)
            break;
        if (allocations[index].device == device)
            found = &allocations[index];
    }
    return found;
}

const AllocationLife* MemoryBreakdown::lifeOf(Id tensor) const
{
    auto it = tensorToAllocation.find(tensor);
    return it == tensorToAllocation.end() ? nullptr : &allocations[it->second];
}

namespace {

struct LiveAllocation {
    size_t life = 0;  ///< index into MemoryBreakdown::allocations
    MemoryRole role = MemoryRole::None;
    bool parameter = false;
    bool gradient = false;
    int saved = 0;
    MemoryHolder holder = MemoryHolder::Other;
};

class Fold {
public:
    explicit Fold(MemoryBreakdown& out) : m_out(out) {}

    void apply(const Event& e)
    {
        // Step k is the state after k events, as the player counts.
        m_step = e.step + 1;
        std::visit([this](const auto& p) { on(p); }, e.payload);
    }

    void finish()
    {
        for (auto& [device, lane] : m_lanes)
            m_out.lanes.push_back(std::move(lane));
    }

private:
    using Key = std::pair<std::string, Id>;  // allocation ids are per device

    /// The lane an allocation is drawn in: pinned host memory has its own beside the
    /// pageable one (Note [Pinned host memory]); its ids are the host's, so a tensor on
    /// "cpu" finds its allocation in either.
    std::string laneOfAllocation(const std::string& device, Id allocation) const
    {
        return memoryLaneDevice(device, device == "cpu" && m_pinned.count(allocation));
    }

    void on(const MemoryChanged& p)
    {
        const bool pinned = p.deviceKind == "pinned";
        if (pinned && p.delta > 0)
            m_pinned.insert(p.allocation);
        const std::string device = memoryLaneDevice(p.device, pinned);
        const Key key{device, p.allocation};
        if (p.delta > 0) {
            AllocationLife life;
            life.device = device;
            life.allocation = p.allocation;
            life.bytes = uint64_t(p.delta);
            life.allocatedStep = m_step;
            m_out.allocations.push_back(life);
            LiveAllocation live;
            live.life = m_out.allocations.size() - 1;
            live.role = p.role;
            live.holder = holderOf(live);
            m_out.changes.emplace_back(m_step, live.life);
            laneOf(device, p.deviceKind).bytes[size_t(live.holder)] += life.bytes;
            m_live[key] = live;
            sample(device);
        } else if (p.delta < 0) {
            auto it = m_live.find(key);
            if (it == m_live.end())
                return;
            AllocationLife& life = m_out.allocations[it->second.life];
            life.freedStep = m_step;
            m_out.changes.emplace_back(m_step, it->second.life);
            laneOf(device, p.deviceKind).bytes[size_t(it->second.holder)] -= life.bytes;
            m_live.erase(it);
            sample(device);
        }
    }

    void on(const TensorCreated& p)
    {
        if (p.isLeaf && p.requiresGrad)
            m_parameters.insert(p.tensor);
        place(p.tensor, p.device, p.allocation);
    }

    void on(const TensorDataSet& p)
    {
        // nn.Module.cuda() moves each parameter this way: same tensor, new allocation.
        place(p.tensor, p.device, p.allocation);
    }

    /// `tensor` now lives on that allocation (when it is known and alive).
    void place(Id tensor, const std::string& device, Id allocation)
    {
        m_tensorDevice[tensor] = device;
        const std::string lane = laneOfAllocation(device, allocation);
        auto it = allocation == 0 ? m_live.end() : m_live.find({lane, allocation});
        if (it == m_live.end())
            return;
        AllocationLife& life = m_out.allocations[it->second.life];
        if (life.tensor == 0)
            life.tensor = tensor;
        m_out.tensorToAllocation[tensor] = it->second.life;
        m_tensorAllocation[tensor] = {lane, allocation};
        if (m_parameters.contains(tensor))
            update(it->second, [](LiveAllocation& a) { a.parameter = true; });
    }

    void on(const GradFnChanged& p)
    {
        // requires_grad_() on a leaf (how nn.Parameter starts requiring grad).
        if (p.gradFn != 0 || !p.requiresGrad)
            return;
        m_parameters.insert(p.tensor);
        auto t = m_tensorAllocation.find(p.tensor);
        if (t == m_tensorAllocation.end())
            return;
        if (auto it = m_live.find(t->second); it != m_live.end())
            update(it->second, [](LiveAllocation& a) { a.parameter = true; });
    }

    void on(const GradAccumulated& p)
    {
        if (p.allocation == 0 || p.cleared)
            return;
        auto device = m_tensorDevice.find(p.tensor);
        if (device == m_tensorDevice.end())
            return;
        if (auto it = m_live.find({laneOfAllocation(device->second, p.allocation), p.allocation}); it != m_live.end())
            update(it->second, [](LiveAllocation& a) { a.gradient = true; });
    }

    void on(const TensorSaved& p)
    {
        if (p.holding != SavedHolding::Original && p.holding != SavedHolding::DataOnly)
            return;
        auto t = m_tensorAllocation.find(p.tensor);
        if (t == m_tensorAllocation.end())
            return;
        auto it = m_live.find(t->second);
        if (it == m_live.end())
            return;
        m_savedBy[p.node].push_back(t->second);
        update(it->second, [](LiveAllocation& a) { ++a.saved; });
    }

    void on(const SavedReleased& p)
    {
        auto node = m_savedBy.find(p.node);
        if (node == m_savedBy.end())
            return;
        for (const Key& key : node->second)
            if (auto it = m_live.find(key); it != m_live.end())
                update(it->second, [](LiveAllocation& a) { a.saved = std::max(0, a.saved - 1); });
        m_savedBy.erase(node);
    }

    template <class T>
    void on(const T&)
    {
    }

    static MemoryHolder holderOf(const LiveAllocation& a)
    {
        if (a.role == MemoryRole::OptimizerState)
            return MemoryHolder::OptimizerState;
        if (a.role == MemoryRole::PackedByHook)
            return MemoryHolder::PackedByHook;
        if (a.gradient)
            return MemoryHolder::Gradient;
        if (a.parameter)
            return MemoryHolder::Parameter;
        if (a.saved > 0)
            return MemoryHolder::SavedActivation;
        return MemoryHolder::Other;
    }

    template <class Change>
    void update(LiveAllocation& a, Change change)
    {
        change(a);
        const MemoryHolder holder = holderOf(a);
        if (holder == a.holder)
            return;
        const AllocationLife& life = m_out.allocations[a.life];
        MemorySample& bytes = m_current[life.device];
        bytes.bytes[size_t(a.holder)] -= life.bytes;
        bytes.bytes[size_t(holder)] += life.bytes;
        a.holder = holder;
        sample(life.device);
    }

    MemorySample& laneOf(const std::string& device, const std::string& kind)
    {
        MemoryLane& lane = m_lanes[device];
        if (lane.device.empty()) {
            lane.device = device;
            lane.kind = kind;
        }
        return m_current[device];
    }

    void sample(const std::string& device)
    {
        MemoryLane& lane = m_lanes[device];
        MemorySample s = m_current[device];
        s.step = m_step;
        if (s.total() > lane.peakBytes) {
            lane.peakBytes = s.total();
            lane.peakStep = m_step;
        }
        s.peakSoFar = lane.peakBytes;
        if (!lane.samples.empty() && lane.samples.back().step == m_step)
            lane.samples.back() = s;
        else
            lane.samples.push_back(s);
    }

    MemoryBreakdown& m_out;
    uint64_t m_step = 0;
    std::map<std::string, MemoryLane> m_lanes;
    std::map<std::string, MemorySample> m_current;  ///< the bytes by holder now, per device
    std::map<Key, LiveAllocation> m_live;
    std::unordered_map<Id, std::string> m_tensorDevice;
    std::unordered_map<Id, Key> m_tensorAllocation;
    std::unordered_map<Id, std::vector<Key>> m_savedBy;  ///< node -> what its saved tensors hold
    std::unordered_set<Id> m_parameters;  ///< leaves that require grad
    std::unordered_set<Id> m_pinned;      ///< host allocations in pinned memory
};

}  // namespace

std::string memoryLaneDevice(const std::string& device, bool pinnedHost)
{
    return pinnedHost ? device + " (pinned)" : device;
}

MemoryBreakdown memoryBreakdown(const Recording& recording)
{
    MemoryBreakdown out;
    Fold fold(out);
    for (const Event& e : recording.events())
        fold.apply(e);
    fold.finish();
    return out;
}

}  // namespace agv::trace
