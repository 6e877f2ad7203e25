#pragma once
// IdMap<T>: an Id-sorted map in shared chunks whose values are shared and copied on write.
//
// Note [Cheap snapshots]
// Timeline keeps snapshots of GraphState so any step is reached quickly. With plain
// std::map<Id, TensorView> a snapshot of 50,000 entities costs ~20 ms (every string
// and vector is copied). Here the (id, value) entries live in chunks of at most
// kChunkSize, held by shared pointers: copying a map copies one pointer per chunk, a
// chunk is copied only when a map that shares it changes it, and a value only when
// it is modified while shared (edit()). A snapshot of 300,000 entities is ~2,400
// pointers, so snapshots can be dense (a seek replays few events) without their memory
// growing with the square of the run (the flat vector of entries that came before made
// a 1,000,000-event recording take 2 GB in snapshots). Values compare by content, so
// operator== still means "same visible state".

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

namespace agv::trace {

template <class T> class IdMap {
    struct Entry {
        uint64_t id;
        std::shared_ptr<const T> value;
    };
    using Chunk = std::vector<Entry>;  ///< sorted by id, 1..2*kChunkSize entries
    static constexpr size_t kChunkSize = 128;

public:
    using Id = uint64_t;

    class const_iterator {
    public:
        const_iterator(const std::vector<std::shared_ptr<const Chunk>>* chunks, size_t chunk, size_t entry)
            : m_chunks(chunks), m_chunk(chunk), m_entry(entry)
        {
        }
        std::pair<Id, const T&> operator*() const
        {
            const Entry& e = (*(*m_chunks)[m_chunk])[m_entry];
            return {e.id, *e.value};
        }
        const_iterator& operator++()
        {
            if (++m_entry == (*m_chunks)[m_chunk]->size()) {
                ++m_chunk;
                m_entry = 0;
            }
            return *this;
        }
        bool operator==(const const_iterator& o) const { return m_chunk == o.m_chunk && m_entry == o.m_entry; }
        bool operator!=(const const_iterator& o) const { return !(*this == o); }

    private:
        const std::vector<std::shared_ptr<const Chunk>>* m_chunks;
        size_t m_chunk;
        size_t m_entry;
    };

    const_iterator begin() const { return const_iterator(&m_chunks, 0, 0); }
    const_iterator end() const { return const_iterator(&m_chunks, m_chunks.size(), 0); }
    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    bool contains(Id id) const { return find(id) != nullptr; }

    /// The value for `id`, or nullptr.
    const T* find(Id id) const
    {
        const Where w = locate(id);
        return w.found ? (*m_chunks[w.chunk])[w.entry].value.get() : nullptr;
    }

    const T& at(Id id) const
    {
        const T* v = find(id);
        if (!v)
            throw std::out_of_range("IdMap::at: unknown id");
        return *v;
    }

    /// A mutable value for `id` (copied first if a snapshot shares it), or nullptr.
    T* edit(Id id)
    {
        const Where w = locate(id);
        return w.found ? mutableValue(w) : nullptr;
    }

    /// A value for `id`, default-constructed when missing (shared values are copied).
    T& obtain(Id id)
    {
        Where w = locate(id);
        if (!w.found)
            w = insert(w, id, std::make_shared<T>());
        return *mutableValue(w);
    }

    bool operator==(const IdMap& o) const
    {
        if (m_size != o.m_size)
            return false;
        for (auto a = begin(), b = o.begin(); a != end(); ++a, ++b) {
            const auto [ida, va] = *a;
            const auto [idb, vb] = *b;
            if (ida != idb || (&va != &vb && !(va == vb)))
                return false;
        }
        return true;
    }

private:
    std::vector<std::shared_ptr<const Chunk>> m_chunks;  ///< ascending, non-empty
    size_t m_size = 0;

    struct Where {
        size_t chunk = 0;  ///< the chunk holding `id`, or where it would go
        size_t entry = 0;  ///< its index there, or where it would be inserted
        bool found = false;
    };

    Where locate(Id id) const
    {
        if (m_chunks.empty())
            return {};
        const Chunk& last = *m_chunks.back();
        if (last.back().id == id)  // the common case: the entity just created
            return {m_chunks.size() - 1, last.size() - 1, true};
        if (last.back().id < id)
            return {m_chunks.size() - 1, last.size(), false};
        // The first chunk whose last id is >= id holds it, if anything does.
        auto c = std::lower_bound(m_chunks.begin(), m_chunks.end(), id,
                                  [](const std::shared_ptr<const Chunk>& ch, Id key) { return ch->back().id < key; });
        const Chunk& chunk = **c;
        auto e = std::lower_bound(chunk.begin(), chunk.end(), id, [](const Entry& en, Id key) { return en.id < key; });
        return {size_t(c - m_chunks.begin()), size_t(e - chunk.begin()), e != chunk.end() && e->id == id};
    }

    /// The chunk at `index`, copied first when another map shares it.
    Chunk& mutableChunk(size_t index)
    {
        std::shared_ptr<const Chunk>& c = m_chunks[index];
        if (c.use_count() > 1)
            c = std::make_shared<Chunk>(*c);
        // Safe: every chunk is created non-const by make_shared and is now ours alone.
        return const_cast<Chunk&>(*c);
    }

    Where insert(Where w, Id id, std::shared_ptr<const T> value)
    {
        ++m_size;
        if (m_chunks.empty()) {
            auto chunk = std::make_shared<Chunk>();
            chunk->reserve(kChunkSize);
            chunk->push_back({id, std::move(value)});
            m_chunks.push_back(std::move(chunk));
            return {0, 0, true};
        }
        // Appending past a full last chunk starts a new one: ids mostly arrive in order.
        if (w.chunk == m_chunks.size() - 1 && w.entry == m_chunks.back()->size() && w.entry >= kChunkSize) {
            auto chunk = std::make_shared<Chunk>();
            chunk->reserve(kChunkSize);
            chunk->push_back({id, std::move(value)});
            m_chunks.push_back(std::move(chunk));
            return {m_chunks.size() - 1, 0, true};
        }
        Chunk& chunk = mutableChunk(w.chunk);
        chunk.insert(chunk.begin() + std::ptrdiff_t(w.entry), {id, std::move(value)});
        if (chunk.size() <= 2 * kChunkSize)
            return {w.chunk, w.entry, true};
        // An out-of-order insert filled a chunk: split it in two halves.
        auto upper = std::make_shared<Chunk>(std::make_move_iterator(chunk.begin() + kChunkSize),
                                             std::make_move_iterator(chunk.end()));
        chunk.resize(kChunkSize);
        m_chunks.insert(m_chunks.begin() + std::ptrdiff_t(w.chunk) + 1, std::move(upper));
        return w.entry < kChunkSize ? Where{w.chunk, w.entry, true} : Where{w.chunk + 1, w.entry - kChunkSize, true};
    }

    T* mutableValue(const Where& w)
    {
        std::shared_ptr<const T>& v = mutableChunk(w.chunk)[w.entry].value;
        if (v.use_count() > 1)
            v = std::make_shared<T>(*v);
        // Safe: every value is created non-const by make_shared and is now owned by us alone.
        return const_cast<T*>(v.get());
    }
};

}  // namespace agv::trace
