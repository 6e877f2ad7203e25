// The RNN cells of PyTorch 1.13's CPU path (aten/src/ATen/native/RNN.cpp): composites
// of existing ops, in PyTorch's order, so values and graph are PyTorch's. The gates of
// both inputs are summed in place, cut with unsafe_chunk (no views: each gate has its
// own version counter) and activated in place, which is why a cell's graph shows
// AddBackward0, UnsafeSplitBackward0, SigmoidBackward0 and TanhBackward0 nodes.

#include "core/ops/rnn.h"

namespace agv::ops {

namespace {

void checkCellInput(const Tensor& input, const Tensor& weightIh)
{
    AGV_CHECK(input.dim() >= 2 && weightIh.dim() >= 2, RuntimeError, "rnn cells expect a 2-D input");
    AGV_CHECK(input.sizes()[1] == weightIh.sizes()[1], RuntimeError, "input has inconsistent input_size: got ",
              input.sizes()[1], " expected ", weightIh.sizes()[1]);
}

void checkCellHidden(const Tensor& input, const Tensor& hx, int64_t hiddenSize, int label)
{
    AGV_CHECK(hx.dim() >= 2, RuntimeError, "rnn cells expect a 2-D hidden state");
    AGV_CHECK(input.sizes()[0] == hx.sizes()[0], RuntimeError, "Input batch size ", input.sizes()[0],
              " doesn't match hidden", label, " batch size ", hx.sizes()[0]);
    AGV_CHECK(hx.sizes()[1] == hiddenSize, RuntimeError, "hidden", label, " has inconsistent hidden_size: got ",
              hx.sizes()[1], ", expected ", hiddenSize);
}

/// linear_hh(hx).add_(linear_ih(input)): the summed gates, before any nonlinearity.
Tensor summedGates(const Tensor& input, const Tensor& hx, const RnnCellWeights& w, bool preComputedInput)
{
    Tensor gates = linear(hx, w.weightHh, w.biasHh);
    return addInplace(gates, preComputedInput ? input : linear(input, w.weightIh, w.biasIh));
}

}  // namespace

namespace rnn {

Tensor tanhCellStep(const Tensor& input, const Tensor& hx, const RnnCellWeights& w, bool preComputedInput)
{
    return tanh(summedGates(input, hx, w, preComputedInput));
}

Tensor reluCellStep(const Tensor& input, const Tensor& hx, const RnnCellWeights& w, bool preComputedInput)
{
    return relu(summedGates(input, hx, w, preComputedInput));
}

Tensor gruCellStep(const Tensor& input, const Tensor& hx, const RnnCellWeights& w, bool preComputedInput)
{
    TensorList igates = unsafeChunk(preComputedInput ? input : linear(input, w.weightIh, w.biasIh), 3, 1);
    TensorList hgates = unsafeChunk(linear(hx, w.weightHh, w.biasHh), 3, 1);
    Tensor& resetGate = sigmoidInplace(addInplace(hgates[0], igates[0]));
    Tensor& inputGate = sigmoidInplace(addInplace(hgates[1], igates[1]));
    Tensor newGate = add(igates[2], mulInplace(hgates[2], resetGate));
    tanhInplace(newGate);
    Tensor hy = sub(hx, newGate);
    mulInplace(hy, inputGate);
    return addInplace(hy, newGate);
}

std::pair<Tensor, Tensor> lstmCellStep(const Tensor& input, const Tensor& hx, const Tensor& cx,
                                       const RnnCellWeights& w, bool preComputedInput)
{
    TensorList gates = unsafeChunk(summedGates(input, hx, w, preComputedInput), 4, 1);
    Tensor& ingate = sigmoidInplace(gates[0]);
    Tensor& forgetgate = sigmoidInplace(gates[1]);
    Tensor& cellgate = tanhInplace(gates[2]);
    Tensor& outgate = sigmoidInplace(gates[3]);
    Tensor cy = mul(forgetgate, cx);
    addInplace(cy, mul(ingate, cellgate));
    Tensor hy = mul(outgate, tanh(cy));
    return {hy, cy};
}

}  // namespace rnn

std::pair<Tensor, Tensor> lstmCell(const Tensor& input, const Tensor& hx, const Tensor& cx, const RnnCellWeights& w)
{
    checkCellInput(input, w.weightIh);
    const int64_t hiddenSize = w.weightHh.sizes()[1];
    checkCellHidden(input, hx, hiddenSize, 0);
    checkCellHidden(input, cx, hiddenSize, 0);
    return rnn::lstmCellStep(input, hx, cx, w, false);
}

Tensor gruCell(const Tensor& input, const Tensor& hx, const RnnCellWeights& w)
{
    checkCellInput(input, w.weightIh);
    checkCellHidden(input, hx, w.weightHh.sizes()[1], 0);
    return rnn::gruCellStep(input, hx, w, false);
}

Tensor rnnTanhCell(const Tensor& input, const Tensor& hx, const RnnCellWeights& w)
{
    checkCellInput(input, w.weightIh);
    checkCellHidden(input, hx, w.weightHh.sizes()[1], 0);
    return rnn::tanhCellStep(input, hx, w, false);
}

Tensor rnnReluCell(const Tensor& input, const Tensor& hx, const RnnCellWeights& w)
{
    checkCellInput(input, w.weightIh);
    checkCellHidden(input, hx, w.weightHh.sizes()[1], 0);
    return rnn::reluCellStep(input, hx, w, false);
}

}  // namespace agv::ops
