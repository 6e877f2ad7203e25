#pragma once
// Runs one script in several checkpoint configurations, one after another, through a
// ScriptRunner (each a fresh host process): as written, with checkpointing off, and —
// when the script calls checkpoint_sequential — with each segment count from 1 to its
// number of functions (learnt from the "off" run's recording). Cancellable; a run that
// fails keeps its error and the next one starts.

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

#include "core/trace/run_metrics.h"
#include "ui/run/script_runner.h"

class QThread;

namespace agv::ui {

struct ConfigurationRun {
    QString configuration;  ///< as --checkpoint-config spells it: "as-written", "off", "segments=3"
    enum class State { Waiting, Running, Done, Failed, Cancelled };
    State state = State::Waiting;
    std::shared_ptr<const trace::Recording> recording;
    trace::RunMetrics metrics;
    /// The recording's memory over time (see run_metrics.h), for the overlay chart.
    std::vector<uint64_t> savedBytes, totalBytes;
    QString error;  ///< "RuntimeError: ..." when the script failed
};

class ConfigurationRuns : public QObject {
    Q_OBJECT
public:
    explicit ConfigurationRuns(QObject* parent = nullptr);
    ~ConfigurationRuns() override;

    /// Starts the configurations of `source` (cancelling any in flight).
    void start(std::shared_ptr<ScriptRunner> runner, const QString& source, const QString& fileName);
    void cancel();
    bool isRunning() const { return m_running; }

    const std::vector<ConfigurationRun>& runs() const { return m_runs; }
    QString source() const { return m_source; }
    QString fileName() const { return m_fileName; }

Q_SIGNALS:
    /// The list of configurations grew (the segment counts are known after the "off" run).
    void configurationsChanged();
    void runChanged(int index);
    /// Every configuration ran, failed or was cancelled.
    void finished();

private:
    void startNext();
    void onRunDone(quint64 generation, int index, std::shared_ptr<RunOutcome> outcome);

    std::shared_ptr<ScriptRunner> m_runner;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::vector<ConfigurationRun> m_runs;
    QString m_source, m_fileName;
    quint64 m_generation = 0;
    int m_next = 0;
    bool m_running = false;
    QThread* m_thread = nullptr;  ///< the run in flight (one at a time)
};

/// How a configuration reads in the interface: "As written", "Checkpointing off", "3 segments".
QString configurationTitle(const QString& configuration);

}  // namespace agv::ui
