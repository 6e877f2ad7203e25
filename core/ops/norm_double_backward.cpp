// FunctionsManual.cpp's derivatives of the normalisation backward kernels, written with
// our ops in PyTorch 1.13's order (see norm_double_backward.h).
//
// Note [Normalisation double backward order]
// These formulas are sums of products over whole tensors, so the order of every step
// decides the last bit: each op below is the one 1.13 runs, in its order, in-place steps
// (div_, sub_, add_, mul_, unsqueeze_) kept in place, a reduction over several dims done
// one dim at a time where 1.13 does (sum_exclude_dim1), integer scalars kept integers
// (M * gO, .div_(M)) and C++'s Scalar overloads recorded as theirs (MulBackward1,
// DivBackward1: see Note [Scalar overloads in composites]). The graph recorded under
// create_graph is then 1.13's too, so a third derivative runs through the same nodes.

#include "core/ops/norm_double_backward.h"

#include "core/ops/inplace_unary.h"
#include "core/ops/internal_ops.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

/// sum_exclude_dim1: the sum over dim 0, then over each trailing dim from the last one
/// down, one reduction at a time (with keepdim, down to dim 2; without, down to dim 1).
Tensor sumExcludeDim1(const Tensor& t, bool keepdim = true)
{
    Tensor r = sum(t, {0}, keepdim);
    const int64_t stop = keepdim ? 1 : 0;
    for (int64_t d = r.dim() - 1; d > stop; --d)
        r = sum(r, {d}, keepdim);
    return r;
}

/// unsqueeze_dim1: a per-channel vector shaped as a keepdim reduction over every dim but 1.
Tensor unsqueezeDim1(const Tensor& src, const Tensor& target)
{
    Tensor out = src;
    while (out.dim() < target.dim() - 1)
        out = unsqueeze(out, 1);
    if (out.dim() == target.dim() - 1)
        out = unsqueeze(out, 0);
    return out;
}

/// expand_as_dim1: a per-channel vector broadcast over the target (channels in dim 1).
Tensor expandAsDim1(const Tensor& src, const Tensor& target)
{
    Tensor out = src;
    while (out.dim() < target.dim() - 1)
        out = unsqueeze(out, 1);
    return expandAs(out, target);
}

/// t.div_(s) as C++ writes it: the Scalar overload, DivBackward1.
Tensor& divInplaceScalar(Tensor& t, Scalar s)
{
    return unaryInplace(
        t, "div_", "DivBackward1", InplaceSaves::Nothing, [s](const Tensor& x) { return div(x, s); },
        [s](BackwardNode&, const variable_list& g) { return variable_list{internal::divScalar(g[0], s)}; },
        [s](const InputTangents& tangents, const Tensor&) { return div(tangents[0], s); }, /*floatResult=*/false,
        {{"other", scalarAttr(s)}});
}

/// t.mul_(s) as C++ writes it: the Scalar overload, MulBackward1.
Tensor& mulInplaceScalar(Tensor& t, Scalar s)
{
    return unaryInplace(
        t, "mul_", "MulBackward1", InplaceSaves::Nothing, [s](const Tensor& x) { return mul(x, s); },
        [s](BackwardNode&, const variable_list& g) { return variable_list{internal::mulScalar(g[0], s)}; },
        [s](const InputTangents& tangents, const Tensor&) { return mul(tangents[0], s); }, /*floatResult=*/false,
        {{"other", scalarAttr(s)}});
}

/// `accumulated` += term in place, or term itself when nothing has accumulated yet.
void addOrStart(Tensor& accumulated, const Tensor& term)
{
    if (accumulated.defined())
        addInplace(accumulated, term);
    else
        accumulated = term;
}

/// The per-group sums both normalisations' double backwards take of the gradient of the
/// normalised input g (batch norm's gO, layer norm's gO * gamma) and of ggI.
struct CentredSums {
    const Tensor& g;
    const Tensor& gSum;
    const Tensor& gInputSubMuSum;
    const Tensor& ggISum;
    const Tensor& ggIInputSubMuSum;
};

/// The input's gradient from ggI that batchnorm_double_backward and
/// layer_norm_double_backward share, over groups of `count` elements; `ggITimesGSum` is
/// called where 1.13 takes that sum (its ops join the graph in 1.13's order).
template <typename SumOfProducts>
Tensor inputGradientFromGgI(const Tensor& ggI, const CentredSums& s, SumOfProducts ggITimesGSum,
                            const Tensor& inputSubMuTimesInvstdCubed, const Tensor& invstdSquared,
                            const Tensor& invstdCubed, int64_t count)
{
    Tensor allSub = mul(s.ggISum, s.gSum);
    divInplaceScalar(allSub, Scalar(count));
    subInplace(allSub, ggITimesGSum());
    Tensor cross = mul(mul(invstdSquared, s.gInputSubMuSum), s.ggIInputSubMuSum);
    mulInplaceScalar(cross, Scalar(3. / double(count)));
    addInplace(allSub, cross);
    Tensor term0 = mul(inputSubMuTimesInvstdCubed, allSub);
    divInplaceScalar(term0, Scalar(count));
    Tensor scale1 = mul(s.ggIInputSubMuSum, invstdCubed);
    divInplaceScalar(scale1, Scalar(count));
    const Tensor term1 = mul(scale1, sub(internal::divScalar(s.gSum, Scalar(count)), s.g));
    Tensor scale2 = mul(s.gInputSubMuSum, invstdCubed);
    divInplaceScalar(scale2, Scalar(count));
    const Tensor term2 = mul(scale2, sub(internal::divScalar(s.ggISum, Scalar(count)), ggI));
    addInplace(term0, term1);
    addInplace(term0, term2);
    return term0;
}

}  // namespace

NormDoubleBackward batchNormDoubleBackward(const Tensor& input, const Tensor& gamma, const Tensor& ggI,
                                           const Tensor& ggG, const Tensor& ggB, const Tensor& gradOut,
                                           const Tensor& runningMean, const Tensor& runningVar, bool training,
                                           double eps, const Tensor& saveMean, const Tensor& saveInvstd)
{
    const Tensor& gO = gradOut;
    const bool affine = gamma.defined();
    Tensor gammaExpanded, ggGExpanded, ggBExpanded;
    if (affine) {
        gammaExpanded = expandAsDim1(gamma, input);
        if (ggG.defined())
            ggGExpanded = expandAsDim1(ggG, input);
        if (ggB.defined())
            ggBExpanded = expandAsDim1(ggB, input);
    } else {
        gammaExpanded = ones({}, input.dtype(), input.device());
    }

    // The number of elements each channel's statistics are taken over.
    int64_t M = input.sizes()[0];
    for (int64_t d = 2; d < input.dim(); ++d)
        M *= input.sizes()[size_t(d)];

    const Tensor mu = unsqueezeDim1(training ? saveMean : runningMean, input);
    const Tensor inputSubMu = sub(input, mu);
    const Tensor invstd =
        unsqueezeDim1(training ? saveInvstd : pow(add(runningVar, Scalar(eps)), Scalar(-0.5)), input);
    const Tensor invstdSquared = pow(invstd, Scalar(2));
    const Tensor invstdCubed = pow(invstd, Scalar(3));

    const Tensor inputSubMuTimesInvstdCubed = mul(inputSubMu, invstdCubed);
    const Tensor gOInputSubMuSum = sumExcludeDim1(mul(gO, inputSubMu));
    const Tensor gOSum = sumExcludeDim1(gO);

    // The gradient with respect to the input, from ggI (training only: in evaluation the
    // first backward is linear in the input's gradient and constant in the input).
    Tensor gI;
    if (ggI.defined() && training) {
        const Tensor ggISum = sumExcludeDim1(ggI);
        const Tensor ggIInputSubMuSum = sumExcludeDim1(mul(ggI, inputSubMu));
        const CentredSums sums{gO, gOSum, gOInputSubMuSum, ggISum, ggIInputSubMuSum};
        gI = mul(gammaExpanded, inputGradientFromGgI(ggI, sums, [&] { return sumExcludeDim1(mul(gO, ggI)); },
                                                     inputSubMuTimesInvstdCubed, invstdSquared, invstdCubed, M));
    }

    // ... and from ggG, the gradient flowing into the weight's gradient.
    if (affine && ggG.defined()) {
        if (training) {
            Tensor t0 = mul(gO, invstd);
            Tensor t1 = mul(invstd, gOSum);
            divInplaceScalar(t1, Scalar(-M));
            Tensor t2 = mul(inputSubMuTimesInvstdCubed, sumExcludeDim1(mul(gO, inputSubMu)));
            divInplaceScalar(t2, Scalar(-M));
            addInplace(t0, t1);
            addInplace(t0, t2);
            addOrStart(gI, mul(ggGExpanded, t0));
        } else {
            addOrStart(gI, mul(mul(ggGExpanded, invstd), gO));
        }
    }

    // The first backward's grad_input for a gradient g and weight w (training).
    auto firstBackwardGradInput = [&](const Tensor& g, const Tensor& w) {
        Tensor h0 = mul(w, invstd);
        divInplaceScalar(h0, Scalar(M));
        Tensor h1 = internal::mulScalar(g, Scalar(M));
        subInplace(h1, sumExcludeDim1(g));
        subInplace(h1, mul(mul(inputSubMu, invstdSquared), sumExcludeDim1(mul(g, inputSubMu))));
        return mul(h0, h1);
    };

    // The gradient with respect to the weight: the first backward without its weight.
    Tensor gG;
    if (affine && ggI.defined()) {
        if (training)
            gG = sumExcludeDim1(mul(ggI, firstBackwardGradInput(gO, ones({}, invstd.dtype(), invstd.device()))),
                                false);
        else
            gG = sumExcludeDim1(mul(mul(ggI, gO), invstd), false);
    }

    // The gradient with respect to grad_out: the first backward applied to ggI, plus the
    // weight's and the bias's terms.
    Tensor ggO;
    if (ggI.defined())
        ggO = training ? firstBackwardGradInput(ggI, gammaExpanded) : mul(mul(ggI, invstd), gammaExpanded);
    if (ggG.defined())
        addOrStart(ggO, mul(mul(ggGExpanded, inputSubMu), invstd));
    if (ggB.defined())
        addOrStart(ggO, ggBExpanded);
    return {gI, gG, ggO};
}

NormDoubleBackward layerNormDoubleBackward(const Tensor& inputIn, const Tensor& gamma, const Tensor& ggIIn,
                                           const Tensor& ggG, const Tensor& ggB, const Tensor& gradOutIn,
                                           const Tensor& saveMeanIn, const Tensor& saveInvstdIn,
                                           size_t normalizedDims)
{
    // Rows of M samples, N normalised elements each.
    const size_t axis = size_t(inputIn.dim()) - normalizedDims;
    int64_t M = 1, N = 1;
    for (size_t d = 0; d < size_t(inputIn.dim()); ++d)
        (d < axis ? M : N) *= inputIn.sizes()[d];

    const Tensor input = reshape(inputIn, {M, N});
    const Tensor gO = reshape(gradOutIn, {M, N});
    const Tensor saveMean = reshape(saveMeanIn, {M, 1});
    const Tensor saveInvstd = reshape(saveInvstdIn, {M, 1});

    const bool affine = gamma.defined();
    Tensor gammaExpanded, ggGExpanded, ggBExpanded;
    if (affine) {
        gammaExpanded = reshape(gamma, {1, N});
        if (ggG.defined())
            ggGExpanded = reshape(ggG, {1, N});
        if (ggB.defined())
            ggBExpanded = reshape(ggB, {1, N});
    } else {
        gammaExpanded = ones({1}, input.dtype(), input.device());
    }
    Tensor ggI;
    if (ggIIn.defined())
        ggI = reshape(ggIIn, {M, N});

    const Tensor& mu = saveMean;
    const Tensor inputSubMu = sub(input, mu);
    const Tensor& invstd = saveInvstd;
    const Tensor invstdSquared = pow(invstd, Scalar(2));
    const Tensor invstdCubed = pow(invstd, Scalar(3));

    Tensor gI;
    const Tensor inputSubMuTimesInvstdCubed = mul(inputSubMu, invstdCubed);
    if (ggI.defined()) {
        // The gradient of the normalised input, x-hat.
        const Tensor gxhat = mul(gO, gammaExpanded);
        const Tensor gxhatInputSubMuSum = sum(mul(gxhat, inputSubMu), {1}, true);
        const Tensor gxhatSum = sum(gxhat, {1}, true);
        const Tensor ggISum = sum(ggI, {1}, true);
        const Tensor ggIInputSubMuSum = sum(mul(ggI, inputSubMu), {1}, true);

        const CentredSums sums{gxhat, gxhatSum, gxhatInputSubMuSum, ggISum, ggIInputSubMuSum};
        gI = inputGradientFromGgI(ggI, sums, [&] { return sum(mul(ggI, gxhat), {1}, true); },
                                  inputSubMuTimesInvstdCubed, invstdSquared, invstdCubed, N);
    }

    if (affine && ggG.defined()) {
        Tensor t0 = mul(mul(gO, ggGExpanded), invstd);
        Tensor t1 = mul(invstd, sum(mul(gO, ggGExpanded), {1}, true));
        divInplaceScalar(t1, Scalar(-N));
        Tensor t2 = mul(inputSubMuTimesInvstdCubed, sum(mul(mul(gO, ggGExpanded), inputSubMu), {1}, true));
        divInplaceScalar(t2, Scalar(-N));
        addInplace(t0, t1);
        addInplace(t0, t2);
        addOrStart(gI, t0);
    }
    if (gI.defined())
        gI = reshape(gI, inputIn.sizes());

    // The first backward's grad_input for a gradient g and weight w.
    auto firstBackwardGradInput = [&](const Tensor& g, const Tensor& w) {
        Tensor h0 = mul(w, invstd);
        divInplaceScalar(h0, Scalar(N));
        Tensor h1 = internal::mulScalar(g, Scalar(N));
        subInplace(h1, sum(g, {1}, true));
        subInplace(h1, mul(mul(inputSubMu, invstdSquared), sum(mul(g, inputSubMu), {1}, true)));
        return mul(h0, h1);
    };

    Tensor gG;
    if (affine && ggI.defined()) {
        gG = firstBackwardGradInput(ggI, ones({}, invstd.dtype(), invstd.device()));
        gG = sum(mul(gO, gG), {0}, false);
        gG = reshape(gG, gamma.sizes());
    }

    Tensor ggO;
    if (ggI.defined())
        ggO = firstBackwardGradInput(ggI, gammaExpanded);
    if (ggG.defined())
        addOrStart(ggO, mul(mul(ggGExpanded, inputSubMu), invstd));
    if (ggB.defined())
        addOrStart(ggO, ggBExpanded);
    if (ggO.defined())
        ggO = reshape(expand(ggO, {M, N}), inputIn.sizes());
    return {gI, gG, ggO};
}

GroupNormGradients groupNormDifferentiableBackward(const Tensor& dY, const Tensor& dmean, const Tensor& drstd,
                                                   const Tensor& X, const Tensor& mean, const Tensor& rstd,
                                                   const Tensor& gamma, int64_t N, int64_t C, int64_t HxW,
                                                   int64_t group, bool needInput, bool needWeight, bool needBias)
{
    const int64_t G = group;
    const int64_t D = C / G;
    const double s = 1.0 / double(D * HxW);
    GroupNormGradients out;
    const Tensor XBlocks = reshape(X, {N, G, D, HxW});
    const Tensor meanBlocks = reshape(mean, {N, G, 1, 1});
    const Tensor rstdBlocks = reshape(rstd, {N, G, 1, 1});
    // Per (sample, channel): the sums of dy * x and of dy.
    Tensor dYBlocks, ds, db;
    if (dY.defined()) {
        dYBlocks = reshape(dY, {N, G, D, HxW});
        ds = sum(mul(dYBlocks, XBlocks), {3}, false);
        unsqueezeInplace(ds, -1);
        db = sum(dYBlocks, {3}, false);
        unsqueezeInplace(db, -1);
    }
    if (needInput) {
        Tensor gammaBlocks;
        if (gamma.defined())
            gammaBlocks = reshape(gamma, {1, G, D, 1});
        // 1.13 also forms the variance here, which only std's backward reads (this is var's),
        // so it is left out.
        const Tensor rstdCubed = mul(mul(rstdBlocks, rstdBlocks), rstdBlocks);
        Tensor dvar;
        if (drstd.defined())
            dvar = mul(internal::mulScalar(rstdCubed, Scalar(-0.5)), view(drstd, {N, G, 1, 1}));
        // var_std_mean_backward of var_mean(X, {2, 3}, correction 0, keepdim): the variance's
        // and the mean's gradients, each through its own backward formula.
        auto statisticsGradient = [&] {
            const int64_t count = D * HxW;
            Tensor grad = mul(internal::mulScalar(dvar, Scalar(2.0 / double(count))),
                              sub(XBlocks, ops::mean(XBlocks, {2, 3}, true)));
            const Tensor meanGrad = internal::divScalar(expand(view(dmean, {N, G, 1, 1}), XBlocks.sizes()),
                                                        Scalar(count));
            return add(grad, meanGrad);
        };
        if (dY.defined()) {
            const Tensor a = gamma.defined() ? mul(rstdBlocks, gammaBlocks) : rstdBlocks;
            Tensor b = gamma.defined() ? sum(mul(ds, gammaBlocks), {2}, false) : sum(ds, {2}, false);
            unsqueezeInplace(b, -2);
            Tensor c = gamma.defined() ? sum(mul(db, gammaBlocks), {2}, false) : sum(db, {2}, false);
            unsqueezeInplace(c, -2);
            b = internal::mulScalar(mul(sub(mul(c, meanBlocks), b), rstdCubed), Scalar(s));
            c = sub(mul(neg(b), meanBlocks), internal::mulScalar(mul(c, rstdBlocks), Scalar(s)));
            Tensor dX = add(add(mul(a, dYBlocks), mul(b, XBlocks)), c);
            if (dmean.defined() && drstd.defined())
                addInplace(dX, statisticsGradient());
            out.input = reshape(dX, X.sizes());
        } else if (dmean.defined() && drstd.defined()) {
            out.input = reshape(statisticsGradient(), X.sizes());
        }
    }
    // Both are shaped like gamma; without one, 1.13 reshapes to an undefined tensor's
    // sizes, [0], and fails for a bias that needs its gradient.
    const IntList gammaSizes = gamma.defined() ? gamma.sizes() : IntList{0};
    if (needWeight && dY.defined())
        out.weight = reshape(sum(mul(sub(ds, mul(db, meanBlocks)), rstdBlocks), {0}, false), gammaSizes);
    if (needBias && dY.defined())
        out.bias = reshape(sum(db, {0}, false), gammaSizes);
    return out;
}

}  // namespace agv::ops
