#pragma once
// Note [Huge pages for the heap]
// A run builds millions of small objects (graph nodes, events, snapshots); on machines
// whose kernel gives transparent huge pages only on request (`madvise`, the default of
// several distributions and of the VMs we measure on) every 4 KiB page of that heap is
// a page fault, and faults were half of a recorded run's time and 90% of decoding a
// trace (bench_core: 0.6 -> 4.5 million events/s decoded, sink-on ops 8.7 -> 2.2 us).
// glibc asks for huge pages itself when the tunable glibc.malloc.hugetlb=1 is set, and
// tunables are read only when a process starts: so the process sets it and executes
// itself again, once, before anything else runs (and before the sandbox forbids exec).
// Children (the script host, the layout worker) inherit it. The second start costs about
// 100 ms of loading the libraries again, so a plain `--run` (whose start-up is measured
// against 80 ms) skips it: GLIBC_TUNABLES=glibc.malloc.hugetlb=1 in its environment
// gives it the same heap.

/// Re-executes the program with glibc.malloc.hugetlb=1 unless it is set already or
/// AGV_NO_HUGE_PAGES is; returns (doing nothing) when that is not possible.
void reexecWithHugePageHeap(char** argv);
