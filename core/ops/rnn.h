#pragma once
// torch.rnn_tanh, rnn_relu, gru and lstm (whole or packed sequences, stacked layers:
// rnn.cpp) and the cell functors of aten/src/ATen/native/RNN.cpp (SimpleCell, GRUCell,
// LSTMCell) they share with torch.*_cell (rnn_cells.cpp).

#include <tuple>
#include <utility>

#include "core/ops/ops.h"

namespace agv::ops {

/// The arguments of torch.rnn_tanh / rnn_relu / gru / lstm after the hidden state.
struct RnnOptions {
    bool hasBiases = true;
    int64_t numLayers = 1;
    double dropout = 0.0;
    bool train = true;
    bool bidirectional = false;
    bool batchFirst = false;
};

/// torch.rnn_tanh, torch.rnn_relu and torch.gru on a 3-D input: (output, h_n). `params`
/// is the flat list of nn.RNNBase._flat_weights.
std::pair<Tensor, Tensor> rnnTanh(const Tensor& input, const Tensor& hx, const TensorList& params,
                                  const RnnOptions& options);
std::pair<Tensor, Tensor> rnnRelu(const Tensor& input, const Tensor& hx, const TensorList& params,
                                  const RnnOptions& options);
std::pair<Tensor, Tensor> gru(const Tensor& input, const Tensor& hx, const TensorList& params,
                              const RnnOptions& options);
/// torch.lstm on a 3-D input with hx = (h_0, c_0): (output, h_n, c_n).
std::tuple<Tensor, Tensor, Tensor> lstm(const Tensor& input, const TensorList& hx, const TensorList& params,
                                        const RnnOptions& options);

// The packed overloads, torch.rnn_tanh(data, batch_sizes, hx, params, has_biases,
// num_layers, dropout, train, bidirectional) and the like: what the modules call with a
// PackedSequence. `data` and `batchSizes` are the PackedSequence's; the output is the
// packed output's data. options.batchFirst plays no part.
std::pair<Tensor, Tensor> rnnTanhPacked(const Tensor& data, const Tensor& batchSizes, const Tensor& hx,
                                        const TensorList& params, const RnnOptions& options);
std::pair<Tensor, Tensor> rnnReluPacked(const Tensor& data, const Tensor& batchSizes, const Tensor& hx,
                                        const TensorList& params, const RnnOptions& options);
std::pair<Tensor, Tensor> gruPacked(const Tensor& data, const Tensor& batchSizes, const Tensor& hx,
                                    const TensorList& params, const RnnOptions& options);
/// (output data, h_n, c_n)
std::tuple<Tensor, Tensor, Tensor> lstmPacked(const Tensor& data, const Tensor& batchSizes, const TensorList& hx,
                                              const TensorList& params, const RnnOptions& options);

namespace rnn {

// One step of a cell. They check nothing; their callers check shapes first. With
// `preComputedInput`, `input` already is linear_ih(input): the layers compute the input
// gates of all time steps with one linear and hand each cell a slice of it (FullLayer's
// CPU path, `pre_compute_input`).
Tensor tanhCellStep(const Tensor& input, const Tensor& hx, const RnnCellWeights& w, bool preComputedInput);
Tensor reluCellStep(const Tensor& input, const Tensor& hx, const RnnCellWeights& w, bool preComputedInput);
Tensor gruCellStep(const Tensor& input, const Tensor& hx, const RnnCellWeights& w, bool preComputedInput);
/// (hy, cy)
std::pair<Tensor, Tensor> lstmCellStep(const Tensor& input, const Tensor& hx, const Tensor& cx,
                                       const RnnCellWeights& w, bool preComputedInput);

}  // namespace rnn

}  // namespace agv::ops
