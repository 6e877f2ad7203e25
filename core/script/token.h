#pragma once
// Tokens produced by the lexer.

#include <cstdint>
#include <string>

namespace agv::script {

enum class TokenKind : uint8_t {
    Name,
    Int,
    Float,
    String,   ///< text holds the decoded value
    FString,  ///< text holds the raw body between the quotes (decoded by the parser)
    Newline,
    Indent,
    Dedent,
    Op,  ///< punctuation and operators; text holds the symbol
    EndMarker,
};

struct Token {
    TokenKind kind = TokenKind::EndMarker;
    std::string text;
    int64_t intValue = 0;
    double floatValue = 0.0;
    int line = 1;    ///< 1-based
    int column = 0;  ///< 0-based byte column
    int endLine = 1;
    int endColumn = 0;
    bool rawString = false;  ///< r"..." (f-strings: escapes are not decoded)

    bool isOp(const char* op) const { return kind == TokenKind::Op && text == op; }
    bool isName(const char* name) const { return kind == TokenKind::Name && text == name; }
};

}  // namespace agv::script
