// autogradviz: the GUI by default; headless modes for scripts and CI.

#include <cstdio>
#include <cstring>
#include <string>

#include "app/headless_run.h"

namespace {
void printHelp()
{
    std::puts(
        "usage: autogradviz [FILE.py]\n"
        "       autogradviz --run FILE.py [--trace OUT.jsonl]\n"
        "\n"
        "  FILE.py               open a script in the GUI\n"
        "  --run FILE.py         run headless, print what `python3 FILE.py` prints, exit 0 or 1\n"
        "  --trace OUT.jsonl     with --run: also write the recording, one JSON event per line\n"
        "  --help                this text");
}
}  // namespace

int main(int argc, char** argv)
{
    HeadlessRunOptions run;
    bool headless = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            printHelp();
            return 0;
        }
        if (arg == "--run" && i + 1 < argc) {
            headless = true;
            run.scriptPath = argv[++i];
        } else if (arg == "--trace" && i + 1 < argc) {
            run.tracePath = argv[++i];
        }
    }
    if (headless)
        return runHeadless(run);
    printHelp();
    return 0;
}
