#pragma once
// IdMap<T>: an Id-sorted flat map whose values are shared and copied on write.
//
// Note [Cheap snapshots]
// Timeline keeps snapshots of GraphState so any step is reached quickly. With plain
// std::map<Id, TensorView> a snapshot of 50,000 entities costs ~20 ms (every string
// and vector is copied). Here copying a map copies one vector of (id, shared_ptr)
// pairs, and snapshots share every entity that did not change between them; an
// entity is copied only when it is modified while shared (edit()). Values compare by
// content, so operator== still means "same visible state".

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

public:
    using Id = uint64_t;

    class const_iterator {
    public:
        explicit const_iterator(typename std::vector<Entry>::const_iterator it) : m_it(it) {}
        std::pair<Id, const T&> operator*() const { return {m_it->id, *m_it->value}; }
        const_iterator& operator++()
        {
            ++m_it;
            return *this;
        }
        bool operator==(const const_iterator& o) const { return m_it == o.m_it; }
        bool operator!=(const const_iterator& o) const { return m_it != o.m_it; }

    private:
        typename std::vector<Entry>::const_iterator m_it;
    };

    const_iterator begin() const { return const_iterator(m_entries.begin()); }
    const_iterator end() const { return const_iterator(m_entries.end()); }
    size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }
    bool contains(Id id) const { return find(id) != nullptr; }

    /// The value for `id`, or nullptr.
    const T* find(Id id) const
    {
        const size_t i = indexOf(id);
        return i == npos ? nullptr : m_entries[i].value.get();
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
        const size_t i = indexOf(id);
        return i == npos ? nullptr : mutableAt(i);
    }

    /// A value for `id`, default-constructed when missing (shared values are copied).
    T& obtain(Id id)
    {
        size_t i = indexOf(id);
        if (i == npos)
            i = insertAt(id, std::make_shared<T>());
        return *mutableAt(i);
    }

    bool operator==(const IdMap& o) const
    {
        if (m_entries.size() != o.m_entries.size())
            return false;
        for (size_t i = 0; i < m_entries.size(); ++i) {
            const Entry& a = m_entries[i];
            const Entry& b = o.m_entries[i];
            if (a.id != b.id || (a.value != b.value && !(*a.value == *b.value)))
                return false;
        }
        return true;
    }

private:
    static constexpr size_t npos = static_cast<size_t>(-1);
    std::vector<Entry> m_entries;  ///< sorted by id; ids mostly arrive in increasing order

    size_t indexOf(Id id) const
    {
        if (!m_entries.empty() && m_entries.back().id == id)
            return m_entries.size() - 1;  // the common case: the entity just created
        auto it = std::lower_bound(m_entries.begin(), m_entries.end(), id,
                                   [](const Entry& e, Id key) { return e.id < key; });
        return it != m_entries.end() && it->id == id ? static_cast<size_t>(it - m_entries.begin()) : npos;
    }

    size_t insertAt(Id id, std::shared_ptr<const T> value)
    {
        if (m_entries.empty() || m_entries.back().id < id) {
            m_entries.push_back({id, std::move(value)});
            return m_entries.size() - 1;
        }
        auto it = std::lower_bound(m_entries.begin(), m_entries.end(), id,
                                   [](const Entry& e, Id key) { return e.id < key; });
        it = m_entries.insert(it, {id, std::move(value)});
        return static_cast<size_t>(it - m_entries.begin());
    }

    T* mutableAt(size_t i)
    {
        std::shared_ptr<const T>& v = m_entries[i].value;
        if (v.use_count() > 1)
            v = std::make_shared<T>(*v);
        // Safe: every value is created non-const by make_shared and is now owned by us alone.
        return const_cast<T*>(v.get());
    }
};

}  // namespace agv::trace
