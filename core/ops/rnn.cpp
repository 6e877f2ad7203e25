// torch.rnn_tanh, torch.rnn_relu, torch.gru and torch.lstm: the multi-layer recurrent
// networks behind nn.RNN, nn.GRU and nn.LSTM, as PyTorch 1.13 runs them on the CPU
// (aten/src/ATen/native/RNN.cpp). Nothing is fused: a layer computes the input gates of
// every time step with one linear, unbinds them, runs the cell once per step and stacks
// the step outputs, so the graph shows UnbindBackward0, the cells' nodes and
// StackBackward0 (CatBackward0 joins the two directions). A packed sequence runs each
// step on the sequences still running (PackedLayer): its outputs are joined with cat, and
// the hidden states of finished sequences are cut off (narrow: SliceBackward0) and joined
// again at the end. The structure below follows RNN.cpp's FullLayer /
// FullBidirectionalLayer / PackedLayer / ReversedPackedLayer / PackedBidirectionalLayer /
// apply_layer_stack, in the same order, so graphs and float bits are PyTorch's. An LSTM
// with proj_size multiplies each step's h by w_hr^T (CellParams::matmul_hr: MmBackward0
// over TBackward0) before it is the step's output and the next step's hidden state; 1.13
// tells it has projections by h_0 and c_0 having different sizes.

#include <algorithm>

#include "core/ops/internal_ops.h"
#include "core/ops/quietly.h"
#include "core/ops/rnn.h"

namespace agv::ops {

namespace {

enum class CellKind { Tanh, Relu, Gru, Lstm };

/// A layer's hidden state: h, and the cell state c for an LSTM (undefined otherwise).
struct Hidden {
    Tensor h, c;
};

/// CellParams: one layer and direction's weights, and an LSTM's projection w_hr
/// (proj_size x hidden_size; undefined without proj_size).
struct CellParams {
    RnnCellWeights w;
    Tensor weightHr;
};

/// hidden_slice: the hidden states of sequences [start, end) of the batch.
Hidden sliceHidden(const Hidden& hidden, int64_t start, int64_t end)
{
    return {narrow(hidden.h, 0, start, end - start), hidden.c.defined() ? narrow(hidden.c, 0, start, end - start) : Tensor()};
}

/// hidden_concat: hidden states of consecutive parts of the batch joined into one.
Hidden concatHidden(const std::vector<Hidden>& parts)
{
    TensorList hs, cs;
    for (const Hidden& part : parts) {
        hs.push_back(part.h);
        if (part.c.defined())
            cs.push_back(part.c);
    }
    return {cat(hs, 0), cs.empty() ? Tensor() : cat(cs, 0)};
}

Hidden cellStep(CellKind kind, const Tensor& inputGates, const Hidden& hidden, const CellParams& params)
{
    const RnnCellWeights& w = params.w;
    switch (kind) {
    case CellKind::Tanh:
        return {rnn::tanhCellStep(inputGates, hidden.h, w, true), {}};
    case CellKind::Relu:
        return {rnn::reluCellStep(inputGates, hidden.h, w, true), {}};
    case CellKind::Gru:
        return {rnn::gruCellStep(inputGates, hidden.h, w, true), {}};
    case CellKind::Lstm: {
        auto [hy, cy] = rnn::lstmCellStep(inputGates, hidden.h, hidden.c, w, true);
        if (params.weightHr.defined())
            hy = matmul(hy, t(params.weightHr));
        return {hy, cy};
    }
    }
    AGV_RAISE(RuntimeError, "unknown RNN cell");
}

/// FullLayer over precomputed input gates: the cell once per step; `hidden` ends as the
/// final hidden state. Returns the step outputs (h of each step).
TensorList runSteps(CellKind kind, const TensorList& stepInputs, Hidden& hidden, const CellParams& w)
{
    TensorList outputs;
    outputs.reserve(stepInputs.size());
    for (const Tensor& input : stepInputs) {
        hidden = cellStep(kind, input, hidden, w);
        outputs.push_back(hidden.h);
    }
    return outputs;
}

void checkSequenceLength(const TensorList& outputs)
{
    AGV_CHECK(!outputs.empty(), RuntimeError, "Expected sequence length to be larger than 0 in RNN");
}

/// FullLayer: one direction over the whole sequence ([T, B, *] in, [T, B, H] out).
Tensor fullLayer(CellKind kind, const Tensor& input, Hidden& hidden, const CellParams& w)
{
    const Tensor inputGates = linear(input, w.w.weightIh, w.w.biasIh);
    TensorList outputs = runSteps(kind, unbind(inputGates, 0), hidden, w);
    checkSequenceLength(outputs);
    return stack(outputs, 0);
}

/// FullBidirectionalLayer: forward over the steps, then backward over them with the
/// reverse weights; the two outputs joined along the feature dim.
Tensor bidirectionalLayer(CellKind kind, const Tensor& input, Hidden& forward, Hidden& backward,
                          const CellParams& forwardWeights, const CellParams& backwardWeights)
{
    Tensor inputGates = linear(input, forwardWeights.w.weightIh, forwardWeights.w.biasIh);
    TensorList forwardOutputs = runSteps(kind, unbind(inputGates, 0), forward, forwardWeights);
    checkSequenceLength(forwardOutputs);
    const Tensor forwardOutput = stack(forwardOutputs, 0);
    inputGates = linear(input, backwardWeights.w.weightIh, backwardWeights.w.biasIh);
    TensorList steps = unbind(inputGates, 0);
    std::reverse(steps.begin(), steps.end());
    TensorList backwardOutputs = runSteps(kind, steps, backward, backwardWeights);
    std::reverse(backwardOutputs.begin(), backwardOutputs.end());
    const Tensor backwardOutput = stack(backwardOutputs, 0);
    return cat({forwardOutput, backwardOutput}, forwardOutput.dim() - 1);
}

/// PackedLayer: one direction over a packed sequence (`data` [sum(batch_sizes), *] in,
/// [sum(batch_sizes), H] out). At each step only the first batch_sizes[t] sequences run;
/// when the batch shrinks, the hidden states of the sequences that just ended are set
/// aside. `hidden` ends as all of them joined, in batch order.
Tensor packedLayer(CellKind kind, const Tensor& data, const std::vector<int64_t>& batchSizes, Hidden& hidden,
                   const CellParams& w)
{
    const Tensor inputGates = linear(data, w.w.weightIh, w.w.biasIh);
    TensorList stepOutputs;
    std::vector<Hidden> finished;
    int64_t inputOffset = 0;
    int64_t lastBatchSize = batchSizes[0];
    for (const int64_t batchSize : batchSizes) {
        const Tensor stepInput = narrow(inputGates, 0, inputOffset, batchSize);
        inputOffset += batchSize;
        const int64_t decrease = lastBatchSize - batchSize;
        if (decrease > 0) {
            finished.push_back(sliceHidden(hidden, lastBatchSize - decrease, lastBatchSize));
            hidden = sliceHidden(hidden, 0, lastBatchSize - decrease);
        }
        lastBatchSize = batchSize;
        hidden = cellStep(kind, stepInput, hidden, w);
        stepOutputs.push_back(hidden.h);
    }
    // The longest sequences finished last; the batch runs longest first.
    finished.push_back(hidden);
    std::reverse(finished.begin(), finished.end());
    hidden = concatHidden(finished);
    return cat(stepOutputs, 0);
}

/// ReversedPackedLayer: the same from the last step back. It starts with the hidden
/// states of the sequences that run to the end and takes in the others' as the batch grows.
Tensor reversedPackedLayer(CellKind kind, const Tensor& data, const std::vector<int64_t>& batchSizes, Hidden& hidden,
                           const CellParams& w)
{
    const Tensor inputGates = linear(data, w.w.weightIh, w.w.biasIh);
    const Hidden inputHidden = hidden;
    TensorList stepOutputs;
    int64_t inputOffset = data.size(0);
    int64_t lastBatchSize = batchSizes.back();
    hidden = sliceHidden(inputHidden, 0, lastBatchSize);
    for (size_t i = batchSizes.size(); i-- > 0;) {
        const int64_t batchSize = batchSizes[i];
        if (batchSize > lastBatchSize)
            hidden = concatHidden({hidden, sliceHidden(inputHidden, lastBatchSize, batchSize)});
        const Tensor stepInput = narrow(inputGates, 0, inputOffset - batchSize, batchSize);
        inputOffset -= batchSize;
        lastBatchSize = batchSize;
        hidden = cellStep(kind, stepInput, hidden, w);
        stepOutputs.push_back(hidden.h);
    }
    std::reverse(stepOutputs.begin(), stepOutputs.end());
    return cat(stepOutputs, 0);
}

/// gather_params: the flat parameter list (w_ih, w_hh[, b_ih, b_hh][, w_hr] per layer and
/// direction) cut into one set of cell weights each.
std::vector<CellParams> gatherParams(const TensorList& params, bool hasBiases, bool hasProjections = false)
{
    const size_t perCell = (hasBiases ? 4 : 2) + (hasProjections ? 1 : 0);
    AGV_CHECK(params.size() % perCell == 0, RuntimeError, "got an incorrect number of RNN parameters");
    std::vector<CellParams> weights;
    for (size_t i = 0; i < params.size(); i += perCell) {
        CellParams p{{params[i], params[i + 1], {}, {}}, {}};
        if (hasBiases) {
            p.w.biasIh = params[i + 2];
            p.w.biasHh = params[i + 3];
        }
        if (hasProjections)
            p.weightHr = params[i + perCell - 1];
        weights.push_back(p);
    }
    return weights;
}

/// lstm's has_projections: h_0 of proj_size features, c_0 of hidden_size.
bool hasProjections(const TensorList& hx) { return hx[0].size(2) != hx[1].size(2); }

/// apply_layer_stack: the layers one after the other, dropout between them in training.
/// `hiddens` come in (layer, direction) order and leave as the final hidden states. With
/// `batchSizes`, `input` is a packed sequence's data and so is the result.
Tensor applyLayerStack(CellKind kind, const Tensor& input, std::vector<Hidden>& hiddens,
                       const std::vector<CellParams>& weights, const RnnOptions& options,
                       const std::vector<int64_t>* batchSizes = nullptr)
{
    const size_t directions = options.bidirectional ? 2 : 1;
    if (options.bidirectional)
        AGV_CHECK(hiddens.size() % 2 == 0 && weights.size() % 2 == 0, RuntimeError,
                  "Odd number of params or hiddens given to a bidirectional RNN");
    AGV_CHECK(size_t(options.numLayers) * directions == hiddens.size(), RuntimeError,
              "Expected more hidden states in stacked_rnn");
    AGV_CHECK(size_t(options.numLayers) * directions == weights.size(), RuntimeError,
              "Expected more weights in stacked_rnn");
    Tensor layerInput = input;
    for (int64_t l = 0; l < options.numLayers; ++l) {
        const size_t first = size_t(l) * directions;
        if (batchSizes && options.bidirectional) {
            // PackedBidirectionalLayer
            const Tensor forward = packedLayer(kind, layerInput, *batchSizes, hiddens[first], weights[first]);
            const Tensor backward =
                reversedPackedLayer(kind, layerInput, *batchSizes, hiddens[first + 1], weights[first + 1]);
            layerInput = cat({forward, backward}, forward.dim() - 1);
        } else if (batchSizes) {
            layerInput = packedLayer(kind, layerInput, *batchSizes, hiddens[first], weights[first]);
        } else if (options.bidirectional)
            layerInput = bidirectionalLayer(kind, layerInput, hiddens[first], hiddens[first + 1], weights[first],
                                            weights[first + 1]);
        else
            layerInput = fullLayer(kind, layerInput, hiddens[first], weights[first]);
        if (options.dropout != 0 && options.train && l < options.numLayers - 1)
            layerInput = dropout(layerInput, options.dropout, true);
    }
    return layerInput;
}

/// ONE_HIDDEN_RNN: rnn_tanh, rnn_relu and gru.
std::pair<Tensor, Tensor> oneHiddenRnn(CellKind kind, const Tensor& input, const Tensor& hx, const TensorList& params,
                                       const RnnOptions& options)
{
    const Tensor layerInput = options.batchFirst ? transpose(input, 0, 1) : input;
    const std::vector<CellParams> weights = gatherParams(params, options.hasBiases);
    std::vector<Hidden> hiddens;
    for (const Tensor& h : unbind(hx, 0))
        hiddens.push_back({h, {}});
    Tensor output = applyLayerStack(kind, layerInput, hiddens, weights, options);
    TensorList finalHidden;
    for (const Hidden& hidden : hiddens)
        finalHidden.push_back(hidden.h);
    Tensor hy = stack(finalHidden, 0);
    // PyTorch turns the output back in place here (TransposeBackward1), the LSTM does not.
    if (options.batchFirst)
        transposeInplace(output, 0, 1);
    return {output, hy};
}

/// PackedLayer reads batch_sizes with data_ptr<int64_t>: any shape, but int64.
std::vector<int64_t> packedBatchSizes(const Tensor& batchSizes)
{
    AGV_CHECK(batchSizes.dtype() == ScalarType::Int64, RuntimeError, "expected scalar type Long but found ",
              legacyDtypeShortName(batchSizes.dtype()));
    AGV_CHECK(batchSizes.numel() > 0, RuntimeError, "batch_sizes of a packed sequence must not be empty");
    const Tensor dense = quietly([&] { return contiguous(batchSizes); });
    const int64_t* values = dense.data<int64_t>();
    return std::vector<int64_t>(values, values + dense.numel());
}

/// The packed ONE_HIDDEN_RNN: rnn_tanh, rnn_relu and gru over a packed sequence.
std::pair<Tensor, Tensor> oneHiddenPackedRnn(CellKind kind, const Tensor& data, const Tensor& batchSizes,
                                             const Tensor& hx, const TensorList& params, const RnnOptions& options)
{
    const std::vector<int64_t> sizes = packedBatchSizes(batchSizes);
    const std::vector<CellParams> weights = gatherParams(params, options.hasBiases);
    std::vector<Hidden> hiddens;
    for (const Tensor& h : unbind(hx, 0))
        hiddens.push_back({h, {}});
    Tensor output = applyLayerStack(kind, data, hiddens, weights, options, &sizes);
    TensorList finalHidden;
    for (const Hidden& hidden : hiddens)
        finalHidden.push_back(hidden.h);
    return {output, stack(finalHidden, 0)};
}

}  // namespace

std::pair<Tensor, Tensor> rnnTanh(const Tensor& input, const Tensor& hx, const TensorList& params,
                                  const RnnOptions& options)
{
    return oneHiddenRnn(CellKind::Tanh, input, hx, params, options);
}

std::pair<Tensor, Tensor> rnnRelu(const Tensor& input, const Tensor& hx, const TensorList& params,
                                  const RnnOptions& options)
{
    return oneHiddenRnn(CellKind::Relu, input, hx, params, options);
}

std::pair<Tensor, Tensor> gru(const Tensor& input, const Tensor& hx, const TensorList& params,
                              const RnnOptions& options)
{
    return oneHiddenRnn(CellKind::Gru, input, hx, params, options);
}

std::tuple<Tensor, Tensor, Tensor> lstm(const Tensor& input, const TensorList& hx, const TensorList& params,
                                        const RnnOptions& options)
{
    AGV_CHECK(hx.size() == 2, RuntimeError, "lstm expects two hidden states");
    const Tensor layerInput = options.batchFirst ? transpose(input, 0, 1) : input;
    const std::vector<CellParams> weights = gatherParams(params, options.hasBiases, hasProjections(hx));
    const TensorList layerHx = unbind(hx[0], 0);
    const TensorList layerCx = unbind(hx[1], 0);
    std::vector<Hidden> hiddens;
    for (size_t i = 0; i < layerHx.size(); ++i)
        hiddens.push_back({layerHx[i], layerCx[i]});
    Tensor output = applyLayerStack(CellKind::Lstm, layerInput, hiddens, weights, options);
    TensorList hy, cy;
    for (const Hidden& hidden : hiddens) {
        hy.push_back(hidden.h);
        cy.push_back(hidden.c);
    }
    Tensor hyStacked = stack(hy, 0);
    Tensor cyStacked = stack(cy, 0);
    if (options.batchFirst)
        output = transpose(output, 0, 1);
    return {output, hyStacked, cyStacked};
}


std::pair<Tensor, Tensor> rnnTanhPacked(const Tensor& data, const Tensor& batchSizes, const Tensor& hx,
                                        const TensorList& params, const RnnOptions& options)
{
    return oneHiddenPackedRnn(CellKind::Tanh, data, batchSizes, hx, params, options);
}

std::pair<Tensor, Tensor> rnnReluPacked(const Tensor& data, const Tensor& batchSizes, const Tensor& hx,
                                        const TensorList& params, const RnnOptions& options)
{
    return oneHiddenPackedRnn(CellKind::Relu, data, batchSizes, hx, params, options);
}

std::pair<Tensor, Tensor> gruPacked(const Tensor& data, const Tensor& batchSizes, const Tensor& hx,
                                    const TensorList& params, const RnnOptions& options)
{
    return oneHiddenPackedRnn(CellKind::Gru, data, batchSizes, hx, params, options);
}

std::tuple<Tensor, Tensor, Tensor> lstmPacked(const Tensor& data, const Tensor& batchSizes, const TensorList& hx,
                                              const TensorList& params, const RnnOptions& options)
{
    AGV_CHECK(hx.size() == 2, RuntimeError, "lstm expects two hidden states");
    const std::vector<int64_t> sizes = packedBatchSizes(batchSizes);
    const std::vector<CellParams> weights = gatherParams(params, options.hasBiases, hasProjections(hx));
    const TensorList layerHx = unbind(hx[0], 0);
    const TensorList layerCx = unbind(hx[1], 0);
    std::vector<Hidden> hiddens;
    for (size_t i = 0; i < layerHx.size(); ++i)
        hiddens.push_back({layerHx[i], layerCx[i]});
    Tensor output = applyLayerStack(CellKind::Lstm, data, hiddens, weights, options, &sizes);
    TensorList hy, cy;
    for (const Hidden& hidden : hiddens) {
        hy.push_back(hidden.h);
        cy.push_back(hidden.c);
    }
    return {output, stack(hy, 0), stack(cy, 0)};
}

}  // namespace agv::ops
