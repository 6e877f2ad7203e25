#include "app/heap.h"

#include <jemalloc/jemalloc.h>

// Read by jemalloc when it initialises, before main (Note [Huge pages for the heap]).
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's contract
const char* malloc_conf = "thp:always,metadata_thp:always";
}

namespace {

std::string option(const char* name)
{
    const char* value = nullptr;
    size_t size = sizeof(value);
    if (mallctl(name, &value, &size, nullptr, 0) != 0 || !value)
        return "?";
    return value;
}

}  // namespace

std::string heapReport()
{
    return "jemalloc " + option("version") + ", thp " + option("opt.thp") + ", metadata_thp " +
           option("opt.metadata_thp");
}
