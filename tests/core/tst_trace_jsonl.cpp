// JSON lines trace format: round trip of every event type, escaping, malformed input.

#include <sstream>

#include "core/trace/graph_state.h"
#include "core/trace/trace_file.h"
#include "core/trace/trace_jsonl.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>
#include <set>

using namespace agv;
using namespace agv::trace;
using namespace agv::testing;

class TestTraceJsonl : public QObject {
    Q_OBJECT

private:
    static void checkRoundTrip(const Recording& r)
    {
        std::stringstream buffer;
        writeJsonl(r, buffer);
        Recording back;
        std::string error;
        QVERIFY2(readJsonl(buffer, back, &error), error.c_str());
        QCOMPARE(back.size(), r.size());
        for (size_t i = 0; i < r.size(); ++i)
            QCOMPARE(eventToJson(back[i]), eventToJson(r[i]));
        QVERIFY(stateAt(back, back.size()) == stateAt(r, r.size()));
    }

private Q_SLOTS:
    void classicRoundTrip()
    {
        checkRoundTrip(classicRun(false).recording);
        checkRoundTrip(classicRun(true).recording);
    }

    void randomRoundTrip() { checkRoundTrip(randomRecording(5000, 9)); }

    void notesTravelWithTheTrace()
    {
        Recording r = classicRun().recording;
        r.addNote({12, 105, "Ask: why does MulBackward0 keep l1?"});
        r.addNote({40, 0, "Pause here \"before\" backward\n(2 lines), \u4f8b"});
        std::stringstream io;
        writeJsonl(r, io);
        const std::string text = io.str();
        QVERIFY(text.find("{\"type\":\"Note\",\"step\":12,\"node\":105,") != std::string::npos);
        Recording back;
        std::string error;
        QVERIFY2(readJsonl(io, back, &error), error.c_str());
        QCOMPARE(back.size(), r.size());  // notes are not events: playback is unchanged
        QCOMPARE(back.notes().size(), size_t(2));
        QVERIFY(back.notes() == r.notes());
        // A malformed note is an error that names its line, never a crash.
        std::stringstream bad("{\"type\":\"Note\",\"step\":\"soon\",\"text\":\"x\"}\n");
        Recording none;
        QVERIFY(!readJsonl(bad, none, &error));
        QVERIFY(error.rfind("line 1:", 0) == 0);
    }

    void everyTypeHasAName()
    {
        // Each payload type appears at least once in a big random recording.
        const Recording r = randomRecording(20000, 5);
        std::set<std::string> names;
        for (const Event& e : r.events())
            names.insert(eventName(e.payload));
        QVERIFY(names.size() >= std::variant_size_v<Payload> - 2);
    }

    void lineFormat()
    {
        Recording r;
        TensorCreated t;
        t.tensor = 3;
        t.label = "w1";
        t.shape = {2, 2};
        t.requiresGrad = true;
        r.record(t, 7);
        const std::string json = eventToJson(r[0]);
        QVERIFY(json.rfind("{\"step\":0,\"line\":7,\"type\":\"TensorCreated\",\"tensor\":3,\"label\":\"w1\",\"shape\":[2,2]", 0) == 0);
        QVERIFY(json.find('\n') == std::string::npos);
    }

    void checkpointBeginKeepsItsOuterHooks()
    {
        Recording r;
        r.record(CheckpointBegin{2, false, true, "save_on_cpu"}, 42);
        const std::string json = eventToJson(r[0]);
        QVERIFY(json.find("\"outer_hooks\":\"save_on_cpu\"") != std::string::npos);
        const std::optional<Event> e = eventFromJson(json);
        QVERIFY(e);
        QCOMPARE(std::get<CheckpointBegin>(e->payload).outerHooks, std::string("save_on_cpu"));
        // A trace written before the field existed reads as "no hooks".
        const auto old = eventFromJson(
            R"({"step":0,"line":42,"type":"CheckpointBegin","segment":2,"reentrant":false,"preserve_rng_state":true})");
        QVERIFY(old);
        QCOMPARE(std::get<CheckpointBegin>(old->payload).segment, Id(2));
        QVERIFY(std::get<CheckpointBegin>(old->payload).outerHooks.empty());
    }

    void escaping_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("quotes") << QByteArray("say \"hi\"\\");
        QTest::newRow("newlines") << QByteArray("a\nb\r\n\tc");
        QTest::newRow("control") << QByteArray("\x01\x1f\x7f bell\b\f");
        QTest::newRow("utf8") << QByteArray("gr\xc3\xa4" "dient \xe2\x88\x87 \xf0\x9f\x94\xa5");
        QTest::newRow("empty") << QByteArray("");
    }

    void escaping()
    {
        QFETCH(QByteArray, text);
        Recording r;
        r.record(Output{OutputStream::Stderr, text.toStdString()}, 1);
        const std::string json = eventToJson(r[0]);
        QVERIFY(json.find('\n') == std::string::npos);
        std::string error;
        const std::optional<Event> e = eventFromJson(json, &error);
        QVERIFY2(e, error.c_str());
        QCOMPARE(std::get<Output>(e->payload).text, text.toStdString());
        QCOMPARE(std::get<Output>(e->payload).stream, OutputStream::Stderr);
    }

    void unicodeEscapesAreDecoded()
    {
        const auto e = eventFromJson(R"({"step":0,"line":1,"type":"Output","stream":"stdout","text":"\u00e4\ud83d\udd25\/"})");
        QVERIFY(e);
        QCOMPARE(std::get<Output>(e->payload).text, std::string("\xc3\xa4\xf0\x9f\x94\xa5/"));
    }

    void largeIdsSurvive()
    {
        Recording r;
        r.record(SavedReleased{0xFFFFFFFFFFFFFFF0ULL}, 0);
        const auto e = eventFromJson(eventToJson(r[0]));
        QVERIFY(e);
        QCOMPARE(std::get<SavedReleased>(e->payload).node, 0xFFFFFFFFFFFFFFF0ULL);
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("not json") << QByteArray("hello");
        QTest::newRow("truncated") << QByteArray(R"({"step":0,"type":"LineReached")");
        QTest::newRow("no type") << QByteArray(R"({"step":0})");
        QTest::newRow("unknown type") << QByteArray(R"({"type":"Nope"})");
        QTest::newRow("wrong field type") << QByteArray(R"({"type":"LineReached","line_reached":"x"})");
        QTest::newRow("fraction for int") << QByteArray(R"({"type":"LineReached","line_reached":1.5})");
        QTest::newRow("bad enum") << QByteArray(R"({"type":"Output","stream":"stdlog"})");
        QTest::newRow("trailing") << QByteArray(R"({"type":"BackwardEnd"} x)");
        QTest::newRow("bad escape") << QByteArray(R"({"type":"Output","text":"\q"})");
        QTest::newRow("lone surrogate") << QByteArray(R"({"type":"Output","text":"\udc00"})");
        QTest::newRow("raw newline") << QByteArray("{\"type\":\"Output\",\"text\":\"a\nb\"}");
        QTest::newRow("deep") << QByteArray(std::string(200, '[').c_str());
    }

    void malformed()
    {
        QFETCH(QByteArray, line);
        std::string error;
        QVERIFY(!eventFromJson(line.toStdString(), &error));
        QVERIFY(!error.empty());
    }

    void unknownFieldsIgnoredAndErrorsNameTheLine()
    {
        std::stringstream ok(R"({"type":"LineReached","line":4,"line_reached":4,"future":{"a":[1,null]}})" "\n\n");
        Recording r;
        QVERIFY(readJsonl(ok, r));
        QCOMPARE(r.size(), 1u);
        QCOMPARE(std::get<LineReached>(r[0].payload).line, 4);

        std::stringstream bad("{\"type\":\"BackwardEnd\"}\n{oops}\n");
        Recording r2;
        std::string error;
        QVERIFY(!readJsonl(bad, r2, &error));
        QVERIFY(error.rfind("line 2:", 0) == 0);
    }

    void fileRoundTrip()
    {
        const SyntheticRun run = classicRun();
        const std::string path = std::string(AGV_BINARY_DIR) + "/tst_trace_jsonl_classic.jsonl";
        std::string error;
        QVERIFY2(saveTrace(run.recording, path, &error), error.c_str());
        Recording back;
        QVERIFY2(loadTrace(path, back, &error), error.c_str());
        QCOMPARE(back.size(), run.recording.size());
        QVERIFY(!loadTrace(path + ".missing", back, &error));
    }
};

QTEST_APPLESS_MAIN(TestTraceJsonl)
#include "tst_trace_jsonl.moc"
