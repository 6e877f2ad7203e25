#include "ui/compare/configuration_runs.h"

#include <QThread>

#include <algorithm>

#include "core/trace/run_configuration.h"

namespace agv::ui {

namespace {

QString errorOf(const trace::Recording& recording)
{
    const auto errors = recording.all<trace::ErrorRaised>();
    if (errors.empty())
        return {};
    const trace::ErrorRaised& error = *errors.back();
    return QString::fromStdString(error.exceptionType + ": " + error.message);
}

bool usesSelectiveCheckpointing(const trace::Recording& recording)
{
    return std::any_of(recording.events().begin(), recording.events().end(), [](const trace::Event& e) {
        return std::holds_alternative<trace::SelectiveCheckpointOp>(e.payload);
    });
}

ConfigurationRun waitingRun(const QString& configuration)
{
    ConfigurationRun run;
    run.configuration = configuration;
    return run;
}

}  // namespace

QString configurationTitle(const QString& configuration)
{
    if (configuration == QLatin1String("as-written"))
        return ConfigurationRuns::tr("As written");
    if (configuration == QLatin1String("off"))
        return ConfigurationRuns::tr("Checkpointing off");
    if (configuration.startsWith(QLatin1String("segments="))) {
        // Counts read without plural agreement in every language ("сегментов: 3").
        const int segments = configuration.mid(9).toInt();
        return segments == 1 ? ConfigurationRuns::tr("1 segment") : ConfigurationRuns::tr("%1 segments").arg(segments);
    }
    if (configuration == QLatin1String("sac=recompute-all"))
        return ConfigurationRuns::tr("SAC: recompute every op");
    if (configuration == QLatin1String("sac=save-all"))
        return ConfigurationRuns::tr("SAC: save every op");
    return configuration;
}

ConfigurationRuns::ConfigurationRuns(QObject* parent) : QObject(parent) {}

ConfigurationRuns::~ConfigurationRuns()
{
    cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void ConfigurationRuns::start(std::shared_ptr<ScriptRunner> runner, const QString& source, const QString& fileName)
{
    cancel();
    ++m_generation;
    m_runner = std::move(runner);
    m_source = source;
    m_fileName = fileName;
    m_runs.clear();
    for (const char* configuration : {"as-written", "off"})
        m_runs.push_back(waitingRun(QString::fromLatin1(configuration)));
    m_next = 0;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    Q_EMIT configurationsChanged();
    startNext();
}

void ConfigurationRuns::cancel()
{
    if (!m_running)
        return;
    if (m_cancel)
        m_cancel->store(true);
    m_running = false;
    ++m_generation;  // whatever is in flight reports to nobody
    for (size_t i = 0; i < m_runs.size(); ++i)
        if (m_runs[i].state == ConfigurationRun::State::Waiting || m_runs[i].state == ConfigurationRun::State::Running) {
            m_runs[i].state = ConfigurationRun::State::Cancelled;
            Q_EMIT runChanged(int(i));
        }
    Q_EMIT finished();
}

void ConfigurationRuns::startNext()
{
    if (m_next >= int(m_runs.size()) || !m_runner) {
        m_running = false;
        Q_EMIT finished();
        return;
    }
    const int index = m_next++;
    m_runs[size_t(index)].state = ConfigurationRun::State::Running;
    Q_EMIT runChanged(index);

    // The previous worker has finished (its result is how we got here); one at a time.
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
    const quint64 generation = m_generation;
    m_thread = QThread::create([this, generation, index, runner = m_runner, cancel = m_cancel,
                                source = m_source.toStdString(), fileName = m_fileName.toStdString(),
                                configuration = m_runs[size_t(index)].configuration.toStdString()] {
        auto outcome = std::make_shared<RunOutcome>();
        try {
            *outcome = runner->runWithCheckpointConfig(source, fileName, configuration, *cancel);
        } catch (const std::exception& e) {
            trace::ErrorRaised error;
            error.exceptionType = "autogradviz";
            error.message = e.what();
            outcome->recording.record(std::move(error), 0);
            outcome->exitCode = 1;
        }
        QMetaObject::invokeMethod(this, [this, generation, index, outcome] { onRunDone(generation, index, outcome); },
                                  Qt::QueuedConnection);
    });
    m_thread->start();
}

void ConfigurationRuns::onRunDone(quint64 generation, int index, std::shared_ptr<RunOutcome> outcome)
{
    if (generation != m_generation)
        return;
    ConfigurationRun& run = m_runs[size_t(index)];
    auto recording = std::make_shared<trace::Recording>(std::move(outcome->recording));
    run.metrics = trace::computeRunMetrics(*recording);
    run.savedBytes = trace::savedBytesOverTime(*recording);
    run.totalBytes = trace::totalBytesOverTime(*recording);
    run.error = errorOf(*recording);
    if (outcome->cancelled)
        run.state = ConfigurationRun::State::Cancelled;
    else
        run.state = outcome->exitCode == 0 && run.error.isEmpty() ? ConfigurationRun::State::Done
                                                                  : ConfigurationRun::State::Failed;
    if (run.state == ConfigurationRun::State::Failed && run.error.isEmpty())
        run.error = tr("the script ended with exit code %1").arg(outcome->exitCode);
    // The "off" run tells how many functions checkpoint_sequential splits: one run per
    // segment count worth trying follows.
    const int functions =
        run.configuration == QLatin1String("off") ? trace::recordedSequentialFunctions(*recording) : 0;
    // A script that checkpoints selectively (the as-written run says so) is also run with
    // its policy answering the same for every op: both ends of what a policy can choose.
    const bool selective = run.configuration == QLatin1String("as-written") && usesSelectiveCheckpointing(*recording);
    run.recording = std::move(recording);
    Q_EMIT runChanged(index);
    for (int segments : trace::segmentCountsToCompare(functions))
        m_runs.push_back(waitingRun(QStringLiteral("segments=%1").arg(segments)));
    if (selective)
        for (const char* configuration : {"sac=recompute-all", "sac=save-all"})
            m_runs.push_back(waitingRun(QLatin1String(configuration)));
    if (functions > 0 || selective)
        Q_EMIT configurationsChanged();
    startNext();
}

}  // namespace agv::ui
