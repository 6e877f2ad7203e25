#pragma once
// Scope analysis (CPython's symtable pass): decides for every name whether it is a
// local slot, a closure cell, a class-body name or a global, and lays out each
// function's frame slots. Raises ScriptSyntaxError for nonlocal errors.

#include "core/script/ast.h"
#include "core/script/name_table.h"

namespace agv::script {

/// Annotates every NameExpr of `module` and fills the slot layout of every FunctionCode.
void resolveScopes(ModuleAst& module, NameTable& names, const std::shared_ptr<const SourceFile>& source = nullptr);

}  // namespace agv::script
