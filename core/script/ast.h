#pragma once
// The abstract syntax tree. Nodes carry their source position; Name nodes are
// annotated by the resolver (resolver.h) with where their variable lives, so the
// interpreter reaches locals by slot index instead of by name.

#include <memory>
#include <string>
#include <vector>

#include "core/script/operators.h"
#include "core/script/value.h"

namespace agv::script {

struct FunctionCode;

// ---------------------------------------------------------------- expressions

enum class ExprKind : uint8_t {
    Constant,
    Name,
    FString,
    List,
    Tuple,
    Set,
    Dict,
    ListComp,
    SetComp,
    DictComp,
    GeneratorExp,
    Unary,
    Binary,
    BoolOp,
    Compare,
    IfExp,
    Lambda,
    Call,
    Attribute,
    Subscript,
    Slice,
    Starred,
};

struct Expr {
    Expr(ExprKind kind, int line, int column) : kind(kind), line(line), column(column) {}
    virtual ~Expr() = default;
    const ExprKind kind;
    int line;
    int column;
};
using ExprPtr = std::unique_ptr<Expr>;

struct ConstantExpr final : Expr {
    ConstantExpr(Value v, int line, int col) : Expr(ExprKind::Constant, line, col), value(std::move(v)) {}
    Value value;
};

/// Where a name's variable lives (decided by the resolver).
enum class NameScope : uint8_t {
    Unresolved,
    Fast,       ///< a local slot of the current frame
    Deref,      ///< a frame slot holding a CellObject (captured or free variable)
    Global,     ///< the module's globals, then builtins
    ClassBody,  ///< a class body namespace, then globals, then builtins
};

struct NameExpr final : Expr {
    NameExpr(std::string id, int line, int col) : Expr(ExprKind::Name, line, col), id(std::move(id)) {}
    std::string id;
    NameScope scope = NameScope::Unresolved;
    int slot = -1;        ///< Fast / Deref
    uint32_t nameId = 0;  ///< Global / ClassBody: interned name index
};

struct FStringPart {
    std::string literal;  ///< used when expr is null
    ExprPtr expr;
    char conversion = 0;  ///< 0, 'r', 's', 'a'
    ExprPtr formatSpec;   ///< an FStringExpr, or null
    std::string debugText;  ///< "x=" for f"{x=}"
};

struct FStringExpr final : Expr {
    FStringExpr(int line, int col) : Expr(ExprKind::FString, line, col) {}
    std::vector<FStringPart> parts;
};

/// List, Tuple and Set displays.
struct SequenceExpr final : Expr {
    SequenceExpr(ExprKind kind, int line, int col) : Expr(kind, line, col) {}
    std::vector<ExprPtr> elements;
};

struct DictExpr final : Expr {
    DictExpr(int line, int col) : Expr(ExprKind::Dict, line, col) {}
    std::vector<ExprPtr> keys;  ///< null key: `**mapping` in values
    std::vector<ExprPtr> values;
};

struct ComprehensionFor {
    ExprPtr target;
    ExprPtr iter;
    std::vector<ExprPtr> conditions;
};

/// List/set/dict comprehensions and generator expressions. Like CPython, each runs
/// in its own scope (`code`), whose first iterable is evaluated in the enclosing one.
struct ComprehensionExpr final : Expr {
    ComprehensionExpr(ExprKind kind, int line, int col) : Expr(kind, line, col) {}
    ExprPtr element;  ///< the key for dict comprehensions
    ExprPtr value;    ///< dict comprehensions only
    std::vector<ComprehensionFor> generators;
    std::shared_ptr<FunctionCode> code;
};

struct UnaryExpr final : Expr {
    UnaryExpr(UnaryOp op, ExprPtr operand, int line, int col)
        : Expr(ExprKind::Unary, line, col), op(op), operand(std::move(operand))
    {
    }
    UnaryOp op;
    ExprPtr operand;
};

struct BinaryExpr final : Expr {
    BinaryExpr(BinaryOp op, ExprPtr left, ExprPtr right, int line, int col)
        : Expr(ExprKind::Binary, line, col), op(op), left(std::move(left)), right(std::move(right))
    {
    }
    BinaryOp op;
    ExprPtr left, right;
};

struct BoolOpExpr final : Expr {
    BoolOpExpr(bool isAnd, int line, int col) : Expr(ExprKind::BoolOp, line, col), isAnd(isAnd) {}
    bool isAnd;
    std::vector<ExprPtr> values;
};

struct CompareExpr final : Expr {
    CompareExpr(ExprPtr left, int line, int col) : Expr(ExprKind::Compare, line, col), left(std::move(left)) {}
    ExprPtr left;
    std::vector<CompareOp> ops;
    std::vector<ExprPtr> comparators;
};

struct IfExpExpr final : Expr {
    IfExpExpr(int line, int col) : Expr(ExprKind::IfExp, line, col) {}
    ExprPtr test, body, orElse;
};

/// Parameters and default expressions shared by `def` and `lambda`.
struct ParameterDefaults {
    std::vector<ExprPtr> defaults;    ///< for the last positional parameters
    std::vector<ExprPtr> kwDefaults;  ///< one per keyword-only parameter (null: required)
};

struct LambdaExpr final : Expr {
    LambdaExpr(int line, int col) : Expr(ExprKind::Lambda, line, col) {}
    std::shared_ptr<FunctionCode> code;
    ParameterDefaults defaults;
};

struct Keyword {
    std::string name;  ///< empty for `**mapping`
    ExprPtr value;
};

struct CallExpr final : Expr {
    CallExpr(ExprPtr func, int line, int col) : Expr(ExprKind::Call, line, col), func(std::move(func)) {}
    ExprPtr func;
    std::vector<ExprPtr> args;  ///< may contain StarredExpr
    std::vector<Keyword> keywords;
};

struct AttributeExpr final : Expr {
    AttributeExpr(ExprPtr value, std::string attr, int line, int col)
        : Expr(ExprKind::Attribute, line, col), value(std::move(value)), attr(std::move(attr))
    {
    }
    ExprPtr value;
    std::string attr;
};

struct SubscriptExpr final : Expr {
    SubscriptExpr(ExprPtr value, ExprPtr index, int line, int col)
        : Expr(ExprKind::Subscript, line, col), value(std::move(value)), index(std::move(index))
    {
    }
    ExprPtr value;
    ExprPtr index;
};

struct SliceExpr final : Expr {
    SliceExpr(int line, int col) : Expr(ExprKind::Slice, line, col) {}
    ExprPtr lower, upper, step;  ///< each may be null
};

struct StarredExpr final : Expr {
    StarredExpr(ExprPtr value, int line, int col) : Expr(ExprKind::Starred, line, col), value(std::move(value)) {}
    ExprPtr value;
};

// ---------------------------------------------------------------- statements

enum class StmtKind : uint8_t {
    Expr,
    Assign,
    AugAssign,
    If,
    While,
    For,
    Break,
    Continue,
    Pass,
    Return,
    FunctionDef,
    ClassDef,
    With,
    Try,
    Raise,
    Assert,
    Delete,
    Import,
    ImportFrom,
    Global,
    Nonlocal,
};

struct Stmt {
    Stmt(StmtKind kind, int line, int column) : kind(kind), line(line), column(column) {}
    virtual ~Stmt() = default;
    const StmtKind kind;
    int line;
    int column;
};
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

struct ExprStmt final : Stmt {
    ExprStmt(ExprPtr value, int line, int col) : Stmt(StmtKind::Expr, line, col), value(std::move(value)) {}
    ExprPtr value;
};

struct AssignStmt final : Stmt {
    AssignStmt(int line, int col) : Stmt(StmtKind::Assign, line, col) {}
    std::vector<ExprPtr> targets;  ///< a = b = value: several targets
    ExprPtr value;
};

struct AugAssignStmt final : Stmt {
    AugAssignStmt(int line, int col) : Stmt(StmtKind::AugAssign, line, col) {}
    ExprPtr target;
    BinaryOp op = BinaryOp::Add;
    ExprPtr value;
};

struct IfStmt final : Stmt {
    IfStmt(int line, int col) : Stmt(StmtKind::If, line, col) {}
    ExprPtr test;
    StmtList body, orElse;
};

struct WhileStmt final : Stmt {
    WhileStmt(int line, int col) : Stmt(StmtKind::While, line, col) {}
    ExprPtr test;
    StmtList body, orElse;
};

struct ForStmt final : Stmt {
    ForStmt(int line, int col) : Stmt(StmtKind::For, line, col) {}
    ExprPtr target, iter;
    StmtList body, orElse;
};

struct SimpleStmt final : Stmt {  ///< break, continue, pass
    SimpleStmt(StmtKind kind, int line, int col) : Stmt(kind, line, col) {}
};

struct ReturnStmt final : Stmt {
    ReturnStmt(int line, int col) : Stmt(StmtKind::Return, line, col) {}
    ExprPtr value;  ///< null: return None
};

struct FunctionDefStmt final : Stmt {
    FunctionDefStmt(int line, int col) : Stmt(StmtKind::FunctionDef, line, col) {}
    std::shared_ptr<FunctionCode> code;
    ParameterDefaults defaults;
    std::vector<ExprPtr> decorators;
    std::unique_ptr<NameExpr> target;  ///< the name the function is bound to
};

struct ClassDefStmt final : Stmt {
    ClassDefStmt(int line, int col) : Stmt(StmtKind::ClassDef, line, col) {}
    std::string name;
    std::vector<ExprPtr> bases;
    std::vector<ExprPtr> decorators;
    std::shared_ptr<FunctionCode> code;  ///< the class body, run once in its own namespace
    std::unique_ptr<NameExpr> target;
};

struct WithItem {
    ExprPtr context;
    ExprPtr target;  ///< may be null
};

struct WithStmt final : Stmt {
    WithStmt(int line, int col) : Stmt(StmtKind::With, line, col) {}
    std::vector<WithItem> items;
    StmtList body;
};

struct ExceptHandler {
    int line = 0;
    ExprPtr type;                    ///< null: bare `except:`
    std::unique_ptr<NameExpr> name;  ///< `as name`, may be null
    StmtList body;
};

struct TryStmt final : Stmt {
    TryStmt(int line, int col) : Stmt(StmtKind::Try, line, col) {}
    StmtList body;
    std::vector<ExceptHandler> handlers;
    StmtList orElse, finalBody;
};

struct RaiseStmt final : Stmt {
    RaiseStmt(int line, int col) : Stmt(StmtKind::Raise, line, col) {}
    ExprPtr exception;  ///< null: re-raise
    ExprPtr cause;
};

struct AssertStmt final : Stmt {
    AssertStmt(int line, int col) : Stmt(StmtKind::Assert, line, col) {}
    ExprPtr test, message;
};

struct DeleteStmt final : Stmt {
    DeleteStmt(int line, int col) : Stmt(StmtKind::Delete, line, col) {}
    std::vector<ExprPtr> targets;
};

struct ImportAlias {
    std::string name;    ///< dotted module name, or the imported attribute for from-imports
    std::string asName;  ///< empty when absent
    std::unique_ptr<NameExpr> target;
};

struct ImportStmt final : Stmt {
    ImportStmt(StmtKind kind, int line, int col) : Stmt(kind, line, col) {}
    std::string module;  ///< from-imports: the module imported from
    int level = 0;       ///< relative-import dots (always rejected)
    std::vector<ImportAlias> names;
};

struct ScopeDeclStmt final : Stmt {  ///< global / nonlocal
    ScopeDeclStmt(StmtKind kind, int line, int col) : Stmt(kind, line, col) {}
    std::vector<std::string> names;
};

// ---------------------------------------------------------------- code objects

/// A function, lambda, comprehension, class body or the module: the unit of scope.
/// The file a piece of code came from: tracebacks and warnings name it and quote
/// its lines. The user's script and the torch prelude are different files.
struct SourceFile {
    std::string name;                ///< as shown in `File "...", line N`
    std::vector<std::string> lines;  ///< raw lines, without newlines
};

struct FunctionCode {
    enum class Kind : uint8_t { Module, Function, Lambda, Comprehension, ClassBody };
    Kind kind = Kind::Function;
    std::shared_ptr<const SourceFile> file;  ///< null when parsed without one
    std::string name;      ///< "f", "<lambda>", "<listcomp>", "<module>"
    std::string qualname;  ///< "A.f", "outer.<locals>.inner"
    int line = 0;

    std::vector<std::string> params;        ///< positional-or-keyword parameters
    std::vector<std::string> kwOnlyParams;  ///< after `*` or `*args`
    std::string varArgs;                    ///< `*args` name, empty if none
    std::string varKwArgs;                  ///< `**kwargs` name, empty if none

    StmtList body;
    ExprPtr lambdaBody;  ///< lambdas only

    // Filled by the resolver. Slots: parameters first (positional, keyword-only,
    // *args, **kwargs), then other locals, then free variables.
    std::vector<std::string> slotNames;
    std::vector<bool> cellSlots;  ///< locals captured by an inner scope: hold a CellObject
    int firstFreeSlot = 0;        ///< slots [firstFreeSlot, slotNames.size()) are free vars
    std::vector<int> freeVarSources;  ///< per free var: the slot in the defining frame
    int numSlots() const { return static_cast<int>(slotNames.size()); }
};

struct ModuleAst {
    std::shared_ptr<FunctionCode> code;  ///< kind Module; body holds the statements
};

}  // namespace agv::script
