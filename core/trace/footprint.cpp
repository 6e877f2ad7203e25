#include "core/trace/footprint.h"

#include <type_traits>

#include "core/trace/event_fields.h"

namespace agv::trace {

namespace {

using schema::fields;

struct FootprintCounter {
    uint64_t bytes = 0;

    template <class T> void add(const T& v)
    {
        if constexpr (std::is_same_v<T, std::string>) {
            if (v.size() > 15)  // longer strings leave the small-string buffer
                bytes += v.capacity() + 1;
        } else if constexpr (schema::IsVector<T>::value) {
            bytes += v.capacity() * sizeof(typename T::value_type);
            for (const auto& item : v)
                add(item);
        } else if constexpr (schema::hasFields<T>) {
            fields(*this, const_cast<T&>(v));  // fields() takes T&; the counter only reads
        }
    }

    template <class T> void operator()(const char*, const T& v) { add(v); }
};

}  // namespace

uint64_t footprint(const Payload& payload)
{
    FootprintCounter counter;
    std::visit([&](const auto& p) { fields(counter, const_cast<std::decay_t<decltype(p)>&>(p)); }, payload);
    return sizeof(Event) + counter.bytes;
}

uint64_t footprint(const Note& note)
{
    FootprintCounter counter;
    fields(counter, const_cast<Note&>(note));
    return sizeof(Note) + counter.bytes;
}

std::string overBudgetMessage(uint64_t budgetBytes)
{
    return "the trace needs more than " + std::to_string(budgetBytes >> 20) +
           " MB of memory to open, the most a trace may take";
}

}  // namespace agv::trace
