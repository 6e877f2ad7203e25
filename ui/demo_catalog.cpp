#include "ui/demo_catalog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include "ui/i18n/language.h"

// resources.qrc lives in the static agv_ui library: its initializer must be referenced
// explicitly or the linker drops it (Q_INIT_RESOURCE must be used outside namespaces).
static void initUiResources()
{
    Q_INIT_RESOURCE(resources);
    Q_INIT_RESOURCE(demos);
}

namespace agv::ui {

namespace {

// Chinese and Japanese text has no spaces between words: a line break inside it joins
// without one.
bool isCjk(QChar c) { return c.unicode() >= 0x2E80 && c.unicode() <= 0xFFEF; }

void appendContinuation(QString& value, const QString& text)
{
    if (!value.isEmpty() && !(isCjk(value.back()) && isCjk(text.front())))
        value += QLatin1Char(' ');
    value += text;
}

}  // namespace

DemoInfo parseDemoHeader(const QString& source, const QString& path, const QString& language)
{
    const QString wanted = language.isEmpty() ? currentLanguage() : language;
    QString localTitle, localWatch;
    QString ignored;
    DemoInfo info;
    info.path = path;
    info.fileName = QFileInfo(path).fileName();
    static const QRegularExpression keyLine(QStringLiteral("^#\\s*([A-Za-z]+)(?:\\[([A-Za-z_]+)\\])?\\s*:\\s*(.*)$"));
    QString* last = nullptr;
    for (const QString& raw : source.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1String("#!")) || (line.isEmpty() && !last))
            continue;
        if (!line.startsWith(QLatin1Char('#')))
            break;
        if (const auto m = keyLine.match(line); m.hasMatch()) {
            const QString key = m.captured(1).toLower();
            const QString tag = m.captured(2);
            if (!tag.isEmpty()) {
                // Another language's text is read (its continuation lines belong to it) and dropped.
                const bool ours = tag == wanted;
                last = !ours ? &ignored : key == QLatin1String("title") ? &localTitle
                             : key == QLatin1String("watch")            ? &localWatch
                                                                        : &ignored;
                *last = m.captured(3).trimmed();
                continue;
            }
            last = key == QLatin1String("title") ? &info.title
                 : key == QLatin1String("watch") ? &info.watch
                 : key == QLatin1String("level") ? &info.level
                 : key == QLatin1String("device") ? &info.device
                                                  : nullptr;
            if (last)
                *last = m.captured(3).trimmed();
            continue;
        }
        const QString text = line.mid(1).trimmed();
        if (last && !text.isEmpty())
            appendContinuation(*last, text);
    }
    if (!localTitle.isEmpty())
        info.title = localTitle;
    if (!localWatch.isEmpty())
        info.watch = localWatch;
    if (info.title.isEmpty())
        info.title = QFileInfo(path).completeBaseName();
    return info;
}

QList<DemoInfo> scanDemos(const QString& directory, const QString& language)
{
    static const bool initialized = (initUiResources(), true);
    Q_UNUSED(initialized);
    QList<DemoInfo> demos;
    const QDir dir(directory);
    for (const QString& name : dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
            continue;
        demos.append(parseDemoHeader(QString::fromUtf8(f.read(16 * 1024)), dir.filePath(name), language));
    }
    return demos;
}

QList<DemoInfo> availableDemos()
{
    QList<DemoInfo> demos = scanDemos(QStringLiteral(":/demos"));
    const QString extra = qEnvironmentVariable("AGV_DEMOS_DIR");
    if (!extra.isEmpty())
        demos += scanDemos(extra);
    return demos;
}

}  // namespace agv::ui
