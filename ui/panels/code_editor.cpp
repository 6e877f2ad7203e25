#include "ui/panels/code_editor.h"

#include <QMouseEvent>

#include <QPainter>
#include <QPaintEvent>
#include <QTextBlock>

#include "ui/theme.h"

namespace agv::ui {

namespace {

class LineNumberArea : public QWidget {
public:
    explicit LineNumberArea(CodeEditor* editor) : QWidget(editor), m_editor(editor) {}
    QSize sizeHint() const override { return QSize(m_editor->lineNumberAreaWidth(), 0); }

protected:
    void paintEvent(QPaintEvent* event) override { m_editor->paintLineNumbers(event); }

private:
    CodeEditor* m_editor;
};

QTextCharFormat charFormat(const QColor& color, bool bold = false, bool italic = false)
{
    QTextCharFormat f;
    f.setForeground(color);
    if (bold)
        f.setFontWeight(QFont::DemiBold);
    f.setFontItalic(italic);
    return f;
}

}  // namespace

PythonHighlighter::PythonHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) { refreshTheme(); }

void PythonHighlighter::refreshTheme()
{
    const bool dark = Theme::current().dark;
    const QColor keyword = dark ? QColor("#c792ea") : QColor("#8839ef");
    const QColor builtin = dark ? QColor("#82aaff") : QColor("#1e66f5");
    const QColor number = dark ? QColor("#f78c6c") : QColor("#d05a00");
    const QColor string = dark ? QColor("#c3e88d") : QColor("#2c8a3a");
    const QColor comment = dark ? QColor("#7f8796") : QColor("#7c8593");
    const QColor torch = dark ? QColor("#ffcb6b") : QColor("#c2410c");
    const QColor call = dark ? QColor("#89ddff") : QColor("#0e7490");
    m_rules.clear();
    auto add = [&](const QString& pattern, const QTextCharFormat& f, int group = 0) {
        m_rules.push_back({QRegularExpression(pattern), f, group});
    };
    add(QStringLiteral("\\b[A-Za-z_][A-Za-z0-9_]*(?=\\()"), charFormat(call));
    add(QStringLiteral("\\b(and|as|assert|break|class|continue|def|del|elif|else|except|finally|for|from|global|if|"
                       "import|in|is|lambda|nonlocal|not|or|pass|raise|return|try|while|with|yield|None|True|False)\\b"),
        charFormat(keyword, true));
    add(QStringLiteral("\\b(print|range|len|sum|min|max|abs|list|tuple|dict|float|int|str|enumerate|zip|isinstance|super|self)\\b"),
        charFormat(builtin));
    add(QStringLiteral("\\b(torch|nn|F|optim)\\b"), charFormat(torch, true));
    add(QStringLiteral("\\b([0-9]+\\.?[0-9]*([eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+)\\b"), charFormat(number));
    add(QStringLiteral("@[A-Za-z_.]+"), charFormat(keyword));
    m_string = charFormat(string);
    m_comment = charFormat(comment, false, true);
    rehighlight();
}

void PythonHighlighter::highlightBlock(const QString& text)
{
    for (const Rule& r : m_rules) {
        auto it = r.pattern.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            setFormat(static_cast<int>(m.capturedStart(r.group)), static_cast<int>(m.capturedLength(r.group)), r.format);
        }
    }
    // Strings and comments last, scanning once so '#' inside a string is not a comment.
    // Triple-quoted strings spanning lines use the block state.
    int i = 0;
    const int n = static_cast<int>(text.size());
    int state = previousBlockState();  // 1: inside ''' , 2: inside """
    setCurrentBlockState(0);
    if (state == 1 || state == 2) {
        const QString delim = state == 1 ? QStringLiteral("'''") : QStringLiteral("\"\"\"");
        const int end = static_cast<int>(text.indexOf(delim));
        if (end < 0) {
            setFormat(0, n, m_string);
            setCurrentBlockState(state);
            return;
        }
        setFormat(0, end + 3, m_string);
        i = end + 3;
    }
    while (i < n) {
        const QChar c = text[i];
        if (c == QLatin1Char('#')) {
            setFormat(i, n - i, m_comment);
            return;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            const bool triple = text.mid(i, 3) == QString(3, c);
            const QString delim = triple ? QString(3, c) : QString(c);
            int j = i + static_cast<int>(delim.size());
            while (j < n) {
                if (text[j] == QLatin1Char('\\')) {
                    j += 2;
                    continue;
                }
                if (text.mid(j, delim.size()) == delim)
                    break;
                ++j;
            }
            if (j >= n && triple) {
                setFormat(i, n - i, m_string);
                setCurrentBlockState(c == QLatin1Char('\'') ? 1 : 2);
                return;
            }
            const int end = std::min(n, j + static_cast<int>(delim.size()));
            // f-strings: include the prefix letter.
            const int start = (i > 0 && text[i - 1].isLetter()) ? i - 1 : i;
            setFormat(start, end - start, m_string);
            i = end;
            continue;
        }
        ++i;
    }
}

CodeEditor::CodeEditor(QWidget* parent) : QPlainTextEdit(parent)
{
    m_lineNumbers = new LineNumberArea(this);
    m_highlighter = new PythonHighlighter(document());
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(4 * fontMetrics().horizontalAdvance(QLatin1Char(' ')));
    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeEditor::updateLineNumberAreaWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateLineNumberArea);
    refreshTheme();
}

void CodeEditor::refreshTheme()
{
    const Theme& theme = Theme::current();
    setFont(theme.monoFont(10.5));
    setTabStopDistance(4 * fontMetrics().horizontalAdvance(QLatin1Char(' ')));
    m_highlighter->refreshTheme();
    updateLineNumberAreaWidth();
    updateSelections();
}

int CodeEditor::lineNumberAreaWidth() const
{
    int digits = 2;
    for (int max = std::max(1, blockCount()); max >= 100; max /= 10)
        ++digits;
    return 18 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

void CodeEditor::updateLineNumberAreaWidth() { setViewportMargins(lineNumberAreaWidth(), 0, 0, 0); }

void CodeEditor::updateLineNumberArea(const QRect& rect, int dy)
{
    if (dy)
        m_lineNumbers->scroll(0, dy);
    else
        m_lineNumbers->update(0, rect.y(), m_lineNumbers->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateLineNumberAreaWidth();
}

void CodeEditor::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_lineNumbers->setGeometry(QRect(cr.left(), cr.top(), lineNumberAreaWidth(), cr.height()));
}

void CodeEditor::paintLineNumbers(QPaintEvent* event)
{
    const Theme& theme = Theme::current();
    QPainter painter(m_lineNumbers);
    painter.fillRect(event->rect(), theme.dark ? QColor("#1c1f25") : QColor("#f3f4f6"));
    QTextBlock block = firstVisibleBlock();
    int number = block.blockNumber();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    painter.setFont(font());
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const int line = number + 1;
            const bool current = line == m_currentLine;
            const bool error = line == m_errorLine;
            if (current || error) {
                painter.fillRect(QRect(0, top, m_lineNumbers->width(), bottom - top),
                                 error ? theme.stale : theme.accent);
                painter.setPen(Qt::white);
            } else {
                painter.setPen(theme.mutedText);
            }
            painter.drawText(0, top, m_lineNumbers->width() - 8, fontMetrics().height(), Qt::AlignRight | Qt::AlignVCenter,
                             QString::number(line));
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
        ++number;
    }
}

void CodeEditor::setCurrentLine(int line)
{
    if (line == m_currentLine)
        return;
    m_currentLine = line;
    updateSelections();
    if (line > 0) {
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (block.isValid()) {
            // Move the view, not the user's cursor, unless the editor has no focus.
            if (!hasFocus()) {
                QTextCursor c(block);
                setTextCursor(c);
            }
            ensureCursorVisible();
        }
    }
    m_lineNumbers->update();
}

void CodeEditor::setErrorLine(int line)
{
    if (line == m_errorLine)
        return;
    m_errorLine = line;
    updateSelections();
    m_lineNumbers->update();
}

void CodeEditor::updateSelections()
{
    const Theme& theme = Theme::current();
    QList<QTextEdit::ExtraSelection> selections;
    auto addLine = [&](int line, const QColor& color) {
        if (line <= 0)
            return;
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (!block.isValid())
            return;
        QTextEdit::ExtraSelection s;
        s.format.setBackground(color);
        s.format.setProperty(QTextFormat::FullWidthSelection, true);
        s.cursor = QTextCursor(block);
        selections.append(s);
    };
    addLine(m_errorLine, theme.errorLine);
    if (m_currentLine != m_errorLine)
        addLine(m_currentLine, theme.currentLine);
    setExtraSelections(selections);
}

void CodeEditor::showLine(int line)
{
    if (line <= 0 || line > blockCount() || textCursor().blockNumber() == line - 1)
        return;
    setTextCursor(QTextCursor(document()->findBlockByNumber(line - 1)));
    centerCursor();
}

void CodeEditor::mouseReleaseEvent(QMouseEvent* event)
{
    QPlainTextEdit::mouseReleaseEvent(event);
    if (event->button() == Qt::LeftButton && !textCursor().hasSelection())
        Q_EMIT lineClicked(textCursor().blockNumber() + 1);
}

}  // namespace agv::ui
