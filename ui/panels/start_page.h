#pragma once
// Shown before anything is loaded: the demos (title + what to watch), recent files,
// and buttons to open a script or a trace.

#include <QWidget>

#include "ui/demo_catalog.h"

class QVBoxLayout;

namespace agv::ui {

class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);

    void setDemos(const QList<DemoInfo>& demos);
    void setRecentFiles(const QStringList& files);
    int demoCount() const { return static_cast<int>(m_demos.size()); }

Q_SIGNALS:
    void openPathRequested(const QString& path);
    void openDialogRequested();
    void openTraceDialogRequested();

private:
    void rebuild();

    QList<DemoInfo> m_demos;
    QStringList m_recent;
    QVBoxLayout* m_list = nullptr;
};

}  // namespace agv::ui
