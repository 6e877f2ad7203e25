#include "ui/graph/layout_process.h"

#include <QMutex>
#include <QTextStream>

#include <optional>
#include <vector>

#include "ui/graph/graphviz_layout.h"
#include "ui/graph/layout_cache.h"
#include "ui/graph/layout_worker.h"
#include "ui/logging.h"

namespace agv::ui {

namespace {

QMutex g_workerMutex;
QString g_worker;

constexpr char kRequestMagic[] = "agv-layout-request 1";
constexpr char kReplyMagic[] = "agv-layout-reply 1";

void writePath(QTextStream& out, const QPainterPath& path)
{
    out << "P " << path.elementCount();
    for (int i = 0; i < path.elementCount(); ++i) {
        const QPainterPath::Element e = path.elementAt(i);
        out << ' ' << int(e.type) << ' ' << e.x << ' ' << e.y;
    }
    out << '\n';
}

bool readPath(QTextStream& in, QPainterPath* path)
{
    QString tag;
    int count = -1;
    in >> tag >> count;
    if (tag != QLatin1String("P") || count < 0 || count > 100000)
        return false;
    std::vector<QPainterPath::Element> elements(static_cast<size_t>(count));
    for (auto& e : elements) {
        int type = -1;
        in >> type >> e.x >> e.y;
        if (type < 0 || type > 3)
            return false;
        e.type = QPainterPath::ElementType(type);
    }
    if (in.status() != QTextStream::Ok)
        return false;
    QPainterPath p;
    for (size_t i = 0; i < elements.size(); ++i) {
        const auto& e = elements[i];
        if (e.type == QPainterPath::MoveToElement)
            p.moveTo(e.x, e.y);
        else if (e.type == QPainterPath::LineToElement)
            p.lineTo(e.x, e.y);
        else if (e.type == QPainterPath::CurveToElement && i + 2 < elements.size()) {
            p.cubicTo(e.x, e.y, elements[i + 1].x, elements[i + 1].y, elements[i + 2].x, elements[i + 2].y);
            i += 2;
        } else {
            return false;
        }
    }
    *path = p;
    return true;
}

}  // namespace

void setLayoutWorker(const QString& program)
{
    {
        QMutexLocker lock(&g_workerMutex);
        g_worker = program;
    }
    stopLayoutWorkers();
}

QString layoutWorker()
{
    QMutexLocker lock(&g_workerMutex);
    return g_worker;
}

QByteArray encodeLayoutRequest(const GraphLayoutModel& model)
{
    QByteArray bytes;
    QTextStream out(&bytes);
    out.setRealNumberPrecision(9);
    out << kRequestMagic << '\n' << model.nodes.size() << ' ' << model.edges.size() << '\n';
    for (const LayoutNode& n : model.nodes)
        out << n.key << ' ' << n.size.width() << ' ' << n.size.height() << ' ' << qulonglong(n.segment) << ' '
            << int(n.recompute) << ' ' << qulonglong(n.module) << '\n';
    for (const LayoutEdge& e : model.edges)
        out << e.from << ' ' << e.to << ' ' << int(e.kind) << '\n';
    // Module calls and their callers: the clusters that keep each call's items together.
    out << model.modules.size() << '\n';
    for (const auto& [id, module] : model.modules)
        out << qulonglong(id) << ' ' << qulonglong(module.parent) << '\n';
    out.flush();
    return bytes;
}

QByteArray encodeLayoutReply(const GraphLayoutModel& model)
{
    QByteArray bytes;
    QTextStream out(&bytes);
    out.setRealNumberPrecision(9);
    out << kReplyMagic << '\n' << model.nodes.size() << ' ' << model.edges.size() << '\n';
    out << model.bounds.x() << ' ' << model.bounds.y() << ' ' << model.bounds.width() << ' ' << model.bounds.height()
        << '\n';
    for (const LayoutNode& n : model.nodes)
        out << n.center.x() << ' ' << n.center.y() << '\n';
    for (const LayoutEdge& e : model.edges)
        writePath(out, e.path);
    out.flush();
    return bytes;
}

bool applyLayoutReply(GraphLayoutModel& model, const QByteArray& reply)
{
    QTextStream in(reply);
    if (in.readLine() != QLatin1String(kReplyMagic))
        return false;
    qlonglong nodes = -1, edges = -1;
    in >> nodes >> edges;
    if (nodes != qlonglong(model.nodes.size()) || edges != qlonglong(model.edges.size()))
        return false;
    qreal x, y, w, h;
    in >> x >> y >> w >> h;
    std::vector<QPointF> centers(model.nodes.size());
    for (QPointF& c : centers) {
        qreal cx, cy;
        in >> cx >> cy;
        c = QPointF(cx, cy);
    }
    std::vector<QPainterPath> paths(model.edges.size());
    for (QPainterPath& p : paths)
        if (!readPath(in, &p))
            return false;
    if (in.status() != QTextStream::Ok)
        return false;
    for (size_t i = 0; i < centers.size(); ++i)
        model.nodes[i].center = centers[i];
    for (size_t i = 0; i < paths.size(); ++i)
        model.edges[i].path = paths[i];
    model.bounds = QRectF(x, y, w, h);
    model.laidOut = true;
    return true;
}

bool layoutInWorker(GraphLayoutModel& model, const QString& program, QString* error, int timeoutMs)
{
    const QByteArray request = encodeLayoutRequest(model);
    // See Note [Layout cache]; the program is part of the key, as another worker may draw
    // another layout.
    const QByteArray cacheKey = program.toUtf8() + '\n' + request;
    if (const std::optional<QByteArray> cached = cachedLayoutReply(cacheKey); cached && applyLayoutReply(model, *cached))
        return true;
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    // See Note [A persistent layout worker].
    std::unique_ptr<LayoutWorker> worker = takeLayoutWorker(program);
    const bool reused = worker->pid() != 0;
    QByteArray reply;
    QString why;
    bool answered = worker->exchange(request, &reply, &why, timeoutMs);
    // A worker that waited in the pool may have died meanwhile (killed, out of memory):
    // that costs one fresh try, not a fallback.
    if (!answered && reused && worker->lastFailure() == LayoutWorker::Failure::Gone) {
        qCInfo(lcGraph).noquote() << "the idle layout worker went away (" << why << "); starting a fresh one";
        answered = worker->exchange(request, &reply, &why, timeoutMs);
    }
    if (!answered)
        return fail(why);
    if (reply.startsWith(kLayoutErrorTag)) {
        returnLayoutWorker(std::move(worker));  // Graphviz refused this graph; the worker is fine
        return fail(QStringLiteral("Graphviz failed: %1")
                        .arg(QString::fromUtf8(reply.mid(qsizetype(sizeof kLayoutErrorTag))).trimmed()));
    }
    // A worker that answers nonsense is not trusted again: it is stopped with `worker`.
    if (!applyLayoutReply(model, reply))
        return fail(QStringLiteral("the layout process answered something that is not a layout"));
    returnLayoutWorker(std::move(worker));
    cacheLayoutReply(cacheKey, reply);
    return true;
}

namespace {

/// Lays out one request (the payload of a frame) into `reply`: 0 when laid out, 1 when
/// Graphviz refused it (`reply` says why), 2 when the request is malformed.
int layOutRequest(const QByteArray& request, QByteArray* reply)
{
    QTextStream s(request);
    if (s.readLine() != QLatin1String(kRequestMagic)) {
        std::fputs("autogradviz --layout: not a layout request\n", stderr);
        return 2;
    }
    qlonglong nodeCount = -1, edgeCount = -1;
    s >> nodeCount >> edgeCount;
    if (nodeCount < 0 || edgeCount < 0 || nodeCount > 1000000 || edgeCount > 10000000) {
        std::fputs("autogradviz --layout: bad counts\n", stderr);
        return 2;
    }
    GraphLayoutModel model;
    model.nodes.resize(static_cast<size_t>(nodeCount));
    for (LayoutNode& n : model.nodes) {
        qreal w, h;
        qulonglong segment, module;
        int recompute;
        s >> n.key >> w >> h >> segment >> recompute >> module;
        n.size = QSizeF(w, h);
        n.segment = segment;
        n.recompute = recompute != 0;
        n.module = module;
    }
    model.edges.resize(static_cast<size_t>(edgeCount));
    for (LayoutEdge& e : model.edges) {
        int kind;
        s >> e.from >> e.to >> kind;
        e.kind = LayoutEdgeKind(kind);
        if (e.from < 0 || e.to < 0 || e.from >= nodeCount || e.to >= nodeCount || kind < 0 || kind > int(LayoutEdgeKind::OpOutput)) {
            std::fputs("autogradviz --layout: bad edge\n", stderr);
            return 2;
        }
    }
    qlonglong moduleCount = -1;
    s >> moduleCount;
    if (moduleCount < 0 || moduleCount > 10000000) {
        std::fputs("autogradviz --layout: bad module count\n", stderr);
        return 2;
    }
    for (qlonglong i = 0; i < moduleCount; ++i) {
        qulonglong id, parent;
        s >> id >> parent;
        trace::ModuleView& m = model.modules[id];
        m.id = id;
        m.parent = parent;
    }
    if (s.status() != QTextStream::Ok) {
        std::fputs("autogradviz --layout: truncated request\n", stderr);
        return 2;
    }
    QString error;
    if (!layoutWithGraphviz(model, &error)) {
        *reply = QByteArray(kLayoutErrorTag) + '\n' + error.toUtf8();
        return 1;
    }
    *reply = encodeLayoutReply(model);
    return 0;
}

}  // namespace

int runLayoutWorker(std::FILE* in, std::FILE* out)
{
    // See Note [Layout frames]: one frame after another until the GUI closes our stdin.
    for (;;) {
        char header[64];
        if (!std::fgets(header, sizeof header, in))
            return 0;
        const QList<QByteArray> fields = QByteArray(header).chopped(1).split(' ');
        bool ok = QByteArray(header).endsWith('\n') && fields.size() == 2 && fields[0] == kLayoutFrameTag;
        const qint64 size = ok ? fields[1].toLongLong(&ok) : -1;
        if (!ok || size < 0 || size > kMaxLayoutFrameBytes) {
            std::fputs("autogradviz --layout: not a layout request\n", stderr);
            return 2;
        }
        QByteArray request(static_cast<qsizetype>(size), Qt::Uninitialized);
        if (size > 0 && std::fread(request.data(), 1, static_cast<size_t>(size), in) != static_cast<size_t>(size)) {
            std::fputs("autogradviz --layout: truncated request\n", stderr);
            return 2;
        }
        QByteArray reply;
        if (layOutRequest(request, &reply) == 2)
            return 2;
        const QByteArray frame = layoutFrame(reply);
        if (std::fwrite(frame.constData(), 1, static_cast<size_t>(frame.size()), out) != static_cast<size_t>(frame.size()) ||
            std::fflush(out) != 0)
            return 0;  // the GUI went away
    }
}

}  // namespace agv::ui
