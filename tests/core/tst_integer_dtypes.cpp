// The integer dtypes against real PyTorch 1.13, engine only: the promotion table of all
// ten dtypes, float32-to-integer conversions (x86's rules, uint8 through int64) and the
// bitwise ops with shift counts at and past the width (Note [Shift counts]).
// Expectations: integer_dtypes_reference.txt, written by
// generate_integer_dtypes_reference.py from real PyTorch.

#include <QtTest>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "core/ops/bitwise.h"
#include "core/ops/ops.h"

using namespace agv;

namespace {

ScalarType dtypeNamed(const std::string& name)
{
    for (int i = 0; i <= int(ScalarType::UInt8); ++i) {
        const auto t = ScalarType(i);
        if (dtypeName(t) == "torch." + name)
            return t;
    }
    throw std::runtime_error("unknown dtype " + name);
}

std::vector<std::string> referenceLines(const std::string& kind)
{
    std::ifstream in(AGV_SOURCE_DIR "/tests/core/integer_dtypes_reference.txt");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (line.rfind(kind + " ", 0) == 0)
            lines.push_back(line.substr(kind.size() + 1));
    return lines;
}

}  // namespace

class TestIntegerDtypes : public QObject {
    Q_OBJECT
private slots:
    void promotionMatchesPyTorch()
    {
        const auto lines = referenceLines("promote");
        QCOMPARE(lines.size(), size_t(100));
        for (const std::string& line : lines) {
            std::istringstream words(line);
            std::string a, b, result;
            words >> a >> b >> result;
            QVERIFY2(promoteTypes(dtypeNamed(a), dtypeNamed(b)) == dtypeNamed(result), line.c_str());
        }
    }

    void floatToIntegerConversionsMatchPyTorch()
    {
        const auto lines = referenceLines("convert");
        QVERIFY(lines.size() >= 100);
        for (const std::string& line : lines) {
            std::istringstream words(line);
            std::string value, dtype;
            int64_t expected = 0;
            words >> value >> dtype >> expected;
            const double v = value == "nan" ? NAN : value == "inf" ? INFINITY : value == "-inf" ? -INFINITY
                                                                                                 : std::stod(value);
            const Tensor f = ops::fromValues({1}, {v}, ScalarType::Float32);
            const Tensor converted = ops::toDtype(f, dtypeNamed(dtype));
            QCOMPARE(converted.dtype(), dtypeNamed(dtype));
            QVERIFY2(converted.intValueAt(0) == expected, line.c_str());
        }
    }

    void bitwiseOpsMatchPyTorch()
    {
        const std::map<std::string, ops::BitwiseOp> opNamed{{"and", ops::BitwiseOp::And},
                                                             {"or", ops::BitwiseOp::Or},
                                                             {"xor", ops::BitwiseOp::Xor},
                                                             {"lshift", ops::BitwiseOp::LeftShift},
                                                             {"rshift", ops::BitwiseOp::RightShift}};
        const auto lines = referenceLines("bitwise");
        QVERIFY(lines.size() >= 500);
        for (const std::string& line : lines) {
            std::istringstream words(line);
            std::string op, dtype;
            int64_t a = 0, b = 0, expected = 0;
            words >> op >> dtype >> a >> b >> expected;
            const ScalarType t = dtypeNamed(dtype);
            const Tensor x = ops::fromInts({1}, {a}, t);
            const Tensor y = ops::fromInts({1}, {b}, t);
            const Tensor r = ops::bitwise(x, y, opNamed.at(op));
            QCOMPARE(r.dtype(), t);
            QVERIFY2(r.intValueAt(0) == expected, line.c_str());
        }
    }

    void floatingOperandsAreRefusedWithPyTorchsText()
    {
        const Tensor f = ops::fromValues({1}, {1.5}, ScalarType::Float32);
        const Tensor i = ops::fromInts({1}, {3}, ScalarType::Int32);
        try {
            ops::bitwise(i, f, ops::BitwiseOp::And);
            QFAIL("int32 & float32 computed");
        } catch (const Error& e) {
            QCOMPARE(std::string(e.what()), std::string("\"bitwise_and_cpu\" not implemented for 'Float'"));
        }
        const Tensor flag = ops::fromInts({1}, {1}, ScalarType::Bool);
        try {
            ops::bitwise(flag, flag, ops::BitwiseOp::LeftShift);
            QFAIL("bool << bool computed");
        } catch (const Error& e) {
            QCOMPARE(std::string(e.what()), std::string("\"lshift_cpu\" not implemented for 'Bool'"));
        }
    }
};

QTEST_APPLESS_MAIN(TestIntegerDtypes)
#include "tst_integer_dtypes.moc"
