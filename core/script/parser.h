#pragma once
// Recursive-descent parser for the supported Python subset. Produces the AST and
// raises ScriptSyntaxError with CPython 3.11's messages and caret positions.
// Expression nesting is bounded so that neither parsing nor evaluating nor
// destroying the tree can exhaust the C++ stack.

#include <memory>
#include <string_view>

#include "core/script/ast.h"

namespace agv::script {

/// Maximum depth of an expression tree (CPython fails with a RecursionError
/// during compilation far beyond anything a script legitimately needs).
inline constexpr int kMaxExpressionDepth = 400;

/// Parses a module. Throws ScriptSyntaxError. Every FunctionCode records `file`.
ModuleAst parseModule(std::string_view source);

}  // namespace agv::script
