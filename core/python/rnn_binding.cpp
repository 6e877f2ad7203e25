// torch.lstm_cell, torch.gru_cell, torch.rnn_tanh_cell and torch.rnn_relu_cell: what
// torch.nn.LSTMCell, GRUCell and RNNCell call (through torch._VF in PyTorch); torch.rnn_tanh,
// rnn_relu, gru and lstm, what nn.RNN, nn.GRU and nn.LSTM call, each with its overload for
// a padded batch and its overload for a packed one (data, batch_sizes); and the kernels of
// torch.nn.utils.rnn's packing, torch._pack_padded_sequence and torch._pad_packed_sequence.

#include "core/ops/packed_sequence.h"
#include "core/ops/rnn.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"

namespace agv::python {

namespace {

ops::RnnCellWeights cellWeights(const std::vector<py::object>& a, const char* fn)
{
    ops::RnnCellWeights w;
    w.weightIh = requireTensor(a[2], fn, "w_ih", 3);
    w.weightHh = requireTensor(a[3], fn, "w_hh", 4);
    if (given(a[4]))
        w.biasIh = requireTensor(a[4], fn, "b_ih", 5);
    if (given(a[5]))
        w.biasHh = requireTensor(a[5], fn, "b_hh", 6);
    return w;
}

template <typename Cell>
py::object simpleCell(CallArgs& args, const char* fn, Cell cell)
{
    auto a = bind(args, fn, {"input", "hx", "w_ih", "w_hh", "b_ih", "b_hh"}, 4);
    return wrapTensor(cell(requireTensor(a[0], fn, "input", 1), requireTensor(a[1], fn, "hx", 2), cellWeights(a, fn)));
}

TensorList tensorSequence(py::handle sequence, const char* fn, const char* arg, int position)
{
    TensorList tensors;
    for (py::handle item : sequence)
        tensors.push_back(requireTensor(item, fn, arg, position));
    return tensors;
}

// The overloads of torch.rnn_tanh & co. in 1.13's order: the packed one first.
constexpr const char* kPackedArguments =
    "(Tensor data, Tensor batch_sizes, Tensor hx, TensorList params, bool has_biases, int64_t num_layers, "
    "double dropout, bool train, bool bidirectional)";
constexpr const char* kPaddedArguments =
    "(Tensor input, Tensor hx, TensorList params, bool has_biases, int64_t num_layers, double dropout, bool train, "
    "bool bidirectional, bool batch_first)";

/// The parser of torch.<fn>; the LSTM's hx is a TensorList.
ArgumentParser rnnParser(const std::string& fn, bool lstm)
{
    std::string packed = fn + kPackedArguments, padded = fn + kPaddedArguments;
    if (lstm) {
        packed.replace(packed.find("Tensor hx"), 9, "TensorList hx");
        padded.replace(padded.find("Tensor hx"), 9, "TensorList hx");
    }
    return ArgumentParser(std::vector<std::string>{packed, padded});
}

bool isPackedOverload(const ParsedArguments& a) { return a.overload() == 0; }

ops::RnnOptions rnnOptions(const ParsedArguments& a)
{
    ops::RnnOptions o;
    o.hasBiases = a.toBool("has_biases", true);
    o.numLayers = a.toInt("num_layers");
    o.dropout = a.toDouble("dropout");
    o.train = a.toBool("train", true);
    o.bidirectional = a.toBool("bidirectional", false);
    if (!isPackedOverload(a))
        o.batchFirst = a.toBool("batch_first", false);
    return o;
}

using PaddedRnn = std::pair<Tensor, Tensor> (*)(const Tensor&, const Tensor&, const TensorList&, const ops::RnnOptions&);
using PackedRnn = std::pair<Tensor, Tensor> (*)(const Tensor&, const Tensor&, const Tensor&, const TensorList&,
                                                const ops::RnnOptions&);

/// torch.rnn_tanh, rnn_relu and gru: (output, h_n).
py::object oneHiddenRnn(CallArgs& args, const ArgumentParser& parser, const char* fn, PaddedRnn padded,
                        PackedRnn packed)
{
    const ParsedArguments a = parser.parse(args);
    const TensorList params = tensorSequence(a["params"], fn, "params", isPackedOverload(a) ? 4 : 3);
    auto [output, hy] = isPackedOverload(a)
                            ? packed(a.tensor("data"), a.tensor("batch_sizes"), a.tensor("hx"), params, rnnOptions(a))
                            : padded(a.tensor("input"), a.tensor("hx"), params, rnnOptions(a));
    return py::make_tuple(wrapTensor(output), wrapTensor(hy));
}

void bindPacking(py::module_& m)
{
    defNative(m, "_pack_padded_sequence", [](CallArgs& args) -> py::object {
        static const ArgumentParser parser{"_pack_padded_sequence(Tensor input, Tensor lengths, bool batch_first)"};
        const ParsedArguments a = parser.parse(args);
        auto [data, batchSizes] =
            ops::packPaddedSequence(a.tensor("input"), a.tensor("lengths"), a.toBool("batch_first", false));
        return py::make_tuple(wrapTensor(data), wrapTensor(batchSizes));
    });
    defNative(m, "_pad_packed_sequence", [](CallArgs& args) -> py::object {
        static const ArgumentParser parser{"_pad_packed_sequence(Tensor data, Tensor batch_sizes, bool batch_first, "
                                           "Scalar padding_value, int64_t total_length)"};
        const ParsedArguments a = parser.parse(args);
        auto [padded, lengths] =
            ops::padPackedSequence(a.tensor("data"), a.tensor("batch_sizes"), a.toBool("batch_first", false),
                                   a.scalar("padding_value"), a.toInt("total_length"));
        return py::make_tuple(wrapTensor(padded), wrapTensor(lengths));
    });
}

}  // namespace

void bindRnnCells(py::module_& m)
{
    defNative(m, "lstm_cell", [](CallArgs& args) -> py::object {
        auto a = bind(args, "lstm_cell", {"input", "hx", "w_ih", "w_hh", "b_ih", "b_hh"}, 4);
        Tensor input = requireTensor(a[0], "lstm_cell", "input", 1);
        TensorList hx = tensorSequence(a[1], "lstm_cell", "hx", 2);
        if (hx.size() != 2)
            raise(PyExc_RuntimeError, "lstm_cell expects two hidden states");
        auto [hy, cy] = ops::lstmCell(input, hx[0], hx[1], cellWeights(a, "lstm_cell"));
        return py::make_tuple(wrapTensor(hy), wrapTensor(cy));
    });
    defNative(m, "gru_cell", [](CallArgs& args) { return simpleCell(args, "gru_cell", ops::gruCell); });
    defNative(m, "rnn_tanh_cell", [](CallArgs& args) { return simpleCell(args, "rnn_tanh_cell", ops::rnnTanhCell); });
    defNative(m, "rnn_relu_cell", [](CallArgs& args) { return simpleCell(args, "rnn_relu_cell", ops::rnnReluCell); });

    defNative(m, "rnn_tanh", [](CallArgs& args) {
        static const ArgumentParser parser = rnnParser("rnn_tanh", false);
        return oneHiddenRnn(args, parser, "rnn_tanh", ops::rnnTanh, ops::rnnTanhPacked);
    });
    defNative(m, "rnn_relu", [](CallArgs& args) {
        static const ArgumentParser parser = rnnParser("rnn_relu", false);
        return oneHiddenRnn(args, parser, "rnn_relu", ops::rnnRelu, ops::rnnReluPacked);
    });
    defNative(m, "gru", [](CallArgs& args) {
        static const ArgumentParser parser = rnnParser("gru", false);
        return oneHiddenRnn(args, parser, "gru", ops::gru, ops::gruPacked);
    });
    defNative(m, "lstm", [](CallArgs& args) -> py::object {
        static const ArgumentParser parser = rnnParser("lstm", true);
        const ParsedArguments a = parser.parse(args);
        const bool packed = isPackedOverload(a);
        const TensorList hx = tensorSequence(a["hx"], "lstm", "hx", packed ? 3 : 2);
        const TensorList params = tensorSequence(a["params"], "lstm", "params", packed ? 4 : 3);
        auto [output, hy, cy] = packed ? ops::lstmPacked(a.tensor("data"), a.tensor("batch_sizes"), hx, params, rnnOptions(a))
                                       : ops::lstm(a.tensor("input"), hx, params, rnnOptions(a));
        return py::make_tuple(wrapTensor(output), wrapTensor(hy), wrapTensor(cy));
    });
    bindPacking(m);
}

}  // namespace agv::python
