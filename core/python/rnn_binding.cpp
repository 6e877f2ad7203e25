// torch.lstm_cell, torch.gru_cell, torch.rnn_tanh_cell and torch.rnn_relu_cell: what
// torch.nn.LSTMCell, GRUCell and RNNCell call (through torch._VF in PyTorch); and
// torch.rnn_tanh, rnn_relu, gru and lstm, what nn.RNN, nn.GRU and nn.LSTM call.

#include "core/ops/rnn.h"
#include "core/python/bindings.h"
#include "core/python/py_values.h"

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

/// (has_biases, num_layers, dropout, train, bidirectional, batch_first) from a[first] on.
ops::RnnOptions rnnOptions(const std::vector<py::object>& a, size_t first, const char* fn)
{
    ops::RnnOptions o;
    o.hasBiases = requireBool(a[first], fn, "has_biases");
    o.numLayers = requireInt(a[first + 1], fn, "num_layers");
    o.dropout = requireFloat(a[first + 2], fn, "dropout");
    o.train = requireBool(a[first + 3], fn, "train");
    o.bidirectional = requireBool(a[first + 4], fn, "bidirectional");
    o.batchFirst = requireBool(a[first + 5], fn, "batch_first");
    return o;
}

/// torch.rnn_tanh(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first)
template <typename Rnn>
py::object oneHiddenRnn(CallArgs& args, const char* fn, Rnn rnn)
{
    auto a = bind(args, fn,
                  {"input", "hx", "params", "has_biases", "num_layers", "dropout", "train", "bidirectional",
                   "batch_first"},
                  9);
    auto [output, hy] = rnn(requireTensor(a[0], fn, "input", 1), requireTensor(a[1], fn, "hx", 2),
                            tensorSequence(a[2], fn, "params", 3), rnnOptions(a, 3, fn));
    return py::make_tuple(wrapTensor(output), wrapTensor(hy));
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

    defNative(m, "rnn_tanh", [](CallArgs& args) { return oneHiddenRnn(args, "rnn_tanh", ops::rnnTanh); });
    defNative(m, "rnn_relu", [](CallArgs& args) { return oneHiddenRnn(args, "rnn_relu", ops::rnnRelu); });
    defNative(m, "gru", [](CallArgs& args) { return oneHiddenRnn(args, "gru", ops::gru); });
    defNative(m, "lstm", [](CallArgs& args) -> py::object {
        auto a = bind(args, "lstm",
                      {"input", "hx", "params", "has_biases", "num_layers", "dropout", "train", "bidirectional",
                       "batch_first"},
                      9);
        auto [output, hy, cy] = ops::lstm(requireTensor(a[0], "lstm", "input", 1), tensorSequence(a[1], "lstm", "hx", 2),
                                          tensorSequence(a[2], "lstm", "params", 3), rnnOptions(a, 3, "lstm"));
        return py::make_tuple(wrapTensor(output), wrapTensor(hy), wrapTensor(cy));
    });
}

}  // namespace agv::python
