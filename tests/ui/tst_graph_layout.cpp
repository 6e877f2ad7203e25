// Graphviz layout copied into GraphLayoutModel: every item gets a position, edges get
// paths, boxes do not overlap, big graphs stay fast, DOT export is well formed.

#include "core/trace/graph_state.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>

#include <cerrno>
#include <cstdio>
#include <memory>

#include <signal.h>
#include <sys/wait.h>

#include "ui/graph/graph_layout_model.h"
#include "ui/graph/graphviz_layout.h"
#include "ui/graph/layered_layout.h"
#include "ui/graph/layout_cache.h"
#include "ui/graph/layout_process.h"
#include "ui/graph/layout_worker.h"
#include "ui/scene/graph_scene.h"
#include "ui/theme.h"

using namespace agv;
using namespace agv::testing;
using namespace agv::ui;

class TestGraphLayout : public QObject {
    Q_OBJECT

private:
    static QString workerBinary() { return QStringLiteral(AGV_AUTOGRADVIZ_BIN); }

    static GraphLayoutModel laidOut(const trace::Recording& r)
    {
        GraphLayoutModel m = GraphLayoutModel::fromFinalGraph(trace::finalGraph(r), GraphScene::metricsFor(Theme::current()));
        QString error;
        const bool ok = layoutGraph(m, &error);
        if (!ok)
            qWarning("%s", qPrintable(error));
        return m;
    }

private Q_SLOTS:
    void classicItems()
    {
        const GraphLayoutModel m = laidOut(classicRun().recording);
        QVERIFY(m.laidOut);
        int fn = 0, acc = 0, params = 0, inputs = 0, roots = 0;
        for (const LayoutNode& n : m.nodes) {
            switch (n.kind) {
            case LayoutNodeKind::GradFn: ++fn; break;
            case LayoutNodeKind::AccumulateGrad: ++acc; break;
            case LayoutNodeKind::Parameter: ++params; break;
            case LayoutNodeKind::Input: ++inputs; break;
            case LayoutNodeKind::Root: ++roots; break;
            }
        }
        QCOMPARE(fn, 5);
        QCOMPARE(acc, 3);
        QCOMPARE(params, 3);
        QCOMPARE(inputs, 1);
        QCOMPARE(roots, 1);
        // MulBackward0 of l3 carries two badges (self=l1, other=w3) and its label.
        const LayoutNode& mul2 = m.nodes[m.indexOfNode(105)];
        QCOMPARE(mul2.title, QStringLiteral("MulBackward0"));
        QCOMPARE(mul2.subtitle, QStringLiteral("l3"));
        QCOMPARE(mul2.badges.size(), 2u);
        QCOMPARE(mul2.badges[0].slot, QStringLiteral("self"));
        QCOMPARE(mul2.badges[0].tensorLabel, QStringLiteral("l1"));
    }

    void everyNodePositionedWithoutOverlap()
    {
        const GraphLayoutModel m = laidOut(classicRun(true).recording);
        QVERIFY(!m.bounds.isEmpty());
        std::vector<QRectF> boxes;
        for (const LayoutNode& n : m.nodes) {
            const QRectF box(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size);
            QVERIFY2(m.bounds.adjusted(-1, -1, 1, 1).contains(box), qPrintable(n.key));
            for (const QRectF& other : boxes)
                QVERIFY2(!box.adjusted(1, 1, -1, -1).intersects(other), qPrintable(n.key));
            boxes.push_back(box);
        }
        for (const LayoutEdge& e : m.edges) {
            QVERIFY(!e.path.isEmpty());
            // Paths run from the producer's box to the consumer's box.
            const LayoutNode& from = m.nodes[e.from];
            const LayoutNode& to = m.nodes[e.to];
            QVERIFY(QLineF(e.path.pointAtPercent(0), from.center).length() < from.size.width() + from.size.height());
            QVERIFY(QLineF(e.path.pointAtPercent(1), to.center).length() < to.size.width() + to.size.height());
        }
        // Data flows down: leaves above the loss.
        const LayoutNode& w1 = m.nodes[m.indexOfTensor(2)];
        const LayoutNode& mean = m.nodes[m.indexOfNode(107)];
        QVERIFY(w1.center.y() < mean.center.y());
    }

    // Its speed is measured by tests/bench/bench_ui, not asserted here.
    void largeGraphIsLaidOut()
    {
        const trace::Recording r = wideGraphRecording(3000);
        const GraphLayoutModel m = laidOut(r);
        QVERIFY(m.nodes.size() >= 3000);
        int positioned = 0;
        for (const LayoutNode& n : m.nodes)
            positioned += m.bounds.adjusted(-1, -1, 1, 1).contains(n.center);
        QCOMPARE(positioned, static_cast<int>(m.nodes.size()));
        // No two boxes of a rank overlap in the layered layout either.
        std::map<qreal, std::vector<QRectF>> rows;
        for (const LayoutNode& n : m.nodes)
            rows[n.center.y() - n.size.height() / 2].push_back(
                QRectF(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size));
        for (auto& [y, boxes] : rows) {
            std::sort(boxes.begin(), boxes.end(), [](const QRectF& a, const QRectF& b) { return a.left() < b.left(); });
            for (size_t i = 1; i < boxes.size(); ++i)
                QVERIFY(boxes[i - 1].right() <= boxes[i].left());
        }
    }

    void midSizedGraphUsesGraphviz()
    {
        const trace::Recording r = wideGraphRecording(250);
        GraphLayoutModel m = GraphLayoutModel::fromFinalGraph(trace::finalGraph(r), GraphScene::metricsFor(Theme::current()));
        QVERIFY(m.nodes.size() < kGraphvizNodeLimit);
        QElapsedTimer timer;
        timer.start();
        QVERIFY(layoutWithGraphviz(m));
        qInfo("%zu-item Graphviz layout: %lld ms", m.nodes.size(), timer.elapsed());
        for (const LayoutEdge& e : m.edges)
            QVERIFY(!e.path.isEmpty());
    }

    void emptyRecording()
    {
        const GraphLayoutModel m = laidOut(trace::Recording{});
        QVERIFY(m.nodes.empty());
        QVERIFY(m.laidOut);
    }

    void gridFallback()
    {
        GraphLayoutModel m = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun().recording),
                                                              GraphScene::metricsFor(Theme::current()));
        layoutAsGrid(m);
        for (const LayoutNode& n : m.nodes)
            QVERIFY(m.bounds.contains(n.center));
    }

    void dotExport()
    {
        const GraphLayoutModel m = laidOut(classicRun().recording);
        const QString dot = m.toDot();
        QVERIFY(dot.startsWith(QStringLiteral("digraph autograd {")));
        QVERIFY(dot.trimmed().endsWith(QLatin1Char('}')));
        QCOMPARE(dot.count(QStringLiteral("->")), static_cast<int>(m.edges.size()));
        QVERIFY(dot.contains(QStringLiteral("MulBackward0")));
        QVERIFY(dot.contains(QStringLiteral("pos=")));
        // The same recording gives the same structural signature (re-runs keep position).
        QCOMPARE(laidOut(classicRun().recording).signature(), m.signature());
        QVERIFY(laidOut(classicRun(true).recording).signature() != m.signature());
    }

    // Note [Layout in a child process]: the GUI's layouts come from `autogradviz --layout`.
    void layoutInTheWorkerProcessMatchesInProcess()
    {
        const trace::Recording r = classicRun().recording;
        const LayoutMetrics metrics = GraphScene::metricsFor(Theme::current());
        GraphLayoutModel here = GraphLayoutModel::fromFinalGraph(trace::finalGraph(r), metrics);
        QVERIFY(layoutWithGraphviz(here));
        GraphLayoutModel there = GraphLayoutModel::fromFinalGraph(trace::finalGraph(r), metrics);
        QString error;
        QVERIFY2(layoutInWorker(there, workerBinary(), &error), qPrintable(error));
        QVERIFY(there.laidOut);
        QCOMPARE(there.bounds.size().toSize(), here.bounds.size().toSize());
        for (size_t i = 0; i < here.nodes.size(); ++i)
            QVERIFY((there.nodes[i].center - here.nodes[i].center).manhattanLength() < 0.01);
        for (size_t i = 0; i < here.edges.size(); ++i) {
            QCOMPARE(there.edges[i].path.elementCount(), here.edges[i].path.elementCount());
            QVERIFY((there.edges[i].path.currentPosition() - here.edges[i].path.currentPosition()).manhattanLength() < 0.01);
        }
        // layoutGraph() goes through the worker once one is set.
        setLayoutWorker(workerBinary());
        const GraphLayoutModel viaWorker = laidOut(r);
        setLayoutWorker(QString());
        QVERIFY(viaWorker.laidOut);
        QCOMPARE(viaWorker.nodes[3].center, there.nodes[3].center);
    }

    void aCrashingOrHangingLayoutOnlyCostsAFallback_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("why");
        QTest::newRow("abort") << QStringLiteral("kill -ABRT $$") << QStringLiteral("crashed");
        QTest::newRow("hang") << QStringLiteral("exec sleep 60") << QStringLiteral("longer than");
        // A well-framed reply that is not this graph's layout, and a reply that is not a frame;
        // the worker stays alive after both: it is killed, not waited for.
        QTest::newRow("nonsense") << QStringLiteral("read -r frame; echo 'agv-layout-frame 23'; "
                                                    "printf 'agv-layout-reply 1\\n2 1\\n'; exec sleep 60")
                                  << QStringLiteral("not a layout");
        QTest::newRow("garbled") << QStringLiteral("read -r frame; echo hello; exec sleep 60") << QStringLiteral("not a layout");
        // Graphviz refused the graph: the worker says so, and stays.
        QTest::newRow("refuses") << QStringLiteral("read -r frame; printf 'agv-layout-frame 31\\nagv-layout-error\\ndot: no memory'; "
                                                   "exec sleep 60")
                                 << QStringLiteral("Graphviz failed: dot: no memory");
        QTest::newRow("fails") << QStringLiteral("echo 'dot: out of memory' >&2; exit 1") << QStringLiteral("out of memory");
        QTest::newRow("missing") << QString() << QStringLiteral("cannot start");
    }

    void aCrashingOrHangingLayoutOnlyCostsAFallback()
    {
        QFETCH(QString, script);
        QFETCH(QString, why);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString program = dir.filePath(QStringLiteral("layout-worker"));
        if (!script.isNull()) {
            QFile f(program);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(("#!/bin/sh\n" + script + "\n").toUtf8());
            f.close();
            QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        }
        const trace::Recording r = classicRun().recording;
        GraphLayoutModel m = GraphLayoutModel::fromFinalGraph(trace::finalGraph(r), GraphScene::metricsFor(Theme::current()));
        QString error;
        QVERIFY(!layoutInWorker(m, program, &error, 400));
        QVERIFY2(error.contains(why), qPrintable(error));
        QVERIFY(!m.laidOut);
        // A worker that failed is never kept for the next layout; one that only relayed
        // Graphviz's refusal is.
        QCOMPARE(idleLayoutWorkerPids().size(), size_t(why.contains(QLatin1String("no memory")) ? 1 : 0));
        stopLayoutWorkers();
        // Through layoutGraph(): the layered layout takes over, every node placed, no overlap.
        setLayoutWorker(program);
        GraphLayoutModel fallback = GraphLayoutModel::fromFinalGraph(trace::finalGraph(r), GraphScene::metricsFor(Theme::current()));
        const bool hangs = why == QLatin1String("longer than");
        const bool ok = hangs ? layoutInWorker(fallback, program, &error, 400) : layoutGraph(fallback, &error);
        setLayoutWorker(QString());
        QVERIFY(!ok);
        if (!hangs) {
            QVERIFY(fallback.laidOut);
            for (size_t a = 0; a < fallback.nodes.size(); ++a)
                for (size_t b = a + 1; b < fallback.nodes.size(); ++b) {
                    const LayoutNode& na = fallback.nodes[a];
                    const LayoutNode& nb = fallback.nodes[b];
                    const QRectF ra(na.center - QPointF(na.size.width() / 2, na.size.height() / 2), na.size);
                    const QRectF rb(nb.center - QPointF(nb.size.width() / 2, nb.size.height() / 2), nb.size);
                    QVERIFY(!ra.intersects(rb));
                }
        }
    }

    void workerRefusesBadRequests()
    {
        for (const QByteArray& request :
             {QByteArray("hello\n"), QByteArray("agv-layout-frame 6\nhello\n"), QByteArray("agv-layout-frame 99\nshort"),
              layoutFrame("agv-layout-request 1\n2 1\nn1 10 10 0 0\n"),
              layoutFrame("agv-layout-request 1\n2 1\nn1 10 10 0 0\nn2 10 10 0 0\n0 7 0\n"),
              layoutFrame("agv-layout-request 1\n-5 0\n")}) {
            std::FILE* in = std::tmpfile();
            std::FILE* out = std::tmpfile();
            std::fwrite(request.constData(), 1, size_t(request.size()), in);
            std::rewind(in);
            QCOMPARE(runLayoutWorker(in, out), 2);
            std::fclose(in);
            std::fclose(out);
        }
    }

    // Note [Layout frames]: the worker answers frame after frame until EOF.
    void workerServesFramesUntilEndOfInput()
    {
        const LayoutMetrics metrics = GraphScene::metricsFor(Theme::current());
        GraphLayoutModel first = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun().recording), metrics);
        GraphLayoutModel second = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun(true).recording), metrics);
        const QByteArray requests = layoutFrame(encodeLayoutRequest(first)) + layoutFrame(encodeLayoutRequest(second));
        std::FILE* in = std::tmpfile();
        std::FILE* out = std::tmpfile();
        std::fwrite(requests.constData(), 1, size_t(requests.size()), in);
        std::rewind(in);
        QCOMPARE(runLayoutWorker(in, out), 0);
        QByteArray replies(std::ftell(out), Qt::Uninitialized);
        std::rewind(out);
        QCOMPARE(std::fread(replies.data(), 1, size_t(replies.size()), out), size_t(replies.size()));
        std::fclose(in);
        std::fclose(out);
        QCOMPARE(replies.count("agv-layout-frame "), 2);
        const qsizetype firstLength = replies.mid(17, replies.indexOf('\n') - 17).toLongLong();
        const qsizetype secondFrame = replies.indexOf('\n') + 1 + firstLength;
        QVERIFY(applyLayoutReply(first, replies.mid(replies.indexOf('\n') + 1, firstLength)));
        QVERIFY(applyLayoutReply(second, replies.mid(replies.indexOf('\n', secondFrame) + 1)));
    }

    // Note [A persistent layout worker]: one child serves many layouts.
    void oneWorkerServesManyLayouts()
    {
        stopLayoutWorkers();
        clearLayoutCache();
        const int64_t started = layoutWorkersStarted();
        const LayoutMetrics metrics = GraphScene::metricsFor(Theme::current());
        QString error;
        GraphLayoutModel first = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun().recording), metrics);
        QVERIFY2(layoutInWorker(first, workerBinary(), &error), qPrintable(error));
        const std::vector<pid_t> idle = idleLayoutWorkerPids();
        QCOMPARE(idle.size(), size_t(1));
        GraphLayoutModel second = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun(true).recording), metrics);
        QVERIFY2(layoutInWorker(second, workerBinary(), &error), qPrintable(error));
        QVERIFY(first.laidOut && second.laidOut);
        QCOMPARE(layoutWorkersStarted(), started + 1);
        QCOMPARE(idleLayoutWorkerPids(), idle);
        // Stopped means reaped: no zombie is left behind.
        stopLayoutWorkers();
        QVERIFY(idleLayoutWorkerPids().empty());
        QCOMPARE(::waitpid(idle.front(), nullptr, WNOHANG), pid_t(-1));
        QCOMPARE(errno, ECHILD);
    }

    void aKilledWorkerIsReplaced()
    {
        stopLayoutWorkers();
        clearLayoutCache();
        const LayoutMetrics metrics = GraphScene::metricsFor(Theme::current());
        QString error;
        GraphLayoutModel first = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun().recording), metrics);
        QVERIFY2(layoutInWorker(first, workerBinary(), &error), qPrintable(error));
        const std::vector<pid_t> idle = idleLayoutWorkerPids();
        QCOMPARE(idle.size(), size_t(1));
        const int64_t started = layoutWorkersStarted();
        QCOMPARE(::kill(idle.front(), SIGKILL), 0);
        GraphLayoutModel second = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun(true).recording), metrics);
        QVERIFY2(layoutInWorker(second, workerBinary(), &error), qPrintable(error));
        QVERIFY(second.laidOut);
        QCOMPARE(layoutWorkersStarted(), started + 1);
        QCOMPARE(idleLayoutWorkerPids().size(), size_t(1));
        QVERIFY(idleLayoutWorkerPids().front() != idle.front());
        QCOMPARE(::waitpid(idle.front(), nullptr, WNOHANG), pid_t(-1));  // the dead one was reaped
        stopLayoutWorkers();
    }

    // Layouts come from the GUI thread and from run threads: each gets a child of its own.
    void layoutsFromTwoThreadsAtOnce()
    {
        stopLayoutWorkers();
        clearLayoutCache();
        const LayoutMetrics metrics = GraphScene::metricsFor(Theme::current());
        GraphLayoutModel here = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun().recording), metrics);
        GraphLayoutModel there = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun(true).recording), metrics);
        QString errorThere;
        bool laidOutThere = false;
        std::unique_ptr<QThread> thread(
            QThread::create([&] { laidOutThere = layoutInWorker(there, workerBinary(), &errorThere); }));
        thread->start();
        QString error;
        QVERIFY2(layoutInWorker(here, workerBinary(), &error), qPrintable(error));
        QVERIFY(thread->wait(kLayoutTimeoutMs * 2));
        QVERIFY2(laidOutThere, qPrintable(errorThere));
        QVERIFY(here.laidOut && there.laidOut);
        QVERIFY(idleLayoutWorkerPids().size() <= 2);
        stopLayoutWorkers();
    }

    // Note [Layout cache]: the same request twice costs one Graphviz call.
    void theCacheAnswersARepeatedRequest()
    {
        stopLayoutWorkers();
        clearLayoutCache();
        const LayoutMetrics metrics = GraphScene::metricsFor(Theme::current());
        QString error;
        GraphLayoutModel first = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun().recording), metrics);
        QVERIFY2(layoutInWorker(first, workerBinary(), &error), qPrintable(error));
        // No worker left to ask: the second layout can only come from the cache.
        stopLayoutWorkers();
        const int64_t started = layoutWorkersStarted();
        const int64_t hits = layoutCacheHits();
        GraphLayoutModel again = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun().recording), metrics);
        QVERIFY2(layoutInWorker(again, workerBinary(), &error), qPrintable(error));
        QCOMPARE(layoutCacheHits(), hits + 1);
        QCOMPARE(layoutWorkersStarted(), started);
        QVERIFY(idleLayoutWorkerPids().empty());
        QCOMPARE(again.bounds, first.bounds);
        for (size_t i = 0; i < first.nodes.size(); ++i)
            QCOMPARE(again.nodes[i].center, first.nodes[i].center);
        for (size_t i = 0; i < first.edges.size(); ++i)
            QCOMPARE(again.edges[i].path, first.edges[i].path);
        // Once forgotten, the layout comes from a worker again.
        clearLayoutCache();
        GraphLayoutModel afterClear = GraphLayoutModel::fromFinalGraph(trace::finalGraph(classicRun().recording), metrics);
        QVERIFY2(layoutInWorker(afterClear, workerBinary(), &error), qPrintable(error));
        QCOMPARE(layoutWorkersStarted(), started + 1);
        stopLayoutWorkers();
    }
};

QTEST_MAIN(TestGraphLayout)
#include "tst_graph_layout.moc"
