#pragma once
// Note [Layout cache]
// Collapsing a module and expanding it again asks for the very layout the graph had
// before: same boxes, same sizes, same edges, so the same request bytes. A handful of
// recent replies, keyed by the exact request (Note [Layout in a child process]), turn
// collapse -> expand -> collapse into a lookup without any Graphviz call. The replies are
// the worker's own bytes, so a cached layout is the one the worker drew, to the bit.
// Bounded twice (entries and bytes): a 100,000-item request never sits in memory for long.

#include <QByteArray>

#include <cstdint>
#include <optional>

namespace agv::ui {

/// Replies kept, most recently used first.
constexpr int kLayoutCacheEntries = 8;
/// Request and reply bytes kept, all entries together.
constexpr qsizetype kLayoutCacheBytes = qsizetype(32) << 20;

/// The reply cached for `request`, if any (and it becomes the most recently used).
std::optional<QByteArray> cachedLayoutReply(const QByteArray& request);
/// Remembers `reply` for `request`, dropping the least recently used beyond the bounds.
void cacheLayoutReply(const QByteArray& request, const QByteArray& reply);
/// Forgets every reply (the worker program changed: its layouts may differ).
void clearLayoutCache();
/// Lookups answered from the cache so far, for tests and benchmarks.
int64_t layoutCacheHits();

}  // namespace agv::ui
