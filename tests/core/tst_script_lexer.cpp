// The tokenizer: token kinds and values, INDENT/DEDENT, literals and escapes.

#include "core/script/lexer.h"
#include "core/script/syntax_error.h"

#include <QTest>

using namespace agv::script;

namespace {
QStringList kinds(const std::vector<Token>& tokens)
{
    QStringList out;
    for (const Token& t : tokens) {
        switch (t.kind) {
        case TokenKind::Name: out << "N:" + QString::fromStdString(t.text); break;
        case TokenKind::Int: out << "I:" + QString::number(t.intValue); break;
        case TokenKind::Float: out << "F:" + QString::number(t.floatValue); break;
        case TokenKind::String: out << "S:" + QString::fromStdString(t.text); break;
        case TokenKind::FString: out << "f:" + QString::fromStdString(t.text); break;
        case TokenKind::Newline: out << "NL"; break;
        case TokenKind::Indent: out << "IN"; break;
        case TokenKind::Dedent: out << "DE"; break;
        case TokenKind::Op: out << QString::fromStdString(t.text); break;
        case TokenKind::EndMarker: out << "END"; break;
        }
    }
    return out;
}
}  // namespace

class TestScriptLexer : public QObject {
    Q_OBJECT

private slots:
    void tokens_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("assign") << "x = 1" << QStringList{"N:x", "=", "I:1", "NL", "END"};
        QTest::newRow("operators") << "a //= b ** -c @ d"
                                   << QStringList{"N:a", "//=", "N:b", "**", "-", "N:c", "@", "N:d", "NL", "END"};
        QTest::newRow("numbers") << "0x1F 0o17 0b101 1_000 1.5 .5 1e3 2."
                                 << QStringList{"I:31", "I:15", "I:5", "I:1000", "F:1.5", "F:0.5", "F:1000", "F:2", "NL", "END"};
        QTest::newRow("strings") << "'a\\n' \"b\\\"\" r'\\n' '\\x41\\u00e9' 'x' 'y'"
                                 << QStringList{"S:a\n", "S:b\"", "S:\\n", QString("S:A") + QChar(0xe9), "S:x", "S:y", "NL", "END"};
        QTest::newRow("triple") << "'''a\nb'''" << QStringList{"S:a\nb", "NL", "END"};
        QTest::newRow("fstring") << "f'{x:.2f}'" << QStringList{"f:{x:.2f}", "NL", "END"};
        QTest::newRow("blocks") << "if a:\n    b\n    if c:\n        d\ne\n"
                                << QStringList{"N:if", "N:a", ":", "NL", "IN", "N:b", "NL", "N:if", "N:c", ":", "NL",
                                               "IN", "N:d", "NL", "DE", "DE", "N:e", "NL", "END"};
        QTest::newRow("brackets join lines") << "f(1,\n  2)\n" << QStringList{"N:f", "(", "I:1", ",", "I:2", ")", "NL", "END"};
        QTest::newRow("comments and blanks") << "# c\n\nx  # t\n\n" << QStringList{"N:x", "NL", "END"};
        QTest::newRow("continuation") << "x = 1 + \\\n    2" << QStringList{"N:x", "=", "I:1", "+", "I:2", "NL", "END"};
    }

    void tokens()
    {
        QFETCH(QString, source);
        QFETCH(QStringList, expected);
        QCOMPARE(kinds(tokenize(source.toStdString())), expected);
    }

    void errors_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("unterminated") << "x = 'abc" << "unterminated string literal (detected at line 1)" << 1 << 4;
        QTest::newRow("triple") << "x = '''abc\n\n" << "unterminated triple-quoted string literal (detected at line 3)" << 1 << 4;
        QTest::newRow("never closed") << "f(1,\n2" << "'(' was never closed" << 1 << 1;
        QTest::newRow("unmatched") << "x)" << "unmatched ')'" << 1 << 1;
        QTest::newRow("mismatch") << "(]" << "closing parenthesis ']' does not match opening parenthesis '('" << 1 << 1;
        QTest::newRow("dedent") << "if x:\n    a\n  b\n" << "unindent does not match any outer indentation level" << 3 << 3;
        QTest::newRow("invalid char") << "x = $" << "invalid character '$' (U+0024)" << 1 << 4;
        QTest::newRow("leading zero") << "x = 012" << "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers" << 1 << 4;
        QTest::newRow("decimal") << "x = 1abc" << "invalid decimal literal" << 1 << 5;
    }

    void errors()
    {
        QFETCH(QString, source);
        QFETCH(QString, message);
        QFETCH(int, line);
        QFETCH(int, column);
        try {
            tokenize(source.toStdString());
            QFAIL("no error");
        } catch (const ScriptSyntaxError& e) {
            QCOMPARE(QString::fromStdString(e.message), message);
            QCOMPARE(e.line, line);
            QCOMPARE(e.column, column);
        }
    }
};

QTEST_APPLESS_MAIN(TestScriptLexer)
#include "tst_script_lexer.moc"
