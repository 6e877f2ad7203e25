#include "ui/gui_app.h"

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QTextStream>

#include <cstdio>

#include "core/trace/trace_file.h"
#include "ui/demo_catalog.h"
#include "ui/export/exporter.h"
#include "ui/i18n/language.h"
#include "ui/logging.h"
#include "ui/main_window.h"
#include "ui/playback/player.h"
#include "ui/run/run_controller.h"
#include "ui/scene/graph_scene.h"
#include "ui/theme.h"
#include "ui/window_host.h"

// Resources compiled into a static library must be registered explicitly.
static void initUiResources()
{
    Q_INIT_RESOURCE(demos);
    Q_INIT_RESOURCE(resources);
}

namespace agv::ui {

QString findDemo(const QString& name, QString* error)
{
    initUiResources();
    const QList<DemoInfo> demos = availableDemos();
    for (const DemoInfo& demo : demos)
        if (demo.fileName.contains(name, Qt::CaseInsensitive))
            return demo.path;
    QStringList names;
    for (const DemoInfo& demo : demos)
        names << QFileInfo(demo.fileName).completeBaseName();
    if (error)
        *error = QStringLiteral("no demo matches '%1' (available: %2)").arg(name, names.join(QStringLiteral(", ")));
    return {};
}

QString defaultDemo()
{
    initUiResources();
    const QList<DemoInfo> demos = availableDemos();
    return demos.isEmpty() ? QString() : demos.first().path;
}

GuiOptions parseGuiOptions(const QStringList& arguments)
{
    GuiOptions o;
    for (int i = 1; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        auto value = [&](QString& out) {
            if (i + 1 >= arguments.size()) {
                o.error = QStringLiteral("%1 needs a value").arg(a);
                return;
            }
            out = arguments[++i];
        };
        if (a == QLatin1String("--export"))
            value(o.exportPath);
        else if (a == QLatin1String("--step"))
            value(o.step);
        else if (a == QLatin1String("--demo"))
            value(o.demo);
        else if (a == QLatin1String("--gpu"))
            value(o.gpu);
        else if (a == QLatin1String("--pcie"))
            value(o.pcie);
        else if (a == QLatin1String("--language"))
            value(o.language);
        else if (a == QLatin1String("--dark"))
            o.dark = true;
        else if (a == QLatin1String("--presenter"))
            o.presenter = true;
        else if (a == QLatin1String("--help") || a == QLatin1String("-h"))
            o.help = true;
        else if (a.startsWith(QLatin1String("-")) && a != QLatin1String("-"))
            o.error = QStringLiteral("unknown option %1").arg(a);
        else if (o.file.isEmpty())
            o.file = a;
        else
            o.error = QStringLiteral("more than one file given");
    }
    if (!o.demo.isEmpty()) {
        if (!o.file.isEmpty())
            o.error = QStringLiteral("give either FILE or --demo, not both");
        else
            o.file = findDemo(o.demo, &o.error);
    }
    if (!o.exportPath.isEmpty() && o.file.isEmpty())
        o.error = QStringLiteral("--export needs an input FILE.py, FILE.agvtrace or FILE.jsonl");
    if (o.step != QLatin1String("end")) {
        bool ok = false;
        o.step.toULongLong(&ok);
        if (!ok)
            o.error = QStringLiteral("--step takes an event index or 'end'");
    }
    return o;
}

int exportHeadless(const GuiOptions& options, std::shared_ptr<ScriptRunner> runner)
{
    QTextStream err(stderr);
    std::shared_ptr<trace::Recording> recording = std::make_shared<trace::Recording>();
    QString source;
    const QString input = options.file;
    if (trace::isTracePath(input.toStdString())) {
        std::string error;
        if (!trace::loadTrace(input.toStdString(), *recording, &error)) {
            err << "autogradviz: " << QString::fromStdString(error) << "\n";
            return 2;
        }
    } else {
        QFile f(input);
        if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
            err << "autogradviz: cannot open " << input << "\n";
            return 2;
        }
        source = QString::fromUtf8(f.readAll());
        if (!runner) {
            err << "autogradviz: no script host in this build; export from a recorded trace (.agvtrace, .jsonl)\n";
            return 2;
        }
        if (!options.gpu.isEmpty())
            runner->setGpuMode(options.gpu.toStdString());
        if (!options.pcie.isEmpty())
            runner->setPcieBandwidth(options.pcie.toStdString());
        std::atomic<bool> cancel{false};
        // Exceptions never cross into Qt code.
        try {
            RunOutcome outcome = runner->run(source.toStdString(), QFileInfo(input).fileName().toStdString(), cancel);
            *recording = std::move(outcome.recording);
        } catch (const std::exception& e) {
            err << "autogradviz: " << e.what() << "\n";
            return 2;
        }
    }
    // Note [Exports exit without freeing]
    // An export is a process that writes one file and ends. Taking a million-event
    // recording, its snapshots and its scene apart object by object took a fifth of an
    // export's time; the kernel takes the whole heap back at once. So the window and
    // what it holds are left to the process's end, as clang's -disable-free leaves its ASTs.
    auto* window = new MainWindow(runner);
    window->resize(1600, 1000);
    window->loadRecording(recording, source, QFileInfo(input).fileName(),
                          options.step == QLatin1String("end") ? recording->size() : options.step.toULongLong());
    const QString out = options.exportPath;
    QString error;
    const bool ok = out.endsWith(QLatin1String(".dot"), Qt::CaseInsensitive) || out.endsWith(QLatin1String(".gv"), Qt::CaseInsensitive)
                        ? window->exportDotFile(out, &error)
                        : window->exportView(out, true, &error);
    if (!ok) {
        // What actually failed: the format, the folder, or the image size.
        err << "autogradviz: " << error << "\n";
        return 1;
    }
    return 0;
}

int runApp(int argc, char** argv, std::shared_ptr<ScriptRunner> runner)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const GuiOptions options = parseGuiOptions(arguments);
    if (options.help || !options.error.isEmpty()) {
        if (!options.error.isEmpty())
            std::fprintf(stderr, "autogradviz: %s\n", qPrintable(options.error));
        std::fprintf(options.help ? stdout : stderr,
                     "usage: autogradviz [FILE.py|FILE.agvtrace|FILE.jsonl] [--demo NAME] [--dark] [--presenter] [--gpu MODE]\n"
                     "                   [--pcie GBPS] [--language en|zh_CN|ru]\n"
                     "       autogradviz FILE --export OUT.svg|OUT.png|OUT.dot [--step N|end] [--dark]\n");
        return options.help ? 0 : 2;
    }
    if (!options.exportPath.isEmpty() && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    initUiResources();
    QApplication app(argc, argv);
    app.setWindowIcon(QIcon(QStringLiteral(":/icons/autogradviz.svg")));
    QCoreApplication::setOrganizationName(QStringLiteral("autogradviz"));
    QCoreApplication::setApplicationName(QStringLiteral("Autograd Visualizer"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    Theme::applyToApplication(app, Theme::make(options.dark, options.presenter));
    applyLanguage(options.language.isEmpty() ? preferredLanguage() : options.language);

    if (!options.exportPath.isEmpty())
        return exportHeadless(options, runner);

    WindowHost host(runner);
    MainWindow& window = *host.window();
    if (!options.gpu.isEmpty())
        window.setGpuMode(options.gpu.section(QLatin1Char('='), 0, 0));
    if (!options.pcie.isEmpty())
        window.setPcieBandwidth(options.pcie);
    if (options.dark || options.presenter)
        window.setTheme(options.dark, options.presenter);
    window.resize(1600, 1000);
    window.showAsRemembered();
    // With no file the app opens the first demo (the classic worked example), so a
    // fresh start shows a graph, not an empty window.
    const QString file = options.file.isEmpty() ? defaultDemo() : options.file;
    if (!file.isEmpty())
        window.openFile(file);
    return app.exec();
}

}  // namespace agv::ui
