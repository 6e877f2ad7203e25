#pragma once
// Turns source text into tokens, including INDENT/DEDENT as Python's tokenizer
// does. Raises ScriptSyntaxError with CPython 3.11's messages.

#include <string>
#include <string_view>
#include <vector>

#include "core/script/token.h"

namespace agv::script {

/// Tokenizes a whole module. Throws ScriptSyntaxError.
std::vector<Token> tokenize(std::string_view source);

/// Decodes backslash escapes of a (non-raw) string literal body. `line`/`column`
/// locate the literal for error messages.
std::string decodeStringEscapes(std::string_view body, int line, int column);

/// Python keywords cannot be used as names.
bool isKeyword(std::string_view word);

/// Appends the UTF-8 encoding of a code point.
void appendUtf8(std::string& out, uint32_t codePoint);

}  // namespace agv::script
