#pragma once
// A compile-time error (SyntaxError / IndentationError) with the location CPython
// reports, so it can be printed with the caret under the right column.

#include <exception>
#include <string>

namespace agv::script {

class ScriptSyntaxError : public std::exception {
public:
    ScriptSyntaxError(std::string typeName, std::string message, int line, int column, int endColumn = -1,
                      bool showCaret = true)
        : typeName(std::move(typeName)),
          message(std::move(message)),
          line(line),
          column(column),
          endColumn(endColumn),
          showCaret(showCaret)
    {
    }
    const char* what() const noexcept override { return message.c_str(); }

    std::string typeName;  ///< "SyntaxError" or "IndentationError"
    std::string message;
    int line;        ///< 1-based
    int column;      ///< 0-based byte column of the caret
    int endColumn;   ///< exclusive end of the caret range (CPython's ^^^); <= column: one caret
    bool showCaret;  ///< IndentationError: unexpected indent prints no caret
};

}  // namespace agv::script
