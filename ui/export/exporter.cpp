#include "ui/export/exporter.h"

#include <algorithm>
#include <cmath>

#include <QFile>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include "ui/graph/graph_layout_model.h"
#include "ui/scene/graph_scene.h"

namespace agv::ui {

namespace {

QRectF sourceRect(QGraphicsScene* scene, QRectF source)
{
    if (source.isEmpty()) {
        // What is visible at this step, not the whole final graph (hidden items would
        // leave empty space in a slide).
        for (QGraphicsItem* item : scene->items())
            if (item->isVisible())
                source |= item->sceneBoundingRect();
        source.adjust(-24, -24, 24, 24);
    }
    if (source.isEmpty())
        source = QRectF(0, 0, 200, 120);
    return source;
}

// Exports skip the dot grid: it adds thousands of SVG elements and nothing to a slide.
class PlainBackground {
public:
    explicit PlainBackground(QGraphicsScene* scene) : m_scene(qobject_cast<GraphScene*>(scene))
    {
        if (m_scene)
            m_scene->setGridVisible(false);
    }
    ~PlainBackground()
    {
        if (m_scene)
            m_scene->setGridVisible(true);
    }

private:
    GraphScene* m_scene;
};

}  // namespace

bool exportSceneSvg(QGraphicsScene* scene, const QString& path, QRectF source, QString* error)
{
    source = sourceRect(scene, source);
    PlainBackground plain(scene);
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(source.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
    svg.setTitle(QStringLiteral("Autograd graph"));
    svg.setDescription(QStringLiteral("Exported by Autograd Visualizer"));
    QPainter painter;
    if (!painter.begin(&svg)) {
        if (error)
            *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    scene->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    painter.end();
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) {
        if (error)
            *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    return true;
}

bool exportScenePng(QGraphicsScene* scene, const QString& path, QRectF source, qreal scale, QString* error)
{
    source = sourceRect(scene, source);
    // A huge graph is drawn smaller rather than not at all: at most 16,000 pixels a side
    // and 32 megapixels (128 MB of ARGB, the most Qt 6 reads back by default). An overview
    // (Note [Overview of huge graphs]) gets 16: its boxes are marks without text at either
    // size, and the other 16 took seconds to encode and made a 44 MB file.
    const auto* graph = qobject_cast<const GraphScene*>(scene);
    constexpr qreal kMaxSide = 16000;
    const qreal kMaxPixels = graph && graph->overview() ? 16e6 : 32e6;
    if (!source.isEmpty()) {
        scale = std::min({scale, kMaxSide / source.width(), kMaxSide / source.height(),
                          std::sqrt(kMaxPixels / (source.width() * source.height()))});
    }
    const QSize size = (source.size() * scale).toSize().expandedTo(QSize(1, 1));
    PlainBackground plain(scene);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        if (error)
            *error = QStringLiteral("cannot allocate a %1 x %2 pixel image for %3: export .svg instead")
                         .arg(size.width())
                         .arg(size.height())
                         .arg(path);
        return false;
    }
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
        scene->render(&painter, QRectF(QPointF(0, 0), image.size()), source);
    }
    // Deflating was 86% of exporting a 32-megapixel overview (Note [Overview of huge
    // graphs]) at zlib's default level; Qt's quality 80 is its fastest level, 1. Small
    // pictures keep the default, which makes them a little smaller.
    constexpr qreal kFastPixels = 8e6;
    const int quality = qreal(size.width()) * size.height() > kFastPixels ? 80 : -1;
    if (!image.save(path, "PNG", quality)) {
        if (error)
            *error = QStringLiteral("cannot write %1 (check the folder exists and is writable)").arg(path);
        return false;
    }
    return true;
}

bool exportScene(QGraphicsScene* scene, const QString& path, QRectF source, QString* error)
{
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
        return exportSceneSvg(scene, path, source, error);
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
        return exportScenePng(scene, path, source, 2.0, error);
    if (error)
        *error = QStringLiteral("unknown export format (use .svg or .png, or .dot for the graph itself): %1").arg(path);
    return false;
}

bool exportDot(const GraphLayoutModel& model, const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    f.write(model.toDot().toUtf8());
    return true;
}

}  // namespace agv::ui
