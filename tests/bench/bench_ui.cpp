// GUI benchmarks (README table): layout + first frame for graphs of 100, 1,000 and
// 3,000 nodes against `dot -Tsvg` of the same graph in the same run; time to reach an
// arbitrary step of a 100,000-event recording; frame time while playing a 1,000-node
// graph. Runs offscreen. Usage: bench_ui [--quick]

#include "core/trace/graph_state.h"
#include "tests/common/synthetic_recordings.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>

#include "ui/graph/graph_layout_model.h"
#include "ui/graph/layered_layout.h"
#include "ui/scene/graph_scene.h"

using namespace agv;
using namespace agv::ui;

namespace {

double ms(const QElapsedTimer& t) { return double(t.nsecsElapsed()) / 1e6; }

void renderScene(GraphScene& scene, QImage& target)
{
    target.fill(Qt::white);
    QPainter painter(&target);
    scene.render(&painter, QRectF(target.rect()), scene.itemsBoundingRect());
}

QString dotTime(const QString& dot, int timeoutMs)
{
    QTemporaryDir dir;
    const QString in = dir.filePath(QStringLiteral("g.dot"));
    QFile f(in);
    if (!f.open(QIODevice::WriteOnly))
        return QStringLiteral("n/a");
    f.write(dot.toUtf8());
    f.close();
    QProcess process;
    QElapsedTimer timer;
    timer.start();
    process.start(QStringLiteral("dot"), {QStringLiteral("-Tsvg"), in, QStringLiteral("-o"), dir.filePath("g.svg")});
    if (!process.waitForStarted())
        return QStringLiteral("dot not found");
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("> %1 s (stopped)").arg(timeoutMs / 1000);
    }
    return QStringLiteral("%1 ms").arg(ms(timer), 0, 'f', 0);
}

}  // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;

    std::printf("| benchmark | autogradviz | reference |\n|---|---|---|\n");
    for (size_t nodes : {size_t(100), size_t(1000), size_t(3000)}) {
        const trace::Recording recording = testing::wideGraphRecording(nodes);
        QElapsedTimer timer;
        timer.start();
        const trace::FinalGraph graph = trace::finalGraph(recording);
        auto model = std::make_shared<GraphLayoutModel>(GraphLayoutModel::fromFinalGraph(graph, LayoutMetrics{}));
        layoutGraph(*model);
        GraphScene scene;
        scene.setLayoutModel(model);
        const trace::GraphState end = trace::stateAt(recording, recording.size());
        scene.applyState(end, nullptr, 0);
        QImage frame(1920, 1080, QImage::Format_ARGB32_Premultiplied);
        renderScene(scene, frame);
        const double ours = ms(timer);
        const QString dot = quick && nodes > 1000 ? QStringLiteral("skipped (--quick)")
                                                  : dotTime(model->toDot(), quick ? 10'000 : 120'000);
        std::printf("| layout + first frame, %zu nodes | %.0f ms | dot -Tsvg: %s |\n", nodes, ours, qPrintable(dot));
    }

    {
        const trace::Recording recording = testing::randomRecording(100'000);
        trace::Timeline timeline(recording);
        std::mt19937 rng(42);
        std::uniform_int_distribution<size_t> pick(0, recording.size());
        double worst = 0, total = 0;
        const int seeks = quick ? 100 : 1000;
        for (int i = 0; i < seeks; ++i) {
            QElapsedTimer timer;
            timer.start();
            timeline.seek(pick(rng));
            const double t = ms(timer);
            worst = std::max(worst, t);
            total += t;
        }
        std::printf("| reach an arbitrary step of a 100,000-event recording | %.2f ms mean, %.2f ms worst | "
                    "budget 16 ms |\n",
                    total / seeks, worst);
    }

    {
        const trace::Recording recording = testing::wideGraphRecording(1000);
        const trace::FinalGraph graph = trace::finalGraph(recording);
        auto model = std::make_shared<GraphLayoutModel>(GraphLayoutModel::fromFinalGraph(graph, LayoutMetrics{}));
        layoutGraph(*model);
        GraphScene scene;
        scene.setLayoutModel(model);
        trace::Timeline timeline(recording);
        QImage frame(1920, 1080, QImage::Format_ARGB32_Premultiplied);
        const size_t frames = quick ? 50 : 300;
        const size_t start = recording.size() / 2;
        trace::GraphState previous = timeline.seek(start);
        double worst = 0, total = 0;
        for (size_t i = 1; i <= frames && start + i <= recording.size(); ++i) {
            QElapsedTimer timer;
            timer.start();
            const trace::GraphState& state = timeline.seek(start + i);
            scene.applyState(state, &previous, 0);
            renderScene(scene, frame);
            const double t = ms(timer);
            worst = std::max(worst, t);
            total += t;
            previous = state;
        }
        std::printf("| frame while playing a 1,000-node graph (step + full 1920x1080 render) | %.1f ms mean, %.1f ms "
                    "worst | budget 16 ms |\n",
                    total / double(frames), worst);
    }
    return 0;
}
