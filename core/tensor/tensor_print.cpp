#include "core/tensor/tensor_print.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "core/error.h"
#include "core/tensor/number_format.h"

namespace agv {

namespace {

int64_t numelOf(const std::vector<int64_t>& sizes)
{
    int64_t n = 1;
    for (int64_t s : sizes)
        n *= s;
    return n;
}

/// Python's str(tuple): "(0, 3)", "(2,)".
std::string pyTupleStr(const std::vector<int64_t>& sizes)
{
    std::string text = "(";
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += std::to_string(sizes[i]);
    }
    if (sizes.size() == 1)
        text += ",";
    return text + ")";
}

// Note [Printing only the shown elements]
// PyTorch summarises a tensor with more than `threshold` elements: along every
// dimension longer than 2 * edgeItems only the first and last edgeItems slices are
// printed, and the column width, int/fixed/scientific mode are decided from those
// printed elements alone (get_summarized_data). Both the formatter and the layout
// therefore walk the same index sets, so an accessor is never asked for a hidden value.
class Printer {
public:
    Printer(const TensorPrintAccessor& tensor, const PrintOptions& options)
        : m_tensor(tensor), m_options(options)
    {
        const bool isInt = isIntegralType(tensor.dtype, false);
        AGV_CHECK(isInt ? bool(tensor.intValue) : bool(tensor.value), ValueError,
                  "tensor printing: no element accessor for dtype ", dtypeName(tensor.dtype));
        // Wrapping products: an empty tensor's strides may overflow and are never used.
        m_strides.assign(tensor.sizes.size(), 1);
        for (size_t d = tensor.sizes.size(); d-- > 1;)
            m_strides[d - 1] = static_cast<int64_t>(static_cast<uint64_t>(m_strides[d]) *
                                                    static_cast<uint64_t>(tensor.sizes[d]));
        m_summarize = numelOf(tensor.sizes) > options.threshold;
        // See Note [edgeitems=0]: PyTorch's get_summarized_data stacks an empty list.
        AGV_CHECK(!(m_summarize && options.edgeItems == 0 && tensor.sizes.size() >= 2), RuntimeError,
                  "stack expects a non-empty TensorList");
        m_floating = isFloatingType(tensor.dtype);
        buildFormatter();
    }

    /// _tensor_str: the data part of the repr.
    std::string body(int indent) const
    {
        if (numelOf(m_tensor.sizes) == 0)
            return "[]";
        return tensorStr(0, 0, indent);
    }

private:
    /// Indices shown along a dimension of `size`; -1 stands for the "..." gap.
    std::vector<int64_t> shownIndices(int64_t size) const
    {
        std::vector<int64_t> indices;
        const int64_t edge = m_options.edgeItems;
        if (m_summarize && size > 2 * edge) {
            // Note [edgeitems=0]
            // PyTorch takes the tail as self[-edgeitems:], and self[-0:] is the whole
            // row: a summarised 1-d tensor prints "[ ..., 0., 1., ...every element]".
            // With two or more dimensions PyTorch fails instead, and so do we.
            const int64_t tailStart = edge == 0 ? 0 : size - edge;
            for (int64_t i = 0; i < edge; ++i)
                indices.push_back(i);
            indices.push_back(-1);
            for (int64_t i = tailStart; i < size; ++i)
                indices.push_back(i);
        } else {
            for (int64_t i = 0; i < size; ++i)
                indices.push_back(i);
        }
        return indices;
    }

    template <typename Fn>
    void forEachShown(size_t dim, int64_t offset, const Fn& fn) const
    {
        if (dim == m_tensor.sizes.size()) {
            fn(offset);
            return;
        }
        for (int64_t i : shownIndices(m_tensor.sizes[dim]))
            if (i >= 0)
                forEachShown(dim + 1, offset + i * m_strides[dim], fn);
    }

    // _Formatter.__init__: see Note [Printing only the shown elements].
    void buildFormatter()
    {
        if (!m_floating) {
            forEachShown(0, 0, [this](int64_t index) {
                m_maxWidth = std::max(m_maxWidth, rawText(index).size());
            });
            return;
        }

        std::vector<double> values;
        forEachShown(0, 0, [&](int64_t index) {
            const double v = m_tensor.value(index);
            if (std::isfinite(v) && v != 0.0)
                values.push_back(v);
        });
        // Nothing but zeros and non-finite values: PyTorch returns before it
        // applies the sci_mode option, so such tensors always print in int mode.
        if (values.empty())
            return;

        double minAbs = std::fabs(values.front());
        double maxAbs = minAbs;
        for (double v : values) {
            minAbs = std::min(minAbs, std::fabs(v));
            maxAbs = std::max(maxAbs, std::fabs(v));
            if (v != std::ceil(v))
                m_intMode = false;
        }

        const int precision = m_options.precision;
        if (m_intMode) {
            m_sciMode = maxAbs / minAbs > 1000.0 || maxAbs > 1.0e8;
            for (double v : values) {
                // Int mode appends "." to every finite value, hence the + 1.
                const size_t width = m_sciMode ? pyFormatExponent(v, precision).size()
                                               : pyFormatFixed(v, 0).size() + 1;
                m_maxWidth = std::max(m_maxWidth, width);
            }
        } else {
            m_sciMode = maxAbs / minAbs > 1000.0 || maxAbs > 1.0e8 || minAbs < 1.0e-4;
            for (double v : values) {
                const size_t width = m_sciMode ? pyFormatExponent(v, precision).size()
                                               : pyFormatFixed(v, precision).size();
                m_maxWidth = std::max(m_maxWidth, width);
            }
        }
        if (m_options.sciMode)
            m_sciMode = *m_options.sciMode;
    }

    /// "{}".format(value) for int and bool tensors.
    std::string rawText(int64_t index) const
    {
        if (isIntegralType(m_tensor.dtype, false))
            return std::to_string(m_tensor.intValue(index));
        return m_tensor.value(index) != 0.0 ? "True" : "False";
    }

    /// _Formatter.format: the element right-aligned to the common width.
    std::string formatElement(int64_t index) const
    {
        std::string text;
        if (m_floating) {
            const double v = m_tensor.value(index);
            if (m_sciMode) {
                text = pyFormatExponent(v, m_options.precision);
            } else if (m_intMode) {
                text = pyFormatFixed(v, 0);
                if (std::isfinite(v))
                    text += '.';
            } else {
                text = pyFormatFixed(v, m_options.precision);
            }
        } else {
            text = rawText(index);
        }
        if (text.size() < m_maxWidth)
            text.insert(0, m_maxWidth - text.size(), ' ');
        return text;
    }

    /// _vector_str: one row, wrapped to the line width.
    std::string vectorStr(int64_t offset, int indent) const
    {
        const int64_t stride = m_strides.back();
        std::vector<std::string> items;
        for (int64_t i : shownIndices(m_tensor.sizes.back()))
            items.push_back(i < 0 ? std::string(" ...") : formatElement(offset + i * stride));

        const double elementLength = static_cast<double>(m_maxWidth + 2);
        const int64_t perLine = std::max<int64_t>(
            1, static_cast<int64_t>(std::floor((m_options.lineWidth - indent) / elementLength)));

        std::string text = "[";
        for (size_t i = 0; i < items.size(); ++i) {
            if (i > 0)
                text += i % perLine == 0 ? ",\n" + std::string(static_cast<size_t>(indent) + 1, ' ') : ", ";
            text += items[i];
        }
        return text + "]";
    }

    /// _tensor_str_with_formatter for the sub-tensor at `dim` starting at `offset`.
    std::string tensorStr(size_t dim, int64_t offset, int indent) const
    {
        const size_t remaining = m_tensor.sizes.size() - dim;
        if (remaining == 0)
            return formatElement(offset);
        if (remaining == 1)
            return vectorStr(offset, indent);

        // Sub-tensors are separated by remaining - 1 newlines: blank lines between
        // the matrices of a 3-d tensor, two between the blocks of a 4-d one.
        const std::string separator =
            "," + std::string(remaining - 1, '\n') + std::string(static_cast<size_t>(indent) + 1, ' ');
        std::string text = "[";
        bool first = true;
        for (int64_t i : shownIndices(m_tensor.sizes[dim])) {
            if (!first)
                text += separator;
            first = false;
            text += i < 0 ? std::string("...") : tensorStr(dim + 1, offset + i * m_strides[dim], indent + 1);
        }
        return text + "]";
    }

    const TensorPrintAccessor& m_tensor;
    const PrintOptions& m_options;
    std::vector<int64_t> m_strides;
    bool m_summarize = false;
    bool m_floating = false;
    bool m_intMode = true;
    bool m_sciMode = false;
    size_t m_maxWidth = 1;
};

/// _add_suffixes: ", suffix" while it fits the line width, else on a new line
/// aligned under the data.
std::string addSuffixes(std::string text, const std::vector<std::string>& suffixes, int indent,
                        int lineWidth)
{
    // PyTorch's arithmetic, kept as is: it counts two more than the last line's
    // length ("- rfind + 1", with rfind == -1 when there is a single line).
    const size_t lastNewline = text.rfind('\n');
    int64_t lastLineLength = static_cast<int64_t>(text.size()) + 1 -
                             (lastNewline == std::string::npos ? -1 : static_cast<int64_t>(lastNewline));
    for (const std::string& suffix : suffixes) {
        const auto suffixLength = static_cast<int64_t>(suffix.size());
        if (lastLineLength + suffixLength + 2 > lineWidth) {
            text += ",\n" + std::string(static_cast<size_t>(indent), ' ') + suffix;
            lastLineLength = indent + suffixLength;
        } else {
            text += ", " + suffix;
            lastLineLength += suffixLength + 2;
        }
    }
    return text + ")";
}

TensorPrintAccessor accessorOf(const TensorPrintData& tensor)
{
    TensorPrintAccessor accessor;
    accessor.sizes = tensor.sizes;
    accessor.dtype = tensor.dtype;
    accessor.device = tensor.device;
    accessor.requiresGrad = tensor.requiresGrad;
    accessor.gradFnName = tensor.gradFnName;

    const int64_t numel = numelOf(tensor.sizes);
    if (isIntegralType(tensor.dtype, false)) {
        AGV_CHECK(static_cast<int64_t>(tensor.intValues.size()) == numel, ValueError,
                  "tensor printing: expected ", numel, " int values, got ", tensor.intValues.size());
        accessor.intValue = [&tensor](int64_t i) { return tensor.intValues[static_cast<size_t>(i)]; };
    } else {
        AGV_CHECK(static_cast<int64_t>(tensor.values.size()) == numel, ValueError,
                  "tensor printing: expected ", numel, " values, got ", tensor.values.size());
        accessor.value = [&tensor](int64_t i) { return tensor.values[static_cast<size_t>(i)]; };
    }
    return accessor;
}

/// Folds every line break, with the indentation and blank lines around it, into one space.
std::string foldLines(const std::string& text)
{
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\n') {
            out += text[i];
            continue;
        }
        while (i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == ' '))
            ++i;
        out += ' ';
    }
    return out;
}

}  // namespace

std::string tensorBody(const TensorPrintAccessor& tensor, const PrintOptions& options, int indent)
{
    return Printer(tensor, options).body(indent);
}

std::string tensorBody(const TensorPrintData& tensor, const PrintOptions& options, int indent)
{
    return tensorBody(accessorOf(tensor), options, indent);
}

std::string tensorRepr(const TensorPrintAccessor& tensor, const PrintOptions& options, const std::string& prefix)
{
    const int indent = static_cast<int>(prefix.size());

    // Suffix order and conditions follow _str_intern.
    std::vector<std::string> suffixes;
    if (tensor.device != "cpu")
        suffixes.push_back("device='" + tensor.device + "'");

    const std::string dtypeSuffix = std::string("dtype=") + dtypeName(tensor.dtype);
    std::string body;
    if (numelOf(tensor.sizes) == 0) {
        // An empty tensor has no elements to show its shape or integer type, so both
        // are spelled out (a 1-d shape is implied by "[]").
        if (tensor.sizes.size() != 1)
            suffixes.push_back("size=" + pyTupleStr(tensor.sizes));
        if (tensor.dtype != defaultFloatType())
            suffixes.push_back(dtypeSuffix);
        body = "[]";
    } else {
        const bool impliedDtype = tensor.dtype == defaultFloatType() || tensor.dtype == ScalarType::Int64 ||
                                  tensor.dtype == ScalarType::Bool;
        if (!impliedDtype)
            suffixes.push_back(dtypeSuffix);
        body = tensorBody(tensor, options, indent);
    }

    if (!tensor.gradFnName.empty())
        suffixes.push_back("grad_fn=<" + tensor.gradFnName + ">");
    else if (tensor.requiresGrad)
        suffixes.push_back("requires_grad=True");
    if (!tensor.tangentRepr.empty())
        suffixes.push_back("tangent=" + tensor.tangentRepr);

    return addSuffixes(prefix + body, suffixes, indent, options.lineWidth);
}

std::string tensorRepr(const TensorPrintData& tensor, const PrintOptions& options)
{
    return tensorRepr(accessorOf(tensor), options);
}

std::string tensorPreview(const TensorPrintAccessor& tensor, size_t maxChars)
{
    // Rows are never wrapped (the folding would only turn breaks into spaces anyway);
    // small tensors are shown whole, larger ones with fewer and fewer edge items.
    PrintOptions options;
    options.lineWidth = INT_MAX / 2;
    std::string text;
    for (int edgeItems : {3, 2, 1}) {
        options.edgeItems = edgeItems;
        options.threshold = edgeItems == 3 ? 64 : 0;
        text = foldLines(tensorBody(tensor, options));
        if (text.size() <= maxChars)
            return text;
    }
    if (maxChars < 3)
        return text.substr(0, maxChars);
    return text.substr(0, maxChars - 3) + "...";
}

std::string tensorPreview(const TensorPrintData& tensor, size_t maxChars)
{
    return tensorPreview(accessorOf(tensor), maxChars);
}

}  // namespace agv
