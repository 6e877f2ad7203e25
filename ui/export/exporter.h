#pragma once
// Export of what the graph view shows: SVG (QSvgGenerator), PNG (QImage), and the
// graph's structure as Graphviz DOT.

#include <QRectF>
#include <QString>

class QGraphicsScene;

namespace agv::ui {

class GraphLayoutModel;

/// Renders `source` (scene coordinates; the visible items' bounds when empty) of `scene`.
bool exportSceneSvg(QGraphicsScene* scene, const QString& path, QRectF source = {}, QString* error = nullptr);
bool exportScenePng(QGraphicsScene* scene, const QString& path, QRectF source = {}, qreal scale = 2.0,
                    QString* error = nullptr);
/// Picks SVG or PNG from the file suffix.
bool exportScene(QGraphicsScene* scene, const QString& path, QRectF source = {}, QString* error = nullptr);
bool exportDot(const GraphLayoutModel& model, const QString& path, QString* error = nullptr);

}  // namespace agv::ui
