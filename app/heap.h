#pragma once
// Note [Huge pages for the heap]
// A run builds millions of small objects (tensors, graph nodes, events, snapshots); on
// kernels that give transparent huge pages only on request (`madvise`, the default of
// several distributions and of the VMs we measure on) every 4 KiB page of that heap is a
// page fault, and faults were half of a run's time and 90% of decoding a trace. So the
// program allocates through jemalloc (Debian's libjemalloc), configured at build time by
// the `malloc_conf` string it reads when it starts (heap.cpp): thp:always asks the
// kernel for huge pages on every extent it maps, metadata_thp:always on its own tables.
// It needs no environment variable and no second start, so a plain `--run` gets it too
// (glibc's equivalent, the glibc.malloc.hugetlb tunable, is read only from the
// environment at exec: it cost a 100 ms restart), and every child (script host, layout
// worker) is the same program with the same heap.

#include <string>

/// "jemalloc 5.3.0-0-g54eaed1d8b56, thp always, metadata_thp always": what the heap is,
/// asked from the allocator itself (AGV_HEAP_REPORT=1 prints it on stderr at start).
std::string heapReport();
