#include "core/script/parser.h"

#include <algorithm>
#include <set>

#include "core/script/lexer.h"
#include "core/script/syntax_error.h"

namespace agv::script {

namespace {

// elif chains nest IfStmt nodes; bound them like expressions.
constexpr int kMaxElifChain = 1000;

const char* targetKindName(const Expr& e)
{
    switch (e.kind) {
    case ExprKind::Constant: {
        const Value& v = static_cast<const ConstantExpr&>(e).value;
        if (v.isNone())
            return "None";
        if (v.isBool())
            return v.asBool() ? "True" : "False";
        return "literal";
    }
    case ExprKind::Call: return "function call";
    case ExprKind::Compare: return "comparison";
    case ExprKind::Lambda: return "lambda";
    case ExprKind::IfExp: return "conditional expression";
    case ExprKind::ListComp: return "list comprehension";
    case ExprKind::SetComp: return "set comprehension";
    case ExprKind::DictComp: return "dict comprehension";
    case ExprKind::GeneratorExp: return "generator expression";
    case ExprKind::Dict: return "dict literal";
    case ExprKind::Set: return "set display";
    case ExprKind::FString: return "f-string expression";
    case ExprKind::Tuple: return "tuple";
    case ExprKind::List: return "list";
    case ExprKind::Starred: return "starred";
    case ExprKind::Slice: return "slice";
    default: return "expression";
    }
}

class Parser {
public:

    Parser(std::vector<Token> tokens, int depthOffset = 0, int lineOffset = 0)
        : m_tokens(std::move(tokens)), m_depthOffset(depthOffset)
    {
        if (lineOffset != 0)
            for (Token& t : m_tokens) {
                t.line += lineOffset;
                t.endLine += lineOffset;
            }
    }

    ModuleAst parseFile()
    {
        ModuleAst module;
        module.code = std::make_shared<FunctionCode>();
        module.code->kind = FunctionCode::Kind::Module;
        module.code->name = "<module>";
        module.code->qualname = "<module>";
        module.code->line = 1;
        while (!at(TokenKind::EndMarker))
            parseStatement(module.code->body);
        return module;
    }

    /// Parses a parenthesised expression list (used for f-string fields).
    ExprPtr parseFStringField()
    {
        expectOp("(");
        ExprPtr e = parseStarExpressions();
        if (!cur().isOp(")"))
            failAt(cur(), "f-string: expecting '}'");
        ++m_pos;
        return e;
    }

private:
    // ------------------------------------------------------------ token helpers

    const Token& cur() const { return m_tokens[m_pos]; }
    const Token& peek(size_t n = 1) const { return m_tokens[std::min(m_pos + n, m_tokens.size() - 1)]; }
    bool at(TokenKind k) const { return cur().kind == k; }
    bool atOp(const char* op) const { return cur().isOp(op); }
    bool atKeyword(const char* kw) const { return cur().isName(kw); }
    const Token& advance() { return m_tokens[m_pos < m_tokens.size() - 1 ? m_pos++ : m_pos]; }

    bool acceptOp(const char* op)
    {
        if (atOp(op)) {
            ++m_pos;
            return true;
        }
        return false;
    }
    bool acceptKeyword(const char* kw)
    {
        if (atKeyword(kw)) {
            ++m_pos;
            return true;
        }
        return false;
    }

    [[noreturn]] void fail(const std::string& message, int line, int col, int endCol = -1)
    {
        throw ScriptSyntaxError("SyntaxError", message, line, col, endCol);
    }
    [[noreturn]] void failAt(const Token& t, const std::string& message)
    {
        fail(message, t.line, t.column, t.endLine == t.line ? t.endColumn : -1);
    }
    [[noreturn]] void invalidSyntax()
    {
        const Token& t = cur();
        if (t.kind == TokenKind::Indent)
            throw ScriptSyntaxError("IndentationError", "unexpected indent", t.line, t.column, -1, false);
        if (t.kind == TokenKind::Dedent || t.kind == TokenKind::Newline || t.kind == TokenKind::EndMarker)
            fail("invalid syntax", t.line, t.column);
        failAt(t, "invalid syntax");
    }

    void expectOp(const char* op)
    {
        if (!acceptOp(op)) {
            if (std::string_view(op) == ":")
                fail("expected ':'", cur().line, cur().column);
            invalidSyntax();
        }
    }

    std::string expectName()
    {
        if (!at(TokenKind::Name) || isKeyword(cur().text))
            invalidSyntax();
        return advance().text;
    }

    bool startsExpression() const
    {
        const Token& t = cur();
        switch (t.kind) {
        case TokenKind::Int:
        case TokenKind::Float:
        case TokenKind::String:
        case TokenKind::FString: return true;
        case TokenKind::Name:
            return !isKeyword(t.text) || t.text == "None" || t.text == "True" || t.text == "False" ||
                   t.text == "not" || t.text == "lambda";
        case TokenKind::Op:
            return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" ||
                   t.text == "~" || t.text == "..." || t.text == "*";
        default: return false;
        }
    }

    /// Called after an element inside brackets when neither ',' nor the closing
    /// bracket follows: CPython's "Perhaps you forgot a comma?" hint.
    [[noreturn]] void missingComma(const Expr& previous)
    {
        if (startsExpression() && cur().line == previous.line && cur().kind != TokenKind::Op)
            fail("invalid syntax. Perhaps you forgot a comma?", previous.line, previous.column, cur().endColumn);
        invalidSyntax();
    }

    // ------------------------------------------------------------ depth bookkeeping

    /// Records the depth of the node just built and enforces kMaxExpressionDepth.
    ExprPtr finish(ExprPtr e, int depth)
    {
        if (depth + m_depthOffset > kMaxExpressionDepth)
            fail("expression is too deeply nested (more than " + std::to_string(kMaxExpressionDepth) + " levels)",
                 e->line, e->column);
        m_resultDepth = depth;
        return e;
    }

    // ------------------------------------------------------------ statements

    void parseStatement(StmtList& out)
    {
        const Token& t = cur();
        if (t.kind == TokenKind::Indent)
            throw ScriptSyntaxError("IndentationError", "unexpected indent", t.line, t.column, -1, false);
        if (t.kind == TokenKind::Name) {
            const std::string& k = t.text;
            if (k == "if") return out.push_back(parseIf());
            if (k == "while") return out.push_back(parseWhile());
            if (k == "for") return out.push_back(parseFor());
            if (k == "def") return out.push_back(parseFunctionDef({}));
            if (k == "class") return out.push_back(parseClassDef({}));
            if (k == "with") return out.push_back(parseWith());
            if (k == "try") return out.push_back(parseTry());
            if (k == "async")
                failAt(t, "async functions are not supported by this interpreter");
        }
        if (t.isOp("@"))
            return out.push_back(parseDecorated());
        parseSimpleStatements(out);
    }

    void parseSimpleStatements(StmtList& out)
    {
        while (true) {
            out.push_back(parseSimpleStatement());
            if (acceptOp(";")) {
                if (at(TokenKind::Newline))
                    break;
                continue;
            }
            break;
        }
        if (!at(TokenKind::Newline))
            invalidSyntax();
        ++m_pos;
    }

    StmtPtr parseSimpleStatement()
    {
        const Token& t = cur();
        int line = t.line, col = t.column;
        if (t.kind == TokenKind::Name) {
            const std::string& k = t.text;
            if (k == "pass") {
                ++m_pos;
                return std::make_unique<SimpleStmt>(StmtKind::Pass, line, col);
            }
            if (k == "break" || k == "continue") {
                ++m_pos;
                if (m_loopDepth == 0)
                    fail(k == "break" ? "'break' outside loop" : "'continue' not properly in loop", line, col,
                         t.endColumn);
                return std::make_unique<SimpleStmt>(k == "break" ? StmtKind::Break : StmtKind::Continue, line, col);
            }
            if (k == "return") {
                ++m_pos;
                auto s = std::make_unique<ReturnStmt>(line, col);
                if (!at(TokenKind::Newline) && !atOp(";"))
                    s->value = parseStarExpressions();
                if (m_functionDepth == 0)
                    fail("'return' outside function", line, col, m_tokens[m_pos - 1].endColumn);
                return s;
            }
            if (k == "raise") {
                ++m_pos;
                auto s = std::make_unique<RaiseStmt>(line, col);
                if (!at(TokenKind::Newline) && !atOp(";")) {
                    s->exception = parseExpression();
                    if (acceptKeyword("from"))
                        s->cause = parseExpression();
                }
                return s;
            }
            if (k == "assert") {
                ++m_pos;
                auto s = std::make_unique<AssertStmt>(line, col);
                s->test = parseExpression();
                if (acceptOp(","))
                    s->message = parseExpression();
                return s;
            }
            if (k == "del") {
                ++m_pos;
                auto s = std::make_unique<DeleteStmt>(line, col);
                do {
                    if (at(TokenKind::Newline) || atOp(";"))
                        break;
                    ExprPtr target = parseBitwiseOr();
                    checkDeleteTarget(*target);
                    s->targets.push_back(std::move(target));
                } while (acceptOp(","));
                if (s->targets.empty())
                    invalidSyntax();
                return s;
            }
            if (k == "import")
                return parseImport();
            if (k == "from")
                return parseFromImport();
            if (k == "global" || k == "nonlocal") {
                ++m_pos;
                auto s = std::make_unique<ScopeDeclStmt>(k == "global" ? StmtKind::Global : StmtKind::Nonlocal, line,
                                                         col);
                if (s->kind == StmtKind::Nonlocal && m_functionDepth == 0)
                    fail("nonlocal declaration not allowed at module level", line, col,
                         m_tokens[m_pos - 1].endColumn);
                do
                    s->names.push_back(expectName());
                while (acceptOp(","));
                return s;
            }
            if (k == "yield" || k == "await")
                failAt(t, "'" + k + "' is not supported by this interpreter");
        }
        return parseExpressionStatement();
    }

    StmtPtr parseExpressionStatement()
    {
        const Token& first = cur();
        int line = first.line, col = first.column;
        ExprPtr e = parseStarExpressions();
        if (atOp("=")) {
            auto s = std::make_unique<AssignStmt>(line, col);
            std::vector<int> ends{m_tokens[m_pos - 1].endColumn};
            s->targets.push_back(std::move(e));
            while (acceptOp("=")) {
                s->targets.push_back(parseStarExpressions());
                ends.push_back(m_tokens[m_pos - 1].endColumn);
            }
            s->value = std::move(s->targets.back());
            s->targets.pop_back();
            for (size_t i = 0; i < s->targets.size(); ++i)
                checkAssignTarget(*s->targets[i], true, ends[i]);
            return s;
        }
        static const std::pair<const char*, BinaryOp> augOps[] = {
            {"+=", BinaryOp::Add},       {"-=", BinaryOp::Sub},     {"*=", BinaryOp::Mul},
            {"/=", BinaryOp::TrueDiv},   {"//=", BinaryOp::FloorDiv}, {"%=", BinaryOp::Mod},
            {"**=", BinaryOp::Pow},      {"@=", BinaryOp::MatMul},  {"&=", BinaryOp::BitAnd},
            {"|=", BinaryOp::BitOr},     {"^=", BinaryOp::BitXor},  {"<<=", BinaryOp::LShift},
            {">>=", BinaryOp::RShift},
        };
        for (const auto& [symbol, op] : augOps) {
            if (atOp(symbol)) {
                if (e->kind != ExprKind::Name && e->kind != ExprKind::Attribute && e->kind != ExprKind::Subscript)
                    fail(std::string("'") + targetKindName(*e) + "' is an illegal expression for augmented assignment",
                         e->line, e->column, m_tokens[m_pos - 1].endColumn);
                ++m_pos;
                auto s = std::make_unique<AugAssignStmt>(line, col);
                s->target = std::move(e);
                s->op = op;
                s->value = parseStarExpressions();
                return s;
            }
        }
        if (atOp(":")) {
            // Annotated assignment: the annotation is parsed and ignored.
            if (e->kind != ExprKind::Name && e->kind != ExprKind::Attribute && e->kind != ExprKind::Subscript)
                fail("only single target (not " + std::string(targetKindName(*e)) + ") can be annotated", e->line,
                     e->column);
            ++m_pos;
            parseExpression();
            if (acceptOp("=")) {
                auto s = std::make_unique<AssignStmt>(line, col);
                s->targets.push_back(std::move(e));
                s->value = parseStarExpressions();
                return s;
            }
            return std::make_unique<SimpleStmt>(StmtKind::Pass, line, col);
        }
        if (!at(TokenKind::Newline) && !atOp(";")) {
            if (e->kind == ExprKind::Name && static_cast<NameExpr&>(*e).id == "print" && startsExpression()) {
                int end = cur().endColumn;
                size_t p = m_pos;
                while (m_tokens[p].kind != TokenKind::Newline && m_tokens[p].kind != TokenKind::EndMarker)
                    end = m_tokens[p++].endColumn;
                fail("Missing parentheses in call to 'print'. Did you mean print(...)?", line, col, end);
            }
            invalidSyntax();
        }
        return std::make_unique<ExprStmt>(std::move(e), line, col);
    }

    /// `endColumn` bounds the caret range of a rejected top-level target (-1: unknown).
    void checkAssignTarget(const Expr& e, bool topLevel, int endColumn = -1)
    {
        switch (e.kind) {
        case ExprKind::Name:
        case ExprKind::Attribute:
        case ExprKind::Subscript: return;
        case ExprKind::Starred:
            checkAssignTarget(*static_cast<const StarredExpr&>(e).value, false);
            return;
        case ExprKind::Tuple:
        case ExprKind::List: {
            int starred = 0;
            for (const ExprPtr& item : static_cast<const SequenceExpr&>(e).elements) {
                if (item->kind == ExprKind::Starred && ++starred > 1)
                    fail("multiple starred expressions in assignment", item->line, item->column);
                checkAssignTarget(*item, false);
            }
            return;
        }
        default:
            if (topLevel && e.kind != ExprKind::Starred)
                fail(std::string("cannot assign to ") + targetKindName(e) + " here. Maybe you meant '==' instead of '='?",
                     e.line, e.column, endColumn);
            fail(std::string("cannot assign to ") + targetKindName(e), e.line, e.column, endColumnOf(e));
        }
    }

    void checkDeleteTarget(const Expr& e)
    {
        switch (e.kind) {
        case ExprKind::Name:
        case ExprKind::Attribute:
        case ExprKind::Subscript: return;
        case ExprKind::Tuple:
        case ExprKind::List:
            for (const ExprPtr& item : static_cast<const SequenceExpr&>(e).elements)
                checkDeleteTarget(*item);
            return;
        default: fail(std::string("cannot delete ") + targetKindName(e), e.line, e.column, endColumnOf(e));
        }
    }

    /// End column of the last token consumed (good enough for caret ranges on one line).
    int endColumnOf(const Expr& e) const
    {
        const Token& last = m_tokens[m_pos > 0 ? m_pos - 1 : 0];
        return last.line == e.line ? last.endColumn : -1;
    }

    StmtList parseBlock(const char* what, int headerLine)
    {
        expectOp(":");
        StmtList body;
        if (at(TokenKind::Newline)) {
            ++m_pos;
            if (!at(TokenKind::Indent)) {
                const Token& t = cur();
                throw ScriptSyntaxError("IndentationError",
                                        std::string("expected an indented block after ") + what + " on line " +
                                            std::to_string(headerLine),
                                        t.line, t.column, -1);
            }
            ++m_pos;
            while (!at(TokenKind::Dedent) && !at(TokenKind::EndMarker))
                parseStatement(body);
            if (at(TokenKind::Dedent))
                ++m_pos;
        } else {
            parseSimpleStatements(body);
        }
        return body;
    }

    StmtPtr parseIf()
    {
        const Token& t = advance();
        auto s = std::make_unique<IfStmt>(t.line, t.column);
        s->test = parseNamedExpression();
        s->body = parseBlock("'if' statement", t.line);
        IfStmt* tail = s.get();
        int chain = 0;
        while (atKeyword("elif")) {
            if (++chain > kMaxElifChain)
                failAt(cur(), "too many 'elif' branches");
            const Token& e = advance();
            auto elif = std::make_unique<IfStmt>(e.line, e.column);
            elif->test = parseNamedExpression();
            elif->body = parseBlock("'elif' statement", e.line);
            IfStmt* next = elif.get();
            tail->orElse.push_back(std::move(elif));
            tail = next;
        }
        if (atKeyword("else")) {
            const Token& e = advance();
            tail->orElse = parseBlock("'else' statement", e.line);
        }
        return s;
    }

    StmtPtr parseWhile()
    {
        const Token& t = advance();
        auto s = std::make_unique<WhileStmt>(t.line, t.column);
        s->test = parseNamedExpression();
        ++m_loopDepth;
        s->body = parseBlock("'while' statement", t.line);
        --m_loopDepth;
        if (atKeyword("else")) {
            const Token& e = advance();
            s->orElse = parseBlock("'else' statement", e.line);
        }
        return s;
    }

    StmtPtr parseFor()
    {
        const Token& t = advance();
        auto s = std::make_unique<ForStmt>(t.line, t.column);
        s->target = parseTargetList();
        checkAssignTarget(*s->target, false);
        if (!acceptKeyword("in"))
            invalidSyntax();
        s->iter = parseStarExpressions();
        ++m_loopDepth;
        s->body = parseBlock("'for' statement", t.line);
        --m_loopDepth;
        if (atKeyword("else")) {
            const Token& e = advance();
            s->orElse = parseBlock("'else' statement", e.line);
        }
        return s;
    }

    StmtPtr parseWith()
    {
        const Token& t = advance();
        auto s = std::make_unique<WithStmt>(t.line, t.column);
        do {
            WithItem item;
            item.context = parseExpression();
            if (acceptKeyword("as")) {
                item.target = parseTarget();
                checkAssignTarget(*item.target, false);
            }
            s->items.push_back(std::move(item));
        } while (acceptOp(","));
        s->body = parseBlock("'with' statement", t.line);
        return s;
    }

    StmtPtr parseTry()
    {
        const Token& t = advance();
        auto s = std::make_unique<TryStmt>(t.line, t.column);
        s->body = parseBlock("'try' statement", t.line);
        bool sawBare = false;
        while (atKeyword("except")) {
            const Token& e = advance();
            if (sawBare)
                fail("default 'except:' must be last", e.line, e.column, e.endColumn);
            ExceptHandler h;
            h.line = e.line;
            if (!atOp(":")) {
                h.type = parseExpression();
                if (atOp(",")) {
                    // except A, B: is Python 2 syntax.
                    fail("multiple exception types must be parenthesized", h.type->line, h.type->column);
                }
                if (acceptKeyword("as")) {
                    const Token& n = cur();
                    h.name = std::make_unique<NameExpr>(expectName(), n.line, n.column);
                }
            } else {
                sawBare = true;
            }
            h.body = parseBlock("'except' statement", e.line);
            s->handlers.push_back(std::move(h));
        }
        if (atKeyword("else")) {
            const Token& e = advance();
            if (s->handlers.empty())
                invalidSyntax();
            s->orElse = parseBlock("'else' statement", e.line);
        }
        if (atKeyword("finally")) {
            const Token& e = advance();
            s->finalBody = parseBlock("'finally' statement", e.line);
        }
        if (s->handlers.empty() && s->finalBody.empty())
            fail("expected 'except' or 'finally' block", cur().line, cur().column);
        return s;
    }

    StmtPtr parseDecorated()
    {
        std::vector<ExprPtr> decorators;
        while (acceptOp("@")) {
            decorators.push_back(parseNamedExpression());
            if (!at(TokenKind::Newline))
                invalidSyntax();
            ++m_pos;
        }
        if (atKeyword("def"))
            return parseFunctionDef(std::move(decorators));
        if (atKeyword("class"))
            return parseClassDef(std::move(decorators));
        invalidSyntax();
    }

    std::string childQualname(const std::string& name) const
    {
        if (m_scopeStack.empty())
            return name;
        return m_scopeStack.back() + name;
    }

    /// Parses parameters up to `closer` (")" for def, ":" for lambda) into `code`.
    void parseParameters(FunctionCode& code, ParameterDefaults& defaults, const char* closer, bool annotations)
    {
        std::set<std::string> seen;
        bool sawStar = false;
        bool sawDefault = false;
        auto addName = [&](const Token& nameToken, const std::string& name) {
            if (!seen.insert(name).second)
                fail("duplicate argument '" + name + "' in function definition", nameToken.line, nameToken.column,
                     nameToken.endColumn);
        };
        while (!atOp(closer)) {
            if (acceptOp("/"))
                ;  // positional-only marker: accepted, not enforced
            else if (acceptOp("**")) {
                const Token& n = cur();
                code.varKwArgs = expectName();
                addName(n, code.varKwArgs);
                if (annotations && acceptOp(":"))
                    parseExpression();
            } else if (acceptOp("*")) {
                if (sawStar)
                    fail("* argument may appear only once", cur().line, cur().column);
                sawStar = true;
                if (at(TokenKind::Name)) {
                    const Token& n = cur();
                    code.varArgs = expectName();
                    addName(n, code.varArgs);
                    if (annotations && acceptOp(":"))
                        parseExpression();
                } else if (atOp(closer) || (atOp(",") && peek().isOp(closer))) {
                    fail("named arguments must follow bare *", cur().line, cur().column);
                }
            } else {
                if (!code.varKwArgs.empty())
                    fail("arguments cannot follow var-keyword argument", cur().line, cur().column);
                const Token& n = cur();
                std::string name = expectName();
                addName(n, name);
                if (annotations && acceptOp(":"))
                    parseExpression();
                ExprPtr def;
                if (acceptOp("="))
                    def = parseExpression();
                if (sawStar) {
                    code.kwOnlyParams.push_back(name);
                    defaults.kwDefaults.push_back(std::move(def));
                } else {
                    if (def) {
                        sawDefault = true;
                        defaults.defaults.push_back(std::move(def));
                    } else if (sawDefault) {
                        fail("non-default argument follows default argument", n.line, n.column, n.endColumn);
                    }
                    code.params.push_back(name);
                }
            }
            if (!acceptOp(","))
                break;
        }
        if (!atOp(closer)) {
            if (std::string_view(closer) == ":")
                fail("expected ':'", cur().line, cur().column);
            invalidSyntax();
        }
    }

    StmtPtr parseFunctionDef(std::vector<ExprPtr> decorators)
    {
        const Token& t = advance();
        auto s = std::make_unique<FunctionDefStmt>(t.line, t.column);
        s->decorators = std::move(decorators);
        const Token& nameToken = cur();
        std::string name = expectName();
        s->target = std::make_unique<NameExpr>(name, nameToken.line, nameToken.column);
        auto code = std::make_shared<FunctionCode>();
        code->kind = FunctionCode::Kind::Function;
        code->name = name;
        code->qualname = childQualname(name);
        code->line = t.line;
        if (!acceptOp("("))
            fail("expected '('", cur().line, cur().column);
        parseParameters(*code, s->defaults, ")", true);
        expectOp(")");
        if (acceptOp("->"))
            parseExpression();
        m_scopeStack.push_back(code->qualname + ".<locals>.");
        int savedLoops = std::exchange(m_loopDepth, 0);
        ++m_functionDepth;
        code->body = parseBlock("function definition", t.line);
        --m_functionDepth;
        m_loopDepth = savedLoops;
        m_scopeStack.pop_back();
        s->code = std::move(code);
        return s;
    }

    StmtPtr parseClassDef(std::vector<ExprPtr> decorators)
    {
        const Token& t = advance();
        auto s = std::make_unique<ClassDefStmt>(t.line, t.column);
        s->decorators = std::move(decorators);
        const Token& nameToken = cur();
        s->name = expectName();
        s->target = std::make_unique<NameExpr>(s->name, nameToken.line, nameToken.column);
        if (acceptOp("(")) {
            while (!atOp(")")) {
                if (at(TokenKind::Name) && peek().isOp("="))
                    failAt(cur(), "class keyword arguments (metaclass=...) are not supported by this interpreter");
                s->bases.push_back(parseExpression());
                if (!acceptOp(","))
                    break;
            }
            expectOp(")");
        }
        auto code = std::make_shared<FunctionCode>();
        code->kind = FunctionCode::Kind::ClassBody;
        code->name = s->name;
        code->qualname = childQualname(s->name);
        code->line = t.line;
        m_scopeStack.push_back(code->qualname + ".");
        int savedLoops = std::exchange(m_loopDepth, 0);
        int savedFunctions = std::exchange(m_functionDepth, 0);
        code->body = parseBlock("class definition", t.line);
        m_functionDepth = savedFunctions;
        m_loopDepth = savedLoops;
        m_scopeStack.pop_back();
        s->code = std::move(code);
        return s;
    }

    StmtPtr parseImport()
    {
        const Token& t = advance();
        auto s = std::make_unique<ImportStmt>(StmtKind::Import, t.line, t.column);
        do {
            ImportAlias alias;
            const Token& first = cur();
            alias.name = parseDottedName();
            std::string bound = alias.name.substr(0, alias.name.find('.'));
            if (acceptKeyword("as")) {
                alias.asName = expectName();
                bound = alias.asName;
            }
            alias.target = std::make_unique<NameExpr>(bound, first.line, first.column);
            s->names.push_back(std::move(alias));
        } while (acceptOp(","));
        return s;
    }

    StmtPtr parseFromImport()
    {
        const Token& t = advance();
        auto s = std::make_unique<ImportStmt>(StmtKind::ImportFrom, t.line, t.column);
        while (atOp(".") || atOp("...")) {
            s->level += static_cast<int>(cur().text.size());
            ++m_pos;
        }
        if (!atKeyword("import"))
            s->module = parseDottedName();
        if (!acceptKeyword("import"))
            invalidSyntax();
        if (acceptOp("*")) {
            ImportAlias alias;
            alias.name = "*";
            s->names.push_back(std::move(alias));
            return s;
        }
        bool parenthesized = acceptOp("(");
        do {
            if (parenthesized && atOp(")"))
                break;
            ImportAlias alias;
            const Token& first = cur();
            alias.name = expectName();
            std::string bound = alias.name;
            if (acceptKeyword("as")) {
                alias.asName = expectName();
                bound = alias.asName;
            }
            alias.target = std::make_unique<NameExpr>(bound, first.line, first.column);
            s->names.push_back(std::move(alias));
        } while (acceptOp(","));
        if (parenthesized)
            expectOp(")");
        if (s->names.empty())
            invalidSyntax();
        return s;
    }

    std::string parseDottedName()
    {
        std::string name = expectName();
        while (acceptOp("."))
            name += "." + expectName();
        return name;
    }

    // ------------------------------------------------------------ expressions

    /// star_expressions: an expression list that becomes a tuple when it has commas.
    ExprPtr parseStarExpressions()
    {
        const Token& first = cur();
        ExprPtr e = parseStarExpression();
        if (!atOp(","))
            return e;
        int depth = m_resultDepth;
        auto tuple = std::make_unique<SequenceExpr>(ExprKind::Tuple, first.line, first.column);
        tuple->elements.push_back(std::move(e));
        while (acceptOp(",")) {
            if (!startsExpression())
                break;
            tuple->elements.push_back(parseStarExpression());
            depth = std::max(depth, m_resultDepth);
        }
        return finish(std::move(tuple), depth + 1);
    }

    ExprPtr parseStarExpression()
    {
        if (atOp("*")) {
            const Token& t = advance();
            ExprPtr inner = parseBitwiseOr();
            return finish(std::make_unique<StarredExpr>(std::move(inner), t.line, t.column), m_resultDepth + 1);
        }
        return parseExpression();
    }

    ExprPtr parseNamedExpression()
    {
        ExprPtr e = parseExpression();
        if (atOp(":="))
            failAt(cur(), "assignment expressions (:=) are not supported by this interpreter");
        return e;
    }

    ExprPtr parseExpression()
    {
        if (atKeyword("lambda"))
            return parseLambda();
        const Token& first = cur();
        ExprPtr body = parseDisjunction();
        if (!atKeyword("if"))
            return body;
        int depth = m_resultDepth;
        guardRecursion(advance());
        auto e = std::make_unique<IfExpExpr>(first.line, first.column);
        e->body = std::move(body);
        e->test = parseDisjunction();
        depth = std::max(depth, m_resultDepth);
        if (!acceptKeyword("else"))
            fail("expected 'else' after 'if' expression", cur().line, cur().column);
        e->orElse = parseExpression();
        --m_recursion;
        depth = std::max(depth, m_resultDepth);
        return finish(std::move(e), depth + 1);
    }

    ExprPtr parseLambda()
    {
        const Token& t = advance();
        guardRecursion(t);
        auto e = std::make_unique<LambdaExpr>(t.line, t.column);
        auto code = std::make_shared<FunctionCode>();
        code->kind = FunctionCode::Kind::Lambda;
        code->name = "<lambda>";
        code->qualname = childQualname("<lambda>");
        code->line = t.line;
        parseParameters(*code, e->defaults, ":", false);
        expectOp(":");
        m_scopeStack.push_back(code->qualname + ".<locals>.");
        ++m_functionDepth;
        code->lambdaBody = parseExpression();
        --m_functionDepth;
        m_scopeStack.pop_back();
        --m_recursion;
        int depth = m_resultDepth;
        e->code = std::move(code);
        return finish(std::move(e), depth + 1);
    }

    ExprPtr parseDisjunction() { return parseBoolOp(false); }

    ExprPtr parseBoolOp(bool isAnd)
    {
        const Token& first = cur();
        ExprPtr e = isAnd ? parseInversion() : parseBoolOp(true);
        if (!atKeyword(isAnd ? "and" : "or"))
            return e;
        int depth = m_resultDepth;
        auto op = std::make_unique<BoolOpExpr>(isAnd, first.line, first.column);
        op->values.push_back(std::move(e));
        while (acceptKeyword(isAnd ? "and" : "or")) {
            op->values.push_back(isAnd ? parseInversion() : parseBoolOp(true));
            depth = std::max(depth, m_resultDepth);
        }
        return finish(std::move(op), depth + 1);
    }

    ExprPtr parseInversion()
    {
        if (atKeyword("not")) {
            const Token& t = advance();
            guardRecursion(t);
            ExprPtr operand = parseInversion();
            --m_recursion;
            return finish(std::make_unique<UnaryExpr>(UnaryOp::Not, std::move(operand), t.line, t.column),
                          m_resultDepth + 1);
        }
        return parseComparison();
    }

    /// Unary chains (`not not not x`, `- - - x`) recurse in the parser itself.
    void guardRecursion(const Token& t)
    {
        if (++m_recursion + m_depthOffset > kMaxExpressionDepth)
            fail("expression is too deeply nested (more than " + std::to_string(kMaxExpressionDepth) + " levels)",
                 t.line, t.column);
    }

    bool atCompareOp(CompareOp& op, int& width)
    {
        const Token& t = cur();
        width = 1;
        if (t.kind == TokenKind::Op) {
            if (t.text == "==") op = CompareOp::Eq;
            else if (t.text == "!=") op = CompareOp::NotEq;
            else if (t.text == "<") op = CompareOp::Lt;
            else if (t.text == "<=") op = CompareOp::LtE;
            else if (t.text == ">") op = CompareOp::Gt;
            else if (t.text == ">=") op = CompareOp::GtE;
            else return false;
            return true;
        }
        if (t.isName("in")) {
            op = CompareOp::In;
            return true;
        }
        if (t.isName("not") && peek().isName("in")) {
            op = CompareOp::NotIn;
            width = 2;
            return true;
        }
        if (t.isName("is")) {
            if (peek().isName("not")) {
                op = CompareOp::IsNot;
                width = 2;
            } else {
                op = CompareOp::Is;
            }
            return true;
        }
        return false;
    }

    ExprPtr parseComparison()
    {
        const Token& first = cur();
        ExprPtr left = parseBitwiseOr();
        CompareOp op;
        int width;
        if (!atCompareOp(op, width))
            return left;
        int depth = m_resultDepth;
        auto cmp = std::make_unique<CompareExpr>(std::move(left), first.line, first.column);
        while (atCompareOp(op, width)) {
            m_pos += static_cast<size_t>(width);
            cmp->ops.push_back(op);
            cmp->comparators.push_back(parseBitwiseOr());
            depth = std::max(depth, m_resultDepth);
        }
        return finish(std::move(cmp), depth + 1);
    }

    struct BinaryLevel {
        std::initializer_list<std::pair<const char*, BinaryOp>> ops;
    };

    /// Left-associative binary operator levels, from loosest (|) to tightest (* / // % @).
    ExprPtr parseBinaryLevel(int level)
    {
        static const std::vector<std::vector<std::pair<const char*, BinaryOp>>> levels = {
            {{"|", BinaryOp::BitOr}},
            {{"^", BinaryOp::BitXor}},
            {{"&", BinaryOp::BitAnd}},
            {{"<<", BinaryOp::LShift}, {">>", BinaryOp::RShift}},
            {{"+", BinaryOp::Add}, {"-", BinaryOp::Sub}},
            {{"*", BinaryOp::Mul}, {"/", BinaryOp::TrueDiv}, {"//", BinaryOp::FloorDiv}, {"%", BinaryOp::Mod},
             {"@", BinaryOp::MatMul}},
        };
        if (level == static_cast<int>(levels.size()))
            return parseFactor();
        ExprPtr left = parseBinaryLevel(level + 1);
        int depth = m_resultDepth;
        while (true) {
            const Token& t = cur();
            if (t.kind != TokenKind::Op)
                return left;
            const std::pair<const char*, BinaryOp>* match = nullptr;
            for (const auto& entry : levels[static_cast<size_t>(level)])
                if (t.text == entry.first)
                    match = &entry;
            if (!match)
                return left;
            ++m_pos;
            ExprPtr right = parseBinaryLevel(level + 1);
            depth = std::max(depth, m_resultDepth) + 1;
            int line = left->line, col = left->column;
            left = finish(std::make_unique<BinaryExpr>(match->second, std::move(left), std::move(right), line, col),
                          depth);
        }
    }

    ExprPtr parseBitwiseOr() { return parseBinaryLevel(0); }

    ExprPtr parseFactor()
    {
        const Token& t = cur();
        UnaryOp op;
        if (t.isOp("-"))
            op = UnaryOp::Neg;
        else if (t.isOp("+"))
            op = UnaryOp::Pos;
        else if (t.isOp("~"))
            op = UnaryOp::Invert;
        else
            return parsePower();
        ++m_pos;
        guardRecursion(t);
        ExprPtr operand = parseFactor();
        --m_recursion;
        return finish(std::make_unique<UnaryExpr>(op, std::move(operand), t.line, t.column), m_resultDepth + 1);
    }

    ExprPtr parsePower()
    {
        ExprPtr base = parsePrimary();
        if (!atOp("**"))
            return base;
        int depth = m_resultDepth;
        const Token& t = advance();
        guardRecursion(t);
        ExprPtr exponent = parseFactor();
        --m_recursion;
        depth = std::max(depth, m_resultDepth) + 1;
        int line = base->line, col = base->column;
        return finish(std::make_unique<BinaryExpr>(BinaryOp::Pow, std::move(base), std::move(exponent), line, col),
                      depth);
    }

    ExprPtr parsePrimary()
    {
        ExprPtr e = parseAtom();
        int depth = m_resultDepth;
        while (true) {
            if (atOp(".")) {
                ++m_pos;
                std::string attr = expectName();
                int line = e->line, col = e->column;
                e = finish(std::make_unique<AttributeExpr>(std::move(e), std::move(attr), line, col), ++depth);
            } else if (atOp("(")) {
                const Token& open = advance();
                auto call = std::make_unique<CallExpr>(std::move(e), open.line, open.column);
                call->line = call->func->line;
                call->column = call->func->column;
                depth = std::max(depth, parseCallArguments(*call)) + 1;
                e = finish(std::move(call), depth);
            } else if (atOp("[")) {
                ++m_pos;
                ExprPtr index = parseSubscriptIndex();
                depth = std::max(depth, m_resultDepth) + 1;
                if (!acceptOp("]"))
                    missingComma(*index);
                int line = e->line, col = e->column;
                e = finish(std::make_unique<SubscriptExpr>(std::move(e), std::move(index), line, col), depth);
            } else {
                m_resultDepth = depth;
                return e;
            }
        }
    }

    /// Returns the maximum depth among the arguments.
    int parseCallArguments(CallExpr& call)
    {
        int depth = 0;
        bool sawKeyword = false;
        bool sawDoubleStar = false;
        std::set<std::string> keywordNames;
        while (!atOp(")")) {
            const Token& start = cur();
            if (acceptOp("**")) {
                call.keywords.push_back({"", parseExpression()});
                sawDoubleStar = true;
            } else if (atOp("*")) {
                if (sawDoubleStar)
                    failAt(cur(), "iterable argument unpacking follows keyword argument unpacking");
                call.args.push_back(parseStarExpression());
            } else if (at(TokenKind::Name) && peek().isOp("=") && !isKeyword(cur().text)) {
                std::string name = advance().text;
                ++m_pos;
                ExprPtr value = parseExpression();
                if (!keywordNames.insert(name).second)
                    fail("keyword argument repeated: " + name, start.line, start.column, m_tokens[m_pos - 1].endColumn);
                call.keywords.push_back({name, std::move(value)});
                sawKeyword = true;
            } else {
                ExprPtr arg = parseNamedExpression();
                if (atKeyword("for")) {
                    arg = parseComprehension(ExprKind::GeneratorExp, std::move(arg), nullptr, start);
                    if (!call.args.empty() || !call.keywords.empty() || !atOp(")"))
                        fail("Generator expression must be parenthesized", start.line, start.column);
                } else if (atOp("=")) {
                    fail("expression cannot contain assignment, perhaps you meant \"==\"?", start.line,
                         start.column, cur().endColumn);
                }
                if (sawDoubleStar)
                    fail("positional argument follows keyword argument unpacking", arg->line, arg->column);
                if (sawKeyword)
                    fail("positional argument follows keyword argument", arg->line, arg->column,
                         m_tokens[m_pos - 1].endColumn);
                call.args.push_back(std::move(arg));
            }
            depth = std::max(depth, m_resultDepth);
            if (!acceptOp(",")) {
                if (!atOp(")")) {
                    const Expr* last = call.args.empty() ? nullptr : call.args.back().get();
                    if (!call.keywords.empty() && (!last || call.keywords.back().value->column > last->column ||
                                                   call.keywords.back().value->line > last->line))
                        last = call.keywords.back().value.get();
                    if (last)
                        missingComma(*last);
                    invalidSyntax();
                }
                break;
            }
        }
        expectOp(")");
        return depth;
    }

    ExprPtr parseSubscriptIndex()
    {
        const Token& first = cur();
        ExprPtr e = parseSliceItem();
        if (!atOp(","))
            return e;
        int depth = m_resultDepth;
        auto tuple = std::make_unique<SequenceExpr>(ExprKind::Tuple, first.line, first.column);
        tuple->elements.push_back(std::move(e));
        while (acceptOp(",")) {
            if (atOp("]"))
                break;
            tuple->elements.push_back(parseSliceItem());
            depth = std::max(depth, m_resultDepth);
        }
        return finish(std::move(tuple), depth + 1);
    }

    ExprPtr parseSliceItem()
    {
        const Token& first = cur();
        ExprPtr lower;
        int depth = 0;
        if (!atOp(":")) {
            lower = parseStarExpression();
            if (!atOp(":"))
                return lower;
            depth = m_resultDepth;
        }
        auto slice = std::make_unique<SliceExpr>(first.line, first.column);
        slice->lower = std::move(lower);
        expectOp(":");
        if (!atOp(":") && !atOp("]") && !atOp(",")) {
            slice->upper = parseExpression();
            depth = std::max(depth, m_resultDepth);
        }
        if (acceptOp(":") && !atOp("]") && !atOp(",")) {
            slice->step = parseExpression();
            depth = std::max(depth, m_resultDepth);
        }
        return finish(std::move(slice), depth + 1);
    }

    ExprPtr parseAtom()
    {
        const Token& t = cur();
        switch (t.kind) {
        case TokenKind::Int:
            ++m_pos;
            return finish(std::make_unique<ConstantExpr>(Value::fromInt(t.intValue), t.line, t.column), 1);
        case TokenKind::Float:
            ++m_pos;
            return finish(std::make_unique<ConstantExpr>(Value::fromFloat(t.floatValue), t.line, t.column), 1);
        case TokenKind::String:
        case TokenKind::FString: return parseStrings();
        case TokenKind::Name: {
            if (t.text == "None" || t.text == "True" || t.text == "False") {
                ++m_pos;
                Value v = t.text == "None" ? Value::none() : Value::fromBool(t.text == "True");
                return finish(std::make_unique<ConstantExpr>(v, t.line, t.column), 1);
            }
            if (isKeyword(t.text))
                invalidSyntax();
            ++m_pos;
            return finish(std::make_unique<NameExpr>(t.text, t.line, t.column), 1);
        }
        case TokenKind::Op:
            if (t.text == "(")
                return parseParenthesized();
            if (t.text == "[")
                return parseListDisplay();
            if (t.text == "{")
                return parseBraceDisplay();
            if (t.text == "...") {
                // `...` is the builtin Ellipsis (used in tensor indexing: x[..., 0]).
                ++m_pos;
                return finish(std::make_unique<NameExpr>("Ellipsis", t.line, t.column), 1);
            }
            break;
        default: break;
        }
        invalidSyntax();
    }

    ExprPtr parseParenthesized()
    {
        const Token& open = advance();
        if (acceptOp(")"))
            return finish(std::make_unique<SequenceExpr>(ExprKind::Tuple, open.line, open.column), 1);
        if (atKeyword("yield"))
            failAt(cur(), "'yield' is not supported by this interpreter");
        ExprPtr first = parseStarExpression();
        int depth = m_resultDepth;
        if (atKeyword("for")) {
            ExprPtr gen = parseComprehension(ExprKind::GeneratorExp, std::move(first), nullptr, open);
            expectOp(")");
            return gen;
        }
        if (atOp(":="))
            failAt(cur(), "assignment expressions (:=) are not supported by this interpreter");
        if (acceptOp(")")) {
            if (first->kind == ExprKind::Starred)
                fail("cannot use starred expression here", first->line, first->column);
            m_resultDepth = depth;
            return first;
        }
        if (!atOp(","))
            missingComma(*first);
        auto tuple = std::make_unique<SequenceExpr>(ExprKind::Tuple, open.line, open.column);
        tuple->elements.push_back(std::move(first));
        while (acceptOp(",")) {
            if (atOp(")"))
                break;
            tuple->elements.push_back(parseStarExpression());
            depth = std::max(depth, m_resultDepth);
            if (!atOp(",") && !atOp(")"))
                missingComma(*tuple->elements.back());
        }
        expectOp(")");
        return finish(std::move(tuple), depth + 1);
    }

    ExprPtr parseListDisplay()
    {
        const Token& open = advance();
        auto list = std::make_unique<SequenceExpr>(ExprKind::List, open.line, open.column);
        int depth = 0;
        if (acceptOp("]"))
            return finish(std::move(list), 1);
        ExprPtr first = parseStarExpression();
        depth = m_resultDepth;
        if (atKeyword("for")) {
            ExprPtr comp = parseComprehension(ExprKind::ListComp, std::move(first), nullptr, open);
            expectOp("]");
            return comp;
        }
        list->elements.push_back(std::move(first));
        while (acceptOp(",")) {
            if (atOp("]"))
                break;
            list->elements.push_back(parseStarExpression());
            depth = std::max(depth, m_resultDepth);
        }
        if (!acceptOp("]"))
            missingComma(*list->elements.back());
        return finish(std::move(list), depth + 1);
    }

    ExprPtr parseBraceDisplay()
    {
        const Token& open = advance();
        if (acceptOp("}"))
            return finish(std::make_unique<DictExpr>(open.line, open.column), 1);
        int depth = 0;
        if (atOp("**") || !isSetDisplay()) {
            auto dict = std::make_unique<DictExpr>(open.line, open.column);
            while (!atOp("}")) {
                if (acceptOp("**")) {
                    dict->keys.push_back(nullptr);
                    dict->values.push_back(parseBitwiseOr());
                    depth = std::max(depth, m_resultDepth);
                } else {
                    ExprPtr key = parseExpression();
                    depth = std::max(depth, m_resultDepth);
                    if (!acceptOp(":"))
                        fail("':' expected after dictionary key", key->line, key->column, m_tokens[m_pos - 1].endColumn);
                    ExprPtr value = parseExpression();
                    depth = std::max(depth, m_resultDepth);
                    if (atKeyword("for") && dict->keys.empty())
                        return finishBrace(parseComprehension(ExprKind::DictComp, std::move(key), std::move(value), open));
                    dict->keys.push_back(std::move(key));
                    dict->values.push_back(std::move(value));
                }
                if (!acceptOp(","))
                    break;
            }
            if (!acceptOp("}"))
                missingComma(*dict->values.back());
            return finish(std::move(dict), depth + 1);
        }
        auto set = std::make_unique<SequenceExpr>(ExprKind::Set, open.line, open.column);
        ExprPtr first = parseStarExpression();
        depth = m_resultDepth;
        if (atKeyword("for"))
            return finishBrace(parseComprehension(ExprKind::SetComp, std::move(first), nullptr, open));
        set->elements.push_back(std::move(first));
        while (acceptOp(",")) {
            if (atOp("}"))
                break;
            set->elements.push_back(parseStarExpression());
            depth = std::max(depth, m_resultDepth);
        }
        if (!acceptOp("}"))
            missingComma(*set->elements.back());
        return finish(std::move(set), depth + 1);
    }

    ExprPtr finishBrace(ExprPtr comprehension)
    {
        int depth = m_resultDepth;
        expectOp("}");
        m_resultDepth = depth;
        return comprehension;
    }

    /// After `{`: is this a set display (first element not followed by ':')?
    bool isSetDisplay() const
    {
        int nesting = 0;
        for (size_t p = m_pos; p < m_tokens.size(); ++p) {
            const Token& t = m_tokens[p];
            if (t.kind == TokenKind::EndMarker)
                return false;
            if (t.kind != TokenKind::Op)
                continue;
            if (t.text == "(" || t.text == "[" || t.text == "{")
                ++nesting;
            else if (t.text == ")" || t.text == "]" || t.text == "}") {
                if (nesting == 0)
                    return true;
                --nesting;
            } else if (nesting == 0 && t.text == ":") {
                return false;
            } else if (nesting == 0 && t.text == ",") {
                return true;
            }
        }
        return false;
    }

    /// A target list in `for` (stops before `in`).
    ExprPtr parseTargetList()
    {
        const Token& first = cur();
        ExprPtr e = parseTarget();
        if (!atOp(","))
            return e;
        int depth = m_resultDepth;
        auto tuple = std::make_unique<SequenceExpr>(ExprKind::Tuple, first.line, first.column);
        tuple->elements.push_back(std::move(e));
        while (acceptOp(",")) {
            if (atKeyword("in") || atOp("="))
                break;
            tuple->elements.push_back(parseTarget());
            depth = std::max(depth, m_resultDepth);
        }
        return finish(std::move(tuple), depth + 1);
    }

    ExprPtr parseTarget()
    {
        if (atOp("*")) {
            const Token& t = advance();
            ExprPtr inner = parseBitwiseOr();
            return finish(std::make_unique<StarredExpr>(std::move(inner), t.line, t.column), m_resultDepth + 1);
        }
        return parseBitwiseOr();
    }

    ExprPtr parseComprehension(ExprKind kind, ExprPtr element, ExprPtr value, const Token& open)
    {
        auto comp = std::make_unique<ComprehensionExpr>(kind, open.line, open.column);
        int depth = m_resultDepth;
        comp->element = std::move(element);
        comp->value = std::move(value);
        auto code = std::make_shared<FunctionCode>();
        code->kind = FunctionCode::Kind::Comprehension;
        code->name = kind == ExprKind::ListComp  ? "<listcomp>"
                     : kind == ExprKind::SetComp ? "<setcomp>"
                     : kind == ExprKind::DictComp ? "<dictcomp>"
                                                  : "<genexpr>";
        code->qualname = childQualname(code->name);
        code->line = open.line;
        while (acceptKeyword("for")) {
            ComprehensionFor clause;
            clause.target = parseTargetList();
            checkAssignTarget(*clause.target, false);
            if (!acceptKeyword("in"))
                invalidSyntax();
            clause.iter = parseDisjunction();
            depth = std::max(depth, m_resultDepth);
            while (acceptKeyword("if")) {
                clause.conditions.push_back(parseDisjunction());
                depth = std::max(depth, m_resultDepth);
            }
            comp->generators.push_back(std::move(clause));
        }
        comp->code = std::move(code);
        return finish(std::move(comp), depth + 1);
    }

    // ------------------------------------------------------------ strings

    ExprPtr parseStrings()
    {
        const Token& first = cur();
        bool anyFString = false;
        size_t end = m_pos;
        while (m_tokens[end].kind == TokenKind::String || m_tokens[end].kind == TokenKind::FString) {
            anyFString |= m_tokens[end].kind == TokenKind::FString;
            ++end;
        }
        if (!anyFString) {
            std::string value;
            for (; m_pos < end; ++m_pos)
                value += m_tokens[m_pos].text;
            return finish(std::make_unique<ConstantExpr>(Value::fromString(std::move(value)), first.line, first.column),
                          1);
        }
        auto joined = std::make_unique<FStringExpr>(first.line, first.column);
        int depth = 1;
        for (; m_pos < end; ++m_pos) {
            const Token& t = m_tokens[m_pos];
            if (t.kind == TokenKind::String) {
                appendLiteral(*joined, t.text);
            } else {
                parseFStringBody(*joined, t.text, t.rawString, t, 0);
                depth = std::max(depth, m_resultDepth);
            }
        }
        return finish(std::move(joined), depth + 1);
    }

    static void appendLiteral(FStringExpr& out, const std::string& text)
    {
        if (text.empty())
            return;
        if (!out.parts.empty() && !out.parts.back().expr)
            out.parts.back().literal += text;
        else {
            FStringPart part;
            part.literal = text;
            out.parts.push_back(std::move(part));
        }
    }

    /// Splits an f-string body into literal text and `{expr!conv:spec}` fields.
    void parseFStringBody(FStringExpr& out, std::string_view body, bool raw, const Token& token, int nesting)
    {
        int maxDepth = 0;
        std::string literal;
        auto flushLiteral = [&] {
            if (!literal.empty())
                appendLiteral(out, raw ? literal : decodeStringEscapes(literal, token.line, token.column));
            literal.clear();
        };
        size_t i = 0;
        while (i < body.size()) {
            char c = body[i];
            if (c == '{' && i + 1 < body.size() && body[i + 1] == '{') {
                literal += '{';
                i += 2;
                continue;
            }
            if (c == '}') {
                if (i + 1 < body.size() && body[i + 1] == '}') {
                    literal += '}';
                    i += 2;
                    continue;
                }
                fail("f-string: single '}' is not allowed", token.line, token.endColumn);
            }
            if (c != '{') {
                literal += c;
                ++i;
                continue;
            }
            flushLiteral();
            if (nesting >= 2)
                fail("f-string: expressions nested too deeply", token.line, token.column);
            ++i;
            // Find the end of the expression: a top-level '}', '!', ':' or '='.
            size_t exprStart = i;
            int brackets = 0;
            char quote = 0;
            for (; i < body.size(); ++i) {
                char ch = body[i];
                if (quote) {
                    if (ch == quote)
                        quote = 0;
                    continue;
                }
                if (ch == '\'' || ch == '"') {
                    quote = ch;
                    continue;
                }
                if (ch == '(' || ch == '[' || ch == '{')
                    ++brackets;
                else if ((ch == ')' || ch == ']' || ch == '}') && brackets > 0)
                    --brackets;
                else if (brackets == 0) {
                    if (ch == '}' || ch == ':')
                        break;
                    if (ch == '!' && i + 1 < body.size() && body[i + 1] != '=')
                        break;
                    if (ch == '=' && i + 1 < body.size() && body[i + 1] != '=' && i > exprStart &&
                        std::string_view("=!<>").find(body[i - 1]) == std::string_view::npos)
                        break;
                }
            }
            if (i >= body.size())
                fail("f-string: expecting '}'", token.line, token.endColumn);
            std::string exprText(body.substr(exprStart, i - exprStart));
            if (exprText.find_first_not_of(" \t\n") == std::string::npos)
                fail("f-string: empty expression not allowed", token.line, token.endColumn);
            FStringPart part;
            if (body[i] == '=') {
                part.debugText = exprText + "=";
                ++i;
                while (i < body.size() && (body[i] == ' ')) {
                    part.debugText += ' ';
                    ++i;
                }
            }
            part.expr = parseFieldExpression(exprText, token);
            maxDepth = std::max(maxDepth, m_resultDepth);
            if (i < body.size() && body[i] == '!') {
                if (i + 1 >= body.size() || std::string_view("rsa").find(body[i + 1]) == std::string_view::npos)
                    fail("f-string: invalid conversion character: expected 's', 'r', or 'a'", token.line,
                         token.endColumn);
                part.conversion = body[i + 1];
                i += 2;
            } else if (!part.debugText.empty()) {
                part.conversion = 'r';  // f"{x=}" shows repr unless a spec or conversion is given
            }
            if (i < body.size() && body[i] == ':') {
                ++i;
                size_t specStart = i;
                int nested = 0;
                for (; i < body.size(); ++i) {
                    if (body[i] == '{')
                        ++nested;
                    else if (body[i] == '}') {
                        if (nested == 0)
                            break;
                        --nested;
                    }
                }
                auto spec = std::make_unique<FStringExpr>(token.line, token.column);
                parseFStringBody(*spec, body.substr(specStart, i - specStart), raw, token, nesting + 1);
                maxDepth = std::max(maxDepth, m_resultDepth);
                if (!part.debugText.empty() && part.conversion == 'r' && body[specStart - 2] != '!')
                    part.conversion = 0;  // f"{x=:.2f}" formats the value, not its repr
                part.formatSpec = std::move(spec);
            }
            if (i >= body.size() || body[i] != '}')
                fail("f-string: expecting '}'", token.line, token.endColumn);
            ++i;
            if (!part.debugText.empty())
                appendLiteral(out, part.debugText);
            out.parts.push_back(std::move(part));
        }
        flushLiteral();
        m_resultDepth = maxDepth + 1;
    }

    ExprPtr parseFieldExpression(const std::string& text, const Token& token)
    {
        std::vector<Token> tokens;
        try {
            tokens = tokenize("(" + text + ")");
        } catch (const ScriptSyntaxError& e) {
            throw ScriptSyntaxError("SyntaxError", "f-string: " + e.message, token.line, token.column);
        }
        for (Token& t : tokens)
            t.column = token.column;  // positions inside the field are approximate
        Parser sub(std::move(tokens), m_depthOffset + m_recursion + 2, token.line - 1);
        sub.m_scopeStack = m_scopeStack;
        sub.m_functionDepth = m_functionDepth;
        ExprPtr e = sub.parseFStringField();
        if (!sub.at(TokenKind::Newline) && !sub.at(TokenKind::EndMarker))
            fail("f-string: expecting '}'", token.line, token.endColumn);
        m_resultDepth = sub.m_resultDepth;
        return e;
    }

    std::vector<Token> m_tokens;
    size_t m_pos = 0;
    int m_depthOffset = 0;
    int m_resultDepth = 0;  ///< depth of the expression tree the last parse function returned
    int m_recursion = 0;    ///< nesting of unary/power recursion in progress
    int m_loopDepth = 0;
    int m_functionDepth = 0;
    std::vector<std::string> m_scopeStack;  ///< qualname prefixes of enclosing defs/classes
};

}  // namespace

ModuleAst parseModule(std::string_view source)
{
    Parser parser(tokenize(source));
    return parser.parseFile();
}

}  // namespace agv::script
