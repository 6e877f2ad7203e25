// autogradviz: command line and wiring only (DESIGN.md, "The four layers").
//   --run FILE.py [--trace OUT]         headless run (app/headless_run.cpp)
//   anything else                       the GUI or its headless export (ui/gui_app.h)

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "app/headless_run.h"
#include "app/heap.h"
#include "app/host_mode.h"
#include "core/autograd/checkpoint_override.h"
#include "core/device/allocator.h"
#include "core/device/pcie_link.h"

#ifdef AGV_WITH_UI
#include <filesystem>

#include <unistd.h>

#include "ui/graph/layout_process.h"
#include "ui/graph/layout_worker.h"
#include "ui/run/host_process_runner.h"
#include "ui/gui_app.h"
#endif

namespace {
const char* const kHeadlessHelp =
    "       autogradviz --run FILE.py [--trace OUT] [--no-sandbox] [--gpu MODE] [--pcie GBPS]\n"
    "                        [--checkpoint-config C]\n"
    "\n"
    "  --run FILE.py         run headless; print what `python3 FILE.py` prints; exit 0 or 1\n"
    "  --trace OUT           with --run: also write the recording as it happens: the compact\n"
    "                        binary trace (OUT.agvtrace), or one JSON event per line when OUT\n"
    "                        ends in .jsonl (schema: README.md, section 'Trace schema')\n"
    "  --no-sandbox          with --run: let the script start processes, use the network and\n"
    "                        read and write files anywhere (your own code on your own machine)\n"
    "  --gpu MODE            auto (default: a real GPU when present, otherwise none, as\n"
    "                        CPU-only PyTorch), none, real, or simulated[=SIZE] (a GPU\n"
    "                        simulated in host memory, 4G unless SIZE says otherwise)\n"
    "  --pcie GBPS           the simulated GPU's PCIe bandwidth in GB/s (default 25, PCIe 4.0\n"
    "                        x16): each copy to or from it is recorded with a duration\n"
    "                        modelled as 10 us + bytes / bandwidth\n"
    "  --checkpoint-config C as-written (default), off (checkpoint() calls its function,\n"
    "                        checkpoint_sequential runs its functions in order), segments=K\n"
    "                        (checkpoint_sequential splits into K segments), sac=recompute-all or\n"
    "                        sac=save-all (selective checkpointing's policy answers the same for\n"
    "                        every op); the trace says which\n";

}  // namespace

int main(int argc, char** argv)
{
    if (std::getenv("AGV_HEAP_REPORT"))
        std::fprintf(stderr, "autogradviz: heap: %s\n", heapReport().c_str());  // Note [Huge pages for the heap]
#ifdef AGV_WITH_UI
    // The GUI's graph layout worker (Note [Layout in a child process]): not meant to be typed.
    if (argc == 2 && std::string(argv[1]) == "--layout")
        return agv::ui::runLayoutWorker(stdin, stdout);
#endif
    // --gpu, --pcie and --checkpoint-config apply to every mode (the GUI passes them on to
    // its script hosts).
    for (int i = 1; i + 1 < argc; ++i) {
        const std::string option = argv[i];
        if (option != "--gpu" && option != "--pcie" && option != "--checkpoint-config")
            continue;
        const std::string error = option == "--gpu"    ? agv::configureGpu(argv[i + 1])
                                  : option == "--pcie" ? agv::configurePcie(argv[i + 1])
                                                       : agv::configureCheckpointOverride(argv[i + 1]);
        if (!error.empty()) {
            std::fprintf(stderr, "autogradviz: %s\n", error.c_str());
            return 2;
        }
    }
    HeadlessRunOptions run;
    bool headless = false;
    run.executable = argv[0];
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--host" && i + 1 < argc) {
            // The GUI's script host (app/host_mode.h): not meant to be typed by people.
            HostModeOptions host;
            host.scriptPath = argv[++i];
            host.executable = argv[0];
            for (int j = i + 1; j + 1 < argc; ++j)
                if (std::string(argv[j]) == "--memory-limit")
                    host.memoryLimitBytes = std::strtoull(argv[j + 1], nullptr, 10);
            return runHostMode(host);
        }
        if (arg == "--run") {
            if (i + 1 >= argc) {
                std::fputs("autogradviz: --run needs a script path\n", stderr);
                return 2;
            }
            headless = true;
            run.scriptPath = argv[++i];
        } else if (arg == "--no-sandbox") {
            run.sandbox = false;
        } else if (arg == "--trace") {
            if (i + 1 >= argc) {
                std::fputs("autogradviz: --trace needs an output path\n", stderr);
                return 2;
            }
            run.tracePath = argv[++i];
        } else if (arg == "--help" || arg == "-h") {
#ifdef AGV_WITH_UI
            // the GUI prints its own usage lines first
            std::fputs("usage: autogradviz [FILE.py|FILE.agvtrace|FILE.jsonl] [--demo NAME] [--dark] [--presenter]\n"
                       "                   [--language en|zh_CN|ru]\n"
                       "       autogradviz FILE --export OUT.svg|OUT.png|OUT.dot [--step N|end] [--dark]\n",
                       stdout);
#else
            std::fputs("usage:\n", stdout);
#endif
            std::fputs(kHeadlessHelp, stdout);
            return 0;
        }
    }
    if (headless)
        return runHeadless(run);
#ifdef AGV_WITH_UI
    // The GUI runs every script in a fresh host process: autogradviz-host next to this
    // binary (the same program without the window, so a run loads no Qt), else this very
    // binary in --host mode.
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::canonical("/proc/self/exe", ec);
    const QString executable = QString::fromStdString(ec ? std::string(argv[0]) : self.string());
    const std::filesystem::path hostBinary = self.parent_path() / "autogradviz-host";
    const QString host = !ec && access(hostBinary.c_str(), X_OK) == 0 ? QString::fromStdString(hostBinary.string())
                                                                      : executable;
    agv::ui::setLayoutWorker(executable);
    const int code = agv::ui::runApp(argc, argv, std::make_shared<agv::ui::HostProcessRunner>(host));
    // Before static destruction, while logging still works: no layout child outlives us.
    agv::ui::stopLayoutWorkers();
    return code;
#else
    std::fputs("this autogradviz has no window (the script host autogradviz-host, or a build with AGV_BUILD_UI=OFF); "
               "use --run FILE.py\n",
               stderr);
    return 2;
#endif
}
