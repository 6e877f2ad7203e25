#pragma once
// Note [Layout in a child process]
// Debian's Graphviz 2.42 aborts the whole process on some inputs (asserts in its
// routers), and a pathological graph can keep `dot` busy for minutes. So the GUI
// never calls Graphviz itself: it sends the graph's boxes and edges to a child, this
// very binary started with `--layout`, and reads back positions and splines. A crash,
// a time-out or a garbled reply only costs a fallback to our layered layout.
// Without a configured worker (unit tests, export from a library) layoutGraph() calls
// Graphviz in-process as before. The child stays alive for the next layout (Note [A
// persistent layout worker] in layout_worker.h), and recent layouts are remembered
// (Note [Layout cache] in layout_cache.h).

#include <QByteArray>
#include <QString>

#include <cstdio>

#include "ui/graph/graph_layout_model.h"

namespace agv::ui {

/// The program started as `PROGRAM --layout` to lay out graphs ("" = in-process).
void setLayoutWorker(const QString& program);
QString layoutWorker();

/// How long a child may take before the layered layout is used instead.
constexpr int kLayoutTimeoutMs = 15000;

/// The request the GUI writes to the worker: node keys and box sizes, clusters, edges.
QByteArray encodeLayoutRequest(const GraphLayoutModel& model);
/// The worker's reply: bounds, node centers and edge paths.
QByteArray encodeLayoutReply(const GraphLayoutModel& model);
/// Copies a reply into `model`; false (model untouched) when it does not fit the model.
bool applyLayoutReply(GraphLayoutModel& model, const QByteArray& reply);

/// Lays out `model` in a worker process (or from the cache); false with `error` set when
/// the worker crashed, timed out, answered nonsense or Graphviz refused the graph (the
/// model is then not laid out).
bool layoutInWorker(GraphLayoutModel& model, const QString& program, QString* error,
                    int timeoutMs = kLayoutTimeoutMs);

/// The `--layout` mode: reads framed requests from `in` until EOF, lays each out with
/// Graphviz and writes a framed reply to `out` (Note [Layout frames]). Returns the process
/// exit code: 0 at EOF, 2 for a malformed request.
int runLayoutWorker(std::FILE* in, std::FILE* out);

}  // namespace agv::ui
