// The ops of core/ops/linalg_lapack.h as PyTorch 1.13 binds them: torch.det / slogdet /
// logdet / inverse / cholesky / cholesky_solve / cholesky_inverse / svd / qr /
// triangular_solve / lu_solve / lu_unpack / pinverse / geqrf / matrix_exp / orgqr and their Tensor
// methods, and the kernels torch.linalg's functions are (torch._C._linalg_*: det, slogdet,
// inv(_ex), solve(_ex), cholesky(_ex), svd, svdvals, qr, eigh, eigvalsh, solve_triangular,
// lu_factor(_ex), lu, lu_solve, pinv, matrix_exp, householder_product, lstsq, ldl_factor(_ex),
// ldl_solve); plus
// torch._C._LinAlgError, the exception a singular or indefinite matrix raises.

#include <Python.h>

#include "core/ops/linalg_checks.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/ops.h"
#include "core/python/py_values.h"
#include "core/python/signature_parser.h"
#include "core/python/tensor_support.h"

namespace agv::python {

namespace {

PyObject* g_linAlgError = nullptr;

/// ops::LinAlgError becomes torch._C._LinAlgError, carrying the facts errors.cpp gives
/// every engine error.
void translateLinAlgError(std::exception_ptr p)
{
    try {
        if (p)
            std::rethrow_exception(p);
    } catch (const ops::LinAlgError& e) {
        py::str message(e.message());
        PyObject* instance = PyObject_CallOneArg(g_linAlgError, message.ptr());
        if (!instance)
            return;
        py::object exception = py::reinterpret_steal<py::object>(instance);
        exception.attr("_agv_kind") = py::int_(int(e.kind()));
        exception.attr("_agv_failing_node") = py::int_(e.failingNode);
        exception.attr("_agv_stale_tensor") = py::int_(e.staleTensor);
        PyErr_SetObject(g_linAlgError, exception.ptr());
    }
}

/// torch._C._linalg_<name>: a builtin parsed by 1.13's argument parser.
template <typename Impl>
void defLinalgFunction(py::module_& m, const char* name, const char* signature, Impl impl)
{
    m.def(name, [signature, impl](py::args args, py::kwargs kwargs) -> py::object {
        static const ArgumentParser parser{signature};
        const CallArgs call{std::move(args), std::move(kwargs)};
        return impl(parser.parse(call));
    });
}

py::object pair(const char* returnType, const std::pair<Tensor, Tensor>& values)
{
    return makeReturnType(returnType, wrapTensor(values.first), wrapTensor(values.second));
}

py::object triple(const char* returnType, const std::tuple<Tensor, Tensor, Tensor>& values)
{
    return makeReturnType(returnType, py::make_tuple(wrapTensor(std::get<0>(values)), wrapTensor(std::get<1>(values)),
                                                     wrapTensor(std::get<2>(values))));
}

/// A str argument, or `fallback` when it was left out.
std::string stringArg(const ParsedArguments& a, const char* name, const char* fallback)
{
    return a.has(name) ? a[name].cast<std::string>() : std::string(fallback);
}

/// driver= selects a cuSOLVER algorithm; CPU tensors have only gesdd. _linalg_svd checks A
/// first.
void refuseDriver(const ParsedArguments& a, const Tensor& A)
{
    if (!a.has("driver"))
        return;
    ops::checkIsMatrix(A, "linalg.svd");
    ops::checkFloatingOrComplex(A, "linalg.svd");
    throw Error(PyExc::RuntimeError, "torch.linalg.svd: keyword argument `driver=` is only supported on CUDA "
                                         "inputs with cuSOLVER backend.");
}

}  // namespace

void bindLinalgLapack(py::module_& m)
{
    g_linAlgError = PyErr_NewException("torch._C._LinAlgError", PyExc_RuntimeError, nullptr);
    m.attr("_LinAlgError") = py::handle(g_linAlgError);
    py::register_exception_translator(translateLinAlgError);

    py::object cls = m.attr("_TensorBase");
    defParsedMethodAndFunction(m, cls, {"det()"}, {"det(Tensor input)"},
                               [](const Tensor& self, const ParsedArguments&) -> py::object {
                                   return wrapTensor(ops::linalgDet(self));
                               });
    defParsedMethodAndFunction(m, cls, {"slogdet()"}, {"slogdet(Tensor input)"},
                               [](const Tensor& self, const ParsedArguments&) -> py::object {
                                   return pair("slogdet", ops::linalgSlogdet(self));
                               });
    defParsedMethodAndFunction(m, cls, {"logdet()"}, {"logdet(Tensor input)"},
                               [](const Tensor& self, const ParsedArguments&) -> py::object {
                                   return wrapTensor(ops::logdet(self));
                               });
    defParsedMethodAndFunction(m, cls, {"geqrf()"}, {"geqrf(Tensor input, *, TensorList[2] out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "geqrf");
                                   return pair("geqrf", ops::geqrf(self));
                               });
    defParsedMethodAndFunction(m, cls, {"matrix_exp()"}, {"matrix_exp(Tensor input)"},
                               [](const Tensor& self, const ParsedArguments&) -> py::object {
                                   return wrapTensor(ops::linalgMatrixExp(self));
                               });
    defParsedMethodAndFunction(m, cls, {"orgqr(Tensor input2)"},
                               {"orgqr(Tensor input, Tensor input2, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "orgqr");
                                   return wrapTensor(ops::linalgHouseholderProduct(self, a.tensor("input2")));
                               });
    defParsedMethodAndFunction(m, cls, {"inverse()"}, {"inverse(Tensor input, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "inverse");
                                   return wrapTensor(ops::linalgInv(self));
                               });
    defParsedMethodAndFunction(m, cls, {"cholesky(bool upper=False)"},
                               {"cholesky(Tensor input, bool upper=False, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "cholesky");
                                   return wrapTensor(ops::cholesky(self, a.toBool("upper", false)));
                               });

    defParsedMethodAndFunction(
        m, cls, {"svd(bool some=True, bool compute_uv=True)"},
        {"svd(Tensor input, bool some=True, bool compute_uv=True, *, TensorList[3] out=None)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            refuseOut(a, "svd");
            return triple("svd", ops::svd(self, a.toBool("some", true), a.toBool("compute_uv", true)));
        });
    defParsedMethodAndFunction(m, cls, {"cholesky_solve(Tensor input2, bool upper=False)"},
                               {"cholesky_solve(Tensor input, Tensor input2, bool upper=False, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "cholesky_solve");
                                   return wrapTensor(
                                       ops::choleskySolve(self, a.tensor("input2"), a.toBool("upper", false)));
                               });
    defParsedMethodAndFunction(m, cls, {"cholesky_inverse(bool upper=False)"},
                               {"cholesky_inverse(Tensor input, bool upper=False, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "cholesky_inverse");
                                   return wrapTensor(ops::choleskyInverse(self, a.toBool("upper", false)));
                               });
    defParsedMethodAndFunction(m, cls, {"pinverse(double rcond=1e-15)"},
                               {"pinverse(Tensor input, double rcond=1e-15)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   const double rcond = a.has("rcond") ? a.toDouble("rcond") : 1e-15;
                                   const Tensor rtol = ops::full({}, rcond, ScalarType::Float64);
                                   return wrapTensor(ops::linalgPinv(self, ops::zeros({}, ScalarType::Float64), rtol));
                               });
    defParsedMethodAndFunction(m, cls, {"lu_solve(Tensor LU_data, Tensor LU_pivots)"},
                               {"lu_solve(Tensor input, Tensor LU_data, Tensor LU_pivots, *, Tensor out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "lu_solve");
                                   return wrapTensor(ops::luSolve(self, a.tensor("LU_data"), a.tensor("LU_pivots")));
                               });
    defParsedMethodAndFunction(m, cls, {"qr(bool some=True)"},
                               {"qr(Tensor input, bool some=True, *, TensorList[2] out=None)"},
                               [](const Tensor& self, const ParsedArguments& a) -> py::object {
                                   refuseOut(a, "qr");
                                   return pair("qr", ops::qr(self, a.toBool("some", true)));
                               });
    defParsedMethodAndFunction(
        m, cls, {"triangular_solve(Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False)"},
        {"triangular_solve(Tensor input, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False, *, "
         "TensorList[2] out=None)"},
        [](const Tensor& self, const ParsedArguments& a) -> py::object {
            refuseOut(a, "triangular_solve");
            return pair("triangular_solve",
                        ops::triangularSolve(self, a.tensor("A"), a.toBool("upper", true), a.toBool("transpose", false),
                                             a.toBool("unitriangular", false)));
        });

    defLinalgFunction(m, "_linalg_det", "linalg_det(Tensor A, *, Tensor out=None)", [](const ParsedArguments& a) {
        refuseOut(a, "linalg.det");
        return wrapTensor(ops::linalgDet(a.tensor("A")));
    });
    defLinalgFunction(m, "_linalg_slogdet", "linalg_slogdet(Tensor A, *, PyObject* out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.slogdet");
                          return pair("linalg_slogdet", ops::linalgSlogdet(a.tensor("A")));
                      });
    defLinalgFunction(m, "_linalg_inv", "linalg_inv(Tensor A, *, Tensor out=None)", [](const ParsedArguments& a) {
        refuseOut(a, "linalg.inv");
        return wrapTensor(ops::linalgInv(a.tensor("A")));
    });
    defLinalgFunction(m, "_linalg_inv_ex", "linalg_inv_ex(Tensor A, *, bool check_errors=False, PyObject* out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.inv_ex");
                          return pair("linalg_inv_ex",
                                      ops::linalgInvEx(a.tensor("A"), a.toBool("check_errors", false)));
                      });
    defLinalgFunction(m, "_linalg_solve", "linalg_solve(Tensor A, Tensor B, *, bool left=True, Tensor out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.solve");
                          return wrapTensor(ops::linalgSolve(a.tensor("A"), a.tensor("B"), a.toBool("left", true)));
                      });
    defLinalgFunction(
        m, "_linalg_solve_ex",
        "linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False, PyObject* out=None)",
        [](const ParsedArguments& a) {
            refuseOut(a, "linalg.solve_ex");
            return pair("linalg_solve_ex", ops::linalgSolveEx(a.tensor("A"), a.tensor("B"), a.toBool("left", true),
                                                              a.toBool("check_errors", false)));
        });
    defLinalgFunction(m, "_linalg_cholesky", "linalg_cholesky(Tensor A, *, bool upper=False, Tensor out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.cholesky");
                          return wrapTensor(ops::linalgCholesky(a.tensor("A"), a.toBool("upper", false)));
                      });
    defLinalgFunction(
        m, "_linalg_cholesky_ex",
        "linalg_cholesky_ex(Tensor A, *, bool upper=False, bool check_errors=False, PyObject* out=None)",
        [](const ParsedArguments& a) {
            refuseOut(a, "linalg.cholesky_ex");
            return pair("linalg_cholesky_ex", ops::linalgCholeskyEx(a.tensor("A"), a.toBool("upper", false),
                                                                    a.toBool("check_errors", false)));
        });
    {
        // linalg_pinv's overloads: Tensor or float tolerances; rcond, NumPy's relative one.
        static const ArgumentParser parser{
            "linalg_pinv(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False, Tensor out=None)",
            "linalg_pinv(Tensor input, *, double? atol=None, double? rtol=None, bool hermitian=False, Tensor out=None)",
            "linalg_pinv(Tensor input, Tensor rcond, bool hermitian=False, *, Tensor out=None)",
            "linalg_pinv(Tensor input, double rcond, bool hermitian=False, *, Tensor out=None)"};
        m.def("_linalg_pinv", [](py::args args, py::kwargs kwargs) -> py::object {
            const ParsedArguments a = parser.parse(CallArgs{std::move(args), std::move(kwargs)});
            refuseOut(a, "linalg.pinv");
            const Tensor input = a.tensor("input");
            const auto tolerance = [&](const char* name) -> std::optional<Tensor> {
                if (!a.has(name))
                    return std::nullopt;
                if (a.overload() == 0 || a.overload() == 2)
                    return a.tensor(name);
                return ops::full({}, a.toDouble(name), ScalarType::Float64);
            };
            const bool hermitian = a.toBool("hermitian", false);
            if (a.overload() >= 2) {
                const std::optional<Tensor> rtol = tolerance("rcond");
                const Tensor atol = ops::zeros({}, rtol->dtype());
                return wrapTensor(ops::linalgPinv(input, atol, rtol, hermitian));
            }
            return wrapTensor(ops::linalgPinv(input, tolerance("atol"), tolerance("rtol"), hermitian));
        });
    }
    defLinalgFunction(m, "_linalg_lu_factor", "linalg_lu_factor(Tensor A, *, bool pivot=True, TensorList[2] out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.lu_factor");
                          return pair("linalg_lu_factor",
                                      ops::linalgLuFactor(a.tensor("A"), a.toBool("pivot", true)));
                      });
    defLinalgFunction(
        m, "_linalg_lu_factor_ex",
        "linalg_lu_factor_ex(Tensor A, *, bool pivot=True, bool check_errors=False, TensorList[3] out=None)",
        [](const ParsedArguments& a) {
            refuseOut(a, "linalg.lu_factor_ex");
            return triple("linalg_lu_factor_ex", ops::linalgLuFactorEx(a.tensor("A"), a.toBool("pivot", true),
                                                                       a.toBool("check_errors", false)));
        });
    defLinalgFunction(m, "_lu_with_info", "_lu_with_info(Tensor input, bool pivot=True, bool check_errors=True)",
                      [](const ParsedArguments& a) {
                          return triple("_lu_with_info", ops::luWithInfo(a.tensor("input"), a.toBool("pivot", true)));
                      });
    defLinalgFunction(m, "_linalg_lu", "linalg_lu(Tensor A, *, bool pivot=True, TensorList[3] out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.lu");
                          return triple("linalg_lu", ops::linalgLu(a.tensor("A"), a.toBool("pivot", true)));
                      });
    defLinalgFunction(m, "lu_unpack",
                      "lu_unpack(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, bool unpack_pivots=True, *, "
                      "TensorList[3] out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "lu_unpack");
                          return triple("lu_unpack", ops::luUnpack(a.tensor("LU_data"), a.tensor("LU_pivots"),
                                                                   a.toBool("unpack_data", true),
                                                                   a.toBool("unpack_pivots", true)));
                      });
    defLinalgFunction(m, "_linalg_lu_solve",
                      "linalg_lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, bool adjoint=False, "
                      "Tensor out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.lu_solve");
                          return wrapTensor(ops::linalgLuSolve(a.tensor("LU"), a.tensor("pivots"), a.tensor("B"),
                                                               a.toBool("left", true), a.toBool("adjoint", false)));
                      });
    defLinalgFunction(m, "_linalg_ldl_factor_ex",
                      "linalg_ldl_factor_ex(Tensor input, *, bool hermitian=False, bool check_errors=False, "
                      "TensorList[3] out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.ldl_factor_ex");
                          return triple("linalg_ldl_factor_ex",
                                        ops::linalgLdlFactorEx(a.tensor("input"), a.toBool("hermitian", false),
                                                               a.toBool("check_errors", false)));
                      });
    defLinalgFunction(m, "_linalg_ldl_factor",
                      "linalg_ldl_factor(Tensor input, *, bool hermitian=False, TensorList[2] out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.ldl_factor");
                          return pair("linalg_ldl_factor",
                                      ops::linalgLdlFactor(a.tensor("input"), a.toBool("hermitian", false)));
                      });
    defLinalgFunction(m, "_linalg_ldl_solve",
                      "linalg_ldl_solve(Tensor LD, Tensor pivots, Tensor B, *, bool hermitian=False, Tensor out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.ldl_solve");
                          return wrapTensor(ops::linalgLdlSolve(a.tensor("LD"), a.tensor("pivots"), a.tensor("B"),
                                                                a.toBool("hermitian", false)));
                      });
    defLinalgFunction(m, "_linalg_lstsq",
                      "linalg_lstsq(Tensor input, Tensor b, double? rcond=None, *, c10::string_view? driver=None, "
                      "TensorList[4] out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.lstsq");
                          const std::optional<double> rcond =
                              a.has("rcond") ? std::optional<double>(a.toDouble("rcond")) : std::nullopt;
                          const std::optional<std::string> driver =
                              a.has("driver") ? std::optional<std::string>(a["driver"].cast<std::string>()) : std::nullopt;
                          const ops::LstsqResult r = ops::linalgLstsq(a.tensor("input"), a.tensor("b"), rcond, driver);
                          return makeReturnType("linalg_lstsq",
                                                py::make_tuple(wrapTensor(r.solution), wrapTensor(r.residuals),
                                                               wrapTensor(r.rank), wrapTensor(r.singularValues)));
                      });
    defLinalgFunction(
        m, "_linalg_svd",
        "linalg_svd(Tensor A, bool full_matrices=True, *, c10::string_view? driver=None, TensorList[3] out=None)",
        [](const ParsedArguments& a) {
            refuseOut(a, "linalg.svd");
            const Tensor A = a.tensor("A");
            refuseDriver(a, A);
            return triple("linalg_svd", ops::linalgSvd(A, a.toBool("full_matrices", true)));
        });
    defLinalgFunction(m, "_linalg_svdvals",
                      "linalg_svdvals(Tensor A, *, c10::string_view? driver=None, Tensor out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.svdvals");
                          const Tensor A = a.tensor("A");
                          refuseDriver(a, A);
                          return wrapTensor(ops::linalgSvdvals(A));
                      });
    defLinalgFunction(m, "_linalg_qr", "linalg_qr(Tensor A, c10::string_view mode=\"reduced\", *, TensorList[2] out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.qr");
                          return pair("linalg_qr", ops::linalgQr(a.tensor("A"), stringArg(a, "mode", "reduced")));
                      });
    defLinalgFunction(m, "_linalg_matrix_exp", "linalg_matrix_exp(Tensor input)", [](const ParsedArguments& a) {
        return wrapTensor(ops::linalgMatrixExp(a.tensor("input")));
    });
    defLinalgFunction(m, "_linalg_householder_product",
                      "linalg_householder_product(Tensor input, Tensor tau, *, Tensor out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.householder_product");
                          return wrapTensor(ops::linalgHouseholderProduct(a.tensor("input"), a.tensor("tau")));
                      });
    defLinalgFunction(m, "_linalg_eigh",
                      "linalg_eigh(Tensor input, c10::string_view UPLO=\"L\", *, TensorList[2] out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.eigh");
                          return pair("linalg_eigh", ops::linalgEigh(a.tensor("input"), stringArg(a, "UPLO", "L")));
                      });
    defLinalgFunction(m, "_linalg_eigvalsh",
                      "linalg_eigvalsh(Tensor input, c10::string_view UPLO=\"L\", *, Tensor out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.eigvalsh");
                          return wrapTensor(ops::linalgEigvalsh(a.tensor("input"), stringArg(a, "UPLO", "L")));
                      });
    defLinalgFunction(m, "_linalg_solve_triangular",
                      "linalg_solve_triangular(Tensor input, Tensor B, *, bool upper, bool left=True, bool "
                      "unitriangular=False, Tensor out=None)",
                      [](const ParsedArguments& a) {
                          refuseOut(a, "linalg.solve_triangular");
                          return wrapTensor(ops::linalgSolveTriangular(
                              a.tensor("input"), a.tensor("B"), a.toBool("upper", false), a.toBool("left", true),
                              a.toBool("unitriangular", false)));
                      });
}

}  // namespace agv::python
