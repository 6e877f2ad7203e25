#pragma once
// Find in graph (Ctrl+F): the visible nodes, tensors and module frames whose title,
// variable name or module name contains the text, in reading order (top to bottom,
// left to right), so Enter walks through them the way the eye does.

#include <QString>

#include <vector>

#include "core/trace/event.h"

class QGraphicsItem;
class QGraphicsScene;

namespace agv::ui {

struct GraphSearchHit {
    QGraphicsItem* item = nullptr;
    QString description;  ///< "MulBackward0 → l3", "module net.0 (Linear)"
    /// A grad_fn node drawn inside the collapsed module call `item` (Note [Collapsed
    /// modules]): showing the hit expands the call; 0 when `item` itself matched.
    trace::Id hiddenNode = 0;
};

/// Case-insensitive substring match; an empty text finds nothing.
std::vector<GraphSearchHit> findInGraph(const QGraphicsScene& scene, const QString& text);

}  // namespace agv::ui
