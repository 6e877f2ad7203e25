#include "ui/run/run_controller.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QPointer>
#include <QThread>

#include "ui/graph/layered_layout.h"
#include "ui/logging.h"

namespace agv::ui {

namespace {
/// Above this many events a running script's graph is no longer laid out live.
constexpr size_t kLiveLayoutEvents = 20000;
}  // namespace

RunController::RunController(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<agv::ui::RunResult>("agv::ui::RunResult");
}

RunController::~RunController()
{
    m_pending.reset();
    cancel();
    waitForIdle();
}

namespace {

/// `opened` as the user left it (Note [Collapse choices survive a re-run]), laid out: the
/// choices go in before the layout, so a re-run costs one.
std::shared_ptr<GraphLayoutModel> laidOutWithChoices(GraphLayoutModel opened, const LayoutMetrics& metrics,
                                                     const CollapseChoices& choices, const char* what)
{
    std::optional<GraphLayoutModel> chosen = choices.applyTo(opened, metrics);
    auto model = std::make_shared<GraphLayoutModel>(chosen ? std::move(*chosen) : std::move(opened));
    QString error;
    if (!layoutGraph(*model, &error))
        qCWarning(lcGraph) << what << "fell back to a grid:" << error;
    return model;
}

}  // namespace

std::shared_ptr<GraphLayoutModel> RunController::layoutFor(const trace::Recording& recording, const LayoutMetrics& metrics,
                                                           const CollapseChoices& choices)
{
    return laidOutWithChoices(GraphLayoutModel::fromFinalGraph(trace::finalGraph(recording), metrics), metrics, choices,
                              "layout");
}

std::shared_ptr<GraphLayoutModel> RunController::forwardLayoutFor(const trace::Recording& recording,
                                                                 const LayoutMetrics& metrics, const CollapseChoices& choices)
{
    return laidOutWithChoices(GraphLayoutModel::forwardFromFinalGraph(trace::finalGraph(recording), metrics), metrics,
                              choices, "forward graph layout");
}

bool RunController::runScript(const QString& source, const QString& fileName, const LayoutMetrics& metrics,
                              const CollapseChoices& choices)
{
    if (!m_runner)
        return false;
    std::shared_ptr<ScriptRunner> runner = m_runner;
    const std::string src = source.toStdString();
    const std::string name = fileName.toStdString();
    runJob([runner, src, name](const std::atomic<bool>& cancel,
                               const RunProgress& progress) { return runner->run(src, name, cancel, progress); },
           source, fileName, metrics, choices);
    return true;
}

void RunController::runJob(Job job, const QString& source, const QString& fileName, const LayoutMetrics& metrics,
                           const CollapseChoices& choices)
{
    m_pending = std::make_unique<Request>(Request{std::move(job), source, fileName, metrics, choices});
    if (m_thread)
        cancel();  // the finished handler starts the pending request
    else
        startNext();
}

void RunController::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void RunController::waitForIdle()
{
    while (m_thread) {
        m_thread->wait();
        // Deliver the queued result (and start a pending job, if any).
        QCoreApplication::sendPostedEvents(this);
        QCoreApplication::processEvents();
    }
}

void RunController::startNext()
{
    if (!m_pending)
        return;
    std::unique_ptr<Request> request = std::move(m_pending);
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    const quint64 generation = ++m_generation;
    QPointer<RunController> self(this);

    m_thread = QThread::create([self, request = std::shared_ptr<Request>(std::move(request)), cancelFlag, generation] {
        RunResult result;
        result.source = request->source;
        result.fileName = request->fileName;
        result.generation = generation;
        result.choices = request->choices;
        // Partial results go to the window only while this run is the newest one, one at a
        // time (a fast script must not queue up layouts), and only while the graph is small
        // enough to lay out again and again; past that the window shows a count.
        auto inFlight = std::make_shared<std::atomic<bool>>(false);
        const RunProgress progress = [self, request, generation, cancelFlag, inFlight](const trace::Recording& soFar) {
            if (cancelFlag->load() || inFlight->exchange(true))
                return;
            RunResult partial;
            partial.source = request->source;
            partial.fileName = request->fileName;
            partial.generation = generation;
            partial.choices = request->choices;
            auto recording = std::make_shared<trace::Recording>(soFar);
            if (recording->size() <= kLiveLayoutEvents)
                partial.layout = layoutFor(*recording, request->metrics, request->choices);
            partial.recording = std::move(recording);
            QMetaObject::invokeMethod(
                self.data(),
                [self, partial, inFlight] {
                    inFlight->store(false);
                    if (self && self->m_generation == partial.generation && !self->m_pending)
                        Q_EMIT self->progress(partial);
                },
                Qt::QueuedConnection);
        };
        // Exceptions never cross into Qt code: everything the job throws stops here.
        try {
            RunOutcome outcome = request->job(*cancelFlag, progress);
            result.exitCode = outcome.exitCode;
            result.cancelled = outcome.cancelled || cancelFlag->load();
            auto recording = std::make_shared<trace::Recording>(std::move(outcome.recording));
            // A cancelled run still shows what it recorded up to that point.
            result.layout = layoutFor(*recording, request->metrics, request->choices);
            result.recording = std::move(recording);
        } catch (const std::exception& e) {
            result.failure = QString::fromUtf8(e.what());
        } catch (...) {
            result.failure = QStringLiteral("unknown error");
        }
        if (self)
            QMetaObject::invokeMethod(
                self.data(),
                [self, result] {
                    if (!self)
                        return;
                    self->m_thread->wait();
                    self->m_thread->deleteLater();
                    self->m_thread = nullptr;
                    self->m_cancel.reset();
                    const bool superseded = self->m_pending != nullptr;
                    if (!superseded)
                        Q_EMIT self->finished(result);
                    if (superseded)
                        self->startNext();
                    else
                        Q_EMIT self->runningChanged(false);
                },
                Qt::QueuedConnection);
    });
    qCDebug(lcRun) << "starting job" << generation << m_thread;
    Q_EMIT runningChanged(true);
    m_thread->start();
}

}  // namespace agv::ui
