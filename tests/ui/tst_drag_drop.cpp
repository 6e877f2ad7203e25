// Dropping a trace (.agvtrace or .jsonl) or a .py script onto the window opens it; other files
// are refused at drag-enter.

#include "core/trace/trace_file.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

#include <QMimeData>
#include <QTemporaryDir>

#include "ui/main_window.h"
#include "ui/playback/player.h"

using namespace agv;
using namespace agv::ui;

class TestDragDrop : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests"));
        QSettings().clear();
    }

    void dropTraceOpensIt_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("binary") << QStringLiteral("run.agvtrace");
        QTest::newRow("json lines") << QStringLiteral("run.jsonl");
    }

    void dropTraceOpensIt()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        const testing::SyntheticRun run = testing::classicRun(false);
        QVERIFY(trace::saveTrace(run.recording, path.toStdString()));

        MainWindow window(nullptr);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QSignalSpy loaded(&window, &MainWindow::recordingLoaded);
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QVERIFY(loaded.count() == 1 || loaded.wait(5000));
        QCOMPARE(window.player()->stepCount(), run.recording.size());
    }

    void otherFilesAreRefused()
    {
        MainWindow window(nullptr);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(QStringLiteral("/tmp/picture.png"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        enter.ignore();
        QApplication::sendEvent(&window, &enter);
        QVERIFY(!enter.isAccepted());
    }
};

QTEST_MAIN(TestDragDrop)
#include "tst_drag_drop.moc"
