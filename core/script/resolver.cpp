#include "core/script/resolver.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/script/syntax_error.h"

namespace agv::script {

namespace {

struct Scope {
    FunctionCode* code = nullptr;
    Scope* parent = nullptr;
    std::vector<std::unique_ptr<Scope>> children;

    std::vector<std::string> assignedOrder;  ///< first-assignment order, for slot layout
    std::set<std::string> assigned;
    std::set<std::string> globals;
    std::map<std::string, int> nonlocals;  ///< name -> line of the declaration
    std::vector<NameExpr*> names;          ///< every name reference in this scope

    // Analysis results.
    std::set<std::string> locals;
    std::set<std::string> cells;
    std::set<std::string> freeCandidates;  ///< free here unless nobody encloses a binding
    std::vector<std::string> freeVars;
    std::map<std::string, int> slots;

    bool isFunctionLike() const
    {
        return code->kind == FunctionCode::Kind::Function || code->kind == FunctionCode::Kind::Lambda ||
               code->kind == FunctionCode::Kind::Comprehension;
    }
    bool isClass() const { return code->kind == FunctionCode::Kind::ClassBody; }
    bool isModule() const { return code->kind == FunctionCode::Kind::Module; }

    void assign(const std::string& name)
    {
        if (assigned.insert(name).second)
            assignedOrder.push_back(name);
    }
};

class Collector {
public:
    Scope* newScope(FunctionCode* code, Scope* parent)
    {
        auto scope = std::make_unique<Scope>();
        scope->code = code;
        scope->parent = parent;
        Scope* raw = scope.get();
        if (parent)
            parent->children.push_back(std::move(scope));
        else
            m_root = std::move(scope);
        return raw;
    }

    std::unique_ptr<Scope> takeRoot() { return std::move(m_root); }

    void visitBody(const StmtList& body, Scope* scope)
    {
        for (const StmtPtr& s : body)
            visitStmt(*s, scope);
    }

    void visitStmt(const Stmt& s, Scope* scope)
    {
        switch (s.kind) {
        case StmtKind::Expr: visitExpr(static_cast<const ExprStmt&>(s).value.get(), scope); break;
        case StmtKind::Assign: {
            auto& a = static_cast<const AssignStmt&>(s);
            visitExpr(a.value.get(), scope);
            for (const ExprPtr& t : a.targets)
                visitTarget(t.get(), scope);
            break;
        }
        case StmtKind::AugAssign: {
            auto& a = static_cast<const AugAssignStmt&>(s);
            visitExpr(a.value.get(), scope);
            visitTarget(a.target.get(), scope);
            break;
        }
        case StmtKind::If: {
            auto& i = static_cast<const IfStmt&>(s);
            visitExpr(i.test.get(), scope);
            visitBody(i.body, scope);
            visitBody(i.orElse, scope);
            break;
        }
        case StmtKind::While: {
            auto& w = static_cast<const WhileStmt&>(s);
            visitExpr(w.test.get(), scope);
            visitBody(w.body, scope);
            visitBody(w.orElse, scope);
            break;
        }
        case StmtKind::For: {
            auto& f = static_cast<const ForStmt&>(s);
            visitExpr(f.iter.get(), scope);
            visitTarget(f.target.get(), scope);
            visitBody(f.body, scope);
            visitBody(f.orElse, scope);
            break;
        }
        case StmtKind::Return: visitExpr(static_cast<const ReturnStmt&>(s).value.get(), scope); break;
        case StmtKind::FunctionDef: {
            auto& f = static_cast<const FunctionDefStmt&>(s);
            for (const ExprPtr& d : f.decorators)
                visitExpr(d.get(), scope);
            visitDefaults(f.defaults, scope);
            visitTarget(f.target.get(), scope);
            Scope* child = newScope(f.code.get(), scope);
            declareParameters(*f.code, child);
            visitBody(f.code->body, child);
            break;
        }
        case StmtKind::ClassDef: {
            auto& c = static_cast<const ClassDefStmt&>(s);
            for (const ExprPtr& d : c.decorators)
                visitExpr(d.get(), scope);
            for (const ExprPtr& b : c.bases)
                visitExpr(b.get(), scope);
            visitTarget(c.target.get(), scope);
            Scope* child = newScope(c.code.get(), scope);
            visitBody(c.code->body, child);
            break;
        }
        case StmtKind::With: {
            auto& w = static_cast<const WithStmt&>(s);
            for (const WithItem& item : w.items) {
                visitExpr(item.context.get(), scope);
                visitTarget(item.target.get(), scope);
            }
            visitBody(w.body, scope);
            break;
        }
        case StmtKind::Try: {
            auto& t = static_cast<const TryStmt&>(s);
            visitBody(t.body, scope);
            for (const ExceptHandler& h : t.handlers) {
                visitExpr(h.type.get(), scope);
                visitTarget(h.name.get(), scope);
                visitBody(h.body, scope);
            }
            visitBody(t.orElse, scope);
            visitBody(t.finalBody, scope);
            break;
        }
        case StmtKind::Raise: {
            auto& r = static_cast<const RaiseStmt&>(s);
            visitExpr(r.exception.get(), scope);
            visitExpr(r.cause.get(), scope);
            break;
        }
        case StmtKind::Assert: {
            auto& a = static_cast<const AssertStmt&>(s);
            visitExpr(a.test.get(), scope);
            visitExpr(a.message.get(), scope);
            break;
        }
        case StmtKind::Delete:
            for (const ExprPtr& t : static_cast<const DeleteStmt&>(s).targets)
                visitTarget(t.get(), scope);
            break;
        case StmtKind::Import:
        case StmtKind::ImportFrom:
            for (const ImportAlias& alias : static_cast<const ImportStmt&>(s).names)
                visitTarget(alias.target.get(), scope);
            break;
        case StmtKind::Global:
            for (const std::string& n : static_cast<const ScopeDeclStmt&>(s).names) {
                if (scope->assigned.count(n) && !scope->isModule())
                    throw ScriptSyntaxError("SyntaxError", "name '" + n + "' is assigned to before global declaration",
                                            s.line, s.column);
                scope->globals.insert(n);
            }
            break;
        case StmtKind::Nonlocal:
            for (const std::string& n : static_cast<const ScopeDeclStmt&>(s).names) {
                if (scope->assigned.count(n))
                    throw ScriptSyntaxError("SyntaxError", "name '" + n + "' is assigned to before nonlocal declaration",
                                            s.line, s.column);
                scope->nonlocals.emplace(n, s.line);
            }
            break;
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Pass: break;
        }
    }

    void visitDefaults(const ParameterDefaults& d, Scope* scope)
    {
        for (const ExprPtr& e : d.defaults)
            visitExpr(e.get(), scope);
        for (const ExprPtr& e : d.kwDefaults)
            visitExpr(e.get(), scope);
    }

    void declareParameters(const FunctionCode& code, Scope* scope)
    {
        for (const std::string& p : code.params)
            scope->assign(p);
        for (const std::string& p : code.kwOnlyParams)
            scope->assign(p);
        if (!code.varArgs.empty())
            scope->assign(code.varArgs);
        if (!code.varKwArgs.empty())
            scope->assign(code.varKwArgs);
    }

    /// A name, attribute, subscript, or tuple/list of them, in store context.
    void visitTarget(Expr* e, Scope* scope)
    {
        if (!e)
            return;
        switch (e->kind) {
        case ExprKind::Name: {
            auto* n = static_cast<NameExpr*>(e);
            if (!scope->globals.count(n->id) && !scope->nonlocals.count(n->id))
                scope->assign(n->id);
            scope->names.push_back(n);
            break;
        }
        case ExprKind::Tuple:
        case ExprKind::List:
            for (const ExprPtr& item : static_cast<SequenceExpr*>(e)->elements)
                visitTarget(item.get(), scope);
            break;
        case ExprKind::Starred: visitTarget(static_cast<StarredExpr*>(e)->value.get(), scope); break;
        default: visitExpr(e, scope); break;
        }
    }

    void visitExpr(Expr* e, Scope* scope)
    {
        if (!e)
            return;
        switch (e->kind) {
        case ExprKind::Constant: break;
        case ExprKind::Name: scope->names.push_back(static_cast<NameExpr*>(e)); break;
        case ExprKind::FString:
            for (FStringPart& part : static_cast<FStringExpr*>(e)->parts) {
                visitExpr(part.expr.get(), scope);
                visitExpr(part.formatSpec.get(), scope);
            }
            break;
        case ExprKind::List:
        case ExprKind::Tuple:
        case ExprKind::Set:
            for (const ExprPtr& item : static_cast<SequenceExpr*>(e)->elements)
                visitExpr(item.get(), scope);
            break;
        case ExprKind::Dict: {
            auto* d = static_cast<DictExpr*>(e);
            for (const ExprPtr& k : d->keys)
                visitExpr(k.get(), scope);
            for (const ExprPtr& v : d->values)
                visitExpr(v.get(), scope);
            break;
        }
        case ExprKind::ListComp:
        case ExprKind::SetComp:
        case ExprKind::DictComp:
        case ExprKind::GeneratorExp: {
            auto* c = static_cast<ComprehensionExpr*>(e);
            // The first iterable is evaluated in the enclosing scope.
            visitExpr(c->generators.front().iter.get(), scope);
            Scope* child = newScope(c->code.get(), scope);
            for (size_t i = 0; i < c->generators.size(); ++i) {
                ComprehensionFor& clause = c->generators[i];
                if (i > 0)
                    visitExpr(clause.iter.get(), child);
                visitTarget(clause.target.get(), child);
                for (const ExprPtr& cond : clause.conditions)
                    visitExpr(cond.get(), child);
            }
            visitExpr(c->element.get(), child);
            visitExpr(c->value.get(), child);
            break;
        }
        case ExprKind::Unary: visitExpr(static_cast<UnaryExpr*>(e)->operand.get(), scope); break;
        case ExprKind::Binary: {
            auto* b = static_cast<BinaryExpr*>(e);
            visitExpr(b->left.get(), scope);
            visitExpr(b->right.get(), scope);
            break;
        }
        case ExprKind::BoolOp:
            for (const ExprPtr& v : static_cast<BoolOpExpr*>(e)->values)
                visitExpr(v.get(), scope);
            break;
        case ExprKind::Compare: {
            auto* c = static_cast<CompareExpr*>(e);
            visitExpr(c->left.get(), scope);
            for (const ExprPtr& v : c->comparators)
                visitExpr(v.get(), scope);
            break;
        }
        case ExprKind::IfExp: {
            auto* i = static_cast<IfExpExpr*>(e);
            visitExpr(i->test.get(), scope);
            visitExpr(i->body.get(), scope);
            visitExpr(i->orElse.get(), scope);
            break;
        }
        case ExprKind::Lambda: {
            auto* l = static_cast<LambdaExpr*>(e);
            visitDefaults(l->defaults, scope);
            Scope* child = newScope(l->code.get(), scope);
            declareParameters(*l->code, child);
            visitExpr(l->code->lambdaBody.get(), child);
            break;
        }
        case ExprKind::Call: {
            auto* c = static_cast<CallExpr*>(e);
            visitExpr(c->func.get(), scope);
            for (const ExprPtr& a : c->args)
                visitExpr(a.get(), scope);
            for (const Keyword& k : c->keywords)
                visitExpr(k.value.get(), scope);
            break;
        }
        case ExprKind::Attribute: visitExpr(static_cast<AttributeExpr*>(e)->value.get(), scope); break;
        case ExprKind::Subscript: {
            auto* s = static_cast<SubscriptExpr*>(e);
            visitExpr(s->value.get(), scope);
            visitExpr(s->index.get(), scope);
            break;
        }
        case ExprKind::Slice: {
            auto* s = static_cast<SliceExpr*>(e);
            visitExpr(s->lower.get(), scope);
            visitExpr(s->upper.get(), scope);
            visitExpr(s->step.get(), scope);
            break;
        }
        case ExprKind::Starred: visitExpr(static_cast<StarredExpr*>(e)->value.get(), scope); break;
        }
    }

private:
    std::unique_ptr<Scope> m_root;
};

/// Bottom-up: which names each scope needs from outside, and which of its locals
/// inner scopes capture (cells).
void analyzeFree(Scope& scope)
{
    for (auto& child : scope.children)
        analyzeFree(*child);
    if (scope.isFunctionLike())
        for (const std::string& n : scope.assigned)
            if (!scope.globals.count(n) && !scope.nonlocals.count(n))
                scope.locals.insert(n);
    if (scope.isModule())
        return;
    for (NameExpr* n : scope.names) {
        const std::string& id = n->id;
        if (scope.globals.count(id))
            continue;
        if (scope.isFunctionLike() && scope.locals.count(id))
            continue;
        if (scope.isClass() && scope.assigned.count(id))
            continue;
        scope.freeCandidates.insert(id);
    }
    for (const auto& [name, line] : scope.nonlocals)
        scope.freeCandidates.insert(name);
    for (auto& child : scope.children) {
        for (const std::string& id : child->freeCandidates) {
            if (scope.isFunctionLike() && scope.locals.count(id))
                scope.cells.insert(id);
            else if (!scope.globals.count(id))
                scope.freeCandidates.insert(id);
        }
    }
}

/// Top-down: free candidates bound by an enclosing function become free variables;
/// the others are globals. Then lays out slots and annotates names.
void resolve(Scope& scope, const std::set<std::string>& enclosingBound, NameTable& table)
{
    FunctionCode& code = *scope.code;
    if (!scope.isModule()) {
        for (const auto& [name, line] : scope.nonlocals)
            if (!enclosingBound.count(name))
                throw ScriptSyntaxError("SyntaxError", "no binding for nonlocal '" + name + "' found", line, 0);
        for (const std::string& id : scope.freeCandidates)
            if (enclosingBound.count(id))
                scope.freeVars.push_back(id);
    }

    // Slot layout: parameters, other locals, free variables.
    code.slotNames.clear();
    auto addSlot = [&](const std::string& name) {
        if (scope.slots.count(name))
            return;
        scope.slots[name] = static_cast<int>(code.slotNames.size());
        code.slotNames.push_back(name);
    };
    if (scope.isFunctionLike()) {
        for (const std::string& p : code.params)
            addSlot(p);
        for (const std::string& p : code.kwOnlyParams)
            addSlot(p);
        if (!code.varArgs.empty())
            addSlot(code.varArgs);
        if (!code.varKwArgs.empty())
            addSlot(code.varKwArgs);
        for (const std::string& n : scope.assignedOrder)
            if (scope.locals.count(n))
                addSlot(n);
    }
    code.firstFreeSlot = static_cast<int>(code.slotNames.size());
    for (const std::string& f : scope.freeVars)
        addSlot(f);
    code.cellSlots.assign(code.slotNames.size(), false);
    for (size_t i = 0; i < code.slotNames.size(); ++i)
        code.cellSlots[i] = scope.cells.count(code.slotNames[i]) > 0 || static_cast<int>(i) >= code.firstFreeSlot;

    // Where each free variable comes from in the defining (parent) frame.
    code.freeVarSources.clear();
    for (const std::string& f : scope.freeVars) {
        auto it = scope.parent->slots.find(f);
        code.freeVarSources.push_back(it == scope.parent->slots.end() ? -1 : it->second);
    }

    std::set<std::string> freeSet(scope.freeVars.begin(), scope.freeVars.end());
    for (NameExpr* n : scope.names) {
        const std::string& id = n->id;
        if (scope.isModule() || scope.globals.count(id)) {
            n->scope = NameScope::Global;
            n->nameId = table.intern(id);
        } else if (scope.isClass()) {
            if (!scope.assigned.count(id) && freeSet.count(id)) {
                n->scope = NameScope::Deref;
                n->slot = scope.slots[id];
            } else {
                n->scope = NameScope::ClassBody;
                n->nameId = table.intern(id);
            }
        } else if (scope.locals.count(id) || freeSet.count(id)) {
            int slot = scope.slots[id];
            n->scope = code.cellSlots[static_cast<size_t>(slot)] ? NameScope::Deref : NameScope::Fast;
            n->slot = slot;
        } else {
            n->scope = NameScope::Global;
            n->nameId = table.intern(id);
        }
    }

    std::set<std::string> childBound;
    if (scope.isFunctionLike()) {
        childBound = enclosingBound;
        childBound.insert(scope.locals.begin(), scope.locals.end());
    } else if (scope.isClass()) {
        childBound = enclosingBound;
    }
    for (auto& child : scope.children)
        resolve(*child, childBound, table);
}

}  // namespace

void resolveScopes(ModuleAst& module, NameTable& names, const std::shared_ptr<const SourceFile>& source)
{
    Collector collector;
    Scope* root = collector.newScope(module.code.get(), nullptr);
    collector.visitBody(module.code->body, root);
    std::unique_ptr<Scope> owned = collector.takeRoot();
    std::vector<Scope*> pending{owned.get()};
    while (!pending.empty()) {
        Scope* scope = pending.back();
        pending.pop_back();
        scope->code->source = source;
        for (auto& child : scope->children)
            pending.push_back(child.get());
    }
    analyzeFree(*owned);
    resolve(*owned, {}, names);
}

}  // namespace agv::script
