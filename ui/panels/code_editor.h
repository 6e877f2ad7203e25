#pragma once
// Python source editor: line numbers, syntax highlighting, the playback line and the
// error line highlighted (Qt's codeeditor example, plus QSyntaxHighlighter).

#include <QPlainTextEdit>
#include <QSyntaxHighlighter>
#include <QRegularExpression>

namespace agv::ui {

class PythonHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit PythonHighlighter(QTextDocument* document);
    void refreshTheme();

protected:
    void highlightBlock(const QString& text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
        int group = 0;
    };
    std::vector<Rule> m_rules;
    QTextCharFormat m_string;
    QTextCharFormat m_comment;
};

class CodeEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeEditor(QWidget* parent = nullptr);

    /// The line playback is at (1-based, 0 = none); scrolled into view.
    void setCurrentLine(int line);
    int currentLine() const { return m_currentLine; }
    /// The line the error points at (0 = none).
    void setErrorLine(int line);
    int errorLine() const { return m_errorLine; }

    int lineNumberAreaWidth() const;
    /// Moves the cursor to `line` and scrolls it into view unless it is there already.
    void showLine(int line);
    void paintLineNumbers(QPaintEvent* event);
    void refreshTheme();

Q_SIGNALS:
    /// The user clicked into `line` (1-based) without selecting text.
    void lineClicked(int line);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void updateLineNumberAreaWidth();
    void updateLineNumberArea(const QRect& rect, int dy);
    void updateSelections();

    QWidget* m_lineNumbers;
    PythonHighlighter* m_highlighter;
    int m_currentLine = 0;
    int m_errorLine = 0;
};

}  // namespace agv::ui
