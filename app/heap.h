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

//
// Note [Freed pages stay with a script run]
// jemalloc hands the pages of a freed block back to the kernel in two steps: within its
// decay time (10 s) it marks them free-on-demand (MADV_FREE: "muzzy"), and then, at once
// by default, it unmaps their contents (MADV_DONTNEED), so the next block faults them in
// again; large blocks (above 8 MB) even skipped the first step, in an arena of their
// own. A script computing on big tensors frees and allocates blocks of the same size at
// every op, so each op's output was faulted in afresh: on the VMs we measure on, faulting
// in 2 MB huge pages costs about as much as the op itself (add over 16M floats took
// 15.6 ms with, 6.5 ms without). So large blocks come from the ordinary arenas
// (malloc_conf), and a process that runs a script (`--run`, `--host`) keeps muzzy pages
// instead of unmapping them: the next block reuses them without a fault, and the kernel
// still takes them back whenever it needs the memory, so a run cannot hold memory
// hostage. The window keeps jemalloc's decay times.

#include <string>

/// "jemalloc 5.3.0-0-g54eaed1d8b56, thp always, metadata_thp always": what the heap is,
/// asked from the allocator itself (AGV_HEAP_REPORT=1 prints it on stderr at start).
std::string heapReport();

/// Keeps freed pages mapped, free on demand, for the rest of the process (Note [Freed
/// pages stay with a script run]): for the processes that run a script (`--run`, `--host`).
void keepFreedPages();
