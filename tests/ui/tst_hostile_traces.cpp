// Traces that once took the window past 5-12 GB or minutes: a 100,000-dimension shape, a
// node with 96,000 inputs, a megabyte-long label. The picture stays small and readable
// (the sizes below are what keeps the memory and the layout time bounded).

#include <QtTest>

#include <QGraphicsScene>

#include "core/trace/recording.h"
#include "ui/display_text.h"
#include "ui/export/exporter.h"
#include "ui/graph/graph_layout_model.h"
#include "ui/main_window.h"
#include "ui/panels/inspector_panel.h"
#include "ui/playback/player.h"
#include "ui/scene/graph_scene.h"

using namespace agv;
using namespace agv::ui;

namespace {

trace::TensorCreated leaf(trace::Id id, std::string label, std::vector<int64_t> shape)
{
    trace::TensorCreated t;
    t.tensor = id;
    t.label = std::move(label);
    t.shape = std::move(shape);
    t.dtype = "torch.float32";
    t.device = "cpu";
    t.bytes = 4;
    t.requiresGrad = true;
    t.versionCounter = id;
    t.preview = "1.";
    return t;
}

trace::NodeCreated accumulate(trace::Id node, trace::Id variable)
{
    trace::NodeCreated n;
    n.node = node;
    n.name = "AccumulateGrad";
    n.variable = variable;
    return n;
}

const GraphLayoutModel& show(MainWindow& w, std::shared_ptr<trace::Recording> r)
{
    w.loadRecording(r, QStringLiteral("# hostile\n"), QStringLiteral("hostile.jsonl"), r->size());
    return *w.scene()->layoutModel();
}

}  // namespace

class TestHostileTraces : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests-hostile")); }

    void displayTextsAreBounded()
    {
        QCOMPARE(shapeText({2, 3}), QStringLiteral("[2, 3]"));
        QCOMPARE(shapeText(std::vector<int64_t>(8, 1)), QStringLiteral("[1, 1, 1, 1, 1, 1, 1, 1]"));
        QCOMPARE(shapeText(std::vector<int64_t>(100000, 1)), QStringLiteral("[1, 1, 1, 1, 1, 1, \u2026, 1] (100000 dims)"));
        QCOMPARE(elidedLabel("loss"), QStringLiteral("loss"));
        const QString long_ = elidedLabel(std::string(1000000, 'x') + "END");
        QCOMPARE(long_.size(), 40);
        QVERIFY(long_.endsWith(QStringLiteral("END")));
        QVERIFY(long_.contains(QStringLiteral("\u2026")));
        QCOMPARE(elidedLabel("\u5f20\u91cf"), QStringLiteral("\u5f20\u91cf"));  // short UTF-8 stays whole
    }

    void hugeShape()
    {
        auto r = std::make_shared<trace::Recording>();
        r->record(leaf(1, "x", std::vector<int64_t>(100000, 1)), 1);
        r->record(accumulate(2, 1), 1);
        MainWindow w;
        const GraphLayoutModel& m = show(w, r);
        const LayoutNode& x = m.nodes[m.indexOfTensor(1)];
        QVERIFY(x.subtitle.endsWith(QStringLiteral("(100000 dims)")));
        QVERIFY(x.size.width() < 600);
        w.inspector()->setSelection({Selection::Kind::Tensor, 1});
        w.inspector()->showState(w.player()->state());
        QVERIFY(w.inspector()->value(QStringLiteral("shape")).size() < 100);
    }

    void ninetySixThousandInputs()
    {
        auto r = std::make_shared<trace::Recording>();
        r->record(leaf(1, "x", {1}), 1);
        r->record(accumulate(3, 1), 1);
        trace::NodeCreated cat;
        cat.node = 4;
        cat.name = "CatBackward0";
        cat.nextEdges.assign(96000, trace::EdgeRef{3, 0});
        for (uint32_t i = 0; i < 500; ++i)
            cat.nextEdges.push_back(trace::EdgeRef{3, i + 1});
        r->record(cat, 1);
        MainWindow w;
        const GraphLayoutModel& m = show(w, r);
        QVERIFY(m.indexOfNode(4) >= 0);
        int into = 0;
        for (const LayoutEdge& e : m.edges)
            into += e.to == m.indexOfNode(4);
        QCOMPARE(into, int(kMaxDrawnInputs));
        QVERIFY(m.bounds.width() < 20000);
    }

    void exportsSayWhatFailedAndHugePicturesShrink()
    {
        QGraphicsScene scene;
        scene.addRect(0, 0, 100000, 60000);  // 2x: 200,000 x 120,000 pixels, 96 GB uncapped
        QTemporaryDir dir;
        QString error;
        const QString png = dir.filePath(QStringLiteral("huge.png"));
        QVERIFY2(exportScene(&scene, png, QRectF(), &error), qPrintable(error));
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() <= 16000 && image.height() <= 16000);
        QVERIFY(qint64(image.width()) * image.height() <= 32000000);
        QVERIFY(!exportScene(&scene, dir.filePath(QStringLiteral("x.gif")), QRectF(), &error));
        QVERIFY(error.contains(QStringLiteral("unknown export format")));
        QVERIFY(!exportScene(&scene, QStringLiteral("/nonexistent-folder/x.png"), QRectF(), &error));
        QVERIFY(error.contains(QStringLiteral("cannot write /nonexistent-folder/x.png")));
    }

    void megabyteLabel()
    {
        auto r = std::make_shared<trace::Recording>();
        r->record(leaf(1, std::string(1000000, 'w'), {2}), 1);
        r->record(accumulate(2, 1), 1);
        MainWindow w;
        const GraphLayoutModel& m = show(w, r);
        const LayoutNode& t = m.nodes[m.indexOfTensor(1)];
        QCOMPARE(t.title.size(), 40);
        QVERIFY(t.size.width() < 600);
        w.setGraphMode(MainWindow::GraphMode::Forward);
        const GraphLayoutModel* f = w.forwardScene()->layoutModel();
        QVERIFY(f && f->indexOfTensor(1) >= 0);
        QCOMPARE(f->nodes[f->indexOfTensor(1)].title.size(), 40);
        w.setGraphMode(MainWindow::GraphMode::Backward);
    }
};

QTEST_MAIN(TestHostileTraces)
#include "tst_hostile_traces.moc"
