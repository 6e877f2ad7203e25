#include "ui/graph/layout_process.h"

#include <QMutex>
#include <QProcess>
#include <QTextStream>

#include <vector>

#include "ui/graph/graphviz_layout.h"
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
    QMutexLocker lock(&g_workerMutex);
    g_worker = program;
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
    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.start(program, {QStringLiteral("--layout")});
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        if (process.state() != QProcess::NotRunning) {
            process.kill();
            process.waitForFinished(2000);
        }
        return false;
    };
    if (!process.waitForStarted(5000))
        return fail(QStringLiteral("cannot start the layout process %1: %2").arg(program, process.errorString()));
    process.write(encodeLayoutRequest(model));
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs))
        return fail(QStringLiteral("Graphviz took longer than %1 s").arg(timeoutMs / 1000.0));
    if (process.exitStatus() == QProcess::CrashExit)
        return fail(QStringLiteral("Graphviz crashed (%1)").arg(QString::fromUtf8(process.readAllStandardError()).trimmed()));
    if (process.exitCode() != 0)
        return fail(QStringLiteral("Graphviz failed: %1").arg(QString::fromUtf8(process.readAllStandardError()).trimmed()));
    if (!applyLayoutReply(model, process.readAllStandardOutput()))
        return fail(QStringLiteral("the layout process answered something that is not a layout"));
    return true;
}

int runLayoutWorker(std::FILE* in, std::FILE* out)
{
    QByteArray request;
    char buffer[65536];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, in)) > 0;)
        request.append(buffer, static_cast<qsizetype>(n));
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
        std::fprintf(stderr, "autogradviz --layout: %s\n", qPrintable(error));
        return 1;
    }
    const QByteArray reply = encodeLayoutReply(model);
    std::fwrite(reply.constData(), 1, static_cast<size_t>(reply.size()), out);
    std::fflush(out);
    return 0;
}

}  // namespace agv::ui
