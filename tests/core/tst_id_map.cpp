// IdMap: the chunked copy-on-write map behind GraphState's snapshots, checked against
// std::map under random inserts (in and out of order), edits and copies.

#include <map>
#include <random>
#include <string>

#include "core/trace/id_map.h"

#include <QtTest>

using agv::trace::IdMap;

namespace {

template <class T> bool sameAs(const IdMap<T>& m, const std::map<uint64_t, T>& reference)
{
    if (m.size() != reference.size())
        return false;
    auto r = reference.begin();
    for (const auto [id, value] : m) {
        if (id != r->first || value != r->second)
            return false;
        ++r;
    }
    return true;
}

}  // namespace

class TestIdMap : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void agreesWithStdMapUnderRandomUse()
    {
        std::mt19937_64 rng(7);
        IdMap<std::string> m;
        std::map<uint64_t, std::string> reference;
        std::vector<std::pair<IdMap<std::string>, std::map<uint64_t, std::string>>> snapshots;
        uint64_t next = 1;
        for (int i = 0; i < 60000; ++i) {
            const int action = int(rng() % 10);
            uint64_t id = 0;
            if (action < 6)
                id = next++;  // the common case: a new entity
            else if (action < 8)
                id = rng() % (next + 50) + 1;  // anywhere: existing or out of order
            else
                id = reference.empty() ? 1 : std::next(reference.begin(), long(rng() % reference.size()))->first;
            const std::string value = "v" + std::to_string(i);
            if (action == 9) {
                if (std::string* v = m.edit(id))
                    *v = value;
                if (auto it = reference.find(id); it != reference.end())
                    it->second = value;
            } else {
                m.obtain(id) = value;
                reference[id] = value;
            }
            QCOMPARE(m.find(id) != nullptr, reference.count(id) == 1);
            if (i % 2000 == 0)
                snapshots.push_back({m, reference});
        }
        QVERIFY(sameAs(m, reference));
        // Every earlier copy still shows what it held then: edits never reach shared chunks.
        for (const auto& [copy, then] : snapshots)
            QVERIFY(sameAs(copy, then));
        QVERIFY(m.size() > 30000);
    }

    void lookupsAndEquality()
    {
        IdMap<int> a;
        for (uint64_t id = 1000; id > 0; --id)  // strictly out of order: every insert splits or shifts
            a.obtain(id * 3) = int(id);
        QCOMPARE(a.size(), size_t(1000));
        QVERIFY(a.contains(3));
        QVERIFY(!a.contains(4));
        QCOMPARE(a.at(3000), 1000);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, a.at(1));
        QCOMPARE(a.edit(1), nullptr);
        uint64_t previous = 0;
        for (const auto [id, value] : a) {
            QVERIFY(id > previous);
            QCOMPARE(uint64_t(value) * 3, id);
            previous = id;
        }
        IdMap<int> b = a;
        QVERIFY(a == b);
        *b.edit(300) = -1;
        QVERIFY(!(a == b));
        QCOMPARE(a.at(300), 100);
        IdMap<int> c;
        for (uint64_t id = 1; id <= 1000; ++id)
            c.obtain(id * 3) = int(id);
        QVERIFY(a == c);  // equal content, built in another order
        c.obtain(1);
        QVERIFY(!(a == c));
    }
};

QTEST_GUILESS_MAIN(TestIdMap)
#include "tst_id_map.moc"
