#include "ui/main_window.h"

#include <algorithm>
#include <cmath>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

#include <functional>

#include "core/device/allocator.h"
#include "core/device/pcie_link.h"
#include "core/trace/run_configuration.h"
#include "core/trace/trace_file.h"
#include "ui/compare/compare_runs_dialog.h"
#include "ui/demo_catalog.h"
#include "ui/export/exporter.h"
#include "ui/graph/layered_layout.h"
#include "ui/graph/module_collapse.h"
#include "ui/graph/repeat_collapse.h"
#include "ui/i18n/language.h"
#include "ui/logging.h"
#include "ui/panels/code_editor.h"
#include "ui/panels/error_panel.h"
#include "ui/panels/memory_chart.h"
#include "ui/panels/start_page.h"
#include "ui/playback/player.h"
#include "ui/playback/scrubber.h"
#include "ui/playback/step_narration.h"
#include "ui/playback/transport_bar.h"
#include "ui/scene/graph_scene.h"
#include "ui/scene/graph_search_bar.h"
#include "ui/scene/graph_view.h"
#include "ui/theme.h"

namespace agv::ui {

namespace {
constexpr int kMaxRecent = 8;
constexpr qreal kReadableZoom = 0.7;  ///< the smallest zoom at which normal-size node text reads

QString readText(const QString& path, bool* ok)
{
    QFile f(path);
    *ok = f.open(QIODevice::ReadOnly | QIODevice::Text);
    return *ok ? QString::fromUtf8(f.readAll()) : QString();
}

/// (value, menu text) of one exclusive choice.
using Choice = std::pair<QString, QString>;

/// Adds exclusive, checkable choices to `menu`, each carrying its value as data; `pick`
/// receives the value of the one triggered.
QActionGroup* addChoices(QMenu* menu, std::initializer_list<Choice> choices, const QString& current,
                         std::function<void(const QString&)> pick)
{
    auto* group = new QActionGroup(menu);
    for (const auto& [value, text] : choices) {
        QAction* a = menu->addAction(text);
        a->setCheckable(true);
        a->setData(value);
        a->setChecked(value == current);
        group->addAction(a);
        QObject::connect(a, &QAction::triggered, menu, [pick, value = value] { pick(value); });
    }
    return group;
}

/// Checks the choice whose value is `value` (none when no choice has it).
void checkChoice(QActionGroup* group, const QString& value)
{
    for (QAction* a : group->actions())
        a->setChecked(a->data().toString() == value);
}
}  // namespace

MainWindow::MainWindow(std::shared_ptr<ScriptRunner> runner, QWidget* parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_player = new Player(this);
    m_runs = new RunController(this);
    m_runs->setRunner(std::move(runner));

    // Centre: start page or graph, with the transport bar underneath.
    auto* centre = new QWidget(this);
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    m_stack = new QStackedWidget(centre);
    m_startPage = new StartPage(m_stack);
    m_scene = new GraphScene(this);
    m_view = new GraphView(m_stack);
    m_view->setObjectName(QStringLiteral("GraphView"));
    m_view->setScene(m_scene);
    m_search = new GraphSearchBar(m_view);
    m_forwardScene = new GraphScene(this);
    m_forwardView = new GraphView(m_stack);
    m_forwardView->setObjectName(QStringLiteral("ForwardGraphView"));
    m_forwardView->setScene(m_forwardScene);
    m_forwardView->setForwardLegend(true);
    m_graphs = new QSplitter(Qt::Horizontal, m_stack);
    m_graphs->setObjectName(QStringLiteral("Graphs"));
    m_graphs->setChildrenCollapsible(false);
    m_graphs->addWidget(m_forwardView);
    m_graphs->addWidget(m_view);
    m_forwardView->hide();
    m_stack->addWidget(m_startPage);
    m_stack->addWidget(m_graphs);
    m_transport = new TransportBar(m_player, centre);
    m_caption = new QLabel(centre);
    m_caption->setObjectName(QStringLiteral("StepCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::RichText);
    m_caption->setContentsMargins(12, 6, 12, 6);
    centreLayout->addWidget(m_stack, 1);
    centreLayout->addWidget(m_caption);
    centreLayout->addWidget(m_transport);
    setCentralWidget(centre);

    m_editor = new CodeEditor(this);
    m_editor->setObjectName(QStringLiteral("CodeEditor"));
    m_inspector = new InspectorPanel(this);
    m_memory = new MemoryChart(this);
    m_console = new QPlainTextEdit(this);
    m_console->setObjectName(QStringLiteral("Console"));
    m_console->setReadOnly(true);
    m_errorPanel = new ErrorPanel(this);
    buildDocks();
    buildActions();

    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0);  // busy indicator: runs report no fraction
    m_progress->setMaximumWidth(160);
    m_progress->setVisible(false);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setVisible(false);
    m_status = new QLabel(this);
    statusBar()->addWidget(m_status, 1);
    m_offerSimulatedGpu = new QPushButton(tr("This script wants a GPU: use the simulated GPU"), this);
    m_offerSimulatedGpu->setVisible(false);
    statusBar()->addPermanentWidget(m_offerSimulatedGpu);
    connect(m_offerSimulatedGpu, &QPushButton::clicked, this, [this] { setGpuMode(QStringLiteral("simulated")); });
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, m_runs, &RunController::cancel);

    connect(m_player, &Player::stepChanged, this, &MainWindow::onStepChanged);
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(m_forwardScene, &QGraphicsScene::selectionChanged, this, [this] { mirrorSelection(m_forwardScene, m_scene); });
    connect(m_scene, &GraphScene::groupExpansionRequested, this, [this](const QString& key) { expandGroupOf(m_scene, key); });
    connect(m_forwardScene, &GraphScene::groupExpansionRequested, this,
            [this](const QString& key) { expandGroupOf(m_forwardScene, key); });
    connect(m_scene, &GraphScene::moduleCollapseRequested, this, [this](trace::Id module) { collapseModuleOf(m_scene, module); });
    connect(m_forwardScene, &GraphScene::moduleCollapseRequested, this,
            [this](trace::Id module) { collapseModuleOf(m_forwardScene, module); });
    connect(m_scene, &GraphScene::runCollapseRequested, this, [this](const QString& key) { collapseRunOf(m_scene, key); });
    connect(m_forwardScene, &GraphScene::runCollapseRequested, this,
            [this](const QString& key) { collapseRunOf(m_forwardScene, key); });
    connect(m_search, &GraphSearchBar::nodeRevealRequested, this, &MainWindow::revealNode);
    connect(m_runs, &RunController::finished, this, &MainWindow::onRunFinished);
    connect(m_runs, &RunController::progress, this, &MainWindow::onRunProgress);
    connect(m_runs, &RunController::runningChanged, this, &MainWindow::onRunningChanged);
    connect(m_errorPanel, &ErrorPanel::frameActivated, this, [this](int line, trace::Id node) {
        onFrameActivated(line, node);
    });
    connect(m_inspector, &InspectorPanel::lineRequested, this, &MainWindow::showCause);
    connect(m_editor, &CodeEditor::lineClicked, this, &MainWindow::selectCreatedOn);
    connect(m_memory, &MemoryChart::stepRequested, m_player, &Player::setStep);
    connect(m_memory, &MemoryChart::tensorRequested, this, &MainWindow::selectTensor);
    connect(m_startPage, &StartPage::openPathRequested, this, &MainWindow::openFile);
    connect(m_startPage, &StartPage::openDialogRequested, this, &MainWindow::openDialog);
    connect(m_startPage, &StartPage::openTraceDialogRequested, this, &MainWindow::openTraceDialog);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &MainWindow::onSourceEdited);
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(900);
    connect(&m_debounce, &QTimer::timeout, this, [this] {
        m_keepPositionOnNextRun = true;
        runScript();
    });

    m_startPage->setDemos(availableDemos());
    rebuildDemoMenu();
    readSettings();
    styleCaption();
    updateTitle();
    showStartPage();
}

MainWindow::~MainWindow()
{
    m_runs->cancel();
    m_runs->waitForIdle();
}

void MainWindow::buildDocks()
{
    auto dock = [this](QWidget* w, const QString& title, const QString& name, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
        addDockWidget(area, d);
        return d;
    };
    m_editorDock = dock(m_editor, tr("Code"), QStringLiteral("CodeDock"), Qt::LeftDockWidgetArea);
    m_inspectorDock = dock(m_inspector, tr("Inspector"), QStringLiteral("InspectorDock"), Qt::RightDockWidgetArea);
    m_errorDock = dock(m_errorPanel, tr("Error"), QStringLiteral("ErrorDock"), Qt::RightDockWidgetArea);
    m_consoleDock = dock(m_console, tr("Console"), QStringLiteral("ConsoleDock"), Qt::BottomDockWidgetArea);
    m_memoryDock = dock(m_memory, tr("Memory"), QStringLiteral("MemoryDock"), Qt::BottomDockWidgetArea);
    splitDockWidget(m_inspectorDock, m_errorDock, Qt::Vertical);
    splitDockWidget(m_consoleDock, m_memoryDock, Qt::Horizontal);
    resizeDocks({m_editorDock, m_inspectorDock}, {520, 470}, Qt::Horizontal);
    resizeDocks({m_consoleDock}, {190}, Qt::Vertical);
    resizeDocks({m_inspectorDock, m_errorDock}, {420, 260}, Qt::Vertical);
}

void MainWindow::buildActions()
{
    auto action = [this](QMenu* menu, const QString& text, const QKeySequence& key, auto slot) {
        auto* a = menu->addAction(text);
        if (!key.isEmpty())
            a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };

    QMenu* file = menuBar()->addMenu(tr("&File"));
    action(file, tr("&Open\u2026"), QKeySequence::Open, [this] { openDialog(); });
    action(file, tr("Open &Trace\u2026"), QKeySequence(tr("Ctrl+Shift+O")), [this] { openTraceDialog(); });
    m_demoMenu = file->addMenu(tr("&Demos"));
    m_recentMenu = file->addMenu(tr("&Recent Files"));
    file->addSeparator();
    action(file, tr("&Save Trace As\u2026"), QKeySequence(tr("Ctrl+Shift+S")), [this] {
        QString format;
        QString path = QFileDialog::getSaveFileName(this, tr("Save trace"), QString(),
                                                    tr("Autograd trace (*.agvtrace);;JSON lines (*.jsonl)"), &format);
        if (path.isEmpty())
            return;
        if (!trace::isTracePath(path.toStdString()))
            path += format.contains(QLatin1String("*.jsonl")) ? QStringLiteral(".jsonl") : QStringLiteral(".agvtrace");
        saveTrace(path);
    });
    action(file, tr("&Export View (SVG/PNG)\u2026"), QKeySequence(tr("Ctrl+E")), [this] { exportDialog(); });
    action(file, tr("Export Graph as &DOT\u2026"), QKeySequence(), [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export DOT"), QString(), tr("Graphviz (*.dot *.gv)"));
        if (!path.isEmpty())
            exportDotFile(path);
    });
    file->addSeparator();
    action(file, tr("&Quit"), QKeySequence::Quit, [this] { close(); });

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    action(run, tr("&Run Script"), QKeySequence(tr("Ctrl+R")), [this] { runScript(); });
    action(run, tr("&Cancel Run"), QKeySequence(tr("Ctrl+.")), [this] { m_runs->cancel(); });
    action(run, tr("Com&pare Runs\u2026"), QKeySequence(tr("Ctrl+Shift+R")), [this] { showCompareRuns(); });
    m_autoRun = run->addAction(tr("Re-run &While Typing"));
    m_autoRun->setCheckable(true);
    m_autoRun->setChecked(true);

    // Playback keys are window shortcuts; the editor keeps them while it has focus
    // (it overrides shortcuts for text keys), so typing is never hijacked.
    // Device: an honest default (what PyTorch itself would find) and the simulated GPU
    // for classrooms without one, labelled as simulated wherever it appears.
    QMenu* device = menuBar()->addMenu(tr("&Device"));
    m_deviceGroup = addChoices(device,
                               {{QStringLiteral("auto"), agv::realCudaPresent()
                                                             ? tr("&Automatic: this machine's GPU")
                                                             : tr("&Automatic: CPU only (no GPU found, as PyTorch sees it)")},
                                {QStringLiteral("simulated"), tr("&Simulated GPU (4 GiB in host memory)")},
                                {QStringLiteral("none"), tr("&CPU Only")}},
                               m_gpuMode, [this](const QString& mode) { setGpuMode(mode); });
    // What the simulated GPU's copies are modelled on: the bandwidth a large copy sees.
    m_pcieGroup = addChoices(device->addMenu(tr("Simulated GPU's &PCIe Link")),
                             {{QStringLiteral("3"), tr("PCIe 3.0 x4, an external GPU (3 GB/s)")},
                              {QStringLiteral("12"), tr("PCIe 3.0 x16 (12 GB/s)")},
                              {QStringLiteral("25"), tr("PCIe 4.0 x16 (25 GB/s)")},
                              {QStringLiteral("50"), tr("PCIe 5.0 x16 (50 GB/s)")}},
                             m_pcieBandwidth, [this](const QString& gigabytes) { setPcieBandwidth(gigabytes); });

    QMenu* play = menuBar()->addMenu(tr("&Playback"));
    action(play, tr("Play / Pause"), QKeySequence(Qt::Key_Space), [this] { m_player->togglePlay(); });
    play->addSeparator();
    action(play, tr("Step Forward"), QKeySequence(Qt::Key_Right), [this] { m_player->stepForward(); });
    action(play, tr("Step Back"), QKeySequence(Qt::Key_Left), [this] { m_player->stepBack(); });
    action(play, tr("Next Line"), QKeySequence(Qt::SHIFT | Qt::Key_Right), [this] { m_player->nextLine(); });
    action(play, tr("Previous Line"), QKeySequence(Qt::SHIFT | Qt::Key_Left), [this] { m_player->previousLine(); });
    action(play, tr("Next Backward Node"), QKeySequence(Qt::CTRL | Qt::Key_Right), [this] { m_player->nextBackwardNode(); });
    action(play, tr("Previous Backward Node"), QKeySequence(Qt::CTRL | Qt::Key_Left),
           [this] { m_player->previousBackwardNode(); });
    m_skipInvisibleAction = play->addAction(tr("Step Only to &Visible Changes"));
    m_skipInvisibleAction->setCheckable(true);
    m_skipInvisibleAction->setChecked(true);
    m_skipInvisibleAction->setToolTip(tr("Step Forward/Back pass over events that only change the memory chart"));
    connect(m_skipInvisibleAction, &QAction::toggled, this, [this](bool on) { m_player->setSkipInvisibleSteps(on); });
    m_quizAction = play->addAction(tr("&Predict, Then Reveal"));
    m_quizAction->setCheckable(true);
    m_quizAction->setToolTip(tr("Play stops before each backward() fills the gradients and before an error, so the "
                                "class can predict the answer; Play or Step Forward reveals it"));
    connect(m_quizAction, &QAction::toggled, this, [this](bool on) {
        m_player->setQuizMode(on);
        m_predictAt = 0;
        updateCaption();
    });
    play->addSeparator();
    action(play, tr("Pin a &Note…"), QKeySequence(Qt::CTRL | Qt::Key_M), [this] { pinNoteDialog(); });
    QAction* removeNotes = new QAction(tr("Remove the Selected Note"), this);
    removeNotes->setShortcut(QKeySequence::Delete);
    removeNotes->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_view->addAction(removeNotes);
    connect(removeNotes, &QAction::triggered, this, [this] {
        for (QGraphicsItem* item : m_scene->selectedItems())
            if (item->type() == NoteItem::Type) {
                removeNote(static_cast<NoteItem*>(item)->index());
                return;
            }
    });
    connect(m_player, &Player::pausedToPredict, this, [this](size_t revealStep) {
        m_predictAt = revealStep - 1;
        updateCaption();
    });
    action(play, tr("Go to Start"), QKeySequence(Qt::Key_Home), [this] { m_player->goToStart(); });
    action(play, tr("Go to End"), QKeySequence(Qt::Key_End), [this] { m_player->goToEnd(); });
    play->addSeparator();
    action(play, tr("Faster"), QKeySequence(Qt::Key_BracketRight), [this] { m_player->setSpeed(m_player->speed() * 2); });
    action(play, tr("Slower"), QKeySequence(Qt::Key_BracketLeft), [this] { m_player->setSpeed(m_player->speed() / 2); });

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_graphModeGroup = new QActionGroup(this);
    const std::pair<GraphMode, QString> modes[] = {{GraphMode::Backward, tr("&Backward Graph (grad_fn Nodes)")},
                                                   {GraphMode::Forward, tr("Forward Graph (&Tensors and Ops)")},
                                                   {GraphMode::SideBySide, tr("Both Grap&hs Side by Side")}};
    int modeKey = Qt::Key_1;
    for (const auto& [mode, text] : modes) {
        QAction* a = m_viewMenu->addAction(text);
        a->setCheckable(true);
        a->setData(static_cast<int>(mode));
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(modeKey++)));
        a->setChecked(mode == GraphMode::Backward);
        m_graphModeGroup->addAction(a);
        const GraphMode chosen = mode;
        connect(a, &QAction::triggered, this, [this, chosen] { setGraphMode(chosen); });
    }
    m_viewMenu->addSeparator();
    action(m_viewMenu, tr("Show &Whole Graph"), QKeySequence(tr("Ctrl+0")), [this] {
        m_followAction->setChecked(false);
        m_view->showWholeGraph();
    });
    m_followAction = m_viewMenu->addAction(tr("&Follow the Current Step"));
    m_followAction->setCheckable(true);
    m_followAction->setChecked(true);
    m_followAction->setShortcut(QKeySequence(tr("Ctrl+Shift+F")));
    m_followAction->setToolTip(tr("When the whole graph would be too small to read, keep a readable zoom and "
                                  "move along with what each step does"));
    connect(m_followAction, &QAction::toggled, this, [this](bool on) {
        m_view->setFollowing(on);
        m_forwardView->setFollowing(on);
    });
    // Text size per mode: a lecturer sets the projector's size once and the desk's size once.
    QAction* larger = action(m_viewMenu, tr("&Larger Text"), QKeySequence(tr("Ctrl+Shift++")), [this] { changeTextScale(1.1); });
    larger->setShortcuts({QKeySequence(tr("Ctrl+Shift++")), QKeySequence(tr("Ctrl+Shift+="))});
    action(m_viewMenu, tr("S&maller Text"), QKeySequence(tr("Ctrl+Shift+-")), [this] { changeTextScale(1 / 1.1); });
    action(m_viewMenu, tr("&Reset Text Size"), QKeySequence(), [this] { changeTextScale(0); });
    action(m_viewMenu, tr("&Find in Graph…"), QKeySequence::Find, [this] {
        showGraph();
        m_search->open();
    });
    action(m_viewMenu, tr("&Collapse Module"), QKeySequence(tr("Ctrl+Shift+C")), [this] { collapseSelectedModule(); })
        ->setToolTip(tr("Draws the nn.Module call holding the selected node as one box"));
    action(m_viewMenu, tr("E&xpand Box"), QKeySequence(tr("Ctrl+Shift+E")), [this] { expandSelectedGroup(); })
        ->setToolTip(tr("Shows the nodes of the selected module call or group of repeats"));
    action(m_viewMenu, tr("Zoom &In"), QKeySequence::ZoomIn, [this] { m_view->zoomBy(1.25); });
    action(m_viewMenu, tr("Zoom &Out"), QKeySequence::ZoomOut, [this] { m_view->zoomBy(0.8); });
    m_viewMenu->addSeparator();
    m_darkAction = m_viewMenu->addAction(tr("&Dark Theme"));
    m_darkAction->setCheckable(true);
    connect(m_darkAction, &QAction::toggled, this, [this](bool on) { setTheme(on, m_presenter); });
    m_presenterAction = m_viewMenu->addAction(tr("&Presenter Mode"));
    m_presenterAction->setCheckable(true);
    m_presenterAction->setShortcut(QKeySequence(Qt::Key_F11));
    connect(m_presenterAction, &QAction::toggled, this, [this](bool on) { setTheme(m_dark, on); });
    QMenu* languages = m_viewMenu->addMenu(tr("Lan&guage"));
    languages->setObjectName(QStringLiteral("LanguageMenu"));
    m_languageGroup = new QActionGroup(this);
    for (const InterfaceLanguage& language : interfaceLanguages()) {
        QAction* a = languages->addAction(language.nativeName);
        a->setCheckable(true);
        a->setData(language.code);
        a->setChecked(language.code == currentLanguage());
        m_languageGroup->addAction(a);
        const QString code = language.code;
        connect(a, &QAction::triggered, this, [this, code] {
            if (code == currentLanguage())
                return;
            rememberLanguage(code);
            Q_EMIT languageChangeRequested(code);
        });
    }
    m_viewMenu->addSeparator();
    action(m_viewMenu, tr("&Start Page"), QKeySequence(), [this] { showStartPage(); });
    m_viewMenu->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>())
        m_viewMenu->addAction(d->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    action(help, tr("&Keyboard Shortcuts"), QKeySequence(Qt::Key_F1), [this] { showShortcuts(); });
    action(help, tr("&About"), QKeySequence(), [this] {
        QMessageBox::about(this, tr("About Autograd Visualizer"),
                           tr("<b>Autograd Visualizer</b> %1<p>Records a PyTorch script run as a trace of autograd "
                              "events and replays it as an animated graph.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

// ---------------------------------------------------------------------------------
// Loading and running

bool MainWindow::openFile(const QString& path)
{
    if (trace::isTracePath(path.toStdString())) {
        const std::string file = path.toStdString();
        m_filePath = path;
        m_fileName = QFileInfo(path).fileName();
        m_status->setText(tr("Loading %1\u2026").arg(m_fileName));
        m_runs->runJob(
            [file](const std::atomic<bool>&, const RunProgress&) {
                RunOutcome out;
                std::string error;
                if (!trace::loadTrace(file, out.recording, &error))
                    throw std::runtime_error(error);
                return out;
            },
            m_editor->toPlainText(), m_fileName, GraphScene::metricsFor(Theme::current()), collapseChoicesOf(m_scene));
        addRecentFile(path);
        return true;
    }
    bool ok = false;
    const QString source = readText(path, &ok);
    if (!ok) {
        m_status->setText(tr("Cannot open %1").arg(path));
        return false;
    }
    m_filePath = path.startsWith(QLatin1String(":/")) ? QString() : path;
    m_fileName = QFileInfo(path).fileName();
    m_scriptWantsGpu = parseDemoHeader(source, path).device.compare(QLatin1String("gpu"), Qt::CaseInsensitive) == 0;
    updateGpuOffer();
    m_settingSource = true;
    m_editor->setPlainText(source);
    m_settingSource = false;
    if (!m_filePath.isEmpty())
        addRecentFile(path);
    updateTitle();
    showGraph();
    if (!runScript())
        m_status->setText(tr("No interpreter is connected to this build: open a recorded trace (.agvtrace, .jsonl) to play it."));
    return true;
}

void MainWindow::setGpuMode(const QString& mode)
{
    m_gpuMode = mode;
    m_runs->setGpuMode(mode.toStdString());
    checkChoice(m_deviceGroup, mode);
    QSettings().setValue(QStringLiteral("gpuMode"), mode);
    updateGpuOffer();
    if (!m_editor->toPlainText().isEmpty() && m_stack->currentWidget() == m_graphs)
        runScript();
}

void MainWindow::setPcieBandwidth(const QString& gigabytesPerSecond)
{
    const bool changed = gigabytesPerSecond != m_pcieBandwidth;
    m_pcieBandwidth = gigabytesPerSecond;
    m_runs->setPcieBandwidth(gigabytesPerSecond.toStdString());
    checkChoice(m_pcieGroup, gigabytesPerSecond);
    QSettings().setValue(QStringLiteral("pcieBandwidth"), gigabytesPerSecond);
    // Only the simulated GPU's copies are modelled: other runs would come out the same.
    if (changed && m_gpuMode == QLatin1String("simulated") && !m_editor->toPlainText().isEmpty() &&
        m_stack->currentWidget() == m_graphs)
        runScript();
}

void MainWindow::updateGpuOffer()
{
    const bool haveGpu = m_gpuMode == QLatin1String("simulated") ||
                         (m_gpuMode == QLatin1String("auto") && agv::realCudaPresent());
    m_offerSimulatedGpu->setVisible(m_scriptWantsGpu && !haveGpu);
}

bool MainWindow::runScript()
{
    if (!m_runs->hasRunner())
        return false;
    const QString fileName = m_fileName.isEmpty() ? QStringLiteral("untitled.py") : m_fileName;
    return m_runs->runScript(m_editor->toPlainText(), fileName, GraphScene::metricsFor(Theme::current()),
                             collapseChoicesOf(m_scene));
}

CompareRunsDialog* MainWindow::showCompareRuns()
{
    if (!m_runs->hasRunner())
        return nullptr;
    if (!m_compare) {
        m_compare = new CompareRunsDialog(this);
        connect(m_compare, &CompareRunsDialog::recordingRequested, this,
                [this](std::shared_ptr<const trace::Recording> recording, const QString& source, const QString& fileName) {
                    const QString configuration =
                        QString::fromStdString(trace::recordedCheckpointOverride(*recording).text());
                    loadRecording(std::move(recording), source, fileName);
                    m_status->setText(tr("Compare Runs: showing the run \u201c%1\u201d").arg(configurationTitle(configuration)));
                    raise();
                    activateWindow();
                });
    }
    // The host runner starts a process per run, so these runs may overlap the window's own.
    const QString fileName = m_fileName.isEmpty() ? QStringLiteral("untitled.py") : m_fileName;
    m_compare->start(m_runs->runner(), m_editor->toPlainText(), fileName);
    m_compare->show();
    m_compare->raise();
    return m_compare;
}

void MainWindow::onSourceEdited()
{
    if (m_settingSource || !m_autoRun || !m_autoRun->isChecked() || !m_runs->hasRunner())
        return;
    m_debounce.start();
}

void MainWindow::onRunningChanged(bool running)
{
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    if (running)
        m_status->setText(tr("Running %1\u2026").arg(m_fileName.isEmpty() ? tr("script") : m_fileName));
}

void MainWindow::onRunFinished(const RunResult& result)
{
    const bool keep = m_keepPositionOnNextRun;
    m_keepPositionOnNextRun = false;
    if (!result.failure.isEmpty()) {
        m_status->setText(tr("Run failed: %1").arg(result.failure));
        qCWarning(lcRun) << "run failed:" << result.failure;
        return;
    }
    if (result.cancelled) {
        // The partial recording stays on screen, at its last step.
        if (result.recording && !result.recording->empty()) {
            m_loadedSource = result.source;
            applyLoaded(result.recording, layoutWithCurrentChoices(result), result.recording->size());
        }
        m_status->setText(tr("Run cancelled after %n event(s)", nullptr,
                             static_cast<int>(result.recording ? result.recording->size() : 0)));
        return;
    }
    // Re-runs while typing keep the playback position when the graph drawn did not change.
    std::shared_ptr<const GraphLayoutModel> layout = layoutWithCurrentChoices(result);
    size_t step = 0;
    const QString signature = layout ? layout->signature() : QString();
    if (keep && m_player->hasRecording())
        step = signature == m_layoutSignature ? m_player->step() : result.recording->size();
    m_loadedSource = result.source;
    applyLoaded(result.recording, std::move(layout), step);
    m_status->setText(tr("%1: %n event(s)", nullptr, static_cast<int>(result.recording->size()))
                          .arg(result.fileName) +
                      (result.exitCode != 0 ? tr(" \u2014 ended with an error") : QString()));
}

void MainWindow::onRunProgress(const RunResult& partial)
{
    // The graph grows live: show the newest partial recording at its last step (big
    // recordings come without a layout: then only the count moves).
    if (partial.layout) {
        m_loadedSource = partial.source;
        applyLoaded(partial.recording, layoutWithCurrentChoices(partial), partial.recording->size());
    }
    m_status->setText(tr("Running %1\u2026 %n event(s) so far", nullptr, static_cast<int>(partial.recording->size()))
                          .arg(partial.fileName));
    Q_EMIT runProgressShown();
}

WindowHandover MainWindow::handOver()
{
    writeSettings();
    WindowHandover h;
    h.filePath = m_filePath;
    h.fileName = m_fileName;
    h.source = m_editor->toPlainText();
    h.loadedSource = m_loadedSource;
    h.recording = m_player->recording();
    h.notes = m_notes;
    h.step = m_player->step();
    h.showingGraph = m_stack->currentWidget() == m_graphs;
    h.wasRunning = m_runs->isRunning() || m_debounce.isActive();
    h.editorModified = m_editor->document()->isModified();
    m_debounce.stop();
    m_runs->cancel();
    return h;
}

void MainWindow::takeOver(const WindowHandover& h)
{
    m_filePath = h.filePath;
    m_fileName = h.fileName;
    m_scriptWantsGpu = parseDemoHeader(h.source, h.fileName).device.compare(QLatin1String("gpu"), Qt::CaseInsensitive) == 0;
    updateGpuOffer();
    if (h.recording) {
        loadRecording(h.recording, h.loadedSource, h.fileName, h.step);
        m_notes = h.notes;
        showNotes();
    }
    if (m_editor->toPlainText() != h.source) {
        m_settingSource = true;
        m_editor->setPlainText(h.source);
        m_settingSource = false;
    }
    m_editor->document()->setModified(h.editorModified);
    updateTitle();
    if (h.showingGraph)
        showGraph();
    else
        showStartPage();
    if (h.wasRunning) {
        m_keepPositionOnNextRun = true;
        runScript();
    }
}

void MainWindow::loadRecording(std::shared_ptr<const trace::Recording> recording, const QString& source,
                               const QString& fileName, size_t step)
{
    m_fileName = fileName;
    m_settingSource = true;
    m_editor->setPlainText(source);
    m_settingSource = false;
    m_loadedSource = source;
    auto layout = RunController::layoutFor(*recording, GraphScene::metricsFor(Theme::current()), collapseChoicesOf(m_scene));
    applyLoaded(std::move(recording), std::move(layout), step);
    updateTitle();
}

void MainWindow::applyLoaded(std::shared_ptr<const trace::Recording> recording, std::shared_ptr<const GraphLayoutModel> layout,
                             size_t step)
{
    m_layoutSignature = layout ? layout->signature() : QString();
    m_forwardLaidOutFor = nullptr;
    m_inspector->setSelection({});
    const QStringList lines = m_loadedSource.split(QLatin1Char('\n'));
    m_inspector->setSourceLines(lines);
    m_errorPanel->setSourceLines(lines);
    m_scene->setLayoutModel(std::move(layout));
    m_memory->setRecording(recording.get());
    // A run on more devices (a GPU, pinned host memory) or with host<->GPU copies needs a
    // taller chart than the first layout gave it: grow the panel, never shrink it.
    if (!m_memoryDock->isHidden() && m_memory->height() < m_memory->sizeHint().height())
        resizeDocks({m_memoryDock}, {m_memoryDock->height() + m_memory->sizeHint().height() - m_memory->height()},
                    Qt::Vertical);
    const std::vector<trace::RecomputeComparison> recomputes =
        recording ? trace::compareRecomputes(*recording) : std::vector<trace::RecomputeComparison>{};
    m_errorPanel->setRecomputeChecks(recomputes);
    m_inspector->setRecomputeChecks(recomputes);
    m_errorPanel->setCutCheckpoints(recording ? trace::findCutCheckpoints(*recording)
                                              : std::vector<trace::CutCheckpoint>{});
    m_errorPanel->setShadowedHooks(recording ? trace::findHooksShadowedByCheckpoints(*recording)
                                             : std::vector<trace::HooksShadowedByCheckpoint>{});
    m_errorShown = false;
    m_notes = recording ? recording->notes() : std::vector<trace::Note>{};
    m_scene->setNotes(m_notes);
    m_player->setRecording(std::move(recording), step);
    showGraph();
    m_view->fitToView();
    if (m_graphMode != GraphMode::Backward)
        m_forwardView->fitToView();
    updateTitle();
    Q_EMIT recordingLoaded();
}

// ---------------------------------------------------------------------------------
// Playback

void MainWindow::showConsole(std::string_view output)
{
    // Playing forward only appends; stepping back or a new run shows the text afresh.
    // Only the tail is shown: a text widget with hundreds of MB is unusable anyway.
    constexpr size_t kShownBytes = 2u << 20;
    const bool clipped = output.size() > kShownBytes;
    std::string_view shown = clipped ? output.substr(output.size() - kShownBytes) : output;
    if (clipped)
        shown = shown.substr(std::min(shown.size(), shown.find('\n') + 1));  // whole lines only
    const void* start = output.data();
    if (!clipped && !m_consoleClipped && start == m_consoleSource && output.size() >= m_consoleShown) {
        if (output.size() > m_consoleShown) {
            QTextCursor end(m_console->document());
            end.movePosition(QTextCursor::End);
            end.insertText(QString::fromUtf8(output.data() + m_consoleShown, static_cast<qsizetype>(output.size() - m_consoleShown)));
            m_console->moveCursor(QTextCursor::End);
        }
    } else if (clipped || start != m_consoleSource || output.size() != m_consoleShown || m_consoleClipped != clipped) {
        QString text = QString::fromUtf8(shown.data(), static_cast<qsizetype>(shown.size()));
        if (clipped)
            text.prepend(tr("[%1 MB of earlier output not shown]\n").arg(static_cast<double>(output.size() - shown.size()) / 1e6, 0, 'f', 1));
        m_console->setPlainText(text);
        m_console->moveCursor(QTextCursor::End);
    }
    m_consoleSource = start;
    m_consoleShown = output.size();
    m_consoleClipped = clipped;
}

void MainWindow::onStepChanged()
{
    const trace::GraphState& s = m_player->state();
    const trace::GraphState* previous = m_player->previousState();
    m_scene->applyState(s, previous, previous ? m_player->animationMs() : 0);
    if (m_graphMode != GraphMode::Backward) {
        ensureForwardLayout();
        m_forwardScene->applyState(s, previous, previous ? m_player->animationMs() : 0);
    }
    m_editor->setCurrentLine(s.line);
    int errorLine = 0;
    if (s.error)
        errorLine = s.error->forwardTrace.empty() ? s.error->line : s.error->forwardTrace.back().line;
    m_editor->setErrorLine(errorLine);
    showConsole(m_player->timeline() ? m_player->timeline()->console(s) : std::string_view());
    m_memory->setStep(m_player->step());
    m_errorPanel->showError(s.error, s, m_player->step());
    const bool problem = s.error || m_errorPanel->shownRecomputeDivergences() > 0;
    if (problem && !m_errorShown) {
        m_errorShown = true;
        m_errorDock->show();
        m_errorDock->raise();
    } else if (!problem) {
        m_errorShown = false;
    }
    m_inspector->showState(s);

    const Theme& theme = Theme::current();
    QString phase = tr("forward");
    QColor phaseColor = theme.accent;
    if (s.error) {
        phase = tr("error: %1").arg(QString::fromStdString(s.error->exceptionType));
        phaseColor = theme.stale;
    } else if (s.recomputeSegment != 0) {  // inside backward: the segment runs again
        phase = tr("\u27f2 recompute of checkpoint %1").arg(s.recomputeSegment);
        phaseColor = theme.recomputeBorder;
    } else if (s.inBackward) {
        phase = s.backwardDepth > 1 ? tr("backward() inside backward()") : tr("backward()");
        phaseColor = theme.gradient;
    } else if (m_player->step() == m_player->stepCount() && m_player->stepCount() > 0) {
        phase = tr("finished");
        phaseColor = theme.accumulateBorder;
    }
    const QString hint = m_player->hasRecording() && m_scene->visibleNodeCount() == 0
                             ? (m_player->step() == 0 ? tr("Press Space to play, → to step, Shift+→ to run a line")
                                                      : tr("No autograd graph yet at this step"))
                             : QString();
    m_view->setOverlay(m_player->hasRecording() ? phase : QString(), phaseColor, hint);
    m_view->setFocusRect(focusRect(s, m_scene));
    if (m_graphMode != GraphMode::Backward) {
        // Side by side, the phase pill is drawn once, over the backward graph.
        m_forwardView->setOverlay(m_player->hasRecording() && m_graphMode == GraphMode::Forward ? phase : QString(),
                                  phaseColor, hint);
        m_forwardView->setFocusRect(focusRect(s, m_forwardScene));
    }
    m_search->refresh();
    updateCaption();
}

void MainWindow::updateCaption()
{
    const size_t step = m_player->step();
    auto recording = m_player->recording();
    QString sentence;
    if (recording && m_player->quizMode() && m_predictAt == step && m_player->revealsAnswer(step + 1))
        sentence = predictionQuestion(step + 1);
    else if (recording && step > 0 && step == recording->size())
        sentence = StepNarration::describeEnd(m_player->state());
    else if (recording && step > 0 && step < recording->size())
        sentence = StepNarration::describe((*recording)[step - 1], m_player->state(),
                                           m_loadedSource.split(QLatin1Char('\n')));
    else if (recording)
        sentence = tr("Before the first event: press Space to play or → to step.");
    for (const trace::Note& note : m_notes)
        if (note.step == step && recording)
            sentence += tr("<br><b>Note:</b> <i>%1</i>").arg(QString::fromStdString(note.text).toHtmlEscaped());
    m_caption->setVisible(recording != nullptr);
    m_caption->setText(sentence);
}

QString MainWindow::predictionQuestion(size_t revealStep) const
{
    const trace::Recording& r = *m_player->recording();
    if (std::holds_alternative<trace::ErrorRaised>(r[revealStep - 1].payload))
        return tr("<b>Predict first:</b> the next step ends this run with an error. Which one, raised where, and why? "
                  "Press Space or → to reveal.");
    QStringList leaves;
    for (const auto& [id, t] : m_player->state().tensors)
        if (t.isLeaf && t.requiresGrad && !t.label.empty() && leaves.size() < 6)
            leaves << QStringLiteral("<b>%1.grad</b>").arg(QString::fromStdString(t.label).toHtmlEscaped());
    return leaves.isEmpty()
               ? tr("<b>Predict first:</b> backward() is about to run. Which gradients will it compute? Press Space or "
                    "→ to reveal.")
               : tr("<b>Predict first:</b> backward() is about to run. What will %1 be? Press Space or → to reveal.")
                     .arg(leaves.join(QStringLiteral(", ")));
}

QRectF MainWindow::focusRect(const trace::GraphState& s, const GraphScene* scene) const
{
    // What this step is about: the failing node, the node backward runs, else the newest node.
    trace::Id node = s.error && s.error->failingNode ? s.error->failingNode : s.inBackward ? s.executingNode : 0;
    if (node == 0) {
        uint64_t newest = 0;
        for (const auto& [id, view] : s.nodes)
            if (view.createdStep >= newest) {
                newest = view.createdStep;
                node = id;
            }
    }
    return scene->nodeRect(node);
}

void MainWindow::onSelectionChanged()
{
    const QList<QGraphicsItem*> selected = m_scene->selectedItems();
    Selection sel;
    if (!selected.isEmpty()) {
        QGraphicsItem* item = selected.first();
        if (auto* f = qgraphicsitem_cast<FunctionNodeItem*>(item))
            sel = {Selection::Kind::Node, f->id()};
        else if (auto* t = qgraphicsitem_cast<TensorNodeItem*>(item))
            sel = {Selection::Kind::Tensor, t->id()};
        else if (auto* b = qgraphicsitem_cast<SavedBadgeItem*>(item))
            sel = {Selection::Kind::Saved, b->savedId()};
    }
    if (sel.kind == Selection::Kind::None)
        return;  // keep showing the last selection when the user clicks the background
    if (m_graphMode != GraphMode::Backward)
        mirrorSelection(m_scene, m_forwardScene);
    // The line that created what was clicked (a saved badge: its node's line).
    const trace::GraphState& s = m_player->state();
    const trace::SavedView* saved = sel.kind == Selection::Kind::Saved ? s.saved.find(sel.id) : nullptr;
    const trace::NodeView* node = sel.kind == Selection::Kind::Node ? s.node(sel.id) : saved ? s.node(saved->node) : nullptr;
    const trace::TensorView* tensor = sel.kind == Selection::Kind::Tensor ? s.tensor(sel.id) : nullptr;
    m_editor->showLine(node ? node->createdLine : tensor ? tensor->createdLine : 0);
    m_memory->setHighlightedTensor(tensor ? tensor->id : saved ? saved->tensor : 0);
    m_inspector->setSelection(sel);
    m_inspector->showState(m_player->state());
    m_inspectorDock->show();
    m_inspectorDock->raise();
}

void MainWindow::showCause(int line, trace::Id node)
{
    m_editor->showLine(line);
    if (const GroupNodeItem* box = m_scene->groupItemOf(node); box && box->isModule())
        revealNode(node);
    if (const QRectF shown = m_scene->nodeRect(node); !shown.isEmpty())
        m_view->reveal(shown);
    if (GraphNodeItem* item = m_scene->itemShowingNode(node); item && item->isVisible())
        item->startFlash(1200);
}

void MainWindow::selectCreatedOn(int line)
{
    if (!m_player->hasRecording() || line <= 0)
        return;
    const trace::GraphState& s = m_player->state();
    QGraphicsItem* best = nullptr;
    uint64_t newest = 0;
    for (const auto& [id, n] : s.nodes)
        if (n.createdLine == line && n.createdStep >= newest)
            if (FunctionNodeItem* item = m_scene->functionItem(id); item && item->isVisible()) {
                best = item;
                newest = n.createdStep;
            }
    if (!best)
        for (const auto& [id, t] : s.tensors)
            if (t.createdLine == line && t.createdStep >= newest)
                if (TensorNodeItem* item = m_scene->tensorItem(id); item && item->isVisible()) {
                    best = item;
                    newest = t.createdStep;
                }
    if (!best)
        return;
    m_scene->clearSelection();
    best->setSelected(true);
    m_view->reveal(best->sceneBoundingRect());
}

void MainWindow::selectTensor(trace::Id tensor)
{
    if (TensorNodeItem* item = m_scene->tensorItem(tensor); item && item->isVisible()) {
        m_scene->clearSelection();
        item->setSelected(true);
        m_view->reveal(item->sceneBoundingRect());
        return;
    }
    // Not drawn (an input that needs no grad, a temporary): the inspector still tells.
    m_memory->setHighlightedTensor(tensor);
    m_inspector->setSelection({Selection::Kind::Tensor, tensor});
    m_inspector->showState(m_player->state());
    m_inspectorDock->show();
}

void MainWindow::onFrameActivated(int line, trace::Id node)
{
    if (line > 0)
        m_editor->setErrorLine(line);
    if (line > 0) {
        QTextCursor c(m_editor->document()->findBlockByNumber(line - 1));
        m_editor->setTextCursor(c);
        m_editor->centerCursor();
    }
    if (const GroupNodeItem* box = m_scene->groupItemOf(node); box && box->isModule())
        revealNode(node);
    if (QGraphicsItem* item = m_scene->selectNode(node))
        m_view->centerOn(item);
}

// ---------------------------------------------------------------------------------
// Export, theme, dialogs, settings

bool MainWindow::exportView(const QString& path, bool wholeGraph, QString* error)
{
    QString why;
    const QRectF source = wholeGraph ? QRectF() : m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    const bool ok = exportScene(m_scene, path, source, &why);
    m_status->setText(ok ? tr("Exported %1").arg(path) : why);
    if (error)
        *error = why;
    return ok;
}

bool MainWindow::exportDotFile(const QString& path, QString* error)
{
    QString why = QStringLiteral("nothing to export: no graph is shown");
    const bool ok = m_scene->layoutModel() && exportDot(*m_scene->layoutModel(), path, &why);
    m_status->setText(ok ? tr("Exported %1").arg(path) : why);
    if (error)
        *error = why;
    return ok;
}

void MainWindow::pinNote(size_t step, trace::Id node, const QString& text)
{
    if (!m_player->hasRecording() || text.trimmed().isEmpty())
        return;
    m_notes.push_back({step, node, text.trimmed().toStdString()});
    showNotes();
}

void MainWindow::removeNote(int index)
{
    if (index < 0 || index >= static_cast<int>(m_notes.size()))
        return;
    m_notes.erase(m_notes.begin() + index);
    showNotes();
}

void MainWindow::showNotes()
{
    m_scene->setNotes(m_notes);
    if (m_forwardLaidOutFor)
        m_forwardScene->setNotes(m_notes);
    if (m_player->hasRecording())
        onStepChanged();
}

void MainWindow::pinNoteDialog()
{
    if (!m_player->hasRecording())
        return;
    trace::Id node = 0;
    for (QGraphicsItem* item : m_scene->selectedItems())
        if (auto* f = qgraphicsitem_cast<FunctionNodeItem*>(item))
            node = f->id();
    bool ok = false;
    const QString text = QInputDialog::getMultiLineText(
        this, tr("Pin a Note"),
        node ? tr("A note on this node, shown from step %1 on and saved with the trace:").arg(m_player->step())
             : tr("A note on step %1, shown from there on and saved with the trace:").arg(m_player->step()),
        QString(), &ok);
    if (ok)
        pinNote(m_player->step(), node, text);
}

bool MainWindow::saveTrace(const QString& path)
{
    if (!m_player->recording())
        return false;
    std::string error;
    const bool ok = trace::saveTrace(*m_player->recording(), path.toStdString(), &error, &m_notes);
    m_status->setText(ok ? tr("Saved %1").arg(path) : QString::fromStdString(error));
    return ok;
}

void MainWindow::exportDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export view"), QString(), tr("SVG (*.svg);;PNG (*.png)"));
    if (!path.isEmpty())
        exportView(path, false);
}

void MainWindow::setTheme(bool dark, bool presenter)
{
    m_dark = dark;
    m_presenter = presenter;
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance()))
        Theme::applyToApplication(*app, Theme::make(dark, presenter, m_textScale[presenter ? 1 : 0]));
    const QSignalBlocker b1(m_darkAction), b2(m_presenterAction);
    m_darkAction->setChecked(dark);
    m_presenterAction->setChecked(presenter);
    m_editor->refreshTheme();
    m_console->setFont(Theme::current().monoFont(10));
    styleCaption();
    m_transport->refreshIcons();
    m_startPage->setDemos(availableDemos());
    // Big type needs a wider editor; the memory chart matters less in a lecture than
    // the height it gives the graph (View > Memory brings it back).
    if (presenter != m_memoryHiddenByPresenter) {
        if (presenter && !m_memoryDock->isHidden()) {
            m_memoryDock->hide();
            m_memoryHiddenByPresenter = true;
        } else if (!presenter && m_memoryHiddenByPresenter) {
            m_memoryDock->show();
            m_memoryHiddenByPresenter = false;
        }
    }
    resizeDocks({m_editorDock, m_inspectorDock}, {presenter ? 640 : 520, presenter ? 520 : 470}, Qt::Horizontal);
    resizeDocks({m_consoleDock}, {presenter ? 170 : 190}, Qt::Vertical);
    // Box sizes depend on the fonts: lay out again, keeping the step.
    if (auto recording = m_player->recording()) {
        const size_t step = m_player->step();
        applyLoaded(recording,
                    RunController::layoutFor(*recording, GraphScene::metricsFor(Theme::current()), collapseChoicesOf(m_scene)),
                    step);
    }
    m_scene->update();
    m_errorPanel->showError(std::nullopt, {});
    m_errorPanel->showError(m_player->state().error, m_player->state(), m_player->step());
}

void MainWindow::changeTextScale(qreal factor)
{
    qreal& scale = m_textScale[m_presenter ? 1 : 0];
    scale = factor == 0 ? 1.0 : std::clamp(scale * factor, Theme::kMinTextScale, Theme::kMaxTextScale);
    setTheme(m_dark, m_presenter);
}

void MainWindow::styleCaption()
{
    const Theme& theme = Theme::current();
    // Bigger type may be shown at a smaller zoom and stay bigger than at the desk: a
    // projector shows more of the graph before "follow" has to crop it.
    m_view->setReadableZoom(kReadableZoom / std::sqrt(theme.fontScale));
    m_forwardView->setReadableZoom(kReadableZoom / std::sqrt(theme.fontScale));
    m_caption->setStyleSheet(QStringLiteral("QLabel#StepCaption { background: %1; color: %2; border-top: 1px solid %3; }")
                                 .arg(theme.panelBackground.name(), theme.text.name(), theme.functionBorder.name()));
    QFont captionFont = QApplication::font();
    captionFont.setPointSizeF(captionFont.pointSizeF() * 1.1);
    m_caption->setFont(captionFont);
    m_caption->setMinimumHeight(QFontMetrics(captionFont).lineSpacing() * 2 + 12);
}

void MainWindow::showAsRemembered()
{
    if (QSettings().contains(QStringLiteral("geometry")))
        show();
    else
        showMaximized();  // first start: all of the screen for the graph
}

void MainWindow::showStartPage() { m_stack->setCurrentWidget(m_startPage); }
void MainWindow::showGraph() { m_stack->setCurrentWidget(m_graphs); }

void MainWindow::setGraphMode(GraphMode mode)
{
    m_graphMode = mode;
    for (QAction* a : m_graphModeGroup->actions())
        a->setChecked(a->data().toInt() == static_cast<int>(mode));
    m_view->setVisible(mode != GraphMode::Forward);
    m_forwardView->setVisible(mode != GraphMode::Backward);
    if (mode == GraphMode::SideBySide)
        m_graphs->setSizes({m_graphs->width() / 2, m_graphs->width() / 2});
    ensureForwardLayout();
    if (m_player->hasRecording())
        onStepChanged();  // the overlay and the focus of the views now shown
    if (mode != GraphMode::Backward)
        m_forwardView->fitToView();
    if (mode != GraphMode::Forward)
        m_view->fitToView();
}

void MainWindow::ensureForwardLayout()
{
    const auto recording = m_player->recording();
    if (m_graphMode == GraphMode::Backward || !recording || recording.get() == m_forwardLaidOutFor)
        return;
    m_forwardLaidOutFor = recording.get();
    m_forwardScene->setLayoutModel(
        RunController::forwardLayoutFor(*recording, GraphScene::metricsFor(Theme::current()), collapseChoicesOf(m_forwardScene)));
    m_forwardScene->setNotes(m_notes);
    m_forwardView->fitToView();  // the callers apply the state (onStepChanged)
}

void MainWindow::showGraphModel(GraphScene* scene, GraphLayoutModel model, trace::Id around)
{
    if (const GraphLayoutModel* before = scene->layoutModel())
        (scene == m_scene ? m_backwardChoices : m_forwardChoices).noteChange(*before, model);
    auto shown = std::make_shared<GraphLayoutModel>(std::move(model));
    layoutGraph(*shown);
    // A re-run that draws this very graph keeps the playback position (onRunFinished).
    if (scene == m_scene)
        m_layoutSignature = shown->signature();
    scene->setLayoutModel(std::move(shown));
    scene->setNotes(m_notes);
    onStepChanged();
    GraphView* view = scene == m_scene ? m_view : m_forwardView;
    if (const GraphNodeItem* item = scene->itemShowingNode(around); item && item->isVisible())
        view->reveal(item->sceneBoundingRect());
}

const CollapseChoices& MainWindow::collapseChoicesOf(GraphScene* scene)
{
    // Choices belong to one script: another file opens as it opens.
    if (m_choicesFileName != m_fileName) {
        m_backwardChoices.clear();
        m_forwardChoices.clear();
        m_choicesFileName = m_fileName;
    }
    return scene == m_scene ? m_backwardChoices : m_forwardChoices;
}

std::shared_ptr<const GraphLayoutModel> MainWindow::layoutWithCurrentChoices(const RunResult& result)
{
    const CollapseChoices& choices = collapseChoicesOf(m_scene);
    if (!result.layout || !result.recording || result.choices == choices)
        return result.layout;
    // The user collapsed or expanded something while the run went on: what they see now wins.
    return RunController::layoutFor(*result.recording, GraphScene::metricsFor(Theme::current()), choices);
}

void MainWindow::expandGroupOf(GraphScene* scene, const QString& groupKey)
{
    const GraphLayoutModel* model = scene->layoutModel();
    const int index = model ? model->indexOfGroup(groupKey) : -1;
    if (index < 0)
        return;
    // Where the group was: its first node, now drawn (or its first repetition's).
    const Id firstNode = model->nodes[index].group->nodes.empty() ? 0 : model->nodes[index].group->nodes.front();
    showGraphModel(scene, expandGroupItem(*model, groupKey, GraphScene::metricsFor(Theme::current())), firstNode);
}

void MainWindow::collapseModuleOf(GraphScene* scene, trace::Id module)
{
    const GraphLayoutModel* model = scene->layoutModel();
    if (!model || !model->modules.count(module))
        return;
    GraphLayoutModel collapsed = collapseModule(*model, module, GraphScene::metricsFor(Theme::current()));
    const int box = collapsed.indexOfGroup(QStringLiteral("m%1").arg(module));
    const Id inside = box >= 0 && !collapsed.nodes[box].group->nodes.empty() ? collapsed.nodes[box].group->nodes.front() : 0;
    showGraphModel(scene, std::move(collapsed), inside);
    // The box is selected: the shortcut again collapses the call that made this one.
    if (GraphNodeItem* item = scene->itemShowingNode(inside); item && item->isVisible()) {
        scene->clearSelection();
        item->setSelected(true);
    }
}

void MainWindow::collapseRunOf(GraphScene* scene, const QString& groupKey)
{
    const GraphLayoutModel* model = scene->layoutModel();
    if (!model || !model->expandedRuns.count(groupKey))
        return;
    const LayoutGroup& run = *model->expandedRuns.at(groupKey);
    const Id first = run.nodes.empty() ? 0 : run.nodes.front();
    showGraphModel(scene, collapseExpandedRun(*model, groupKey, GraphScene::metricsFor(Theme::current())), first);
    // The group is selected, as a collapsed call's box is.
    if (GraphNodeItem* item = scene->itemShowingNode(first); item && item->isVisible()) {
        scene->clearSelection();
        item->setSelected(true);
    }
}

void MainWindow::collapseSelectedModule()
{
    for (GraphScene* scene : {m_scene, m_forwardScene}) {
        const QList<QGraphicsItem*> selected = scene->selectedItems();
        auto* node = selected.isEmpty() ? nullptr : dynamic_cast<GraphNodeItem*>(selected.first());
        if (node && scene->layoutModel()) {
            if (const Id module = moduleToCollapse(*scene->layoutModel(), node->layoutIndex()))
                collapseModuleOf(scene, module);
            else if (const auto runs = scene->expandedRunFramesHolding(node->layoutIndex()); !runs.empty())
                collapseRunOf(scene, QString(runs.front()->runKey()));  // a copy: the collapse deletes the frame
            return;
        }
    }
}

void MainWindow::expandSelectedGroup()
{
    for (GraphScene* scene : {m_scene, m_forwardScene}) {
        const QList<QGraphicsItem*> selected = scene->selectedItems();
        if (auto* group = selected.isEmpty() ? nullptr : qgraphicsitem_cast<GroupNodeItem*>(selected.first())) {
            expandGroupOf(scene, group->key());
            return;
        }
    }
}

void MainWindow::revealNode(trace::Id node)
{
    const GroupNodeItem* box = m_scene->groupItemOf(node);
    if (box && box->isModule())
        showGraphModel(m_scene, expandModulesHolding(*m_scene->layoutModel(), node, GraphScene::metricsFor(Theme::current())),
                       node);
    if (QGraphicsItem* item = m_scene->selectNode(node)) {
        m_view->reveal(item->sceneBoundingRect());
        m_search->refresh();
    }
}

void MainWindow::mirrorSelection(GraphScene* source, GraphScene* target)
{
    if (m_mirroringSelection)
        return;
    const QList<QGraphicsItem*> selected = source->selectedItems();
    if (selected.isEmpty())
        return;
    QGraphicsItem* twin = nullptr;
    Selection only;
    if (auto* f = qgraphicsitem_cast<FunctionNodeItem*>(selected.first())) {
        twin = target->functionItem(f->id());
        only = {Selection::Kind::Node, f->id()};
    } else if (auto* t = qgraphicsitem_cast<TensorNodeItem*>(selected.first())) {
        twin = target->tensorItem(t->id());
        only = {Selection::Kind::Tensor, t->id()};
    } else if (auto* b = qgraphicsitem_cast<SavedBadgeItem*>(selected.first())) {
        twin = target->badgeItem(b->savedId());
        only = {Selection::Kind::Saved, b->savedId()};
    }
    m_mirroringSelection = true;
    target->clearSelection();
    if (twin)
        twin->setSelected(true);
    m_mirroringSelection = false;
    if (source == m_forwardScene) {
        // The backward scene drives the inspector (a twin's selection reached it through
        // m_scene's signal); a tensor only the forward graph draws (an unnamed
        // intermediate result) is shown directly.
        if (!twin && only.kind != Selection::Kind::None) {
            m_inspector->setSelection(only);
            m_inspector->showState(m_player->state());
        }
        if (m_graphMode == GraphMode::SideBySide && twin)
            m_view->centerOn(twin);
    } else if (twin && m_graphMode == GraphMode::SideBySide) {
        m_forwardView->centerOn(twin);
    }
}

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open"), QString(),
                                                      tr("PyTorch scripts (*.py);;Traces (*.agvtrace *.jsonl);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::openTraceDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open trace"), QString(), tr("Traces (*.agvtrace *.jsonl)"));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::showShortcuts()
{
    QMessageBox box(this);
    box.setWindowTitle(tr("Keyboard shortcuts"));
    box.setTextFormat(Qt::RichText);
    QString text = tr("<table cellpadding=3>"
                   "<tr><td><b>Space</b></td><td>play / pause</td></tr>"
                   "<tr><td><b>Right / Left</b></td><td>step forward / back one event</td></tr>"
                   "<tr><td><b>Shift+Right / Left</b></td><td>next / previous source line (inside backward: "
                   "node by node)</td></tr>"
                   "<tr><td><b>Ctrl+Right / Left</b></td><td>next / previous backward node</td></tr>"
                   "<tr><td><b>Home / End</b></td><td>start / end of the run</td></tr>"
                   "<tr><td><b>[ / ]</b></td><td>slower / faster</td></tr>"
                   "<tr><td><b>Ctrl+R</b></td><td>run the script again</td></tr>"
                   "<tr><td><b>Ctrl+F</b></td><td>find a tensor, node or module in the graph (Enter: next, "
                   "Shift+Enter: previous, Esc: close)</td></tr>"
                   "<tr><td><b>Ctrl+0</b></td><td>show the whole graph (wheel zooms, drag pans)</td></tr>"
                   "<tr><td><b>Ctrl+Shift+F</b></td><td>follow the current step on a big graph</td></tr>"
                   "<tr><td><b>F11</b></td><td>presenter mode</td></tr>"
                   "<tr><td><b>Ctrl+Shift+Plus / Minus</b></td><td>larger / smaller text (kept per mode)</td></tr>"
                   "<tr><td><b>Ctrl+E</b></td><td>export view as SVG / PNG</td></tr>"
                   "</table><p>Playback keys work when the graph has focus; the editor keeps them while you type.</p>");
    text.replace(QStringLiteral("</table>"),
                 tr("<tr><td><b>Ctrl+1 / 2 / 3</b></td><td>backward graph / forward graph / both side by side</td></tr>") +
                     tr("<tr><td><b>Ctrl+Shift+R</b></td><td>compare runs: as written, checkpointing off and each "
                        "checkpoint_sequential segment count</td></tr>") +
                     tr("<tr><td><b>Ctrl+Shift+C / E</b></td><td>collapse the module call holding the selected node "
                        "into one box / expand the selected box (or click a module's title, double-click a box)</td></tr>") +
                     QStringLiteral("</table>"));
    box.setText(text);
    box.exec();
}

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString& file : recent)
        connect(m_recentMenu->addAction(QFileInfo(file).fileName()), &QAction::triggered, this, [this, file] { openFile(file); });
    m_recentMenu->setEnabled(!recent.isEmpty());
    m_startPage->setRecentFiles(recent);
}

void MainWindow::rebuildDemoMenu()
{
    m_demoMenu->clear();
    const QList<DemoInfo> demos = availableDemos();
    for (const DemoInfo& demo : demos) {
        QAction* a = m_demoMenu->addAction(demo.title);
        a->setToolTip(demo.watch);
        const QString path = demo.path;
        connect(a, &QAction::triggered, this, [this, path] { openFile(path); });
    }
    m_demoMenu->setEnabled(!demos.isEmpty());
}

void MainWindow::readSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    m_autoRun->setChecked(settings.value(QStringLiteral("autoRun"), true).toBool());
    m_player->setSpeed(settings.value(QStringLiteral("speed"), 1.0).toDouble());
    const bool dark = settings.value(QStringLiteral("dark"), false).toBool();
    const bool presenter = settings.value(QStringLiteral("presenter"), false).toBool();
    m_textScale[0] = settings.value(QStringLiteral("textScale/normal"), 1.0).toDouble();
    m_textScale[1] = settings.value(QStringLiteral("textScale/presenter"), 1.0).toDouble();
    const QString gpu = settings.value(QStringLiteral("gpuMode"), QStringLiteral("auto")).toString();
    m_followAction->setChecked(settings.value(QStringLiteral("followStep"), true).toBool());
    m_skipInvisibleAction->setChecked(settings.value(QStringLiteral("skipInvisibleSteps"), true).toBool());
    m_quizAction->setChecked(settings.value(QStringLiteral("predictThenReveal"), false).toBool());
    setGraphMode(static_cast<GraphMode>(std::clamp(settings.value(QStringLiteral("graphMode"), 0).toInt(), 0, 2)));
    const QString pcie = settings.value(QStringLiteral("pcieBandwidth"), m_pcieBandwidth).toString();
    uint64_t bytesPerSecond = 0;  // a hand-edited setting the host would refuse never reaches it
    if (agv::parsePcieBandwidth(pcie.toStdString(), bytesPerSecond).empty()) {
        m_pcieBandwidth = pcie;
        m_runs->setPcieBandwidth(pcie.toStdString());
        checkChoice(m_pcieGroup, pcie);
    }
    if (gpu == QLatin1String("simulated") || gpu == QLatin1String("none")) {
        m_gpuMode = gpu;
        m_runs->setGpuMode(gpu.toStdString());
        checkChoice(m_deviceGroup, gpu);
    }
    if (dark != m_dark || presenter != m_presenter || m_textScale[presenter ? 1 : 0] != 1.0)
        setTheme(dark, presenter);
    rebuildRecentMenu();
}

void MainWindow::writeSettings()
{
    QSettings settings;
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("followStep"), m_followAction->isChecked());
    settings.setValue(QStringLiteral("skipInvisibleSteps"), m_skipInvisibleAction->isChecked());
    settings.setValue(QStringLiteral("predictThenReveal"), m_quizAction->isChecked());
    settings.setValue(QStringLiteral("graphMode"), static_cast<int>(m_graphMode));
    settings.setValue(QStringLiteral("windowState"), saveState());
    settings.setValue(QStringLiteral("autoRun"), m_autoRun->isChecked());
    settings.setValue(QStringLiteral("speed"), m_player->speed());
    settings.setValue(QStringLiteral("dark"), m_dark);
    settings.setValue(QStringLiteral("presenter"), m_presenter);
    settings.setValue(QStringLiteral("textScale/normal"), m_textScale[0]);
    settings.setValue(QStringLiteral("textScale/presenter"), m_textScale[1]);
}

void MainWindow::updateTitle()
{
    setWindowTitle(m_fileName.isEmpty() ? tr("Autograd Visualizer") : tr("%1 \u2014 Autograd Visualizer").arg(m_fileName));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    writeSettings();
    m_runs->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile() && (url.toLocalFile().endsWith(QLatin1String(".py")) || trace::isTracePath(url.toLocalFile().toStdString()))) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile()) {
            openFile(url.toLocalFile());
            event->acceptProposedAction();
            return;
        }
}

}  // namespace agv::ui
