#include "core/script/objects.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

#include "core/script/host_object.h"

namespace agv::script {

namespace {
std::atomic<int64_t> g_liveObjects{0};
// The registries alive or activated on this thread, most recent last. Interpreters
// may be destroyed in any order, so a dying registry is erased wherever it sits;
// `t_currentRegistry` caches the back for the object constructor.
thread_local std::vector<ObjectRegistry*> t_registryStack;
thread_local ObjectRegistry* t_currentRegistry = nullptr;

void pushRegistry(ObjectRegistry* registry)
{
    t_registryStack.push_back(registry);
    t_currentRegistry = registry;
}

void popRegistry(ObjectRegistry* registry)
{
    auto it = std::find(t_registryStack.rbegin(), t_registryStack.rend(), registry);
    if (it != t_registryStack.rend())
        t_registryStack.erase(std::next(it).base());
    t_currentRegistry = t_registryStack.empty() ? nullptr : t_registryStack.back();
}
}  // namespace

Object::Object(ObjectKind kind) : m_kind(kind)
{
    g_liveObjects.fetch_add(1, std::memory_order_relaxed);
    if (ObjectRegistry* registry = t_currentRegistry)
        registry->add(this);
}

Object::~Object()
{
    if (m_registry)
        m_registry->remove(this);
    g_liveObjects.fetch_sub(1, std::memory_order_relaxed);
}

int64_t Object::liveCount() { return g_liveObjects.load(std::memory_order_relaxed); }

// ---------------------------------------------------------------- ObjectRegistry

ObjectRegistry::ObjectRegistry() { pushRegistry(this); }

ObjectRegistry::~ObjectRegistry()
{
    // Survivors are held from outside (a host's thread-local cache, a test's Value):
    // they outlive us and must not unlink themselves from a dead list.
    for (Object* object = m_head; object;) {
        Object* next = object->m_nextRegistered;
        object->m_registry = nullptr;
        object->m_prevRegistered = object->m_nextRegistered = nullptr;
        object = next;
    }
    while (std::find(t_registryStack.begin(), t_registryStack.end(), this) != t_registryStack.end())
        popRegistry(this);
}

ObjectRegistry* ObjectRegistry::current() { return t_currentRegistry; }

ObjectRegistry::Activation::Activation(ObjectRegistry& registry) : m_registry(&registry) { pushRegistry(m_registry); }

ObjectRegistry::Activation::~Activation() { popRegistry(m_registry); }

void ObjectRegistry::add(Object* object)
{
    object->m_registry = this;
    object->m_nextRegistered = m_head;
    if (m_head)
        m_head->m_prevRegistered = object;
    m_head = object;
    ++m_count;
}

void ObjectRegistry::remove(Object* object)
{
    if (object->m_prevRegistered)
        object->m_prevRegistered->m_nextRegistered = object->m_nextRegistered;
    else
        m_head = object->m_nextRegistered;
    if (object->m_nextRegistered)
        object->m_nextRegistered->m_prevRegistered = object->m_prevRegistered;
    object->m_registry = nullptr;
    --m_count;
}

void ObjectRegistry::breakCycles()
{
    // See Note [Teardown breaks cycles]. Pinning first means no object dies while
    // others are being emptied, so the list and every cleared object stay valid.
    std::vector<Ref<Object>> pinned;
    pinned.reserve(m_count);
    for (Object* object = m_head; object; object = object->m_nextRegistered)
        pinned.emplace_back(object);
    for (const Ref<Object>& object : pinned)
        object->clearReferences();
    pinned.clear();
}

// ---------------------------------------------------------------- clearing

void ListObject::clearReferences() { std::vector<Value>().swap(items); }
void DictObject::clearReferences() { dict.clear(); }
void SetObject::clearReferences() { dict.clear(); }
void CellObject::clearReferences() { value = Value(); }

void FunctionObject::clearReferences()
{
    defaults.clear();
    kwDefaults.clear();
    closure.clear();
    ownerClass = nullptr;
}

void NativeFunctionObject::clearReferences() { fn = nullptr; }

void ClassObject::clearReferences()
{
    // Instances keep their class (type names stay printable); the cycles run
    // through the class dict (methods -> ownerClass) and native hooks.
    dict.clear();
    constructor = nullptr;
    initInstance = nullptr;
    mro.assign(1, this);
    bases.clear();
}

void InstanceObject::clearReferences()
{
    attrs.clear();
    hostState = nullptr;
    if (exception) {
        exception->args = Value();
        exception->cause = Value();
        exception->context = Value();
    }
}

void Object::release() const
{
    // Destroying an object releases its children; a child reaching zero while we
    // are already deleting is queued instead of deleted recursively.
    thread_local bool t_releasing = false;
    thread_local std::vector<const Object*> t_pending;
    if (t_releasing) {
        t_pending.push_back(this);
        return;
    }
    t_releasing = true;
    delete this;
    while (!t_pending.empty()) {
        const Object* next = t_pending.back();
        t_pending.pop_back();
        delete next;
    }
    t_releasing = false;
}

Value Value::fromString(std::string s) { return Value(make<StrObject>(std::move(s))); }

const std::string& Value::str() const { return as<StrObject>()->value; }

bool Value::identical(const Value& other) const
{
    if (m_tag != other.m_tag)
        return false;
    switch (m_tag) {
    case Tag::Empty:
    case Tag::None: return true;
    case Tag::Bool:
    case Tag::Int: return m_int == other.m_int;
    case Tag::Float: return std::memcmp(&m_float, &other.m_float, sizeof(double)) == 0;
    case Tag::Object: return m_obj == other.m_obj;
    }
    return false;
}

bool StrObject::isAscii() const
{
    if (m_ascii < 0) {
        m_ascii = 1;
        for (unsigned char c : value)
            if (c >= 0x80) {
                m_ascii = 0;
                break;
            }
    }
    return m_ascii == 1;
}

namespace {
size_t mixHash(size_t h)
{
    // splitmix64 finaliser: spreads small ints over the table.
    uint64_t x = h;
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return static_cast<size_t>(x);
}

const char* unhashableName(const Value& v)
{
    switch (v.object()->kind()) {
    case ObjectKind::List: return "list";
    case ObjectKind::Dict: return "dict";
    case ObjectKind::Set: return "set";
    case ObjectKind::Slice: return "slice";
    default: return nullptr;
    }
}
}  // namespace

size_t hashValue(const Value& v)
{
    switch (v.tag()) {
    case Value::Tag::Empty:
    case Value::Tag::None: return 0x9e3779b9;
    case Value::Tag::Bool:
    case Value::Tag::Int: return mixHash(static_cast<size_t>(v.asInt()));
    case Value::Tag::Float: {
        double d = v.asFloat();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18)
            return mixHash(static_cast<size_t>(static_cast<int64_t>(d)));
        uint64_t bits = 0;
        std::memcpy(&bits, &d, sizeof bits);
        return mixHash(bits);
    }
    case Value::Tag::Object: break;
    }
    Object* obj = v.object();
    switch (obj->kind()) {
    case ObjectKind::Str: return std::hash<std::string>{}(v.str());
    case ObjectKind::Tuple: {
        size_t h = 0x345678;
        for (const Value& item : v.as<TupleObject>()->items)
            h = mixHash(h ^ hashValue(item)) + 0x9e3779b97f4a7c15ULL;
        return h;
    }
    case ObjectKind::Host: return static_cast<HostObject*>(obj)->hash();
    default:
        if (const char* name = unhashableName(v))
            throw PyError(BuiltinExc::TypeError, std::string("unhashable type: '") + name + "'");
        return mixHash(reinterpret_cast<size_t>(obj));
    }
}

bool keysEqual(const Value& a, const Value& b)
{
    if (a.isNumber() && b.isNumber()) {
        if (a.isFloat() || b.isFloat())
            return a.toDouble() == b.toDouble();
        return a.asInt() == b.asInt();
    }
    if (a.isStr() && b.isStr())
        return a.str() == b.str();
    if (a.is(ObjectKind::Tuple) && b.is(ObjectKind::Tuple)) {
        const auto& x = a.as<TupleObject>()->items;
        const auto& y = b.as<TupleObject>()->items;
        if (x.size() != y.size())
            return false;
        for (size_t i = 0; i < x.size(); ++i)
            if (!keysEqual(x[i], y[i]))
                return false;
        return true;
    }
    return a.identical(b);
}

int64_t ValueDict::findSlot(const Value& key, size_t hash) const
{
    if (m_index.empty())
        return -1;
    size_t mask = m_index.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        int32_t entry = m_index[i];
        if (entry == -1)
            return -static_cast<int64_t>(i) - 2;  // free slot i, encoded
        const Entry& e = m_entries[static_cast<size_t>(entry)];
        if (!e.key.isEmpty() && e.hash == hash && keysEqual(e.key, key))
            return static_cast<int64_t>(i);
    }
}

void ValueDict::rebuildIndex(size_t capacity)
{
    // Compact deleted entries, then re-insert everything.
    std::vector<Entry> live;
    live.reserve(m_live);
    for (Entry& e : m_entries)
        if (!e.key.isEmpty())
            live.push_back(std::move(e));
    m_entries = std::move(live);
    m_index.assign(capacity, -1);
    size_t mask = capacity - 1;
    for (size_t n = 0; n < m_entries.size(); ++n) {
        size_t i = m_entries[n].hash & mask;
        while (m_index[i] != -1)
            i = (i + 1) & mask;
        m_index[i] = static_cast<int32_t>(n);
    }
}

Value* ValueDict::find(const Value& key)
{
    size_t hash = hashValue(key);
    int64_t slot = findSlot(key, hash);
    if (slot < 0)
        return nullptr;
    return &m_entries[static_cast<size_t>(m_index[static_cast<size_t>(slot)])].value;
}

void ValueDict::set(const Value& key, Value value)
{
    size_t hash = hashValue(key);
    int64_t slot = findSlot(key, hash);
    if (slot >= 0) {
        m_entries[static_cast<size_t>(m_index[static_cast<size_t>(slot)])].value = std::move(value);
        return;
    }
    // Keep the table at most half full (deleted entries still occupy index slots).
    if ((m_entries.size() + 1) * 2 > m_index.size()) {
        size_t capacity = 8;
        while (capacity < (m_live + 1) * 3)
            capacity *= 2;
        rebuildIndex(capacity);
        slot = findSlot(key, hash);
    }
    size_t free = static_cast<size_t>(-(slot + 2));
    m_index[free] = static_cast<int32_t>(m_entries.size());
    m_entries.push_back(Entry{key, std::move(value), hash});
    ++m_live;
    ++m_version;
}

bool ValueDict::erase(const Value& key, Value* removed)
{
    size_t hash = hashValue(key);
    int64_t slot = findSlot(key, hash);
    if (slot < 0)
        return false;
    Entry& e = m_entries[static_cast<size_t>(m_index[static_cast<size_t>(slot)])];
    if (removed)
        *removed = std::move(e.value);
    // The index slot keeps pointing at the now-dead entry so probe chains stay intact.
    e.key = Value();
    e.value = Value();
    --m_live;
    ++m_version;
    return true;
}

void ValueDict::clear()
{
    m_entries.clear();
    m_index.clear();
    m_live = 0;
    ++m_version;
}

int64_t RangeObject::length() const
{
    if (step > 0 && start < stop)
        return static_cast<int64_t>((static_cast<__int128>(stop) - start - 1) / step + 1);
    if (step < 0 && start > stop)
        return static_cast<int64_t>((static_cast<__int128>(start) - stop - 1) / (-static_cast<__int128>(step)) + 1);
    return 0;
}

const Value* ClassObject::lookup(std::string_view attr) const
{
    for (const ClassObject* cls : mro) {
        auto it = cls->dict.find(attr);
        if (it != cls->dict.end())
            return &it->second;
    }
    return nullptr;
}

bool ClassObject::isSubclassOf(const ClassObject* other) const
{
    for (const ClassObject* cls : mro)
        if (cls == other)
            return true;
    return false;
}

std::optional<BuiltinExc> ClassObject::exceptionBase() const
{
    for (const ClassObject* cls : mro)
        if (cls->builtinExc)
            return cls->builtinExc;
    return std::nullopt;
}

std::string HostObject::repr(Interpreter&)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", static_cast<const void*>(this));
    return "<" + typeName() + " object at " + buf + ">";
}

std::vector<Value> bindNativeArgs(const CallArgs& args, std::string_view functionName,
                                  std::initializer_list<std::string_view> names, size_t required,
                                  size_t positionalOnly)
{
    const size_t count = names.size();
    std::vector<Value> bound(count);
    std::string fname(functionName);
    if (args.positional.size() > count) {
        if (required == count)
            throw PyError(BuiltinExc::TypeError,
                          fname + "() takes exactly " + std::to_string(count) + " argument" +
                              (count == 1 ? "" : "s") + " (" + std::to_string(args.positional.size()) +
                              " given)");
        throw PyError(BuiltinExc::TypeError, fname + "() takes at most " + std::to_string(count) +
                                                 " argument" + (count == 1 ? "" : "s") + " (" +
                                                 std::to_string(args.positional.size()) + " given)");
    }
    for (size_t i = 0; i < args.positional.size(); ++i)
        bound[i] = args.positional[i];
    for (const auto& [key, value] : args.keywords) {
        size_t i = 0;
        for (std::string_view name : names) {
            if (name == key && i >= positionalOnly)
                break;
            ++i;
        }
        if (i == count)
            throw PyError(BuiltinExc::TypeError,
                          fname + "() got an unexpected keyword argument '" + key + "'");
        if (!bound[i].isEmpty())
            throw PyError(BuiltinExc::TypeError,
                          "argument for " + fname + "() given by name ('" + key + "') and position (" +
                              std::to_string(i + 1) + ")");
        bound[i] = value;
    }
    size_t i = 0;
    for (std::string_view name : names) {
        if (i < required && bound[i].isEmpty()) {
            if (i < positionalOnly || required == count)
                throw PyError(BuiltinExc::TypeError,
                              fname + "() takes exactly " + std::to_string(required) + " argument" +
                                  (required == 1 ? "" : "s") + " (" + std::to_string(args.positional.size()) +
                                  " given)");
            throw PyError(BuiltinExc::TypeError, fname + "() missing required argument '" +
                                                     std::string(name) + "' (pos " + std::to_string(i + 1) + ")");
        }
        ++i;
    }
    return bound;
}

}  // namespace agv::script
