// torch.lstm_cell, torch.gru_cell, torch.rnn_tanh_cell and torch.rnn_relu_cell: what
// torch.nn.LSTMCell, GRUCell and RNNCell call (through torch._VF in PyTorch).

#include "core/ops/ops.h"
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

}  // namespace

void bindRnnCells(py::module_& m)
{
    defNative(m, "lstm_cell", [](CallArgs& args) -> py::object {
        auto a = bind(args, "lstm_cell", {"input", "hx", "w_ih", "w_hh", "b_ih", "b_hh"}, 4);
        Tensor input = requireTensor(a[0], "lstm_cell", "input", 1);
        TensorList hx;
        for (py::handle item : a[1])
            hx.push_back(requireTensor(item, "lstm_cell", "hx", 2));
        if (hx.size() != 2)
            raise(PyExc_RuntimeError, "lstm_cell expects two hidden states");
        auto [hy, cy] = ops::lstmCell(input, hx[0], hx[1], cellWeights(a, "lstm_cell"));
        return py::make_tuple(wrapTensor(hy), wrapTensor(cy));
    });
    defNative(m, "gru_cell", [](CallArgs& args) { return simpleCell(args, "gru_cell", ops::gruCell); });
    defNative(m, "rnn_tanh_cell", [](CallArgs& args) { return simpleCell(args, "rnn_tanh_cell", ops::rnnTanhCell); });
    defNative(m, "rnn_relu_cell", [](CallArgs& args) { return simpleCell(args, "rnn_relu_cell", ops::rnnReluCell); });
}

}  // namespace agv::python
