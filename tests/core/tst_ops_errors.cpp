// Bad input raises PyTorch's exception class and exact text (checked with PyTorch
// 1.13 via /usr/bin/python3), and leaves the inputs untouched: no version bump, no
// value change.

#include <QtTest>

#include <functional>

#include "core/ops/ops.h"
#include "core/ops/padding.h"
#include "core/warning.h"
#include "grad_test_support.h"

using namespace agv;
using agv::testing::longs;

namespace {

Tensor f32(const IntList& shape) { return ops::ones(shape); }
Tensor f64(const IntList& shape) { return ops::ones(shape, ScalarType::Float64); }
Tensor i64(const IntList& shape) { return ops::ones(shape, ScalarType::Int64); }
Tensor b8(const IntList& shape) { return ops::ones(shape, ScalarType::Bool); }

using Op = std::function<void(const TensorList&)>;

struct Case {
    const char* name;
    std::function<TensorList()> inputs;
    Op op;
    PyExc exc;
    const char* message;
};

TensorList in(TensorList t) { return t; }

const std::vector<Case>& cases()
{
    using namespace ops;
    using E = PyExc;
    static const std::vector<Case> table = {
        {"max_empty", [] { return in({f32({0})}); }, [](auto& x) { max(x[0]); }, E::RuntimeError,
         "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the "
         "'dim' argument."},
        {"min_empty", [] { return in({f32({0, 3})}); }, [](auto& x) { min(x[0]); }, E::RuntimeError,
         "min(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the "
         "'dim' argument."},
        {"max_dim_empty", [] { return in({f32({0, 3})}); }, [](auto& x) { max(x[0], 0); }, E::IndexError,
         "max(): Expected reduction dim 0 to have non-zero size."},
        {"max_dim_range", [] { return in({f32({2, 3})}); }, [](auto& x) { max(x[0], 2); }, E::IndexError,
         "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
        {"argmax_empty", [] { return in({f32({0})}); }, [](auto& x) { argmax(x[0]); }, E::IndexError,
         "argmax(): Expected reduction dim to be specified for input.numel() == 0."},
        {"argmax_dim_empty", [] { return in({f32({0, 2})}); }, [](auto& x) { argmax(x[0], 0); }, E::IndexError,
         "argmax(): Expected reduction dim 0 to have non-zero size."},
        {"argmax_bool", [] { return in({b8({2})}); }, [](auto& x) { argmax(x[0]); }, E::RuntimeError,
         "\"argmax_cpu\" not implemented for 'Bool'"},
        {"softmax_long", [] { return in({i64({3})}); }, [](auto& x) { softmax(x[0], 0); }, E::RuntimeError,
         "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'"},
        {"softmax_long_dim0", [] { return in({i64({3, 2})}); }, [](auto& x) { softmax(x[0], 0); }, E::RuntimeError,
         "\"softmax_kernel_impl\" not implemented for 'Long'"},
        {"log_softmax_long", [] { return in({i64({3})}); }, [](auto& x) { logSoftmax(x[0], 0); }, E::RuntimeError,
         "\"log_softmax_lastdim_kernel_impl\" not implemented for 'Long'"},
        {"softmax_dim", [] { return in({f32({3})}); }, [](auto& x) { softmax(x[0], 1); }, E::IndexError,
         "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
        {"mm_shapes", [] { return in({f32({2, 3}), f32({2, 3})}); }, [](auto& x) { mm(x[0], x[1]); },
         E::RuntimeError, "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"},
        {"mm_1d", [] { return in({f32({3}), f32({3, 3})}); }, [](auto& x) { mm(x[0], x[1]); }, E::RuntimeError,
         "self must be a matrix"},
        {"mm_1d_mat2", [] { return in({f32({3, 3}), f32({3})}); }, [](auto& x) { mm(x[0], x[1]); },
         E::RuntimeError, "mat2 must be a matrix"},
        {"mm_dtype", [] { return in({f32({2, 3}), f64({3, 2})}); }, [](auto& x) { mm(x[0], x[1]); },
         E::RuntimeError, "expected scalar type Float but found Double"},
        {"mm_dtype_reversed", [] { return in({f64({2, 3}), f32({3, 2})}); }, [](auto& x) { mm(x[0], x[1]); },
         E::RuntimeError, "expected scalar type Double but found Float"},
        {"mm_bool", [] { return in({b8({2, 3}), b8({3, 2})}); }, [](auto& x) { mm(x[0], x[1]); }, E::RuntimeError,
         "\"addmm_impl_cpu_\" not implemented for 'Bool'"},
        {"matmul_0d", [] { return in({f32({}), f32({3})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError, "both arguments to matmul need to be at least 1D, but they are 0D and 1D"},
        {"matmul_0d_right", [] { return in({f32({3}), f32({})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError, "both arguments to matmul need to be at least 1D, but they are 1D and 0D"},
        {"matmul_vv", [] { return in({f32({3}), f32({2})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError,
         "inconsistent tensor size, expected tensor [3] and src [2] to have the same number of elements, but got 3 "
         "and 2 elements respectively"},
        {"matmul_mv", [] { return in({f32({2, 3}), f32({2})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError, "size mismatch, got 2, 2x3,2"},
        {"matmul_vm", [] { return in({f32({3}), f32({2, 3})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError, "mat1 and mat2 shapes cannot be multiplied (1x3 and 2x3)"},
        {"matmul_3d2d", [] { return in({f32({2, 2, 3}), f32({2, 3})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError, "mat1 and mat2 shapes cannot be multiplied (4x3 and 2x3)"},
        {"matmul_3d1d", [] { return in({f32({2, 2, 3}), f32({2})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError, "size mismatch, got 4, 4x3,2"},
        {"matmul_3d3d", [] { return in({f32({2, 2, 3}), f32({2, 2, 3})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError, "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 2]."},
        {"matmul_batch", [] { return in({f32({2, 2, 3}), f32({3, 3, 3})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError, "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"},
        {"matmul_dtype", [] { return in({f32({2, 3}), f64({3})}); }, [](auto& x) { matmul(x[0], x[1]); },
         E::RuntimeError, "expected scalar type Float but found Double"},
        {"bmm_2d", [] { return in({f32({2, 3}), f32({3, 2})}); }, [](auto& x) { bmm(x[0], x[1]); }, E::RuntimeError,
         "batch1 must be a 3D tensor"},
        {"bmm_2d_right", [] { return in({f32({2, 2, 3}), f32({3, 2})}); }, [](auto& x) { bmm(x[0], x[1]); },
         E::RuntimeError, "batch2 must be a 3D tensor"},
        {"bmm_batch", [] { return in({f32({2, 2, 3}), f32({3, 3, 2})}); }, [](auto& x) { bmm(x[0], x[1]); },
         E::RuntimeError, "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3]."},
        {"dot_size", [] { return in({f32({3}), f32({2})}); }, [](auto& x) { dot(x[0], x[1]); }, E::RuntimeError,
         "inconsistent tensor size, expected tensor [3] and src [2] to have the same number of elements, but got 3 "
         "and 2 elements respectively"},
        {"dot_2d", [] { return in({f32({3, 1}), f32({3})}); }, [](auto& x) { dot(x[0], x[1]); }, E::RuntimeError,
         "1D tensors expected, but got 2D and 1D tensors"},
        {"dot_dtype", [] { return in({f32({3}), f64({3})}); }, [](auto& x) { dot(x[0], x[1]); }, E::RuntimeError,
         "dot : expected both vectors to have same dtype, but found Float and Double"},
        {"mv_1d", [] { return in({f32({3}), f32({3})}); }, [](auto& x) { mv(x[0], x[1]); }, E::RuntimeError,
         "vector + matrix @ vector expected, got 1, 1, 1"},
        {"mv_2d_vec", [] { return in({f32({3, 3}), f32({3, 1})}); }, [](auto& x) { mv(x[0], x[1]); },
         E::RuntimeError, "vector + matrix @ vector expected, got 1, 2, 2"},
        {"addmm_shapes", [] { return in({f32({3}), f32({2, 3}), f32({2, 3})}); },
         [](auto& x) { addmm(x[0], x[1], x[2]); }, E::RuntimeError,
         "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"},
        {"addmm_bias", [] { return in({f32({4}), f32({2, 3}), f32({3, 2})}); },
         [](auto& x) { addmm(x[0], x[1], x[2]); }, E::RuntimeError,
         "The expanded size of the tensor (2) must match the existing size (4) at non-singleton dimension 1.  Target "
         "sizes: [2, 2].  Tensor sizes: [4]"},
        {"addmm_1d", [] { return in({f32({2}), f32({3}), f32({3, 2})}); }, [](auto& x) { addmm(x[0], x[1], x[2]); },
         E::RuntimeError, "mat1 must be a matrix, got 1-D tensor"},
        {"addmm_dtype", [] { return in({f64({2}), f32({2, 3}), f32({3, 2})}); },
         [](auto& x) { addmm(x[0], x[1], x[2]); }, E::RuntimeError, "self and mat2 must have the same dtype"},
        {"addmm_mat1_dtype", [] { return in({f32({2}), f64({2, 3}), f32({3, 2})}); },
         [](auto& x) { addmm(x[0], x[1], x[2]); }, E::RuntimeError, "mat1 and mat2 must have the same dtype"},
        {"addmm_self_and_mat1_dtype", [] { return in({f32({2}), f32({2, 3}), f64({3, 2})}); },
         [](auto& x) { addmm(x[0], x[1], x[2]); }, E::RuntimeError, "self and mat2 must have the same dtype"},
        {"linear", [] { return in({f32({2, 3}), f32({4, 2})}); }, [](auto& x) { linear(x[0], x[1]); },
         E::RuntimeError, "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x4)"},
        {"linear_bias", [] { return in({f32({2, 3}), f32({4, 3}), f32({3})}); },
         [](auto& x) { linear(x[0], x[1], x[2]); }, E::RuntimeError,
         "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  Target "
         "sizes: [2, 4].  Tensor sizes: [3]"},
        {"linear_1d", [] { return in({f32({3}), f32({4, 2}), f32({4})}); },
         [](auto& x) { linear(x[0], x[1], x[2]); }, E::RuntimeError,
         "mat1 and mat2 shapes cannot be multiplied (1x3 and 2x4)"},
        {"linear_3d", [] { return in({f32({2, 2, 3}), f32({4, 2}), f32({4})}); },
         [](auto& x) { linear(x[0], x[1], x[2]); }, E::RuntimeError,
         "mat1 and mat2 shapes cannot be multiplied (4x3 and 2x4)"},
        {"linear_0d", [] { return in({f32({}), f32({4, 2})}); }, [](auto& x) { linear(x[0], x[1]); },
         E::RuntimeError, "both arguments to matmul need to be at least 1D, but they are 0D and 2D"},
        {"dropout_p", [] { return in({f32({3})}); }, [](auto& x) { dropout(x[0], 1.5, true); }, E::ValueError,
         "dropout probability has to be between 0 and 1, but got 1.5"},
        {"dropout_negative", [] { return in({f32({3})}); }, [](auto& x) { dropout(x[0], -0.1, true); },
         E::ValueError, "dropout probability has to be between 0 and 1, but got -0.1"},
        {"mse_reduction", [] { return in({}); }, [](auto&) { parseReduction("foo"); }, E::ValueError,
         "foo is not a valid value for reduction"},
        {"mse_long", [] { return in({i64({2, 3}), i64({2, 3})}); }, [](auto& x) { mseLoss(x[0], x[1]); },
         E::RuntimeError, "\"mse_cpu\" not implemented for 'Long'"},
        {"nll_batch", [] { return in({f32({2, 3}), longs({3}, {0, 1, 2})}); }, [](auto& x) { nllLoss(x[0], x[1]); },
         E::ValueError, "Expected input batch_size (2) to match target batch_size (3)."},
        {"nll_target_range", [] { return in({f32({2, 3}), longs({2}, {0, 5})}); },
         [](auto& x) { nllLoss(x[0], x[1]); }, E::IndexError, "Target 5 is out of bounds."},
        {"nll_target_negative", [] { return in({f32({2, 3}), longs({2}, {0, -1})}); },
         [](auto& x) { nllLoss(x[0], x[1]); }, E::IndexError, "Target -1 is out of bounds."},
        {"nll_target_float", [] { return in({f32({2, 3}), f32({2})}); }, [](auto& x) { nllLoss(x[0], x[1]); },
         E::RuntimeError, "expected scalar type Long but found Float"},
        {"nll_0d", [] { return in({f32({}), longs({}, {0})}); }, [](auto& x) { nllLoss(x[0], x[1]); },
         E::ValueError, "Expected 1 or more dimensions (got 0)"},
        {"nll_1d_target_1d", [] { return in({f32({3}), longs({1}, {0})}); }, [](auto& x) { nllLoss(x[0], x[1]); },
         E::RuntimeError, "size mismatch (got input: [3], target: [1])"},
        {"nll_multi_target", [] { return in({f32({2, 3}), longs({2, 1}, {0, 0})}); },
         [](auto& x) { nllLoss(x[0], x[1]); }, E::RuntimeError,
         "0D or 1D target tensor expected, multi-target not supported"},
        {"nll_long", [] { return in({i64({2, 3}), longs({2}, {0, 1})}); }, [](auto& x) { nllLoss(x[0], x[1]); },
         E::RuntimeError, "\"nll_loss_out_frame\" not implemented for 'Long'"},
        {"cross_entropy_batch", [] { return in({f32({2, 3}), longs({3}, {0, 1, 2})}); },
         [](auto& x) { crossEntropy(x[0], x[1]); }, E::ValueError,
         "Expected input batch_size (2) to match target batch_size (3)."},
        {"cross_entropy_range", [] { return in({f32({2, 3}), longs({2}, {0, 3})}); },
         [](auto& x) { crossEntropy(x[0], x[1]); }, E::IndexError, "Target 3 is out of bounds."},
        {"cross_entropy_long", [] { return in({i64({2, 3}), longs({2}, {0, 1})}); },
         [](auto& x) { crossEntropy(x[0], x[1]); }, E::RuntimeError,
         "\"log_softmax_lastdim_kernel_impl\" not implemented for 'Long'"},
        {"cross_entropy_0d", [] { return in({f32({}), longs({}, {0})}); }, [](auto& x) { crossEntropy(x[0], x[1]); },
         E::RuntimeError, "Expected floating point type for target with class probabilities, got Long"},
        {"cat_empty", [] { return in({}); }, [](auto&) { cat({}); }, E::RuntimeError,
         "torch.cat(): expected a non-empty list of Tensors"},
        {"cat_sizes", [] { return in({f32({2, 3}), f32({3, 3})}); }, [](auto& x) { cat(x, 1); }, E::RuntimeError,
         "Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for tensor number 1 in "
         "the list."},
        {"cat_sizes_dim0", [] { return in({f32({2, 3}), f32({2, 2})}); }, [](auto& x) { cat(x, 0); },
         E::RuntimeError,
         "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for tensor number 1 in "
         "the list."},
        {"cat_ndim", [] { return in({f32({2, 3}), f32({3})}); }, [](auto& x) { cat(x, 0); }, E::RuntimeError,
         "Tensors must have same number of dimensions: got 2 and 1"},
        {"cat_0d", [] { return in({f32({}), f32({})}); }, [](auto& x) { cat(x); }, E::RuntimeError,
         "zero-dimensional tensor (at position 0) cannot be concatenated"},
        {"cat_0d_second", [] { return in({f32({2}), f32({})}); }, [](auto& x) { cat(x); }, E::RuntimeError,
         "zero-dimensional tensor (at position 1) cannot be concatenated"},
        {"cat_dim", [] { return in({f32({2, 3}), f32({2, 3})}); }, [](auto& x) { cat(x, 2); }, E::IndexError,
         "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
        {"stack_empty", [] { return in({}); }, [](auto&) { stack({}); }, E::RuntimeError,
         "stack expects a non-empty TensorList"},
        {"stack_sizes", [] { return in({f32({2}), f32({3})}); }, [](auto& x) { stack(x); }, E::RuntimeError,
         "stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1"},
        {"stack_sizes_third", [] { return in({f32({2}), f32({2}), f32({2, 1})}); }, [](auto& x) { stack(x); },
         E::RuntimeError, "stack expects each tensor to be equal size, but got [2] at entry 0 and [2, 1] at entry 2"},
        {"stack_dim", [] { return in({f32({2}), f32({2})}); }, [](auto& x) { stack(x, 2); }, E::IndexError,
         "Dimension out of range (expected to be in range of [-2, 1], but got 2)"},
        {"index_range", [] { return in({f32({3, 2}), longs({2}, {0, 5})}); },
         [](auto& x) { indexWithTensor(x[0], x[1]); }, E::IndexError,
         "index 5 is out of bounds for dimension 0 with size 3"},
        {"index_negative_range", [] { return in({f32({3, 2}), longs({2}, {0, -4})}); },
         [](auto& x) { indexWithTensor(x[0], x[1]); }, E::IndexError,
         "index -4 is out of bounds for dimension 0 with size 3"},
        {"index_float", [] { return in({f32({3, 2}), f32({2})}); }, [](auto& x) { indexWithTensor(x[0], x[1]); },
         E::IndexError, "tensors used as indices must be long, byte or bool tensors"},
        {"index_mask_shape", [] { return in({f32({3, 2}), b8({2})}); }, [](auto& x) { indexWithTensor(x[0], x[1]); },
         E::IndexError,
         "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3, 2] at index 0"},
        {"index_mask_shape_dim1", [] { return in({f32({3, 2}), b8({3, 3})}); },
         [](auto& x) { indexWithTensor(x[0], x[1]); }, E::IndexError,
         "The shape of the mask [3, 3] at index 1 does not match the shape of the indexed tensor [3, 2] at index 1"},
        // aten::index's own check (Python's indexing raises its shorter text before it).
        {"index_0d_tensor", [] { return in({f32({}), longs({1}, {0})}); },
         [](auto& x) { indexWithTensor(x[0], x[1]); }, E::IndexError,
         "too many indices for tensor of dimension 0 (got 1)"},
        // F.pad's modes (padding.cpp)
        {"pad_mode_unknown", [] { return in({f32({2, 3})}); }, [](auto& x) { pad(x[0], {1}, "foo", {}); },
         E::NotImplementedError, "Unrecognised padding mode foo"},
        {"pad_odd", [] { return in({f32({2, 3})}); }, [](auto& x) { pad(x[0], {1, 1, 1}, "reflect", {}); },
         E::RuntimeError, "Padding length must be divisible by 2"},
        {"pad_value", [] { return in({f32({2, 3})}); }, [](auto& x) { pad(x[0], {1, 1}, "replicate", Scalar(1.5)); },
         E::RuntimeError, "Padding mode \"replicate\" doesn't take in value argument"},
        {"pad_rank", [] { return in({f32({3})}); }, [](auto& x) { pad(x[0], {1, 1}, "reflect", {}); },
         E::NotImplementedError, "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now"},
        {"reflection_pad_too_large", [] { return in({f32({2, 3})}); }, [](auto& x) { reflectionPad(x[0], {3, 0}); },
         E::RuntimeError,
         "Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (3, 0) "
         "at dimension 1 of input [2, 3]"},
        {"reflection_pad_empty", [] { return in({f64({2, 0, 3})}); }, [](auto& x) { reflectionPad(x[0], {1, 1, 1, 1}); },
         E::RuntimeError, "3D or 4D (batch mode) tensor expected for input, but got: [ torch.DoubleTensor{2,0,3} ]"},
        {"reflection_pad_long", [] { return in({i64({1, 2, 3})}); }, [](auto& x) { reflectionPad(x[0], {1, 1}); },
         E::RuntimeError, "\"reflection_pad1d\" not implemented for 'Long'"},
        {"replication_pad_small", [] { return in({f32({2, 3, 3})}); },
         [](auto& x) { replicationPad(x[0], {-3, 0, -3, 0}); }, E::RuntimeError,
         "input (H: 3, W: 3 ) is too small. Calculated output H: 0 W: 0"},
        {"circular_pad_rank", [] { return in({f32({2, 3})}); }, [](auto& x) { circularPad(x[0], {1, 1}); },
         E::RuntimeError, "Invalid padding size, expected 0 but got 2"},
        {"circular_pad_wrap", [] { return in({f32({1, 2, 3})}); }, [](auto& x) { circularPad(x[0], {4, 0}); },
         E::RuntimeError, "Padding value causes wrapping around more than once."},
    };
    return table;
}

}  // namespace

class TestOpsErrors : public QObject {
    Q_OBJECT

private slots:
    void raisesPyTorchsText_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].name) << int(i);
    }

    void raisesPyTorchsText()
    {
        QFETCH(int, index);
        const Case& c = cases()[size_t(index)];
        TensorList inputs = c.inputs();
        for (Tensor& t : inputs)
            if (isFloatingType(t.dtype()))
                ops::requiresGrad_(t, true);
        std::vector<std::vector<double>> before;
        for (const Tensor& t : inputs) {
            std::vector<double> values;
            for (int64_t i = 0; i < t.numel(); ++i)
                values.push_back(t.valueAt(i));
            before.push_back(values);
        }
        takeUnhandledWarnings();
        try {
            c.op(inputs);
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(QString(pyExcName(e.exc())), QString(pyExcName(c.exc)));
            QCOMPARE(QString::fromStdString(e.message()), QString(c.message));
        }
        for (size_t k = 0; k < inputs.size(); ++k) {
            QCOMPARE(inputs[k].version(), 0u);
            QVERIFY(inputs[k].isLeaf());
            QVERIFY(!inputs[k].grad().defined());
            for (int64_t i = 0; i < inputs[k].numel(); ++i)
                QCOMPARE(inputs[k].valueAt(i), before[k][size_t(i)]);
        }
    }

    void mseWarnsBeforeTheBroadcastError()
    {
        takeUnhandledWarnings();
        try {
            ops::mseLoss(ops::ones({2, 3}), ops::ones({3, 2}));
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QString("The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"));
        }
        auto warnings = takeUnhandledWarnings();
        QCOMPARE(int(warnings.size()), 1);
        QCOMPARE(QString::fromStdString(warnings[0].message),
                 QString("Using a target size (torch.Size([3, 2])) that is different to the input size "
                         "(torch.Size([2, 3])). This will likely lead to incorrect results due to broadcasting. "
                         "Please ensure they have the same size."));
    }
};

QTEST_APPLESS_MAIN(TestOpsErrors)
#include "tst_ops_errors.moc"
