// The compact binary trace: round trip of every event type (through the JSON lines
// writer as the reference), streaming in pieces of any size, interning, corrupt and
// hostile input, the memory budget, and the file helpers that pick an encoding.

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/trace/graph_state.h"
#include "core/trace/trace_binary.h"
#include "core/trace/trace_file.h"
#include "core/trace/trace_jsonl.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

using namespace agv;
using namespace agv::trace;
using namespace agv::testing;

namespace {

std::string encode(const Recording& r)
{
    std::stringstream out;
    writeBinaryTrace(r, out);
    return out.str();
}

/// Decodes `bytes` fed in pieces of `piece` bytes; returns the error ("" when it worked).
std::string decodeInPieces(std::string_view bytes, size_t piece, Recording& out, uint64_t budget = kDefaultTraceBudgetBytes)
{
    BinaryTraceDecoder decoder(out, budget);
    for (size_t at = 0; at < bytes.size(); at += piece)
        if (!decoder.feed(bytes.substr(at, piece)))
            break;
    decoder.finish();
    return decoder.error();
}

void varint(std::string& out, uint64_t v)
{
    while (v >= 0x80) {
        out += char(uint8_t(v) | 0x80);
        v >>= 7;
    }
    out += char(v);
}

std::string header()
{
    std::string h(kBinaryTraceMagic);
    h += char(kBinaryTraceVersion);
    return h;
}

/// A record of `kind` with `body` after the kind byte.
std::string record(uint8_t kind, const std::string& body)
{
    std::string r;
    varint(r, body.size() + 1);
    r += char(kind);
    r += body;
    return r;
}

constexpr uint8_t kOutputKind = 22;  // index of Output in trace::Payload

}  // namespace

class TestTraceBinary : public QObject {
    Q_OBJECT

private:
    static void checkRoundTrip(const Recording& r)
    {
        const std::string bytes = encode(r);
        Recording back;
        const std::string error = decodeInPieces(bytes, bytes.size() + 1, back);
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(back.size(), r.size());
        for (size_t i = 0; i < r.size(); ++i)
            QCOMPARE(eventToJson(back[i]), eventToJson(r[i]));
        QVERIFY(back.notes() == r.notes());
        QVERIFY(stateAt(back, back.size()) == stateAt(r, r.size()));
    }

private Q_SLOTS:
    void roundTripOfEveryEventType()
    {
        checkRoundTrip(classicRun(false).recording);
        checkRoundTrip(classicRun(true).recording);
        const Recording random = randomRecording(20000, 5);
        std::set<size_t> kinds;
        for (const Event& e : random.events())
            kinds.insert(e.payload.index());
        QVERIFY(kinds.size() >= std::variant_size_v<Payload> - 2);
        checkRoundTrip(random);
    }

    void extremeValuesSurvive()
    {
        Recording r;
        TensorCreated t;
        t.tensor = ~uint64_t(0);
        t.shape = {0, -1, INT64_MIN, INT64_MAX};
        t.bytes = ~uint64_t(0);
        t.label = std::string(200, 'x');  // longer than what is interned
        t.preview = "tensor(\u4f8b\n\t\"\")";
        r.record(t, 2147483647);
        MemoryChanged m;
        m.delta = INT64_MIN;
        m.device = "cuda:0";
        r.record(m, 0);
        ErrorRaised e;
        e.kind = ErrorKind::Script;
        e.traceback = {{"a.py", -5, "<module>", "x = 1"}, {"a.py", 7, "f", ""}};
        r.record(e, 3);
        r.addNote({1, 2, "a note"});
        checkRoundTrip(r);
    }

    void notesTravelWithTheTrace()
    {
        Recording r = classicRun().recording;
        r.addNote({12, 105, "Ask: why does MulBackward0 keep l1?"});
        std::vector<Note> edited = {{3, 0, "edited apart, \u4f8b"}};
        std::stringstream out;
        writeBinaryTrace(r, out, &edited);
        Recording back;
        QVERIFY(decodeInPieces(out.str(), 4096, back).empty());
        QCOMPARE(back.size(), r.size());  // notes are not events
        QVERIFY(back.notes() == edited);
    }

    void anyPieceSizeDecodesTheSame()
    {
        // A pipe delivers whatever the kernel had: one byte at a time is the hardest case.
        const Recording r = randomRecording(600, 11);
        const std::string bytes = encode(r);
        for (size_t piece : {size_t(1), size_t(2), size_t(7), size_t(64), size_t(4093)}) {
            Recording back;
            const std::string error = decodeInPieces(bytes, piece, back);
            QVERIFY2(error.empty(), error.c_str());
            QCOMPARE(back.size(), r.size());
            QCOMPARE(eventToJson(back[back.size() - 1]), eventToJson(r[r.size() - 1]));
        }
    }

    void repeatedNamesAreInterned()
    {
        Recording r;
        for (int i = 0; i < 1000; ++i)
            r.record(NodeCreated{Id(i + 1), "MulBackward0", {{Id(i), 0}}, NodePhase::Forward, 0, 0, {}}, 4);
        const std::string bytes = encode(r);
        QCOMPARE(bytes.find("MulBackward0"), bytes.rfind("MulBackward0"));  // the name is written once
        QVERIFY(bytes.find("MulBackward0") != std::string::npos);
        QVERIFY(bytes.size() < 1000 * 16);  // 14-byte records: ids, a name reference, flags
        std::stringstream json;
        writeJsonl(r, json);
        QVERIFY(bytes.size() * 8 < json.str().size());
    }

    void aKilledWriterLeavesWhatCameWhole()
    {
        const Recording r = classicRun().recording;
        const std::string bytes = encode(r);
        const std::string cut = bytes.substr(0, bytes.size() - 3);  // inside the last record
        Recording back;
        BinaryTraceDecoder decoder(back);
        QVERIFY(decoder.feed(cut));  // a pipe: waits for more
        QCOMPARE(back.size(), r.size() - 1);
        QVERIFY(!decoder.finish());  // a file: it is cut short
        QVERIFY(decoder.error().find("ends inside a record") != std::string::npos);
    }

    void unknownKindsAndExtraFieldsAreSkipped()
    {
        std::string body;
        varint(body, 0);  // line
        body += char(0);  // stdout
        varint(body, 2);  // a string used once
        varint(body, 2);
        body += "hi";
        body += "extra fields from a newer writer";
        const std::string bytes = header() + record(0xA0, "whatever a newer kind holds") + record(kOutputKind, body);
        Recording back;
        const std::string error = decodeInPieces(bytes, bytes.size(), back);
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(back.size(), size_t(1));
        QCOMPARE(std::get<Output>(back[0].payload).text, std::string("hi"));
    }

    void missingTrailingFieldsTakeDefaults()
    {
        std::string body;
        varint(body, 6);  // line 3, zigzagged
        const std::string bytes = header() + record(kOutputKind, body);
        Recording back;
        QVERIFY(decodeInPieces(bytes, bytes.size(), back).empty());
        QCOMPARE(back.size(), size_t(1));
        QCOMPARE(back[0].line, 3);
        QVERIFY(std::get<Output>(back[0].payload).text.empty());
    }

    void checkpointBeginKeepsItsOuterHooks()
    {
        // Note [A checkpoint that shadows save_on_cpu]: the field came last, after
        // preserve_rng_state. Written, it reads back...
        Recording r;
        r.record(CheckpointBegin{2, false, true, "save_on_cpu"}, 42);
        Recording back;
        const std::string bytes = encode(r);
        QVERIFY(decodeInPieces(bytes, bytes.size(), back).empty());
        QCOMPARE(back.size(), size_t(1));
        QCOMPARE(std::get<CheckpointBegin>(back[0].payload).outerHooks, std::string("save_on_cpu"));
        // ...and a trace written before it existed reads as "no hooks".
        std::string body;
        varint(body, 84);  // line 42, zigzagged
        varint(body, 2);   // segment
        body += char(0);   // reentrant
        body += char(1);   // preserve_rng_state
        const std::string old = header() + record(uint8_t(Payload(CheckpointBegin{}).index()), body);
        Recording before;
        QVERIFY(decodeInPieces(old, old.size(), before).empty());
        QCOMPARE(before.size(), size_t(1));
        QCOMPARE(before[0].line, 42);
        const auto& begin = std::get<CheckpointBegin>(before[0].payload);
        QCOMPARE(begin.segment, Id(2));
        QVERIFY(!begin.reentrant && begin.preserveRngState);
        QVERIFY(begin.outerHooks.empty());
    }

    void corruptInputIsAnErrorNeverACrash_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        auto bytes = [](const std::string& s) { return QByteArray(s.data(), qsizetype(s.size())); };
        QTest::newRow("not a trace") << QByteArray("{\"step\":0}") << "bad magic";
        QTest::newRow("too short") << QByteArray("AGVT") << "too short";
        std::string wrongVersion = header();
        wrongVersion.back() = char(99);
        QTest::newRow("version") << bytes(wrongVersion) << "unsupported trace version 99";
        QTest::newRow("zero length") << bytes(header() + std::string(1, '\0')) << "bad record length 0";
        std::string huge = header();
        varint(huge, uint64_t(1) << 40);
        QTest::newRow("huge length") << bytes(huge) << "bad record length";
        QTest::newRow("endless varint") << bytes(header() + std::string(11, char(0xff))) << "malformed record length";
        std::string badEnum;
        varint(badEnum, 0);
        badEnum += char(7);
        QTest::newRow("enum") << bytes(header() + record(kOutputKind, badEnum)) << "bad enumeration value";
        std::string dangling;
        varint(dangling, 0);
        dangling += char(0);
        varint(dangling, 3 + 41);  // interned string 41 was never defined
        QTest::newRow("dangling reference") << bytes(header() + record(kOutputKind, dangling)) << "unknown string";
        std::string longString;
        varint(longString, 0);
        longString += char(0);
        varint(longString, 2);
        varint(longString, 1000);
        longString += "short";
        QTest::newRow("string past its record") << bytes(header() + record(kOutputKind, longString)) << "longer than its record";
        std::string lineRange;
        varint(lineRange, uint64_t(1) << 40);
        QTest::newRow("line out of range") << bytes(header() + record(kOutputKind, lineRange)) << "out of range";
        std::string bigList;  // TensorCreated: line, tensor, label, then a shape of 2^40 dims
        varint(bigList, 0);
        varint(bigList, 1);
        varint(bigList, 0);
        varint(bigList, uint64_t(1) << 40);
        QTest::newRow("list count") << bytes(header() + record(1, bigList)) << "list longer than its record";
    }

    void corruptInputIsAnErrorNeverACrash()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        Recording back;
        const std::string error = decodeInPieces(std::string_view(bytes.constData(), size_t(bytes.size())), 3, back);
        QVERIFY2(QString::fromStdString(error).contains(expected), error.c_str());
    }

    void referencesCannotExpandPastTheBudget()
    {
        // One short interned string, then a record listing it a million times: 1 MB on
        // disk, 128 MB once decoded; the decoder gives up inside the record.
        std::string define;
        varint(define, 0);
        define += char(0);
        varint(define, 1);  // new interned string
        varint(define, 96);
        define += std::string(96, 'g');
        std::string bomb;  // NodeExecuted: line, node, grad_inputs
        varint(bomb, 0);
        varint(bomb, 1);
        varint(bomb, 1'000'000);
        for (int i = 0; i < 1'000'000; ++i)
            varint(bomb, 3);  // a reference to string 0
        const std::string bytes = header() + record(kOutputKind, define) + record(11, bomb);
        Recording back;
        BinaryTraceDecoder decoder(back, 40u << 20);  // room for the list, not its strings
        QVERIFY(!decoder.feed(bytes));
        QVERIFY(decoder.overBudget());
        QVERIFY2(decoder.error().find("needs more than 40 MB") != std::string::npos, decoder.error().c_str());
        QCOMPARE(back.size(), size_t(1));
    }

    void theBudgetRefusesBigTracesInBothEncodings()
    {
        const Recording r = randomRecording(20000, 3);
        Recording back;
        const std::string error = decodeInPieces(encode(r), 1 << 16, back, 1u << 20);
        QVERIFY2(error.find("needs more than 1 MB of memory") != std::string::npos, error.c_str());
        QVERIFY(back.size() < r.size());
        std::stringstream json;
        writeJsonl(r, json);
        Recording fromJson;
        std::string jsonError;
        QVERIFY(!readJsonl(json, fromJson, &jsonError, 1u << 20));
        QVERIFY2(jsonError.find("needs more than 1 MB of memory") != std::string::npos, jsonError.c_str());
    }

    void filesPickTheirEncoding()
    {
        QCOMPARE(traceFormatForPath("run.agvtrace"), TraceFormat::Binary);
        QCOMPARE(traceFormatForPath("run.JSONL"), TraceFormat::Jsonl);
        QCOMPARE(traceFormatForPath("run.json"), TraceFormat::Jsonl);
        QVERIFY(isTracePath("a/b.AgvTrace"));
        QVERIFY(!isTracePath("script.py"));
        QTemporaryDir dir;
        Recording r = classicRun().recording;
        r.addNote({4, 0, "n"});
        for (const char* name : {"t.agvtrace", "t.jsonl"}) {
            const std::string path = dir.filePath(name).toStdString();
            std::string error;
            QVERIFY2(saveTrace(r, path, &error), error.c_str());
            std::ifstream in(path, std::ios::binary);
            char first = 0;
            in.get(first);
            QCOMPARE(first, std::string(name) == "t.jsonl" ? '{' : 'A');
            // Opening goes by content: a binary trace renamed .jsonl still opens.
            const std::string renamed = path + (std::string(name) == "t.jsonl" ? ".agvtrace" : ".jsonl");
            std::filesystem::rename(path, renamed);
            Recording back;
            QVERIFY2(loadTrace(renamed, back, &error), error.c_str());
            QCOMPARE(back.size(), r.size());
            QVERIFY(back.notes() == r.notes());
        }
        std::string error;
        Recording none;
        QVERIFY(!loadTrace(dir.filePath("missing.agvtrace").toStdString(), none, &error));
        QVERIFY(error.find("cannot open") != std::string::npos);
        QVERIFY(!saveTrace(r, dir.filePath("no/such/dir/t.agvtrace").toStdString(), &error));
        QVERIFY(error.find("cannot open") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestTraceBinary)
#include "tst_trace_binary.moc"
