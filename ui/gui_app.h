#pragma once
// Entry points for app/main.cpp. The GUI never links the interpreter: main() passes
// a ScriptRunner (or nullptr, then only recorded .jsonl traces can be played).
//
//   autogradviz [FILE.py|FILE.jsonl] [--dark] [--presenter]
//   autogradviz FILE --export OUT.svg|OUT.png|OUT.dot [--step N|end] [--dark]

#include <QString>

#include <memory>

namespace agv::ui {

class ScriptRunner;

struct GuiOptions {
    QString file;        ///< script or trace to open
    QString demo;        ///< --demo NAME: a built-in demo whose file name contains NAME
    QString exportPath;  ///< headless export target (empty: start the GUI)
    QString step = QStringLiteral("end");
    bool dark = false;
    bool presenter = false;
    QString gpu;         ///< --gpu MODE for the scripts' hosts (empty: the Device menu's choice)
    QString pcie;        ///< --pcie GBPS: the simulated GPU's link (empty: the Device menu's choice)
    QString language;    ///< --language en|zh_CN|ru for this start (empty: View > Language, else the system's)
    bool help = false;
    QString error;       ///< command line problem
};

/// The built-in demo whose file name contains `name` (case-insensitive); empty + error if none.
QString findDemo(const QString& name, QString* error = nullptr);
/// The demo a fresh start opens (the first by file name).
QString defaultDemo();

/// Parses the GUI's command line (unknown options are reported in `error`).
GuiOptions parseGuiOptions(const QStringList& arguments);

/// Creates the QApplication and either runs the window or the headless export.
/// For --export, QT_QPA_PLATFORM defaults to "offscreen" so no display is needed.
int runApp(int argc, char** argv, std::shared_ptr<ScriptRunner> runner);

/// Headless export (needs a QApplication): runs/loads `input`, seeks `step`
/// ("end" or an event index) and writes SVG, PNG or DOT by suffix. Returns an exit code.
int exportHeadless(const GuiOptions& options, std::shared_ptr<ScriptRunner> runner);

}  // namespace agv::ui
