#include "app/heap.h"

#include <jemalloc/jemalloc.h>
#include <sys/types.h>

// Read by jemalloc when it initialises, before main (Note [Huge pages for the heap]).
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's contract
// oversize_threshold:0 serves large blocks from the ordinary arenas, whose freed pages a
// script run keeps (Note [Freed pages stay with a script run]).
const char* malloc_conf = "thp:always,metadata_thp:always,oversize_threshold:0";
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

void keepFreedPages()
{
    ssize_t never = -1;
    // The default of the arenas made later (one per thread that allocates), then the ones
    // that exist; an index without an arena yet answers an error, harmlessly.
    mallctl("arenas.muzzy_decay_ms", nullptr, nullptr, &never, sizeof never);
    unsigned arenas = 0;
    size_t size = sizeof arenas;
    if (mallctl("arenas.narenas", &arenas, &size, nullptr, 0) != 0)
        return;
    for (unsigned i = 0; i < arenas; ++i) {
        const std::string name = "arena." + std::to_string(i) + ".muzzy_decay_ms";
        mallctl(name.c_str(), nullptr, nullptr, &never, sizeof never);
    }
}
