#include "app/huge_pages.h"

#include <unistd.h>

#include <cstdlib>
#include <string>

void reexecWithHugePageHeap(char** argv)
{
    const char* current = std::getenv("GLIBC_TUNABLES");
    const std::string tunables = current ? current : "";
    if (std::getenv("AGV_NO_HUGE_PAGES") || tunables.find("glibc.malloc.hugetlb") != std::string::npos)
        return;
    const std::string wanted = tunables.empty() ? "glibc.malloc.hugetlb=1" : tunables + ":glibc.malloc.hugetlb=1";
    if (setenv("GLIBC_TUNABLES", wanted.c_str(), 1) != 0)
        return;
    execv("/proc/self/exe", argv);
    // Not possible here (no /proc, exec refused): run on with the ordinary heap, and do
    // not hand the setting to children that would not get huge pages either.
    if (current)
        setenv("GLIBC_TUNABLES", current, 1);
    else
        unsetenv("GLIBC_TUNABLES");
}
