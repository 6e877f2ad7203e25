#pragma once
// Interned global names: each distinct name gets a small integer so globals and
// builtins are vectors indexed by name id rather than hash maps searched by string.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/script/string_map.h"

namespace agv::script {

class NameTable {
public:
    uint32_t intern(std::string_view name)
    {
        auto it = m_ids.find(name);
        if (it != m_ids.end())
            return it->second;
        uint32_t id = static_cast<uint32_t>(m_names.size());
        m_names.emplace_back(name);
        m_ids.emplace(std::string(name), id);
        return id;
    }
    /// The id of `name`, or UINT32_MAX when it was never interned.
    uint32_t find(std::string_view name) const
    {
        auto it = m_ids.find(name);
        return it == m_ids.end() ? UINT32_MAX : it->second;
    }
    const std::string& name(uint32_t id) const { return m_names[id]; }
    size_t size() const { return m_names.size(); }

private:
    std::vector<std::string> m_names;
    StringMap<uint32_t> m_ids;
};

}  // namespace agv::script
