// PyTorch 1.13's CUDA caching allocator rules (core/device/caching_allocator.h; Note [The
// caching allocator]) over a fake device whose segments are host memory and whose
// capacity the test sets. Every expected figure follows from 1.13's constants
// (c10/cuda/CUDACachingAllocator.cpp): 512-byte rounding, 1 MiB small/large split, 2 MiB
// small segments, 20 MiB segments for 1-10 MiB requests, 2 MiB rounding above.
// The same allocator behind `--gpu simulated` is checked through torch.cuda's Python
// functions in tests/host/tst_cuda_memory.cpp.

#include <QTest>

#include <cstdlib>
#include <map>

#include "core/device/caching_allocator.h"
#include "core/error.h"

using namespace agv;

namespace {

constexpr size_t KiB = 1024;
constexpr size_t MiB = 1024 * 1024;

/// Segments from host memory, refused beyond a capacity; counts what was asked.
class FakeDevice final : public SegmentSource {
public:
    explicit FakeDevice(uint64_t capacity) : m_capacity(capacity) {}
    ~FakeDevice() override
    {
        for (auto& [ptr, size] : m_live)
            std::free(ptr);
    }
    void* allocateSegment(size_t nbytes) override
    {
        ++requests;
        if (m_reserved + nbytes > m_capacity)
            return nullptr;
        void* ptr = std::malloc(nbytes);
        m_live[ptr] = nbytes;
        m_reserved += nbytes;
        return ptr;
    }
    void freeSegment(void* ptr, size_t nbytes) override
    {
        QCOMPARE(m_live.at(ptr), nbytes);
        m_live.erase(ptr);
        std::free(ptr);
        m_reserved -= nbytes;
        ++frees;
    }
    uint64_t deviceFreeBytes() const override { return m_capacity - m_reserved; }
    uint64_t deviceTotalBytes() const override { return m_capacity; }
    size_t liveSegments() const { return m_live.size(); }

    int requests = 0;
    int frees = 0;

private:
    uint64_t m_capacity;
    uint64_t m_reserved = 0;
    std::map<void*, size_t> m_live;
};

int64_t current(const StatArray& array, StatPool pool = StatPool::All) { return array[size_t(pool)].current; }

}  // namespace

class TestCachingAllocator : public QObject {
    Q_OBJECT

private slots:
    void roundsAndChoosesSegments_data()
    {
        QTest::addColumn<qulonglong>("request");
        QTest::addColumn<qulonglong>("rounded");
        QTest::addColumn<qulonglong>("segment");
        QTest::addColumn<qulonglong>("block");  ///< what memory_allocated() counts
        QTest::newRow("1 byte") << 1ull << 512ull << qulonglong(2 * MiB) << 512ull;
        QTest::newRow("0 bytes") << 0ull << 512ull << qulonglong(2 * MiB) << 512ull;
        QTest::newRow("512") << 512ull << 512ull << qulonglong(2 * MiB) << 512ull;
        QTest::newRow("513") << 513ull << 1024ull << qulonglong(2 * MiB) << 1024ull;
        QTest::newRow("1 MiB is small") << qulonglong(MiB) << qulonglong(MiB) << qulonglong(2 * MiB) << qulonglong(MiB);
        QTest::newRow("1 MiB + 1 is large") << qulonglong(MiB + 1) << qulonglong(MiB + 512) << qulonglong(20 * MiB)
                                            << qulonglong(MiB + 512);
        QTest::newRow("just under 10 MiB") << qulonglong(10 * MiB - 512) << qulonglong(10 * MiB - 512)
                                           << qulonglong(20 * MiB) << qulonglong(10 * MiB - 512);
        QTest::newRow("10 MiB") << qulonglong(10 * MiB) << qulonglong(10 * MiB) << qulonglong(10 * MiB)
                                << qulonglong(10 * MiB);
        // The 1 MiB - 512 left of the 12 MiB segment is too small to split off from a large
        // block: the tensor occupies (and memory_allocated() counts) all 12 MiB.
        QTest::newRow("11 MiB + 1") << qulonglong(11 * MiB + 1) << qulonglong(11 * MiB + 512) << qulonglong(12 * MiB)
                                    << qulonglong(12 * MiB);
    }
    void roundsAndChoosesSegments()
    {
        QFETCH(qulonglong, request);
        QFETCH(qulonglong, rounded);
        QFETCH(qulonglong, segment);
        QFETCH(qulonglong, block);
        QCOMPARE(qulonglong(CachingAllocator::roundSize(request)), rounded);
        QCOMPARE(qulonglong(CachingAllocator::segmentSizeFor(rounded)), segment);

        FakeDevice device(1ull << 30);
        CachingAllocator cache(device);
        const auto a = cache.allocate(request);
        QCOMPARE(qulonglong(a.blockSize), block);
        QCOMPARE(current(cache.stats().allocatedBytes), int64_t(block));
        QCOMPARE(current(cache.stats().reservedBytes), int64_t(segment));
        cache.free(a.ptr);
    }

    void smallRequestsShareOneSegment()
    {
        FakeDevice device(1ull << 30);
        CachingAllocator cache(device);
        // A 3-float tensor: memory_allocated() 512, memory_reserved() 2 MiB.
        const auto a = cache.allocate(12);
        const auto b = cache.allocate(400);
        QCOMPARE(device.requests, 1);
        QCOMPARE(static_cast<char*>(b.ptr) - static_cast<char*>(a.ptr), ptrdiff_t(512));
        QCOMPARE(current(cache.stats().allocatedBytes), int64_t(1024));
        QCOMPARE(current(cache.stats().allocatedBytes, StatPool::SmallPool), int64_t(1024));
        QCOMPARE(current(cache.stats().allocatedBytes, StatPool::LargePool), int64_t(0));
        QCOMPARE(current(cache.stats().reservedBytes), int64_t(2 * MiB));
        // One free remainder of the segment, split off: "non-releasable".
        QCOMPARE(current(cache.stats().inactiveSplit), int64_t(1));
        QCOMPARE(current(cache.stats().inactiveSplitBytes), int64_t(2 * MiB - 1024));

        cache.free(a.ptr);
        // a's block is free but cannot merge (b sits after it): two inactive split blocks.
        QCOMPARE(current(cache.stats().inactiveSplit), int64_t(2));
        QCOMPARE(current(cache.stats().allocatedBytes), int64_t(512));
        cache.free(b.ptr);
        // Everything merged back into one unsplit free segment: still reserved.
        QCOMPARE(current(cache.stats().inactiveSplit), int64_t(0));
        QCOMPARE(current(cache.stats().inactiveSplitBytes), int64_t(0));
        QCOMPARE(current(cache.stats().allocatedBytes), int64_t(0));
        QCOMPARE(current(cache.stats().reservedBytes), int64_t(2 * MiB));
        QCOMPARE(cache.stats().allocatedBytes[0].peak, int64_t(1024));
        QCOMPARE(cache.stats().allocatedBytes[0].allocated, int64_t(1024));
        QCOMPARE(cache.stats().allocatedBytes[0].freed, int64_t(1024));

        cache.emptyCache();
        QCOMPARE(current(cache.stats().reservedBytes), int64_t(0));
        QCOMPARE(device.frees, 1);
        QCOMPARE(device.liveSegments(), size_t(0));
    }

    void freedBlocksAreReusedBestFit()
    {
        FakeDevice device(1ull << 30);
        CachingAllocator cache(device);
        const auto big = cache.allocate(4 * MiB);  // 20 MiB segment, 16 MiB left over
        QCOMPARE(current(cache.stats().reservedBytes, StatPool::LargePool), int64_t(20 * MiB));
        const auto second = cache.allocate(3 * MiB);  // fits in the remainder: no new segment
        QCOMPARE(device.requests, 1);
        QCOMPARE(static_cast<char*>(second.ptr) - static_cast<char*>(big.ptr), ptrdiff_t(4 * MiB));
        cache.free(big.ptr);
        // The freed 4 MiB block is the smallest that fits 2 MiB: it is split again.
        const auto third = cache.allocate(2 * MiB);
        QCOMPARE(third.ptr, big.ptr);
        QCOMPARE(device.requests, 1);
        // Remainders of at most 1 MiB stay with a large block instead of being split off.
        cache.free(third.ptr);
        const auto fourth = cache.allocate(4 * MiB - 512 * KiB);
        QCOMPARE(fourth.ptr, big.ptr);
        QCOMPARE(qulonglong(fourth.blockSize), qulonglong(4 * MiB));
        cache.free(fourth.ptr);
        cache.free(second.ptr);
        QCOMPARE(current(cache.stats().allocatedBytes), int64_t(0));
        QCOMPARE(current(cache.stats().segment), int64_t(1));
        QCOMPARE(current(cache.stats().inactiveSplit), int64_t(0));
    }

    void fullDeviceReleasesTheCacheThenRaisesPyTorchsError()
    {
        FakeDevice device(30 * MiB);
        CachingAllocator cache(device);
        // Fill the cache: one 20 MiB segment, then free it (still reserved).
        cache.free(cache.allocate(5 * MiB).ptr);
        const auto small = cache.allocate(100);
        QCOMPARE(current(cache.stats().reservedBytes), int64_t(22 * MiB));
        // 22 MiB fits no cached block and needs a new segment; only 8 MiB are free until
        // the cached 20 MiB segment goes back.
        const auto large = cache.allocate(22 * MiB);
        QCOMPARE(cache.stats().numAllocRetries, int64_t(1));
        QCOMPARE(current(cache.stats().reservedBytes), int64_t(24 * MiB));
        try {
            cache.allocate(20 * MiB);
            QFAIL("a 20 MiB request on a device with 6 MiB free must fail");
        } catch (const Error& e) {
            QCOMPARE(e.exc(), PyExc::OutOfMemoryError);
            QCOMPARE(QString::fromStdString(e.message()),
                     QStringLiteral("CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 30.00 MiB total capacity; "
                                    "22.00 MiB already allocated; 6.00 MiB free; 24.00 MiB reserved in total by "
                                    "PyTorch) If reserved memory is >> allocated memory try setting "
                                    "max_split_size_mb to avoid fragmentation.  See documentation for Memory "
                                    "Management and PYTORCH_CUDA_ALLOC_CONF"));
        }
        QCOMPARE(cache.stats().numOoms, int64_t(1));
        QCOMPARE(cache.stats().numAllocRetries, int64_t(2));
        cache.free(large.ptr);
        cache.free(small.ptr);
        cache.resetAccumulatedStats();
        QCOMPARE(cache.stats().numOoms, int64_t(0));
        QCOMPARE(cache.stats().allocatedBytes[0].allocated, int64_t(0));
    }

    void peaksResetToCurrent()
    {
        FakeDevice device(1ull << 30);
        CachingAllocator cache(device);
        const auto a = cache.allocate(3000);
        const auto b = cache.allocate(5000);
        cache.free(b.ptr);
        QCOMPARE(cache.stats().allocatedBytes[0].peak, int64_t(3072 + 5120));
        cache.resetPeakStats();
        QCOMPARE(cache.stats().allocatedBytes[0].peak, int64_t(3072));
        QCOMPARE(cache.stats().reservedBytes[0].peak, int64_t(2 * MiB));
        cache.free(a.ptr);
    }

    void segmentsDescribeTheirBlocks()
    {
        FakeDevice device(1ull << 30);
        CachingAllocator cache(device);
        const auto a = cache.allocate(1000);
        const auto b = cache.allocate(2 * MiB);
        const auto segments = cache.segments();
        QCOMPARE(segments.size(), size_t(2));
        for (const SegmentView& s : segments) {
            if (s.smallPool) {
                QCOMPARE(qulonglong(s.totalSize), qulonglong(2 * MiB));
                QCOMPARE(qulonglong(s.allocatedSize), 1024ull);
                QCOMPARE(s.blocks.size(), size_t(2));
                QVERIFY(s.blocks[0].allocated);
                QVERIFY(!s.blocks[1].allocated);
            } else {
                QCOMPARE(qulonglong(s.totalSize), qulonglong(20 * MiB));
                QCOMPARE(qulonglong(s.allocatedSize), qulonglong(2 * MiB));
            }
        }
        cache.free(a.ptr);
        cache.free(b.ptr);
    }

    void freeingAnUnknownPointerIsAnErrorNotACrash()
    {
        FakeDevice device(1ull << 30);
        CachingAllocator cache(device);
        int local = 0;
        QVERIFY_THROWS_EXCEPTION(Error, cache.free(&local));
    }

    void formatsSizesAsPyTorch_data()
    {
        QTest::addColumn<qulonglong>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("bytes") << 512ull << QStringLiteral("512 bytes");
        QTest::newRow("1024 is bytes") << 1024ull << QStringLiteral("1024 bytes");
        QTest::newRow("KiB") << 1536ull << QStringLiteral("1.50 KiB");
        QTest::newRow("1 MiB is KiB") << qulonglong(MiB) << QStringLiteral("1024.00 KiB");
        QTest::newRow("MiB") << qulonglong(20 * MiB) << QStringLiteral("20.00 MiB");
        QTest::newRow("GiB") << (3ull << 30) / 2 << QStringLiteral("1.50 GiB");
    }
    void formatsSizesAsPyTorch()
    {
        QFETCH(qulonglong, bytes);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatMemorySize(bytes)), text);
    }
};

QTEST_APPLESS_MAIN(TestCachingAllocator)
#include "tst_caching_allocator.moc"
