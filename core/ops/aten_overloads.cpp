#include "core/ops/aten_overloads.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <utility>

namespace agv::ops {

namespace {

struct NodeOverload {
    std::string_view node;
    std::string_view overload;
};

constexpr NodeOverload kTable[] = {
#include "core/ops/aten_overload_table.inc"
};

}  // namespace

std::string atenNameOf(std::string_view nodeName)
{
    std::string_view base = nodeName;
    const size_t cut = base.rfind("Backward");
    if (cut != std::string_view::npos)
        base = base.substr(0, cut);
    std::string out;
    for (size_t i = 0; i < base.size(); ++i) {
        const auto c = static_cast<unsigned char>(base[i]);
        if (std::isupper(c)) {
            const bool afterLower = i > 0 && std::islower(static_cast<unsigned char>(base[i - 1]));
            const bool startsWord = i > 0 && std::isupper(static_cast<unsigned char>(base[i - 1])) &&
                                    i + 1 < base.size() && std::islower(static_cast<unsigned char>(base[i + 1]));
            if (afterLower || startsWord)
                out += '_';
            out += char(std::tolower(c));
        } else {
            out += char(c);
        }
    }
    return out;
}

std::string atenOverloadOf(std::string_view nodeName)
{
    if (nodeName.starts_with("aten."))
        return std::string(nodeName);
    static_assert(std::is_sorted(std::begin(kTable), std::end(kTable),
                                 [](const NodeOverload& a, const NodeOverload& b) { return a.node < b.node; }));
    const auto* it = std::lower_bound(std::begin(kTable), std::end(kTable), nodeName,
                                      [](const NodeOverload& e, std::string_view n) { return e.node < n; });
    if (it != std::end(kTable) && it->node == nodeName)
        return std::string(it->overload);
    return "aten." + atenNameOf(nodeName) + ".default";
}

std::string atenInplaceOverloadOf(std::string_view nodeName, std::string_view inplaceName)
{
    const std::string outOfPlace = atenOverloadOf(nodeName);
    std::string_view overload = std::string_view(outOfPlace).substr(outOfPlace.rfind('.') + 1);
    if (overload.starts_with("Tensor_"))
        overload.remove_prefix(std::string_view("Tensor_").size());
    return "aten." + std::string(inplaceName) + "." + std::string(overload);
}

}  // namespace agv::ops
