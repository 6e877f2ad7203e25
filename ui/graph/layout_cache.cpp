#include "ui/graph/layout_cache.h"

#include <QHashFunctions>

#include <atomic>
#include <list>
#include <mutex>

namespace agv::ui {

namespace {

struct Entry {
    size_t hash = 0;
    QByteArray request;
    QByteArray reply;
};

struct LayoutCache {
    std::mutex mutex;
    std::list<Entry> entries;  // most recently used first; a handful, so a list scan is fine
    qsizetype bytes = 0;
};

LayoutCache& layoutCache()
{
    static LayoutCache cache;
    return cache;
}

std::atomic<int64_t> g_hits{0};

}  // namespace

std::optional<QByteArray> cachedLayoutReply(const QByteArray& request)
{
    const size_t hash = qHash(request);
    LayoutCache& cache = layoutCache();
    std::lock_guard lock(cache.mutex);
    for (auto it = cache.entries.begin(); it != cache.entries.end(); ++it)
        if (it->hash == hash && it->request == request) {
            cache.entries.splice(cache.entries.begin(), cache.entries, it);
            ++g_hits;
            return it->reply;
        }
    return std::nullopt;
}

void cacheLayoutReply(const QByteArray& request, const QByteArray& reply)
{
    const qsizetype size = request.size() + reply.size();
    if (size > kLayoutCacheBytes)
        return;
    const size_t hash = qHash(request);
    LayoutCache& cache = layoutCache();
    std::lock_guard lock(cache.mutex);
    for (auto it = cache.entries.begin(); it != cache.entries.end(); ++it)
        if (it->hash == hash && it->request == request) {
            cache.bytes -= it->request.size() + it->reply.size();
            cache.entries.erase(it);
            break;
        }
    cache.entries.push_front(Entry{hash, request, reply});
    cache.bytes += size;
    while (int(cache.entries.size()) > kLayoutCacheEntries || cache.bytes > kLayoutCacheBytes) {
        cache.bytes -= cache.entries.back().request.size() + cache.entries.back().reply.size();
        cache.entries.pop_back();
    }
}

void clearLayoutCache()
{
    LayoutCache& cache = layoutCache();
    std::lock_guard lock(cache.mutex);
    cache.entries.clear();
    cache.bytes = 0;
}

int64_t layoutCacheHits() { return g_hits.load(); }

}  // namespace agv::ui
