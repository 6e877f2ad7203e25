// Runs every pure-Python script of tests/conformance/python/ with the embedded
// interpreter and compares with what CPython printed (regenerate_python.sh):
// stdout byte for byte; for *_error.py scripts also the last stderr line and the
// traceback's `File "...", line N, in f` lines.

#include <QDir>
#include <QFile>
#include <QStringList>
#include <QTest>

#include "core/script/interpreter.h"

using namespace agv::script;

namespace {

QString conformanceDir() { return QStringLiteral(AGV_SOURCE_DIR "/tests/conformance/python"); }

QByteArray readFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

QString lastLine(const QString& text)
{
    QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    return lines.isEmpty() ? QString() : lines.last();
}

/// The `File ...` lines of a traceback (CPython's ^^^ markers and source lines excluded).
QStringList frameLines(const QString& text)
{
    QStringList frames;
    for (const QString& line : text.split('\n'))
        if (line.startsWith(QStringLiteral("  File ")))
            frames << line;
    return frames;
}

}  // namespace

class TestScriptConformance : public QObject {
    Q_OBJECT

private slots:
    void scripts_data()
    {
        QTest::addColumn<QString>("name");
        const QStringList scripts = QDir(conformanceDir()).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
        QVERIFY2(scripts.size() >= 30, "expected at least 30 conformance scripts");
        for (const QString& script : scripts) {
            QString name = script.chopped(3);
            QTest::newRow(qPrintable(name)) << name;
        }
    }

    void scripts()
    {
        QFETCH(QString, name);
        const QString base = conformanceDir() + "/" + name;
        const QByteArray source = readFile(base + ".py");
        const QByteArray expectedOut = readFile(base + ".expected");
        const bool expectError = name.endsWith(QStringLiteral("_error"));

        std::string out, err;
        InterpreterOptions options;
        options.writeStdout = [&](std::string_view text) { out += text; };
        options.writeStderr = [&](std::string_view text) { err += text; };
        Interpreter interpreter(options);
        RunResult result = interpreter.run(source.toStdString(), (name + ".py").toStdString());

        if (!expectError)
            QCOMPARE(QString::fromStdString(err), QString());
        // Line lists make QCOMPARE report the first differing line.
        QCOMPARE(QString::fromStdString(out).split('\n'), QString::fromUtf8(expectedOut).split('\n'));
        if (!expectError) {
            QCOMPARE(QString::fromStdString(err), QString());
            QCOMPARE(result.exitCode, 0);
            return;
        }
        const QString expectedErr = QString::fromUtf8(readFile(base + ".expected_stderr"));
        const QString actualErr = QString::fromStdString(err);
        QCOMPARE(result.exitCode, 1);
        QCOMPARE(lastLine(actualErr), lastLine(expectedErr));
        QCOMPARE(frameLines(actualErr), frameLines(expectedErr));
    }
};

QTEST_APPLESS_MAIN(TestScriptConformance)
#include "tst_script_conformance.moc"
