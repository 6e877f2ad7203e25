#pragma once
// The main window: graph view in the centre with the transport bar, docks for the
// code editor, inspector, memory chart, console and error explainer.

#include <QMainWindow>
#include <QTimer>

#include <memory>
#include <string_view>

#include "core/trace/recording.h"
#include "ui/graph/collapse_choices.h"
#include "ui/panels/inspector_panel.h"
#include "ui/run/run_controller.h"

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSplitter;
class QStackedWidget;

namespace agv::ui {

class CodeEditor;
class ErrorPanel;
class GraphScene;
class GraphSearchBar;
class GraphView;
class MemoryChart;
class Player;
class ScriptRunner;
class CompareRunsDialog;
class StartPage;
class TransportBar;

/// What a window hands to the one replacing it when the interface language changes:
/// the open script (edits included), its recording and the step on screen.
struct WindowHandover {
    QString filePath;
    QString fileName;
    QString source;        ///< the editor's text
    QString loadedSource;  ///< the source the recording came from
    std::shared_ptr<const trace::Recording> recording;
    std::vector<trace::Note> notes;
    size_t step = 0;
    bool showingGraph = false;
    bool wasRunning = false;  ///< a run was cancelled by the handover: the successor runs again
    bool editorModified = false;
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// Which graphs the centre shows: the backward graph of grad_fn nodes, the forward
    /// graph of tensors and ops, or both side by side (View menu, Ctrl+1/2/3).
    enum class GraphMode { Backward, Forward, SideBySide };

    /// `runner` may be null: scripts then cannot run, but traces can be opened.
    explicit MainWindow(std::shared_ptr<ScriptRunner> runner = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    /// .py: shown in the editor and run; .agvtrace or .jsonl: loaded as a recorded trace.
    bool openFile(const QString& path);
    /// Shows a finished recording (layout computed synchronously). Used by tests and
    /// the headless export; interactive runs go through RunController.
    void loadRecording(std::shared_ptr<const trace::Recording> recording, const QString& source, const QString& fileName,
                       size_t step = 0);
    /// Runs the editor's script with the runner (Ctrl+R). Returns false without a runner.
    bool runScript();

    /// `error` (optional) says what failed: the format, the folder, the image size.
    bool exportView(const QString& path, bool wholeGraph = true, QString* error = nullptr);
    bool exportDotFile(const QString& path, QString* error = nullptr);
    bool saveTrace(const QString& path);

    /// Device menu: "auto" (a real GPU when present, else CPU only, as PyTorch),
    /// "simulated" (a GPU simulated in host memory) or "none". Remembered; re-runs the script.
    void setGpuMode(const QString& mode);
    QString gpuMode() const { return m_gpuMode; }
    /// Device > PCIe Link: the simulated GPU's bandwidth in GB/s ("25"), what its copies
    /// are modelled on (Note [Modelled PCIe time]). Remembered; re-runs a script that runs
    /// on the simulated GPU.
    void setPcieBandwidth(const QString& gigabytesPerSecond);
    QString pcieBandwidth() const { return m_pcieBandwidth; }
    /// Shown when the open script's header says `# Device: gpu` and no GPU is in use.
    QPushButton* simulatedGpuOffer() const { return m_offerSimulatedGpu; }

    void setTheme(bool dark, bool presenter);
    bool isDark() const { return m_dark; }
    bool isPresenter() const { return m_presenter; }
    qreal textScale() const { return m_textScale[m_presenter ? 1 : 0]; }
    /// Shows the window as it was left, or maximised on the very first start.
    void showAsRemembered();
    void showStartPage();
    void showGraph();

    /// Pins a lecturer's note to `node` (0: to the step itself) from `step` on; saved with
    /// the trace (File > Save Trace) and drawn in exports.
    void pinNote(size_t step, trace::Id node, const QString& text);
    /// Selects grad_fn node `node` in the backward graph and brings it into view,
    /// expanding the module calls collapsed around it (Note [Collapsed modules]).
    void revealNode(trace::Id node);
    void removeNote(int index);
    const std::vector<trace::Note>& notes() const { return m_notes; }

    /// Saves the settings, stops any run and returns what a successor needs to carry on.
    WindowHandover handOver();
    void takeOver(const WindowHandover& handover);

    Player* player() const { return m_player; }
    GraphScene* scene() const { return m_scene; }
    GraphView* graphView() const { return m_view; }
    GraphScene* forwardScene() const { return m_forwardScene; }
    GraphView* forwardView() const { return m_forwardView; }
    void setGraphMode(GraphMode mode);
    GraphMode graphMode() const { return m_graphMode; }
    InspectorPanel* inspector() const { return m_inspector; }
    CodeEditor* editor() const { return m_editor; }
    ErrorPanel* errorPanel() const { return m_errorPanel; }
    MemoryChart* memoryChart() const { return m_memory; }
    /// Selects a tensor in the graph (or, when it is not drawn, in the inspector): what a
    /// click on the memory chart asks for.
    void selectTensor(trace::Id tensor);
    QPlainTextEdit* console() const { return m_console; }
    TransportBar* transportBar() const { return m_transport; }
    /// The sentence under the graph saying what the current step did (see StepNarration).
    QLabel* stepCaption() const { return m_caption; }
    /// Playback > Predict, Then Reveal.
    QAction* quizAction() const { return m_quizAction; }
    GraphSearchBar* searchBar() const { return m_search; }
    StartPage* startPage() const { return m_startPage; }
    RunController* runController() const { return m_runs; }
    /// Run > Compare Runs: runs the editor's script in every checkpoint configuration in a
    /// window of its own (ui/compare/); null without a runner.
    CompareRunsDialog* showCompareRuns();

Q_SIGNALS:
    void recordingLoaded();
    /// A partial recording of a running script was shown (the graph grows live).
    void runProgressShown();
    /// View > Language: the user picked another interface language (already remembered).
    void languageChangeRequested(const QString& code);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildActions();
    void buildDocks();
    void onStepChanged();
    /// Shows the script's output up to the current step (see Note [Console by offset]).
    void showConsole(std::string_view output);
    void updateCaption();
    /// The question the caption asks while playback waits before `revealStep` (quiz mode).
    QString predictionQuestion(size_t revealStep) const;
    void styleCaption();
    /// Larger/Smaller Text: multiplies the current mode's text scale (0 resets it).
    void changeTextScale(qreal factor);
    /// Scene rectangle of what the current step is about (see GraphView::setFocusRect).
    QRectF focusRect(const trace::GraphState& s, const GraphScene* scene) const;
    void onSelectionChanged();
    /// Selects in `target` what is selected in `source` (same node, tensor or badge).
    void mirrorSelection(GraphScene* source, GraphScene* target);
    /// Lays out the forward graph of the current recording if it is shown and stale.
    void ensureForwardLayout();
    /// Lays out `model`, draws it in `scene` at the current step and brings the item
    /// showing node `around` into view.
    void showGraphModel(GraphScene* scene, GraphLayoutModel model, trace::Id around);
    /// What the user collapsed and expanded in `scene`, for the next graph drawn there (Note
    /// [Collapse choices survive a re-run]); forgotten when another script is open.
    const CollapseChoices& collapseChoicesOf(GraphScene* scene);
    /// The layout of a run's `result`: the one its thread laid out with the collapse
    /// choices, or, when the user changed them since the run started, a layout with theirs.
    std::shared_ptr<const GraphLayoutModel> layoutWithCurrentChoices(const RunResult& result);
    /// Shows the nodes of a collapsed group of `scene`: a run of repeats (Note [Collapsed
    /// repeats]) or a module call (Note [Collapsed modules]).
    void expandGroupOf(GraphScene* scene, const QString& groupKey);
    /// Draws module call `module` of `scene` as one box (Note [Collapsed modules]).
    void collapseModuleOf(GraphScene* scene, trace::Id module);
    /// Draws the expanded run of repeats `groupKey` of `scene` as its group again (Note
    /// [Collapsed repeats]).
    void collapseRunOf(GraphScene* scene, const QString& groupKey);
    /// Collapses the innermost module call holding the selected item (or, outside any
    /// call, the innermost expanded run of repeats holding it).
    void collapseSelectedModule();
    void expandSelectedGroup();
    /// Asks for a note's text and pins it to the selected node, or to the current step.
    void pinNoteDialog();
    void showNotes();
    void onRunFinished(const RunResult& result);
    void onRunProgress(const RunResult& partial);
    void onRunningChanged(bool running);
    void onSourceEdited();
    void onFrameActivated(int line, trace::Id node);
    /// Cause and effect: show `line` in the editor and flash `node` without selecting it.
    void showCause(int line, trace::Id node);
    /// A click into the editor selects what that line created (its newest node or tensor).
    void selectCreatedOn(int line);
    void applyLoaded(std::shared_ptr<const trace::Recording> recording, std::shared_ptr<const GraphLayoutModel> layout,
                     size_t step);
    void openDialog();
    void openTraceDialog();
    void exportDialog();
    void showShortcuts();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void updateGpuOffer();
    void rebuildDemoMenu();
    void readSettings();
    void writeSettings();
    void updateTitle();

    Player* m_player;
    RunController* m_runs;
    GraphScene* m_scene;
    GraphView* m_view;
    GraphScene* m_forwardScene;
    GraphView* m_forwardView;
    QSplitter* m_graphs;
    GraphMode m_graphMode = GraphMode::Backward;
    const trace::Recording* m_forwardLaidOutFor = nullptr;  ///< the recording m_forwardScene shows
    bool m_mirroringSelection = false;
    QActionGroup* m_graphModeGroup = nullptr;
    QStackedWidget* m_stack;
    StartPage* m_startPage;
    TransportBar* m_transport;
    QLabel* m_caption;
    GraphSearchBar* m_search;
    CodeEditor* m_editor;
    InspectorPanel* m_inspector;
    MemoryChart* m_memory;
    QPlainTextEdit* m_console;
    ErrorPanel* m_errorPanel;
    QDockWidget* m_editorDock = nullptr;
    QDockWidget* m_inspectorDock = nullptr;
    QDockWidget* m_memoryDock = nullptr;
    QDockWidget* m_consoleDock = nullptr;
    QDockWidget* m_errorDock = nullptr;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QPushButton* m_offerSimulatedGpu = nullptr;
    QLabel* m_status;
    QString m_gpuMode = QStringLiteral("auto");
    QActionGroup* m_deviceGroup = nullptr;
    QString m_pcieBandwidth = QStringLiteral("25");
    QActionGroup* m_pcieGroup = nullptr;
    bool m_scriptWantsGpu = false;  ///< the open script's header says `# Device: gpu`
    QMenu* m_recentMenu = nullptr;
    QMenu* m_demoMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QAction* m_autoRun = nullptr;
    QAction* m_darkAction = nullptr;
    QAction* m_presenterAction = nullptr;
    QAction* m_followAction = nullptr;
    QAction* m_skipInvisibleAction = nullptr;
    QAction* m_quizAction = nullptr;
    std::vector<trace::Note> m_notes;  ///< the lecturer's, for the recording on screen
    size_t m_predictAt = 0;  ///< step held for the class to predict the next one (0: none)
    QActionGroup* m_languageGroup = nullptr;
    QTimer m_debounce;
    CompareRunsDialog* m_compare = nullptr;

    QString m_fileName;
    QString m_filePath;
    QString m_loadedSource;  ///< the source the current recording came from
    QString m_layoutSignature;
    CollapseChoices m_backwardChoices;  ///< of m_scene
    CollapseChoices m_forwardChoices;   ///< of m_forwardScene
    QString m_choicesFileName;          ///< the script the choices were made in
    bool m_dark = false;
    bool m_presenter = false;
    bool m_memoryHiddenByPresenter = false;
    qreal m_textScale[2] = {1.0, 1.0};  ///< normal, presenter
    bool m_settingSource = false;
    bool m_errorShown = false;
    bool m_keepPositionOnNextRun = false;
    const void* m_consoleSource = nullptr;  ///< the Timeline text the console shows a prefix of
    size_t m_consoleShown = 0;              ///< bytes of it shown
    bool m_consoleClipped = false;
};

}  // namespace agv::ui
