#include "ui/graph/graphviz_layout.h"

#include <QByteArray>
#include <QMutex>
#include <QMutexLocker>

#include <gvc.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "ui/graph/module_collapse.h"
#include "ui/logging.h"

namespace agv::ui {

namespace {

// Graphviz keeps global state (the error handler, the default attribute tables), so
// one lock serialises every call into it, as KGraphViewer does.
QMutex& graphvizMutex()
{
    static QMutex mutex;
    return mutex;
}

void setAttr(void* obj, const char* name, const QByteArray& value)
{
    agsafeset(obj, const_cast<char*>(name), const_cast<char*>(value.constData()), const_cast<char*>(""));
}

QByteArray number(qreal v) { return QByteArray::number(v, 'f', 3); }

}  // namespace

void layoutAsGrid(GraphLayoutModel& model)
{
    const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(double(model.nodes.size())))));
    qreal y = 0;
    qreal rowHeight = 0;
    qreal x = 0;
    for (size_t i = 0; i < model.nodes.size(); ++i) {
        LayoutNode& n = model.nodes[i];
        if (i % columns == 0 && i != 0) {
            y += rowHeight + 60;
            x = 0;
            rowHeight = 0;
        }
        n.center = QPointF(x + n.size.width() / 2, y + n.size.height() / 2);
        x += n.size.width() + 40;
        rowHeight = std::max(rowHeight, n.size.height());
    }
    model.straightenEdges();
    QRectF bounds;
    for (const LayoutNode& n : model.nodes)
        bounds |= QRectF(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size);
    model.bounds = bounds.adjusted(-20, -20, 20, 20);
    model.laidOut = true;
}

bool layoutWithGraphviz(GraphLayoutModel& model, QString* error)
{
    if (model.nodes.empty()) {
        model.bounds = QRectF();
        model.laidOut = true;
        return true;
    }
    QMutexLocker lock(&graphvizMutex());

    GVC_t* gvc = gvContext();
    if (!gvc) {
        if (error)
            *error = QStringLiteral("gvContext() failed");
        lock.unlock();
        layoutAsGrid(model);
        return false;
    }
    Agraph_t* g = agopen(const_cast<char*>("autograd"), Agdirected, nullptr);
    // layoutGraph() sends big graphs elsewhere (Note [Big graphs]); these settings only
    // keep a direct call on a mid-sized graph from taking minutes.
    const bool big = model.nodes.size() > 300;
    setAttr(g, "rankdir", "TB");
    setAttr(g, "nodesep", "0.35");
    setAttr(g, "ranksep", "0.45");
    // Splines cost most of dot's time on big graphs; polylines keep 3,000 nodes fast.
    setAttr(g, "splines", big ? "polyline" : "spline");
    if (big) {
        setAttr(g, "mclimit", "0.2");
        setAttr(g, "nslimit", "2");
        setAttr(g, "nslimit1", "2");
    }

    // A checkpointed segment's nodes, and its recomputed nodes, each stay together in a
    // cluster so the scene can frame them without the frame covering other nodes. So do
    // the items of each module call, in the cluster of the call that made it, with room
    // above for the frame's title; unless the graph has checkpointed segments, which need
    // not nest with the calls.
    const bool segments = std::any_of(model.nodes.begin(), model.nodes.end(), [](const LayoutNode& n) { return n.segment != 0; });
    std::map<Id, Agraph_t*> moduleClusters;
    auto moduleCluster = [&](Id module) -> Agraph_t* {
        const std::vector<Id> chain = moduleCallChain(model.modules, module);
        Agraph_t* parent = g;
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            Agraph_t*& cluster = moduleClusters[*it];
            if (!cluster) {
                QByteArray name = QStringLiteral("cluster_module_%1").arg(qulonglong(*it)).toUtf8();
                cluster = agsubg(parent, name.data(), 1);
                setAttr(cluster, "margin", "8");
                setAttr(cluster, "label", "M");  // reserves the title's height; never drawn
                setAttr(cluster, "fontsize", "16");
            }
            parent = cluster;
        }
        return parent;
    };
    std::map<std::pair<Id, bool>, Agraph_t*> segmentClusters;
    auto clusterFor = [&](const LayoutNode& n) -> Agraph_t* {
        if (!segments)
            return moduleCluster(n.module);
        if (n.segment == 0)
            return g;
        Agraph_t*& cluster = segmentClusters[{n.segment, n.recompute}];
        if (!cluster) {
            QByteArray name = QStringLiteral("cluster_segment_%1_%2")
                                  .arg(qulonglong(n.segment))
                                  .arg(n.recompute ? QStringLiteral("recompute") : QStringLiteral("forward"))
                                  .toUtf8();
            cluster = agsubg(g, name.data(), 1);
            setAttr(cluster, "margin", "22");
        }
        return cluster;
    };

    std::vector<Agnode_t*> gvNodes(model.nodes.size(), nullptr);
    for (size_t i = 0; i < model.nodes.size(); ++i) {
        const LayoutNode& n = model.nodes[i];
        QByteArray name = n.key.toUtf8();
        Agnode_t* node = agnode(clusterFor(n), name.data(), 1);
        setAttr(node, "shape", "box");
        setAttr(node, "fixedsize", "true");
        setAttr(node, "label", "");
        setAttr(node, "width", number(n.size.width() / 72.0));
        setAttr(node, "height", number(n.size.height() / 72.0));
        gvNodes[i] = node;
    }
    std::vector<Agedge_t*> gvEdges(model.edges.size(), nullptr);
    for (size_t i = 0; i < model.edges.size(); ++i) {
        const LayoutEdge& e = model.edges[i];
        QByteArray name = QByteArray::number(qulonglong(i));
        Agedge_t* edge = agedge(g, gvNodes[e.from], gvNodes[e.to], name.data(), 1);
        if (e.kind == LayoutEdgeKind::SavedInput)
            setAttr(edge, "weight", "0");  // saved inputs should not pull the ranks around
        gvEdges[i] = edge;
    }

    if (gvLayout(gvc, g, "dot") != 0) {
        if (error)
            *error = QStringLiteral("gvLayout(dot) failed");
        agclose(g);
        gvFreeContext(gvc);
        lock.unlock();
        qCWarning(lcGraph) << "Graphviz layout failed; using a grid";
        layoutAsGrid(model);
        return false;
    }

    // Copy everything we need into our model; Graphviz uses y-up points.
    const boxf bb = GD_bb(g);
    auto toScene = [&](pointf p) { return QPointF(p.x - bb.LL.x, bb.UR.y - p.y); };
    for (size_t i = 0; i < model.nodes.size(); ++i)
        model.nodes[i].center = toScene(ND_coord(gvNodes[i]));
    for (size_t i = 0; i < model.edges.size(); ++i) {
        LayoutEdge& e = model.edges[i];
        const splines* spl = ED_spl(gvEdges[i]);
        QPainterPath path;
        if (spl && spl->size > 0 && spl->list[0].size > 0) {
            const bezier& bz = spl->list[0];
            path.moveTo(toScene(bz.list[0]));
            for (int k = 1; k + 2 < bz.size; k += 3)
                path.cubicTo(toScene(bz.list[k]), toScene(bz.list[k + 1]), toScene(bz.list[k + 2]));
            if (bz.eflag)
                path.lineTo(toScene(bz.ep));  // where dot would put the arrow tip
        }
        e.path = path;
    }
    model.bounds = QRectF(0, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);

    gvFreeLayout(gvc, g);
    agclose(g);
    gvFreeContext(gvc);
    lock.unlock();

    for (LayoutEdge& e : model.edges)
        if (e.path.isEmpty()) {
            const LayoutNode& a = model.nodes[e.from];
            const LayoutNode& b = model.nodes[e.to];
            e.path = QPainterPath(a.center);
            e.path.lineTo(b.center);
        }
    model.laidOut = true;
    qCDebug(lcGraph) << "laid out" << model.nodes.size() << "nodes," << model.edges.size() << "edges";
    return true;
}

}  // namespace agv::ui
