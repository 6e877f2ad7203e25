// Tensor printing against real PyTorch 1.13: every expected repr in
// tests/conformance/printing/*.txt was printed by PyTorch itself
// (see generate_print_cases.py next to the data).

#include <QtTest>

#include <charconv>
#include <clocale>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/tensor/dtype.h"
#include "core/tensor/number_format.h"
#include "core/tensor/tensor_print.h"

using namespace agv;

namespace {

const std::string kDataDir = std::string(AGV_SOURCE_DIR) + "/tests/conformance/printing/";

/// float.hex() output: "0x1.8p+0", "-0x0.0p+0", "nan", "inf", "-inf".
double parseHexFloat(const std::string& text)
{
    if (text == "nan")
        return std::nan("");
    if (text == "inf")
        return INFINITY;
    if (text == "-inf")
        return -INFINITY;
    const bool negative = text[0] == '-';
    const size_t start = negative ? 3 : 2;  // past "0x" / "-0x"
    double value = 0;
    const auto result = std::from_chars(text.data() + start, text.data() + text.size(), value,
                                        std::chars_format::hex);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size())
        qFatal("bad hex float '%s'", text.c_str());
    return negative ? -value : value;
}

ScalarType parseDtype(const std::string& name)
{
    if (name == "float32")
        return ScalarType::Float32;
    if (name == "float64")
        return ScalarType::Float64;
    if (name == "int64")
        return ScalarType::Int64;
    if (name == "bool")
        return ScalarType::Bool;
    qFatal("bad dtype '%s'", name.c_str());
}

struct PrintCase {
    std::string name;
    TensorPrintData tensor;
    PrintOptions options;
    ScalarType defaultDtype = ScalarType::Float32;
    std::string expected;
};

std::vector<std::string> words(const std::string& line)
{
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

std::vector<PrintCase> loadCases()
{
    std::ifstream in(kDataDir + "print_cases.txt");
    if (!in)
        qFatal("cannot open print_cases.txt");
    std::vector<PrintCase> cases;
    std::string line;
    PrintCase current;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        const std::vector<std::string> w = words(line);
        const std::string& key = w[0];
        if (key == "case") {
            current = PrintCase();
            current.name = w[1];
        } else if (key == "dtype") {
            current.tensor.dtype = parseDtype(w[1]);
        } else if (key == "sizes") {
            for (size_t i = 1; i < w.size(); ++i)
                current.tensor.sizes.push_back(std::stoll(w[i]));
        } else if (key == "device") {
            current.tensor.device = w[1];
        } else if (key == "requires_grad") {
            current.tensor.requiresGrad = w[1] == "1";
        } else if (key == "grad_fn") {
            current.tensor.gradFnName = w[1] == "-" ? "" : w[1];
        } else if (key == "options") {
            current.options.precision = std::stoi(w[1]);
            current.options.threshold = std::stoll(w[2]);
            current.options.edgeItems = std::stoi(w[3]);
            current.options.lineWidth = std::stoi(w[4]);
            if (w[5] != "none")
                current.options.sciMode = w[5] == "true";
        } else if (key == "default_dtype") {
            current.defaultDtype = parseDtype(w[1]);
        } else if (key == "values") {
            for (size_t i = 1; i < w.size(); ++i) {
                if (current.tensor.dtype == ScalarType::Int64)
                    current.tensor.intValues.push_back(std::stoll(w[i]));
                else if (current.tensor.dtype == ScalarType::Bool)
                    current.tensor.values.push_back(w[i] == "1" ? 1.0 : 0.0);
                else
                    current.tensor.values.push_back(parseHexFloat(w[i]));
            }
        } else if (key == "repr") {
            const int lines = std::stoi(w[1]);
            for (int i = 0; i < lines; ++i) {
                std::getline(in, line);
                current.expected += (i > 0 ? "\n" : "") + line;
            }
        } else if (key == "end") {
            cases.push_back(current);
        } else {
            qFatal("bad line '%s'", line.c_str());
        }
    }
    return cases;
}

/// Restores the default dtype even when a comparison fails mid-test.
struct DefaultDtypeGuard {
    explicit DefaultDtypeGuard(ScalarType t) { setDefaultFloatType(t); }
    ~DefaultDtypeGuard() { setDefaultFloatType(ScalarType::Float32); }
};

/// How many elements PyTorch prints: what an accessor may be asked for at most.
int64_t shownCount(const PrintCase& c)
{
    int64_t numel = 1;
    for (int64_t s : c.tensor.sizes)
        numel *= s;
    if (numel <= c.options.threshold)
        return numel;
    // With edgeItems == 0 a (1-d) row shows every element: see Note [edgeitems=0].
    const int edge = c.options.edgeItems;
    int64_t shown = 1;
    for (int64_t s : c.tensor.sizes)
        shown *= edge == 0 ? s : std::min<int64_t>(s, 2 * edge);
    return shown;
}

TensorPrintData floats(std::vector<int64_t> sizes, std::vector<double> values)
{
    TensorPrintData t;
    t.sizes = std::move(sizes);
    t.values = std::move(values);
    return t;
}

}  // namespace

class TestTensorPrint : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_cases = loadCases();
        QVERIFY(m_cases.size() > 150);
    }

    void reprMatchesPyTorch_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < m_cases.size(); ++i)
            QTest::newRow(m_cases[i].name.c_str()) << int(i);
    }

    void reprMatchesPyTorch()
    {
        QFETCH(int, index);
        const PrintCase& c = m_cases[size_t(index)];
        DefaultDtypeGuard guard(c.defaultDtype);
        QCOMPARE(QString::fromStdString(tensorRepr(c.tensor, c.options)), QString::fromStdString(c.expected));
    }

    // The accessor API prints the same and reads only what is shown.
    void accessorReadsOnlyShownElements_data() { reprMatchesPyTorch_data(); }

    void accessorReadsOnlyShownElements()
    {
        QFETCH(int, index);
        const PrintCase& c = m_cases[size_t(index)];
        DefaultDtypeGuard guard(c.defaultDtype);
        std::set<int64_t> read;
        TensorPrintAccessor a;
        a.sizes = c.tensor.sizes;
        a.dtype = c.tensor.dtype;
        a.device = c.tensor.device;
        a.requiresGrad = c.tensor.requiresGrad;
        a.gradFnName = c.tensor.gradFnName;
        if (c.tensor.dtype == ScalarType::Int64)
            a.intValue = [&](int64_t i) { read.insert(i); return c.tensor.intValues[size_t(i)]; };
        else
            a.value = [&](int64_t i) { read.insert(i); return c.tensor.values[size_t(i)]; };
        QCOMPARE(QString::fromStdString(tensorRepr(a, c.options)), QString::fromStdString(c.expected));
        QVERIFY(int64_t(read.size()) <= shownCount(c));
    }

    void bodyIsTheDataPart()
    {
        QCOMPARE(tensorBody(floats({2}, {1.0, 2.0})), std::string("[1., 2.]"));
        QCOMPARE(tensorBody(floats({}, {7.38905609893065})), std::string("7.3891"));
        QCOMPARE(tensorBody(floats({0, 3}, {})), std::string("[]"));
        QCOMPARE(tensorBody(floats({2, 2}, {1.0, 2.0, 3.0, 4.5})),
                 std::string("[[1.0000, 2.0000],\n [3.0000, 4.5000]]"));
        // At indent 7 the body is exactly what tensorRepr puts between "tensor(" and ")".
        const TensorPrintData m = floats({2, 2}, {1.0, 2.0, 3.0, 4.5});
        QCOMPARE("tensor(" + tensorBody(m, {}, 7) + ")", tensorRepr(m));
    }

    void previewIsOneShortLine()
    {
        QCOMPARE(tensorPreview(floats({}, {7.38905609893065})), std::string("7.3891"));
        QCOMPARE(tensorPreview(floats({2, 2}, {1.0, 2.0, 3.0, 4.0})), std::string("[[1., 2.], [3., 4.]]"));
        QCOMPARE(tensorPreview(floats({3, 1, 2}, {1, 2, 3, 4, 5, 6})),
                 std::string("[[[1., 2.]], [[3., 4.]], [[5., 6.]]]"));

        std::vector<double> many(1000000);
        for (size_t i = 0; i < many.size(); ++i)
            many[i] = double(i) / 8;
        const std::string big = tensorPreview(floats({1000, 1000}, many), 60);
        QVERIFY2(big.size() <= 60, big.c_str());
        QVERIFY(big.find('\n') == std::string::npos);
        QVERIFY(big.find("...") != std::string::npos);

        for (size_t limit : {0, 2, 5, 20}) {
            const std::string cut = tensorPreview(floats({1000}, std::vector<double>(1000, 1.5)), limit);
            QVERIFY(cut.size() <= limit);
        }
    }

    void missingValuesAreAnError()
    {
        TensorPrintData t = floats({3}, {1.0, 2.0});
        QVERIFY_THROWS_EXCEPTION(Error, tensorRepr(t));
        TensorPrintAccessor a;
        a.sizes = {2};
        a.dtype = ScalarType::Int64;
        QVERIFY_THROWS_EXCEPTION(Error, tensorRepr(a));
    }

    // PyTorch 1.13 raises from torch.stack when a summarised tensor of two or more
    // dimensions is printed with edgeitems=0; see Note [edgeitems=0].
    void edgeItemsZeroFailsForMatrices()
    {
        PrintOptions options;
        options.edgeItems = 0;
        options.threshold = 5;
        try {
            tensorRepr(floats({2, 5}, std::vector<double>(10, 1.0)), options);
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(e.exc(), PyExc::RuntimeError);
            QCOMPARE(e.message(), std::string("stack expects a non-empty TensorList"));
        }
    }

    void floatFormatMatchesPython_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("repr");
        QTest::addColumn<QString>("fixed4");
        QTest::addColumn<QString>("exponent4");
        QTest::addColumn<QString>("fixed0");
        std::ifstream in(kDataDir + "float_format_cases.txt");
        QVERIFY(in);
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#')
                continue;
            std::vector<std::string> f;
            std::istringstream fields(line);
            for (std::string s; std::getline(fields, s, '\t');)
                f.push_back(s);
            QCOMPARE(f.size(), size_t(5));
            QTest::newRow(f[1].c_str()) << parseHexFloat(f[0]) << QString::fromStdString(f[1])
                                        << QString::fromStdString(f[2]) << QString::fromStdString(f[3])
                                        << QString::fromStdString(f[4]);
        }
    }

    void floatFormatMatchesPython()
    {
        QFETCH(double, value);
        QFETCH(QString, repr);
        QFETCH(QString, fixed4);
        QFETCH(QString, exponent4);
        QFETCH(QString, fixed0);
        QCOMPARE(QString::fromStdString(pyFloatRepr(value)), repr);
        QCOMPARE(QString::fromStdString(pyFormatFixed(value, 4)), fixed4);
        QCOMPARE(QString::fromStdString(pyFormatExponent(value, 4)), exponent4);
        QCOMPARE(QString::fromStdString(pyFormatFixed(value, 0)), fixed0);
    }

    // Qt sets the C locale from the environment; printing must not follow it.
    void formattingIgnoresTheLocale()
    {
        const char* previous = std::setlocale(LC_NUMERIC, nullptr);
        const std::string saved = previous ? previous : "C";
        if (!std::setlocale(LC_NUMERIC, "de_DE.UTF-8"))
            QSKIP("de_DE.UTF-8 locale not installed");
        const std::string text = tensorRepr(floats({2}, {1.5, 2.25}));
        std::setlocale(LC_NUMERIC, saved.c_str());
        QCOMPARE(text, std::string("tensor([1.5000, 2.2500])"));
    }

private:
    std::vector<PrintCase> m_cases;
};

QTEST_APPLESS_MAIN(TestTensorPrint)
#include "tst_tensor_print.moc"
