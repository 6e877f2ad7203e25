// Hostile scripts (tests/hostile/*.py) under `autogradviz --run` with its default
// sandbox: each ends with the exit code and the last stderr line its header expects
// (`# expect-exit: N`, `# expect: TEXT`, where SCRIPT_DIR and TEMP_DIR stand for the
// script's folder and the run's temporary folder), and nothing it tried to plant
// outside its temporary folder exists afterwards.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

namespace {

QString hostileDir() { return QStringLiteral(AGV_SOURCE_DIR "/tests/hostile"); }

const QStringList kCanaries = {QStringLiteral("/tmp/agv_hostile_canary"), QStringLiteral("/tmp/agv_hostile_dir"),
                               QStringLiteral("/agv_hostile_canary"),
                               QStringLiteral(AGV_SOURCE_DIR "/tests/hostile/planted.py")};

QString header(const QString& source, const QString& key)
{
    const QString prefix = QStringLiteral("# ") + key + QStringLiteral(": ");
    for (const QString& line : source.split('\n'))
        if (line.startsWith(prefix))
            return line.mid(prefix.size());
    return {};
}

QString lastLine(const QString& text)
{
    const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    return lines.isEmpty() ? QString() : lines.last();
}

/// The expected line as a pattern: placeholders become the real folders.
QRegularExpression expectedPattern(const QString& expected)
{
    QString pattern = QRegularExpression::escape(expected);
    pattern.replace(QStringLiteral("SCRIPT_DIR"), QRegularExpression::escape(QFileInfo(hostileDir()).canonicalFilePath()));
    pattern.replace(QStringLiteral("TEMP_DIR"), QStringLiteral("/\\S*autogradviz-run-\\d+-\\w+"));
    return QRegularExpression(QStringLiteral("^") + pattern + QStringLiteral("$"));
}

}  // namespace

class TestHostile : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        for (const QString& path : kCanaries)
            QVERIFY2(!QFileInfo::exists(path), qPrintable(path + " exists before the tests: remove it"));
    }

    void script_data()
    {
        QTest::addColumn<QString>("name");
        const QStringList scripts = QDir(hostileDir()).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
        QVERIFY2(scripts.size() >= 50, "at least 50 hostile scripts");
        for (const QString& script : scripts)
            QTest::newRow(qPrintable(script.chopped(3))) << script;
    }

    void script()
    {
        QFETCH(QString, name);
        QFile file(hostileDir() + QLatin1Char('/') + name);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString source = QString::fromUtf8(file.readAll());
        const QString expectExit = header(source, QStringLiteral("expect-exit"));
        QVERIFY2(!expectExit.isEmpty(), "every hostile script says which exit code it expects");

        QProcess process;
        process.setWorkingDirectory(hostileDir());
        process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN), {QStringLiteral("--run"), name});
        // A guard against a hang, not a timing check: the argument sweep calls every method
        // on a dozen tensors and takes over a minute on two cores busy with builds.
        QVERIFY2(process.waitForFinished(300000), "the host did not finish");
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), expectExit.toInt());
        const QString err = QString::fromUtf8(process.readAllStandardError());
        const QString expected = header(source, QStringLiteral("expect"));
        if (!expected.isEmpty()) {
            const QString last = lastLine(err);
            QVERIFY2(expectedPattern(expected).match(last).hasMatch(),
                     qPrintable(QStringLiteral("last stderr line: ") + last + QStringLiteral("\nexpected: ") + expected));
        }
        for (const QString& path : kCanaries)
            QVERIFY2(!QFileInfo::exists(path), qPrintable(path + " was created"));
    }

    void noSandboxLetsOwnCodeRun()
    {
        // --no-sandbox is for people running their own code on their own machine.
        QProcess process;
        process.setWorkingDirectory(hostileDir());
        process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN),
                      {QStringLiteral("--run"), QStringLiteral("listdir_root.py"), QStringLiteral("--no-sandbox")});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(process.readAllStandardOutput().contains("'etc'"));
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
