#pragma once
// Runs a ScriptRunner (or loads a trace) on a worker thread, then computes the final
// graph and its Graphviz layout there too, so the window never freezes. A new request
// cancels the one in flight; only the latest run's results are delivered. While a run
// goes on, partial recordings are laid out and delivered as `progress`.

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

#include "ui/graph/collapse_choices.h"
#include "ui/graph/graph_layout_model.h"
#include "ui/run/script_runner.h"

class QThread;

namespace agv::ui {

struct RunResult {
    std::shared_ptr<const trace::Recording> recording;
    std::shared_ptr<const GraphLayoutModel> layout;
    CollapseChoices choices;  ///< the collapse choices `layout` was drawn with
    int exitCode = 0;
    bool cancelled = false;
    QString failure;   ///< the job itself failed (runner threw, file unreadable)
    QString source;    ///< script text the recording belongs to
    QString fileName;
    quint64 generation = 0;
};

class RunController : public QObject {
    Q_OBJECT
public:
    using Job = std::function<RunOutcome(const std::atomic<bool>& cancel, const RunProgress& progress)>;

    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    void setRunner(std::shared_ptr<ScriptRunner> runner) { m_runner = std::move(runner); }
    bool hasRunner() const { return m_runner != nullptr; }
    std::shared_ptr<ScriptRunner> runner() const { return m_runner; }
    /// The device of the runs that start from now on (ScriptRunner::setGpuMode).
    void setGpuMode(const std::string& mode)
    {
        if (m_runner)
            m_runner->setGpuMode(mode);
    }
    /// The simulated GPU's PCIe bandwidth of the runs that start from now on, in GB/s.
    void setPcieBandwidth(const std::string& gigabytesPerSecond)
    {
        if (m_runner)
            m_runner->setPcieBandwidth(gigabytesPerSecond);
    }
    bool isRunning() const { return m_thread != nullptr; }

    /// Runs the script with the runner (no-op returning false without one); its graph is
    /// drawn with `choices` applied (Note [Collapse choices survive a re-run]).
    bool runScript(const QString& source, const QString& fileName, const LayoutMetrics& metrics,
                   const CollapseChoices& choices = {});
    /// Runs any job producing a recording (e.g. loading a .jsonl trace).
    void runJob(Job job, const QString& source, const QString& fileName, const LayoutMetrics& metrics,
                const CollapseChoices& choices = {});
    void cancel();
    /// Blocks until the current job ends (used on shutdown and in tests).
    void waitForIdle();

    /// The whole pipeline, synchronously: fold the final graph, apply `choices` to the graph
    /// as it opens, and lay that out, once.
    static std::shared_ptr<GraphLayoutModel> layoutFor(const trace::Recording& recording, const LayoutMetrics& metrics,
                                                       const CollapseChoices& choices = {});
    /// The forward computation graph of the same recording, likewise (synchronously).
    static std::shared_ptr<GraphLayoutModel> forwardLayoutFor(const trace::Recording& recording, const LayoutMetrics& metrics,
                                                              const CollapseChoices& choices = {});

Q_SIGNALS:
    void runningChanged(bool running);
    void finished(const agv::ui::RunResult& result);
    /// A partial recording of the run in flight (laid out), so the graph grows live.
    void progress(const agv::ui::RunResult& partial);

private:
    void startNext();

    struct Request {
        Job job;
        QString source, fileName;
        LayoutMetrics metrics;
        CollapseChoices choices;
    };
    std::shared_ptr<ScriptRunner> m_runner;
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::unique_ptr<Request> m_pending;
    quint64 m_generation = 0;
};

}  // namespace agv::ui
