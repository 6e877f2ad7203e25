#include "ui/scene/graph_search.h"

#include <QGraphicsScene>

#include <algorithm>

#include "ui/scene/graph_items.h"

namespace agv::ui {

std::vector<GraphSearchHit> findInGraph(const QGraphicsScene& scene, const QString& text)
{
    std::vector<GraphSearchHit> hits;
    const QString needle = text.trimmed();
    if (needle.isEmpty())
        return hits;
    auto matches = [&](const QString& s) { return s.contains(needle, Qt::CaseInsensitive); };
    for (QGraphicsItem* item : scene.items()) {
        if (!item->isVisible())
            continue;
        if (auto* node = dynamic_cast<GraphNodeItem*>(item)) {
            const LayoutNode& n = node->layoutNode();
            if (matches(n.title) || matches(n.subtitle))
                hits.push_back({item, n.subtitle.isEmpty() ? n.title : n.title + QStringLiteral(" \u2192 ") + n.subtitle});
            // The nodes a collapsed module call holds are found too, in their box.
            if (n.kind == LayoutNodeKind::Group && n.group->module != 0)
                for (qsizetype k = 0; k < n.group->nodeTexts.size() && k < qsizetype(n.group->nodes.size()); ++k)
                    if (matches(n.group->nodeTexts[k]))
                        hits.push_back({item, QStringLiteral("%1 (%2)").arg(n.group->nodeTexts[k], n.title), n.group->nodes[size_t(k)]});
        } else if (auto* frame = qgraphicsitem_cast<ModuleClusterItem*>(item)) {
            if (matches(frame->title()))
                hits.push_back({item, frame->title()});
        }
    }
    std::sort(hits.begin(), hits.end(), [](const GraphSearchHit& a, const GraphSearchHit& b) {
        const QPointF pa = a.item->sceneBoundingRect().topLeft(), pb = b.item->sceneBoundingRect().topLeft();
        return pa.y() != pb.y() ? pa.y() < pb.y() : pa.x() < pb.x();
    });
    return hits;
}

}  // namespace agv::ui
