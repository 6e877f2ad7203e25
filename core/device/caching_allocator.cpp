#include "core/device/caching_allocator.h"

#include <algorithm>
#include <sstream>

#include "core/error.h"

namespace agv {

// Note [The caching allocator]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// PyTorch never gives GPU memory back when a tensor dies: the block goes to a cache and
// serves the next request that fits. Learners meet this as "memory_reserved() stays up
// after del" and as OOM messages whose numbers do not add up, so we keep 1.13's rules:
// - every request rounds up to 512 bytes; requests up to 1 MiB are "small", the rest
//   "large", and each kind has its own pool of free blocks;
// - a request takes the smallest free block of its pool that fits (best fit, then lowest
//   address), splitting off the rest when the rest is worth keeping (512 bytes in the small
//   pool, more than 1 MiB in the large one);
// - with no block to take, a new segment is asked for: 2 MiB for small requests, 20 MiB
//   for requests under 10 MiB, else the request rounded up to 2 MiB;
// - when the device is full, every free unsplit segment is released and the request tried
//   once more ("num_alloc_retries") before the out-of-memory error;
// - a freed block merges with free neighbours of its segment.
// We have one stream, so 1.13's per-stream pools and recorded-stream events do not arise,
// and max_split_size is never set (PYTORCH_CUDA_ALLOC_CONF is not read).

struct CachingAllocator::Block {
    size_t size = 0;
    BlockPool* pool = nullptr;
    char* ptr = nullptr;
    bool allocated = false;
    Block* prev = nullptr;  ///< neighbour below, when split from one segment
    Block* next = nullptr;

    bool isSplit() const { return prev || next; }
};

namespace {
struct BySizeThenAddress {
    template <typename B>
    bool operator()(const B* a, const B* b) const
    {
        if (a->size != b->size)
            return a->size < b->size;
        return a->ptr < b->ptr;
    }
};
}  // namespace

struct CachingAllocator::BlockPool {
    explicit BlockPool(bool small) : isSmall(small) {}
    std::set<Block*, BySizeThenAddress> blocks;  ///< the free blocks
    const bool isSmall;
};

void AllocatorStat::update(int64_t amount)
{
    current += amount;
    peak = std::max(peak, current);
    if (amount > 0)
        allocated += amount;
    else
        freed -= amount;
}

CachingAllocator::CachingAllocator(SegmentSource& source, int deviceIndex)
    : m_source(source), m_deviceIndex(deviceIndex), m_smallPool(std::make_unique<BlockPool>(true)),
      m_largePool(std::make_unique<BlockPool>(false))
{
}

CachingAllocator::~CachingAllocator()
{
    // Live blocks belong to tensors that outlive the allocator only at process exit;
    // give back what the cache holds and forget the rest.
    releaseCachedBlocks();
    for (auto& [ptr, block] : m_activeBlocks)
        delete block;
}

size_t CachingAllocator::roundSize(size_t nbytes)
{
    if (nbytes < kMinBlockSize)
        return kMinBlockSize;
    return kMinBlockSize * ((nbytes + kMinBlockSize - 1) / kMinBlockSize);
}

size_t CachingAllocator::segmentSizeFor(size_t roundedBytes)
{
    if (roundedBytes <= kSmallSize)
        return kSmallBuffer;
    if (roundedBytes < kMinLargeAlloc)
        return kLargeBuffer;
    return kRoundLarge * ((roundedBytes + kRoundLarge - 1) / kRoundLarge);
}

void CachingAllocator::updateStats(StatArray& array, BlockPool& pool, int64_t amount)
{
    array[size_t(StatPool::All)].update(amount);
    array[size_t(pool.isSmall ? StatPool::SmallPool : StatPool::LargePool)].update(amount);
}

bool CachingAllocator::takeCachedBlock(BlockPool& pool, size_t size, Block*& found)
{
    Block key;
    key.size = size;
    auto it = pool.blocks.lower_bound(&key);
    if (it == pool.blocks.end())
        return false;
    found = *it;
    pool.blocks.erase(it);
    return true;
}

CachingAllocator::Block* CachingAllocator::allocateSegment(BlockPool& pool, size_t segmentSize, bool isRetry)
{
    if (isRetry)
        ++m_stats.numAllocRetries;
    void* ptr = m_source.allocateSegment(segmentSize);
    if (!ptr)
        return nullptr;
    auto* block = new Block;
    block->size = segmentSize;
    block->pool = &pool;
    block->ptr = static_cast<char*>(ptr);
    updateStats(m_stats.segment, pool, 1);
    updateStats(m_stats.reservedBytes, pool, int64_t(segmentSize));
    return block;
}

CachingAllocator::Allocation CachingAllocator::allocate(size_t nbytes)
{
    const size_t size = roundSize(nbytes);
    BlockPool& pool = size <= kSmallSize ? *m_smallPool : *m_largePool;
    const size_t segmentSize = segmentSizeFor(size);

    Block* block = nullptr;
    if (!takeCachedBlock(pool, size, block)) {
        block = allocateSegment(pool, segmentSize, false);
        if (!block) {
            releaseCachedBlocks();
            block = allocateSegment(pool, segmentSize, true);
        }
        if (!block)
            raiseOutOfMemory(segmentSize);
    }

    const bool alreadySplit = block->isSplit();
    const size_t remainder = block->size - size;
    const bool split = pool.isSmall ? remainder >= kMinBlockSize : remainder > kSmallSize;
    if (split) {
        // The front part is handed out; the rest stays free in the pool.
        auto* rest = new Block;
        rest->pool = &pool;
        rest->ptr = block->ptr + size;
        rest->size = remainder;
        rest->prev = block;
        rest->next = block->next;
        if (rest->next)
            rest->next->prev = rest;
        block->next = rest;
        block->size = size;
        pool.blocks.insert(rest);
        if (alreadySplit) {
            updateStats(m_stats.inactiveSplitBytes, pool, -int64_t(size));
        } else {
            updateStats(m_stats.inactiveSplitBytes, pool, int64_t(remainder));
            updateStats(m_stats.inactiveSplit, pool, 1);
        }
    } else if (alreadySplit) {
        updateStats(m_stats.inactiveSplitBytes, pool, -int64_t(block->size));
        updateStats(m_stats.inactiveSplit, pool, -1);
    }

    block->allocated = true;
    m_activeBlocks.emplace(block->ptr, block);
    updateStats(m_stats.allocation, pool, 1);
    updateStats(m_stats.allocatedBytes, pool, int64_t(block->size));
    updateStats(m_stats.active, pool, 1);
    updateStats(m_stats.activeBytes, pool, int64_t(block->size));
    return {block->ptr, block->size};
}

size_t CachingAllocator::free(void* ptr)
{
    auto it = m_activeBlocks.find(ptr);
    if (it == m_activeBlocks.end())
        throw Error(PyExc::RuntimeError, "invalid device pointer: " + std::to_string(uintptr_t(ptr)));
    Block* block = it->second;
    m_activeBlocks.erase(it);
    const size_t size = block->size;
    block->allocated = false;
    updateStats(m_stats.allocation, *block->pool, -1);
    updateStats(m_stats.allocatedBytes, *block->pool, -int64_t(size));
    freeBlock(block);
    return size;
}

int64_t CachingAllocator::tryMerge(Block* dst, Block* src, BlockPool& pool)
{
    if (!src || src->allocated)
        return 0;
    if (dst->prev == src) {
        dst->ptr = src->ptr;
        dst->prev = src->prev;
        if (dst->prev)
            dst->prev->next = dst;
    } else {
        dst->next = src->next;
        if (dst->next)
            dst->next->prev = dst;
    }
    const int64_t subsumed = int64_t(src->size);
    // dst is out of the pool while it grows; src leaves the pool before it is deleted.
    pool.blocks.erase(src);
    dst->size += src->size;
    delete src;
    return subsumed;
}

void CachingAllocator::freeBlock(Block* block)
{
    BlockPool& pool = *block->pool;
    const int64_t originalSize = int64_t(block->size);
    int64_t inactiveSplitBlocks = 0;
    int64_t inactiveSplitBytes = 0;
    for (Block* neighbour : {block->prev, block->next}) {
        const int64_t subsumed = tryMerge(block, neighbour, pool);
        if (subsumed > 0) {
            inactiveSplitBlocks -= 1;
            inactiveSplitBytes -= subsumed;
        }
    }
    pool.blocks.insert(block);
    if (block->isSplit()) {
        inactiveSplitBlocks += 1;
        inactiveSplitBytes += int64_t(block->size);
    }
    updateStats(m_stats.inactiveSplit, pool, inactiveSplitBlocks);
    updateStats(m_stats.inactiveSplitBytes, pool, inactiveSplitBytes);
    updateStats(m_stats.active, pool, -1);
    updateStats(m_stats.activeBytes, pool, -originalSize);
}

void CachingAllocator::releaseBlocks(BlockPool& pool)
{
    for (auto it = pool.blocks.begin(); it != pool.blocks.end();) {
        Block* block = *it;
        if (block->isSplit()) {
            ++it;
            continue;
        }
        it = pool.blocks.erase(it);
        m_source.freeSegment(block->ptr, block->size);
        updateStats(m_stats.segment, pool, -1);
        updateStats(m_stats.reservedBytes, pool, -int64_t(block->size));
        delete block;
    }
}

void CachingAllocator::releaseCachedBlocks()
{
    releaseBlocks(*m_largePool);
    releaseBlocks(*m_smallPool);
}

void CachingAllocator::emptyCache() { releaseCachedBlocks(); }

namespace {
template <class Fn>
void forEachStat(CachingAllocatorStats& stats, Fn fn)
{
    for (StatArray* array : {&stats.allocation, &stats.segment, &stats.active, &stats.inactiveSplit,
                             &stats.allocatedBytes, &stats.reservedBytes, &stats.activeBytes, &stats.inactiveSplitBytes})
        for (AllocatorStat& stat : *array)
            fn(stat);
    fn(stats.oversizeAllocations);
    fn(stats.oversizeSegments);
}
}  // namespace

void CachingAllocator::resetPeakStats()
{
    forEachStat(m_stats, [](AllocatorStat& stat) { stat.resetPeak(); });
}

void CachingAllocator::resetAccumulatedStats()
{
    forEachStat(m_stats, [](AllocatorStat& stat) { stat.resetAccumulated(); });
    m_stats.numAllocRetries = 0;
    m_stats.numOoms = 0;
}

std::vector<SegmentView> CachingAllocator::segments() const
{
    // A segment is the chain of blocks from one whose prev is null; any of its blocks,
    // free or active, leads there.
    std::set<const Block*> heads;
    auto addHead = [&](const Block* b) {
        while (b->prev)
            b = b->prev;
        heads.insert(b);
    };
    for (const BlockPool* pool : {m_smallPool.get(), m_largePool.get()})
        for (const Block* b : pool->blocks)
            addHead(b);
    for (const auto& [ptr, b] : m_activeBlocks)
        addHead(b);

    std::vector<SegmentView> out;
    for (const Block* head : heads) {
        SegmentView view;
        view.address = uintptr_t(head->ptr);
        view.smallPool = head->pool->isSmall;
        for (const Block* b = head; b; b = b->next) {
            view.totalSize += b->size;
            if (b->allocated)
                view.allocatedSize += b->size;
            view.blocks.push_back({b->size, b->allocated});
        }
        out.push_back(std::move(view));
    }
    std::sort(out.begin(), out.end(), [](const SegmentView& a, const SegmentView& b) { return a.address < b.address; });
    return out;
}

std::string formatMemorySize(uint64_t bytes)
{
    std::ostringstream out;
    out.precision(2);
    out << std::fixed;
    if (bytes <= 1024)
        out << bytes << " bytes";
    else if (bytes <= 1048576)
        out << double(bytes) / 1024.0 << " KiB";
    else if (bytes <= 1073741824ULL)
        out << double(bytes) / 1048576.0 << " MiB";
    else
        out << double(bytes) / 1073741824.0 << " GiB";
    return out.str();
}

void CachingAllocator::raiseOutOfMemory(size_t segmentSize)
{
    ++m_stats.numOoms;
    const auto all = size_t(StatPool::All);
    throw Error(PyExc::OutOfMemoryError,
                detail::concat("CUDA out of memory. Tried to allocate ", formatMemorySize(segmentSize), " (GPU ",
                               m_deviceIndex, "; ", formatMemorySize(m_source.deviceTotalBytes()),
                               " total capacity; ", formatMemorySize(uint64_t(m_stats.allocatedBytes[all].current)),
                               " already allocated; ", formatMemorySize(m_source.deviceFreeBytes()), " free; ",
                               formatMemorySize(uint64_t(m_stats.reservedBytes[all].current)),
                               " reserved in total by PyTorch) If reserved memory is >> allocated memory try "
                               "setting max_split_size_mb to avoid fragmentation.  See documentation for Memory "
                               "Management and PYTORCH_CUDA_ALLOC_CONF"),
                ErrorKind::OutOfMemory);
}

}  // namespace agv
