// The ops of core/ops/linalg_lapack.h as PyTorch 1.13 binds them: torch.det / slogdet /
// logdet / inverse / cholesky and their Tensor methods, and the kernels torch.linalg's
// det, slogdet, inv(_ex), solve(_ex) and cholesky(_ex) are (torch._C._linalg_*); plus
// torch._C._LinAlgError, the exception a singular or indefinite matrix raises.

#include <Python.h>

#include "core/ops/linalg_lapack.h"
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
}

}  // namespace agv::python
