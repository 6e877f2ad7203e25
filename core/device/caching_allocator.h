#pragma once
// PyTorch's CUDA caching allocator, as 1.13 behaves: what torch.cuda.memory_allocated(),
// memory_reserved(), memory_stats() and memory_summary() report depends on it, so the
// figures a learner sees on our GPU (real or simulated) are the ones PyTorch prints.
// See Note [The caching allocator].
//
// Plain bookkeeping over segments that a SegmentSource hands out: cudaMalloc'd memory on a
// real GPU, host memory on the simulated one. It never touches the bytes themselves.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace agv {

/// Where segments come from: the device's own allocator (cudaMalloc) or a stand-in.
class SegmentSource {
public:
    virtual ~SegmentSource() = default;
    /// A new segment of exactly `nbytes`, or nullptr when the device has no room (as
    /// cudaMalloc's cudaErrorMemoryAllocation).
    virtual void* allocateSegment(size_t nbytes) = 0;
    virtual void freeSegment(void* ptr, size_t nbytes) = 0;
    /// cudaMemGetInfo: free and total bytes of the device.
    virtual uint64_t deviceFreeBytes() const = 0;
    virtual uint64_t deviceTotalBytes() const = 0;
};

/// One counter of memory_stats(): "current", "peak", "allocated", "freed".
struct AllocatorStat {
    int64_t current = 0;
    int64_t peak = 0;
    int64_t allocated = 0;
    int64_t freed = 0;

    void update(int64_t amount);
    void resetPeak() { peak = current; }
    void resetAccumulated() { allocated = freed = 0; }
};

/// memory_stats()'s three columns: "all", "small_pool", "large_pool".
enum class StatPool : uint8_t { All = 0, SmallPool = 1, LargePool = 2 };
using StatArray = std::array<AllocatorStat, 3>;

struct CachingAllocatorStats {
    StatArray allocation;          ///< blocks handed out
    StatArray segment;             ///< segments obtained from the source
    StatArray active;              ///< blocks in use (allocated, or freed while a stream still uses them)
    StatArray inactiveSplit;       ///< free blocks that are part of a split segment
    StatArray allocatedBytes;      ///< memory_allocated()
    StatArray reservedBytes;       ///< memory_reserved()
    StatArray activeBytes;
    StatArray inactiveSplitBytes;
    AllocatorStat oversizeAllocations;
    AllocatorStat oversizeSegments;
    int64_t numAllocRetries = 0;
    int64_t numOoms = 0;
};

/// A block of a segment, for memory_snapshot()-style views (tests, the GUI).
struct SegmentView {
    uintptr_t address = 0;
    size_t totalSize = 0;
    size_t allocatedSize = 0;
    bool smallPool = false;
    struct BlockView {
        size_t size;
        bool allocated;
    };
    std::vector<BlockView> blocks;
};

class CachingAllocator {
public:
    // 1.13's constants (c10/cuda/CUDACachingAllocator.cpp).
    static constexpr size_t kMinBlockSize = 512;       ///< every size rounds up to this
    static constexpr size_t kSmallSize = 1 << 20;      ///< largest "small" request: 1 MiB
    static constexpr size_t kSmallBuffer = 2 << 20;    ///< small requests share 2 MiB segments
    static constexpr size_t kMinLargeAlloc = 10 << 20; ///< 1-10 MiB requests share 20 MiB segments
    static constexpr size_t kLargeBuffer = 20 << 20;
    static constexpr size_t kRoundLarge = 2 << 20;     ///< larger requests round up to 2 MiB

    /// The allocator does not own `source`, which must outlive it.
    explicit CachingAllocator(SegmentSource& source, int deviceIndex = 0);
    ~CachingAllocator();
    CachingAllocator(const CachingAllocator&) = delete;
    CachingAllocator& operator=(const CachingAllocator&) = delete;

    struct Allocation {
        void* ptr = nullptr;
        size_t blockSize = 0;  ///< what memory_allocated() counts for it
    };
    /// Hands out a block of at least `nbytes`; raises torch.cuda.OutOfMemoryError with
    /// 1.13's text when even an emptied cache leaves no room.
    Allocation allocate(size_t nbytes);
    /// Returns the block holding `ptr` to the cache; returns its size.
    size_t free(void* ptr);
    /// torch.cuda.empty_cache(): gives every free, unsplit segment back to the source.
    void emptyCache();

    const CachingAllocatorStats& stats() const { return m_stats; }
    void resetPeakStats();
    void resetAccumulatedStats();
    std::vector<SegmentView> segments() const;
    /// torch.cuda.mem_get_info(): the device's free and total bytes.
    uint64_t deviceFreeBytes() const { return m_source.deviceFreeBytes(); }
    uint64_t deviceTotalBytes() const { return m_source.deviceTotalBytes(); }

    /// round_size(): the size a request of `nbytes` occupies.
    static size_t roundSize(size_t nbytes);
    /// get_allocation_size(): the segment a request of that rounded size asks for.
    static size_t segmentSizeFor(size_t roundedBytes);

private:
    struct Block;
    struct BlockPool;
    bool takeCachedBlock(BlockPool& pool, size_t size, Block*& found);
    Block* allocateSegment(BlockPool& pool, size_t segmentSize, bool isRetry);
    void releaseCachedBlocks();
    void releaseBlocks(BlockPool& pool);
    void freeBlock(Block* block);
    int64_t tryMerge(Block* dst, Block* src, BlockPool& pool);
    void updateStats(StatArray& array, BlockPool& pool, int64_t amount);
    [[noreturn]] void raiseOutOfMemory(size_t segmentSize);

    SegmentSource& m_source;
    int m_deviceIndex;
    std::unique_ptr<BlockPool> m_smallPool;
    std::unique_ptr<BlockPool> m_largePool;
    std::unordered_map<void*, Block*> m_activeBlocks;
    CachingAllocatorStats m_stats;
};

/// PyTorch's format_size(): "512 bytes", "1.50 KiB", "20.00 MiB", "2.00 GiB".
std::string formatMemorySize(uint64_t bytes);

}  // namespace agv
