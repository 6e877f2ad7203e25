#include "ui/graph/layered_layout.h"

#include <QCoreApplication>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <queue>

#include "ui/graph/graphviz_layout.h"
#include "ui/graph/layout_process.h"
#include "ui/logging.h"

namespace agv::ui {

namespace {

/// Steps 1 and 2 of the layered layouts (Note [Big graphs]): each item's rank, the
/// longest path from a source, and an order within each rank from barycenter sweeps.
struct Layers {
    std::vector<std::vector<int>> in, out;  ///< producers and consumers of each item
    std::vector<std::vector<int>> ranks;    ///< items of each rank, in order
};

Layers orderedLayers(const GraphLayoutModel& model)
{
    const size_t n = model.nodes.size();
    Layers l;
    std::vector<std::vector<int>>& in = l.in;
    std::vector<std::vector<int>>& out = l.out;
    in.resize(n);
    out.resize(n);
    for (const LayoutEdge& e : model.edges) {
        out[e.from].push_back(e.to);
        in[e.to].push_back(e.from);
    }

    // 1. Ranks: longest path from the sources (Kahn order; any cycle leftovers go last).
    std::vector<int> rank(n, 0), indegree(n);
    for (size_t v = 0; v < n; ++v)
        indegree[v] = static_cast<int>(in[v].size());
    std::queue<int> ready;
    for (size_t v = 0; v < n; ++v)
        if (indegree[v] == 0)
            ready.push(static_cast<int>(v));
    size_t seen = 0;
    while (!ready.empty()) {
        const int v = ready.front();
        ready.pop();
        ++seen;
        for (int w : out[v]) {
            rank[w] = std::max(rank[w], rank[v] + 1);
            if (--indegree[w] == 0)
                ready.push(w);
        }
    }
    int maxRank = n ? *std::max_element(rank.begin(), rank.end()) : 0;
    if (seen < n)
        for (size_t v = 0; v < n; ++v)
            if (indegree[v] > 0)
                rank[v] = ++maxRank;

    std::vector<std::vector<int>>& layers = l.ranks;
    layers.resize(maxRank + 1);
    for (size_t v = 0; v < n; ++v)
        layers[rank[v]].push_back(static_cast<int>(v));  // creation order to start with

    // 2. Order: barycenter sweeps down (by predecessors) and up (by successors).
    std::vector<double> position(n, 0);
    auto renumber = [&] {
        for (const auto& layer : layers)
            for (size_t i = 0; i < layer.size(); ++i)
                position[layer[i]] = static_cast<double>(i) - layer.size() / 2.0;
    };
    renumber();
    for (int sweep = 0; sweep < 4; ++sweep) {
        const bool down = sweep % 2 == 0;
        for (auto& layer : layers) {
            std::vector<std::pair<double, int>> keyed;
            keyed.reserve(layer.size());
            for (int v : layer) {
                const auto& neighbours = down ? in[v] : out[v];
                double sum = 0;
                for (int w : neighbours)
                    sum += position[w];
                keyed.emplace_back(neighbours.empty() ? position[v] : sum / neighbours.size(), v);
            }
            std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
            for (size_t i = 0; i < keyed.size(); ++i) {
                layer[i] = keyed[i].second;
                position[layer[i]] = static_cast<double>(i) - layer.size() / 2.0;
            }
        }
    }

    return l;
}

/// Moves the layout so that it starts at (10, 10) and sets its bounds.
void placeAtOrigin(GraphLayoutModel& model)
{
    QRectF bounds;
    for (const LayoutNode& node : model.nodes)
        bounds |= QRectF(node.center - QPointF(node.size.width() / 2, node.size.height() / 2), node.size);
    const QPointF shift = -bounds.topLeft() + QPointF(10, 10);
    for (LayoutNode& node : model.nodes)
        node.center += shift;
    model.bounds = QRectF(0, 0, bounds.width() + 20, bounds.height() + 20);
}

}  // namespace

void layoutLayered(GraphLayoutModel& model)
{
    const size_t n = model.nodes.size();
    const Layers l = orderedLayers(model);
    const std::vector<std::vector<int>>& in = l.in;
    const std::vector<std::vector<int>>& layers = l.ranks;

    // 3. Coordinates: each node wants to sit under its predecessors; pack without overlap.
    const qreal nodeGap = 28, rankGap = 46;
    qreal y = 0;
    std::vector<qreal> x(n, 0);
    for (const auto& layer : layers) {
        qreal height = 0;
        for (int v : layer)
            height = std::max(height, model.nodes[v].size.height());
        qreal right = -1e18;
        qreal totalWidth = 0;
        for (int v : layer) {
            qreal desired = 0;
            if (!in[v].empty()) {
                for (int w : in[v])
                    desired += x[w];
                desired /= in[v].size();
            } else {
                desired = totalWidth;
            }
            const qreal half = model.nodes[v].size.width() / 2;
            x[v] = std::max(desired, right + nodeGap + half);
            right = x[v] + half;
            totalWidth += model.nodes[v].size.width() + nodeGap;
        }
        for (int v : layer)
            model.nodes[v].center = QPointF(x[v], y + height / 2);
        y += height + rankGap;
    }

    placeAtOrigin(model);
    model.straightenEdges();
    model.laidOut = true;
}

void layoutFolded(GraphLayoutModel& model)
{
    const Layers l = orderedLayers(model);
    const qreal nodeGap = 28, lineGap = 24, rankGap = 46, columnGap = 160;

    // The column's width: most ranks fit on one line, and the widest item does.
    std::vector<qreal> rankWidths;
    qreal widest = 0;
    for (const auto& rank : l.ranks) {
        qreal width = 0;
        for (int v : rank) {
            width += model.nodes[v].size.width() + nodeGap;
            widest = std::max(widest, model.nodes[v].size.width());
        }
        rankWidths.push_back(std::max<qreal>(0, width - nodeGap));
    }
    std::sort(rankWidths.begin(), rankWidths.end());
    const qreal columnWidth =
        std::max(widest, rankWidths.empty() ? 0 : rankWidths[static_cast<size_t>(0.95 * (rankWidths.size() - 1))]);

    // Each rank's items left to right, wrapped into lines at the column's width.
    struct Line {
        std::vector<int> items;
        qreal width = 0, height = 0;
    };
    std::vector<std::vector<Line>> rankLines(l.ranks.size());
    qreal totalHeight = 0;
    for (size_t r = 0; r < l.ranks.size(); ++r) {
        std::vector<Line>& lines = rankLines[r];
        for (int v : l.ranks[r]) {
            const QSizeF size = model.nodes[v].size;
            if (lines.empty() || lines.back().width + nodeGap + size.width() > columnWidth)
                lines.emplace_back();
            Line& line = lines.back();
            line.width += (line.items.empty() ? 0 : nodeGap) + size.width();
            line.height = std::max(line.height, size.height());
            line.items.push_back(v);
        }
        for (const Line& line : lines)
            totalHeight += line.height + lineGap;
        totalHeight += rankGap - lineGap;
    }

    // As many columns as make the whole about 16:10. A column ends between two ranks, or
    // inside a rank too long for one column (10,000 parameters side by side).
    const int columns = std::max(1, static_cast<int>(std::lround(std::sqrt(1.6 * totalHeight / (columnWidth + columnGap)))));
    const qreal columnHeight = totalHeight / columns;
    qreal left = 0, y = 0;
    auto nextColumn = [&] {
        left += columnWidth + columnGap;
        y = 0;
    };
    for (const std::vector<Line>& lines : rankLines) {
        qreal height = 0;
        for (const Line& line : lines)
            height += line.height + lineGap;
        if (y > 0 && y + height > columnHeight && height <= columnHeight)
            nextColumn();
        for (const Line& line : lines) {
            if (y > 0 && y + line.height > columnHeight)
                nextColumn();
            qreal x = left + (columnWidth - line.width) / 2;
            for (int v : line.items) {
                LayoutNode& node = model.nodes[v];
                node.center = QPointF(x + node.size.width() / 2, y + line.height / 2);
                x += node.size.width() + nodeGap;
            }
            y += line.height + lineGap;
        }
        y += rankGap - lineGap;
    }
    placeAtOrigin(model);
    model.straightenEdges();
    model.laidOut = true;
}

namespace {
std::atomic<int64_t> g_layoutsRequested{0};
std::atomic<int64_t> g_layoutsRequestedOnGuiThread{0};
}  // namespace

int64_t layoutsRequested() { return g_layoutsRequested.load(); }
int64_t layoutsRequestedOnGuiThread() { return g_layoutsRequestedOnGuiThread.load(); }

bool layoutGraph(GraphLayoutModel& model, QString* error)
{
    ++g_layoutsRequested;
    if (const QCoreApplication* app = QCoreApplication::instance(); app && QThread::currentThread() == app->thread())
        ++g_layoutsRequestedOnGuiThread;
    if (model.nodes.size() > kOverviewItemLimit) {
        qCInfo(lcGraph) << model.nodes.size() << "items: using the folded layered layout (see Note [Huge graphs])";
        layoutFolded(model);
        return true;
    }
    if (model.nodes.size() > kGraphvizNodeLimit) {
        qCInfo(lcGraph) << model.nodes.size() << "items: using the layered layout (see Note [Big graphs])";
        layoutLayered(model);
        return true;
    }
    const QString worker = layoutWorker();
    if (worker.isEmpty())
        return layoutWithGraphviz(model, error);
    // See Note [Layout in a child process].
    QString why;
    if (layoutInWorker(model, worker, &why))
        return true;
    qCWarning(lcGraph) << "Graphviz layout failed:" << why << "- using the layered layout";
    if (error)
        *error = why;
    layoutLayered(model);
    return false;
}

}  // namespace agv::ui
