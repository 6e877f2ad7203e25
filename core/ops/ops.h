#pragma once
// Every differentiable op of the engine, under PyTorch's names. Each op builds its
// output, records its backward node when grad mode is on and an input requires
// grad, and reports what it did to the trace (see op_recorder.h).

#include <optional>
#include <string>
#include <utility>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv {
class Generator;
}

namespace agv::ops {

// ---------------------------------------------------------------- creation
Tensor empty(const IntList& sizes, ScalarType dtype = defaultFloatType(), Device device = {});
Tensor zeros(const IntList& sizes, ScalarType dtype = defaultFloatType(), Device device = {});
Tensor ones(const IntList& sizes, ScalarType dtype = defaultFloatType(), Device device = {});
Tensor full(const IntList& sizes, Scalar value, std::optional<ScalarType> dtype = {}, Device device = {});
/// torch.tensor(data): values row-major; dtype as inferred by the caller.
Tensor fromValues(const IntList& sizes, const std::vector<double>& values, ScalarType dtype, Device device = {});
Tensor fromInts(const IntList& sizes, const std::vector<int64_t>& values, ScalarType dtype, Device device = {});
/// A leaf over memory the engine does not own (torch.from_numpy): `data` is its first
/// element, strides are in elements and not negative; `release` runs when the last
/// tensor over it is gone.
Tensor fromBlob(void* data, const IntList& sizes, const IntList& strides, ScalarType dtype,
                std::function<void()> release);
Tensor arange(Scalar start, Scalar end, Scalar step, std::optional<ScalarType> dtype = {}, Device device = {});
Tensor linspace(double start, double end, int64_t steps, ScalarType dtype = defaultFloatType(), Device device = {});
Tensor eye(int64_t n, int64_t m = -1, ScalarType dtype = defaultFloatType(), Device device = {});
// The random factories draw from `generator` (a torch.Generator), or from the default
// generator when it is null.
Tensor rand(const IntList& sizes, ScalarType dtype = defaultFloatType(), Device device = {},
            Generator* generator = nullptr);
Tensor randn(const IntList& sizes, ScalarType dtype = defaultFloatType(), Device device = {},
             Generator* generator = nullptr);
Tensor randint(int64_t low, int64_t high, const IntList& sizes, ScalarType dtype = ScalarType::Int64,
               Device device = {}, Generator* generator = nullptr);
/// torch.randperm: PyTorch's Fisher-Yates shuffle, one random() % (n - i) per position.
Tensor randperm(int64_t n, ScalarType dtype = ScalarType::Int64, Device device = {}, Generator* generator = nullptr);
Tensor zerosLike(const Tensor& t, std::optional<ScalarType> dtype = {});
Tensor onesLike(const Tensor& t, std::optional<ScalarType> dtype = {});
Tensor fullLike(const Tensor& t, Scalar value, std::optional<ScalarType> dtype = {});
Tensor emptyLike(const Tensor& t, std::optional<ScalarType> dtype = {});
Tensor randLike(const Tensor& t, std::optional<ScalarType> dtype = {});
/// torch.multinomial: int64 indices drawn from the rows of `probs` with PyTorch 1.13's
/// algorithms and draws (core/ops/multinomial.cpp).
Tensor multinomial(const Tensor& probs, int64_t numSamples, bool replacement = false,
                   Generator* generator = nullptr);
Tensor randnLike(const Tensor& t, std::optional<ScalarType> dtype = {});
/// A Python number as a 0-d tensor (PyTorch's "wrapped number": promotes by category only).
Tensor scalarTensor(Scalar value, Device device = {});

// ---------------------------------------------------------------- pointwise
Tensor add(const Tensor& a, const Tensor& b, Scalar alpha = 1);
Tensor add(const Tensor& a, Scalar b, Scalar alpha = 1);
Tensor sub(const Tensor& a, const Tensor& b, Scalar alpha = 1);
Tensor sub(const Tensor& a, Scalar b, Scalar alpha = 1);
/// scalar - tensor (RsubBackward1)
Tensor rsub(const Tensor& a, Scalar b, Scalar alpha = 1);
/// torch.rsub(a, b, alpha=alpha): b - alpha * a (RsubBackward0).
Tensor rsub(const Tensor& a, const Tensor& b, Scalar alpha = 1);
Tensor mul(const Tensor& a, const Tensor& b);
Tensor mul(const Tensor& a, Scalar b);
Tensor div(const Tensor& a, const Tensor& b);
/// a % b, Python's sign rule (RemainderBackward1 / RemainderBackward0 for a number).
Tensor remainder(const Tensor& a, const Tensor& b);
Tensor remainder(const Tensor& a, Scalar b);
/// torch.remainder(number, tensor): a NotImplemented node, as in PyTorch 1.13.
Tensor remainder(Scalar a, const Tensor& b);
/// a // b (floor division); a result that would need a gradient is refused clearly.
Tensor floorDivide(const Tensor& a, const Tensor& b);
Tensor div(const Tensor& a, Scalar b);
/// div(a, b, rounding_mode="trunc" / "floor" / None) (DivBackward2: zero gradients when rounding).
Tensor div(const Tensor& a, const Tensor& b, const std::optional<std::string>& roundingMode);
/// C's fmod: the remainder takes the dividend's sign (FmodBackward1 / FmodBackward0 for a number).
Tensor fmod(const Tensor& a, const Tensor& b);
Tensor fmod(const Tensor& a, Scalar b);
/// scalar / tensor: reciprocal then multiply, as PyTorch does.
Tensor rdiv(const Tensor& a, Scalar b);
Tensor pow(const Tensor& base, const Tensor& exponent);
Tensor pow(const Tensor& base, Scalar exponent);
Tensor pow(Scalar base, const Tensor& exponent);
/// `2 ** t` from Python: the scalar is wrapped into a tensor (PowBackward1).
Tensor rpow(const Tensor& exponent, Scalar base);
Tensor neg(const Tensor& t);
Tensor reciprocal(const Tensor& t);
Tensor exp(const Tensor& t);
Tensor log(const Tensor& t);
/// erf, erfc, expm1 and log1p through PyTorch's VML kernels (ErfBackward0, ErfcBackward0,
/// Expm1Backward0, Log1PBackward0).
Tensor erf(const Tensor& t);
Tensor erfc(const Tensor& t);
Tensor expm1(const Tensor& t);
Tensor log1p(const Tensor& t);
Tensor log2(const Tensor& t);
Tensor log10(const Tensor& t);
Tensor exp2(const Tensor& t);
// core/ops/rounding.cpp
Tensor floor(const Tensor& t);
Tensor ceil(const Tensor& t);
Tensor trunc(const Tensor& t);
/// Half to even (RoundBackward0); with decimals, round_decimals (RoundBackward1).
Tensor round(const Tensor& t);
Tensor round(const Tensor& t, int64_t decimals);
Tensor frac(const Tensor& t);
Tensor sign(const Tensor& t);
Tensor sgn(const Tensor& t);
Tensor sqrt(const Tensor& t);
Tensor rsqrt(const Tensor& t);
Tensor abs(const Tensor& t);
Tensor sin(const Tensor& t);
Tensor cos(const Tensor& t);
// core/ops/trig_hyperbolic.cpp (TanBackward0 saves result; the others save self)
Tensor tan(const Tensor& t);
Tensor atan(const Tensor& t);
Tensor asin(const Tensor& t);
Tensor acos(const Tensor& t);
Tensor sinh(const Tensor& t);
Tensor cosh(const Tensor& t);
Tensor asinh(const Tensor& t);
Tensor acosh(const Tensor& t);
Tensor atanh(const Tensor& t);
Tensor tanh(const Tensor& t);
Tensor sigmoid(const Tensor& t);
Tensor relu(const Tensor& t);
Tensor leakyRelu(const Tensor& t, double negativeSlope = 0.01);
Tensor gelu(const Tensor& t, const std::string& approximate = "none");
Tensor clamp(const Tensor& t, std::optional<Scalar> min, std::optional<Scalar> max);
/// clamp with tensor bounds (ClampBackward0, core/ops/clamp_tensor.cpp).
Tensor clamp(const Tensor& t, const std::optional<Tensor>& min, const std::optional<Tensor>& max);
Tensor where(const Tensor& condition, const Tensor& a, const Tensor& b);
Tensor maskedFill(const Tensor& t, const Tensor& mask, Scalar value);
// core/ops/addcmul.cpp: self + value * tensor1 * tensor2 (addcdiv: / tensor2)
Tensor addcmul(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, Scalar value = 1);
Tensor addcdiv(const Tensor& self, const Tensor& tensor1, const Tensor& tensor2, Scalar value = 1);
Tensor& addcmulInplace(Tensor& self, const Tensor& tensor1, const Tensor& tensor2, Scalar value = 1);
Tensor& addcdivInplace(Tensor& self, const Tensor& tensor1, const Tensor& tensor2, Scalar value = 1);

enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge };
Tensor compare(const Tensor& a, const Tensor& b, CompareOp op);
Tensor compare(const Tensor& a, Scalar b, CompareOp op);
Tensor logicalNot(const Tensor& t);
enum class LogicalOp { And, Or, Xor };
/// logical_and / logical_or / logical_xor: a bool tensor, any input dtypes.
Tensor logical(const Tensor& a, const Tensor& b, LogicalOp op);

// ---------------------------------------------------------------- reductions
Tensor sum(const Tensor& t, std::optional<ScalarType> dtype = {});
Tensor sum(const Tensor& t, const IntList& dims, bool keepdim = false, std::optional<ScalarType> dtype = {});
Tensor mean(const Tensor& t);
Tensor mean(const Tensor& t, const IntList& dims, bool keepdim = false);
/// var / std over all elements (dims empty optional) or over dims, with a correction (1 = unbiased).
Tensor var(const Tensor& self, std::optional<IntList> dims, int64_t correction = 1, bool keepdim = false);
Tensor std(const Tensor& self, std::optional<IntList> dims, int64_t correction = 1, bool keepdim = false);
Tensor max(const Tensor& t);
Tensor min(const Tensor& t);
/// (values, indices)
std::pair<Tensor, Tensor> max(const Tensor& t, int64_t dim, bool keepdim = false);
std::pair<Tensor, Tensor> min(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor argmax(const Tensor& t, std::optional<int64_t> dim = {}, bool keepdim = false);
Tensor argmin(const Tensor& t, std::optional<int64_t> dim = {}, bool keepdim = false);
/// The indices of the nonzero elements, one row per element (an int64 [n, dim] tensor).
Tensor nonzero(const Tensor& t);
Tensor softmax(const Tensor& t, int64_t dim);
Tensor logSoftmax(const Tensor& t, int64_t dim);

// ---------------------------------------------------------------- linear algebra
Tensor matmul(const Tensor& a, const Tensor& b);
Tensor mm(const Tensor& a, const Tensor& b);
Tensor bmm(const Tensor& a, const Tensor& b);
Tensor dot(const Tensor& a, const Tensor& b);
Tensor mv(const Tensor& a, const Tensor& b);
/// torch.addmm: beta * bias + alpha * (a @ b) in one GEMM (AddmmBackward0).
Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b, Scalar beta = 1, Scalar alpha = 1);

// ---------------------------------------------------------------- nn
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias = {});
Tensor dropout(const Tensor& t, double p, bool train);
/// The parameters of one RNN cell; the biases may be undefined.
struct RnnCellWeights {
    Tensor weightIh, weightHh, biasIh, biasHh;
};
/// torch.lstm_cell on a 2-D input: (hy, cy).
std::pair<Tensor, Tensor> lstmCell(const Tensor& input, const Tensor& hx, const Tensor& cx, const RnnCellWeights& w);
/// torch.gru_cell, torch.rnn_tanh_cell and torch.rnn_relu_cell on a 2-D input: the new hidden state.
Tensor gruCell(const Tensor& input, const Tensor& hx, const RnnCellWeights& w);
Tensor rnnTanhCell(const Tensor& input, const Tensor& hx, const RnnCellWeights& w);
Tensor rnnReluCell(const Tensor& input, const Tensor& hx, const RnnCellWeights& w);
enum class Reduction { None, Mean, Sum };
Reduction parseReduction(const std::string& name);
/// at::Reduction's numbering (0 none, 1 mean, 2 sum): what `_saved_reduction` shows.
int64_t reductionNumber(Reduction r);
/// apply_loss_reduction: the elementwise loss, its mean or its sum.
Tensor applyLossReduction(const Tensor& loss, Reduction reduction);
Tensor mseLoss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean);
Tensor nllLoss(const Tensor& logProbs, const Tensor& target, Reduction reduction = Reduction::Mean);
Tensor crossEntropy(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean);
/// F.max_pool2d(return_indices=True): values and flat in-plane indices (MaxPool2DWithIndicesBackward0).
std::pair<Tensor, Tensor> maxPool2dWithIndices(const Tensor& self, const IntList& kernel, const IntList& stride,
                                               const IntList& padding, const IntList& dilation, bool ceilMode);
Tensor avgPool2d(const Tensor& self, const IntList& kernel, const IntList& stride, const IntList& padding,
                 bool ceilMode, bool countIncludePad, std::optional<int64_t> divisorOverride);
Tensor adaptiveAvgPool2d(const Tensor& self, const IntList& outputSize);
/// native_batch_norm: normalised output (NativeBatchNormBackward0); updates the running statistics when training.
Tensor batchNorm(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& runningMean,
                 const Tensor& runningVar, bool training, double momentum, double eps);
/// F.pad(mode="constant"): grad_fn ConstantPadNdBackward0; negative padding crops.
Tensor constantPadNd(const Tensor& self, const IntList& pad, Scalar value = 0);
/// torch.convolution (conv1d/conv2d/conv_transpose*d): grad_fn ConvolutionBackward0.
Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, const IntList& stride,
                   const IntList& padding, const IntList& dilation, bool transposed, const IntList& outputPadding,
                   int64_t groups);
/// The name of the algorithm PyTorch 1.13 would run (torch._C._select_conv_backend).
std::string selectConvBackend(const Tensor& input, const Tensor& weight, const Tensor& bias, const IntList& stride,
                              const IntList& padding, const IntList& dilation, bool transposed,
                              const IntList& outputPadding, int64_t groups);

// ---------------------------------------------------------------- copies
Tensor clone(const Tensor& t);
Tensor toDtype(const Tensor& t, ScalarType dtype);
Tensor toDevice(const Tensor& t, Device device);
Tensor contiguous(const Tensor& t);
/// Shares storage and version counter, no history (tensor.detach()).
Tensor detach(const Tensor& t);
/// tensor.data: shares storage but NOT the version counter (in-place edits go unnoticed).
Tensor data(const Tensor& t);
/// A fresh copy outside autograd (engine internals).
Tensor detachedClone(const Tensor& t);

// ---------------------------------------------------------------- views (share storage + version)
Tensor view(const Tensor& t, IntList sizes);
Tensor reshape(const Tensor& t, IntList sizes);
Tensor flatten(const Tensor& t, int64_t startDim = 0, int64_t endDim = -1);
Tensor transpose(const Tensor& t, int64_t dim0, int64_t dim1);
Tensor t(const Tensor& t);
Tensor permute(const Tensor& t, const IntList& dims);
Tensor unsqueeze(const Tensor& t, int64_t dim);
Tensor squeeze(const Tensor& t);
Tensor squeeze(const Tensor& t, int64_t dim);
Tensor expand(const Tensor& t, const IntList& sizes);
Tensor expandAs(const Tensor& t, const Tensor& other);
Tensor narrow(const Tensor& t, int64_t dim, int64_t start, int64_t length);
Tensor select(const Tensor& t, int64_t dim, int64_t index);
Tensor slice(const Tensor& t, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step = 1);
Tensor asStrided(const Tensor& t, const IntList& sizes, const IntList& strides, int64_t offset);
/// Advanced indexing along dim 0 with an int64 or bool tensor (a copy: IndexBackward0).
Tensor indexWithTensor(const Tensor& t, const Tensor& index);
/// x[i0, i1, ...]: int64 index tensors for the leading dims, broadcast together (IndexBackward0).
Tensor indexWithTensors(const Tensor& t, const TensorList& indices);
Tensor cat(const TensorList& tensors, int64_t dim = 0);
/// Pieces of split_size along dim (the last one shorter): views (SplitBackward0).
TensorList split(const Tensor& self, int64_t splitSize, int64_t dim = 0);
/// Pieces of the given sizes, which must add up to the dim's size (SplitWithSizesBackward0).
TensorList splitWithSizes(const Tensor& self, const IntList& sizes, int64_t dim = 0);
/// split into `chunks` pieces of ceil(size / chunks) (fewer when they run out).
TensorList chunk(const Tensor& self, int64_t chunks, int64_t dim = 0);
/// The same pieces, sharing storage but not views for autograd, each with its own
/// version counter (UnsafeSplitBackward0 / UnsafeSplitWithSizesBackward0).
TensorList unsafeSplit(const Tensor& self, int64_t splitSize, int64_t dim = 0);
TensorList unsafeSplitWithSizes(const Tensor& self, const IntList& sizes, int64_t dim = 0);
TensorList unsafeChunk(const Tensor& self, int64_t chunks, int64_t dim = 0);
Tensor stack(const TensorList& tensors, int64_t dim = 0);

// ---------------------------------------------------------------- in-place (bump _version)
Tensor& addInplace(Tensor& self, const Tensor& other, Scalar alpha = 1);
Tensor& addInplace(Tensor& self, Scalar other, Scalar alpha = 1);
Tensor& subInplace(Tensor& self, const Tensor& other, Scalar alpha = 1);
Tensor& subInplace(Tensor& self, Scalar other, Scalar alpha = 1);
Tensor& mulInplace(Tensor& self, const Tensor& other);
Tensor& mulInplace(Tensor& self, Scalar other);
Tensor& divInplace(Tensor& self, const Tensor& other);
Tensor& divInplace(Tensor& self, Scalar other);
Tensor& powInplace(Tensor& self, Scalar exponent);
Tensor& zeroInplace(Tensor& self);
Tensor& fillInplace(Tensor& self, Scalar value);
Tensor& fillInplace(Tensor& self, const Tensor& value);
Tensor& copyInplace(Tensor& self, const Tensor& src);
/// self[key] = values with an int64 or bool key (IndexPutBackward0, accumulate=False).
Tensor& indexPutInplace(Tensor& self, const Tensor& key, const Tensor& values);
Tensor& clampInplace(Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max);
Tensor& reluInplace(Tensor& self);
Tensor& sigmoidInplace(Tensor& self);
Tensor& tanhInplace(Tensor& self);
// The in-place view ops (core/ops/inplace_views.cpp): new geometry, same values.
Tensor& transposeInplace(Tensor& self, int64_t dim0, int64_t dim1);
Tensor& tInplace(Tensor& self);
Tensor& squeezeInplace(Tensor& self);
Tensor& squeezeInplace(Tensor& self, int64_t dim);
Tensor& unsqueezeInplace(Tensor& self, int64_t dim);
Tensor& expInplace(Tensor& self);
Tensor& absInplace(Tensor& self);
Tensor& negInplace(Tensor& self);
Tensor& sqrtInplace(Tensor& self);
Tensor& rsqrtInplace(Tensor& self);
Tensor& logInplace(Tensor& self);
Tensor& reciprocalInplace(Tensor& self);
Tensor& sinInplace(Tensor& self);
Tensor& cosInplace(Tensor& self);
Tensor& signInplace(Tensor& self);
Tensor& floorInplace(Tensor& self);
Tensor& ceilInplace(Tensor& self);
Tensor& truncInplace(Tensor& self);
Tensor& roundInplace(Tensor& self);
Tensor& roundInplace(Tensor& self, int64_t decimals);
Tensor& fracInplace(Tensor& self);
/// Not differentiable: no node, no leaf check (as in PyTorch); bumps the version.
Tensor& logicalNotInplace(Tensor& self);
// core/ops/trig_hyperbolic.cpp; asinh_, acosh_ and atanh_ record AsinhBackward1 (...),
// whose backward raises PyTorch's NotImplementedError.
Tensor& tanInplace(Tensor& self);
Tensor& atanInplace(Tensor& self);
Tensor& asinInplace(Tensor& self);
Tensor& acosInplace(Tensor& self);
Tensor& sinhInplace(Tensor& self);
Tensor& coshInplace(Tensor& self);
Tensor& asinhInplace(Tensor& self);
Tensor& acoshInplace(Tensor& self);
Tensor& atanhInplace(Tensor& self);
/// Engine-internal accumulation into an existing .grad (no history, but bumps the version).
void addInplaceNoGrad(const Tensor& self, const Tensor& other);

// ---------------------------------------------------------------- autograd-facing tensor methods
Tensor& requiresGrad_(Tensor& t, bool requiresGrad = true);
Tensor& detach_(Tensor& t);
void retainGrad(const Tensor& t);
/// Registers a gradient hook; returns a function that removes it (handle.remove()).
std::function<void()> registerHook(const Tensor& t, TensorHookFn hook);

// ---------------------------------------------------------------- shape helpers
IntList broadcastShapes(const IntList& a, const IntList& b);
bool isExpandableTo(const IntList& shape, const IntList& desired);
/// Sums `t` down to `shape` (reverse of broadcasting): gradients of broadcast inputs.
Tensor sumTo(const Tensor& t, const IntList& shape);
int64_t wrapDim(int64_t dim, int64_t ndim, bool scalarOk = true);
/// A reduction's dims wrapped, in the given order, PyTorch's error for a repeated dim;
/// an empty list means every dim.
IntList reductionDims(const Tensor& t, const IntList& dims);

// ---- added: norms, sorting, logical reductions, losses
/// torch.norm's at::norm(self, p, dim, keepdim) (NormBackward1); empty dims = every dim.
Tensor norm(const Tensor& t, Scalar p, const IntList& dims, bool keepdim = false);
/// torch.linalg.vector_norm (LinalgVectorNormBackward0); no dims = every dim.
Tensor linalgVectorNorm(const Tensor& t, Scalar ord, const std::optional<IntList>& dims, bool keepdim = false);
/// at::frobenius_norm: norm(t, 2, dims) for up to one dim, sqrt(sum(t * t, dims)) for two.
Tensor frobeniusNorm(const Tensor& t, const IntList& dims, bool keepdim = false);
/// all / any over every element or along one dim: bool tensors.
Tensor all(const Tensor& t, std::optional<int64_t> dim = {}, bool keepdim = false);
Tensor any(const Tensor& t, std::optional<int64_t> dim = {}, bool keepdim = false);
/// (values, indices) sorted along dim (SortBackward0).
std::pair<Tensor, Tensor> sort(const Tensor& t, int64_t dim = -1, bool descending = false, bool stable = false);
Tensor argsort(const Tensor& t, int64_t dim = -1, bool descending = false);
/// (values, indices) of the k largest (or smallest) along dim (TopkBackward0).
std::pair<Tensor, Tensor> topk(const Tensor& t, int64_t k, int64_t dim = -1, bool largest = true, bool sorted = true);
/// self[..., index[i], ...] += alpha * source[..., i, ...] (IndexAddBackward0).
Tensor& indexAddInplace(Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha = 1);
/// index_add: index_add_ on a copy of self (IndexAddBackward0 as well).
Tensor indexAdd(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, Scalar alpha = 1);
/// weight: undefined or of the input's shape (the Python wrapper expands it).
Tensor binaryCrossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight = {},
                          Reduction reduction = Reduction::Mean);
Tensor binaryCrossEntropyWithLogits(const Tensor& input, const Tensor& target, const Tensor& weight = {},
                                    const Tensor& posWeight = {}, Reduction reduction = Reduction::Mean);
Tensor smoothL1Loss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean,
                    double beta = 1.0);
Tensor huberLoss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean,
                 double delta = 1.0);

// ---- added: gather / scatter / index_select / masked_select (gather_scatter.cpp)
/// self.gather(dim, index) (GatherBackward0).
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);
/// self.scatter(dim, index, src) (ScatterBackward0) and self.scatter(dim, index, value) (ScatterBackward1).
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, Scalar value);
Tensor& scatterInplace(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor& scatterInplace(Tensor& self, int64_t dim, const Tensor& index, Scalar value);
/// self.scatter_add(dim, index, src) (ScatterAddBackward0).
Tensor scatterAdd(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor& scatterAddInplace(Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
/// self.index_select(dim, index) (IndexSelectBackward0).
Tensor indexSelect(const Tensor& self, int64_t dim, const Tensor& index);
/// self.masked_select(mask): the broadcast elements where mask is set, 1-D (MaskedSelectBackward0).
Tensor maskedSelect(const Tensor& self, const Tensor& mask);

// ---- added: triu / tril / diag / trace (triangular.cpp)
/// The upper (triu) or lower (tril) triangle of the last two dims, from `diagonal` on.
Tensor triu(const Tensor& self, int64_t diagonal = 0);
Tensor tril(const Tensor& self, int64_t diagonal = 0);
Tensor& triuInplace(Tensor& self, int64_t diagonal = 0);
Tensor& trilInplace(Tensor& self, int64_t diagonal = 0);
/// torch.diag: a vector onto diagonal `diagonal` of a square matrix, or a matrix's diagonal as a vector.
Tensor diag(const Tensor& self, int64_t diagonal = 0);
/// The sum of a matrix's diagonal (int64 for integral inputs).
Tensor trace(const Tensor& self);

// ---- added: flip / roll / repeat / tile / outer / cumsum / cumprod (reorder.cpp)
Tensor flip(const Tensor& self, const IntList& dims);
/// torch.roll; no dims rolls the flattened tensor.
Tensor roll(const Tensor& self, const IntList& shifts, const IntList& dims);
Tensor repeat(const Tensor& self, const IntList& repeats);
Tensor tile(const Tensor& self, const IntList& reps);
/// self.reshape(n, 1) * vec2 (MulBackward0), as PyTorch composes it.
Tensor outer(const Tensor& self, const Tensor& vec2);
/// Cumulative sum / product along dim; integral inputs give int64 unless dtype says otherwise.
Tensor cumsum(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype = {});
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype = {});
/// The slices along dim, as views (UnbindBackward0; split.cpp).
TensorList unbind(const Tensor& self, int64_t dim = 0);

// ---- added: maximum / minimum / atan2 / lerp (binary_math.cpp)
/// Elementwise maximum / minimum with broadcasting and promotion; NaN propagates
/// (MaximumBackward0 / MinimumBackward0 split ties evenly).
Tensor maximum(const Tensor& a, const Tensor& b);
Tensor minimum(const Tensor& a, const Tensor& b);
/// atan2(self, other) in the promoted floating type (Atan2Backward0).
Tensor atan2(const Tensor& self, const Tensor& other);
/// self + weight * (end - self) (LerpBackward0 for a number weight, LerpBackward1 for a tensor).
Tensor lerp(const Tensor& self, const Tensor& end, Scalar weight);
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight);

// ---- added: logsumexp / prod (logsumexp_prod.cpp)
/// log(sum(exp(self))) over dims, stabilised by the maximum (LogsumexpBackward0).
Tensor logsumexp(const Tensor& self, const IntList& dims, bool keepdim = false);
/// The product of all elements (ProdBackward0) or along dim (ProdBackward1); integral inputs give int64.
Tensor prod(const Tensor& self, std::optional<ScalarType> dtype = {});
Tensor prod(const Tensor& self, int64_t dim, bool keepdim = false, std::optional<ScalarType> dtype = {});

// ---- added: silu / elu / softplus (activations.cpp)
/// x * sigmoid(x) (SiluBackward0).
Tensor silu(const Tensor& self);
/// elu(x) = x * scale for x > 0, else (exp(x * input_scale) - 1) * alpha * scale (EluBackward0).
/// The numbers keep their Python type, as the node shows them (_saved_alpha 2 or 2.0).
Tensor elu(const Tensor& self, Scalar alpha = 1.0, Scalar scale = 1, Scalar inputScale = 1);
/// log1p(exp(beta * x)) / beta, x where beta * x > threshold (SoftplusBackward0).
Tensor softplus(const Tensor& self, Scalar beta = 1, Scalar threshold = 20);

// ---- added: layer norm (layer_norm.cpp)
/// native_layer_norm's output over the trailing `normalizedShape` dims (NativeLayerNormBackward0);
/// weight and bias may be undefined.
Tensor layerNorm(const Tensor& input, const IntList& normalizedShape, const Tensor& weight, const Tensor& bias,
                 double eps);

// ---- added: embedding (embedding.cpp)
/// weight's rows picked by `indices`, shaped indices.sizes() + [embedding_dim] (EmbeddingBackward0);
/// padding_idx -1 for none, its row gets no gradient.
Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t paddingIdx = -1, bool scaleGradByFreq = false,
                 bool sparse = false);

}  // namespace agv::ops
