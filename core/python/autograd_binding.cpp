// Autograd entry points and switches: torch.autograd.backward/grad and the state
// behind no_grad, enable_grad, inference_mode and anomaly mode. The context managers
// and decorators themselves are Python (torch/autograd/grad_mode.py, anomaly_mode.py),
// as in PyTorch.

#include <algorithm>
#include <set>
#include <string>

#include "core/autograd/checkpoint_override.h"
#include "core/autograd/checkpoint_segment.h"
#include "core/autograd/engine.h"
#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/python/bindings.h"
#include "core/trace/run_configuration.h"
#include "core/trace/sink.h"
#include "core/python/py_values.h"

namespace agv::python {

namespace {

/// torch.autograd's `tensors` arguments: one tensor, or a sequence whose None entries
/// stand for "no tensor" (grad_outputs=[None, g]).
TensorList tensorsOrSingle(py::handle v, const char* fn, const char* arg)
{
    if (auto t = asTensor(v))
        return {*t};
    TensorList out;
    for (py::handle item : v)
        out.push_back(item.is_none() ? Tensor() : requireTensor(item, fn, arg, 1));
    return out;
}

/// A flag of run_backward's "OObb|Obb": an unsigned byte as PyArg_ParseTuple reads one.
bool unsignedByteFlag(py::handle h)
{
    const long value = PyLong_AsLong(h.ptr());  // "'str' object cannot be interpreted as an integer"
    if (value == -1 && PyErr_Occurred())
        throw py::error_already_set();
    if (value < 0)
        raise(PyExc_OverflowError, "unsigned byte integer is less than minimum");
    if (value > 255)
        raise(PyExc_OverflowError, "unsigned byte integer is greater than maximum");
    return value != 0;
}

}  // namespace

void bindAutograd(py::module_& m)
{
    m.def("is_grad_enabled", [] { return GradMode::isEnabled(); });
    m.def("_set_grad_enabled", [](bool enabled) { GradMode::setEnabled(enabled); });
    m.def("is_inference_mode_enabled", [] { return InferenceMode::isEnabled(); });
    m.def("_set_inference_mode", [](bool enabled) { InferenceMode::setEnabled(enabled); });
    m.def("is_anomaly_enabled", [] { return AnomalyMode::isEnabled(); });
    m.def("is_anomaly_check_nan_enabled", [] { return AnomalyMode::checkNan(); });
    m.def("_set_anomaly_enabled", [](bool enabled, bool checkNan) { AnomalyMode::setEnabled(enabled, checkNan); },
          py::arg("enabled"), py::arg("check_nan") = true);
    m.def("is_inference", [](py::handle input) {
        return requireTensor(input, "is_inference", "input", 1).impl()->isInference();
    });
    m.def("_is_checkpoint_valid", [] { return isCheckpointValid(); });
    // torch/utils/checkpoint.py marks its segments for the trace (checkpoint_segment.h).
    m.def("_checkpoint_new_segment", [] { return CheckpointSegments::newSegment(); });
    m.def("_checkpoint_enter_recompute", [](uint64_t segment) { CheckpointSegments::enterRecompute(segment); });
    m.def("_checkpoint_enter_forward", [](uint64_t segment, bool reentrant, bool preserveRngState) {
        CheckpointSegments::enterForward(segment, reentrant, preserveRngState);
    });
    m.def("_checkpoint_leave", [] { CheckpointSegments::leave(); });
    m.def("_trace_mute", [] { trace::beginMute(); });
    m.def("_trace_unmute", [] { trace::endMute(); });
    m.def("_checkpoint_current_segment", [] { return CheckpointSegments::current(); });
    // --checkpoint-config (checkpoint_override.h), read at the top of checkpoint() and
    // checkpoint_sequential().
    m.def("_checkpoint_override", [] {
        return checkpointOverride().text();
    });
    m.def("_checkpoint_sequential_segments", [](int functions, int segmentsAsked) {
        const CheckpointOverride configuration = checkpointOverride();
        if (configuration.mode != CheckpointOverride::Mode::Off &&
            configuration.mode != CheckpointOverride::Mode::Segments)
            return segmentsAsked;
        // 1.13 splits into len // segments parts: more segments than functions cannot run.
        const int segments = configuration.mode == CheckpointOverride::Mode::Segments
                                 ? std::clamp(configuration.segments, 1, std::max(functions, 1))
                                 : segmentsAsked;
        // Once per distinct split: a training loop calls it every step.
        static std::set<std::string> noted;
        trace::Note note = trace::sequentialOverrideNote(trace::sinkStep(trace::sink()), configuration, functions,
                                                         segmentsAsked, segments);
        if (noted.insert(note.text).second)
            trace::addNoteToSink(trace::sink(), std::move(note));
        return segments;
    });
    // Forward-mode AD (torch/autograd/forward_ad.py calls these, as PyTorch's does).
    m.def("_enter_dual_level", [] { return forward_ad::enterDualLevel(); });
    m.def(
        "_exit_dual_level",
        [](int64_t level) {
            if (level < 0)
                raise(PyExc_RuntimeError, "Dual level must be a positive number.");
            forward_ad::exitDualLevel(level);
        },
        py::kw_only(), py::arg("level"));
    m.def(
        "_make_dual",
        [](py::handle primal, py::handle tangent, int64_t level) {
            return wrapTensor(forward_ad::makeDual(requireTensor(primal, "_make_dual", "primal", 1),
                                                   requireTensor(tangent, "_make_dual", "tangent", 2), level));
        },
        py::arg("primal"), py::arg("tangent"), py::kw_only(), py::arg("level"));
    m.def(
        "_unpack_dual",
        [](py::handle dual, int64_t level) {
            // aten's _unpack_dual(Tensor(a) dual, int level): its argument errors say 'dual'
            Tensor t = requireTensor(dual, "_unpack_dual", "dual", 1);
            Tensor tangent = forward_ad::tangentOf(t);
            return py::make_tuple(wrapTensor(forward_ad::primalView(t, level)), wrapTensor(tangent));
        },
        py::arg("dual"), py::kw_only(), py::arg("level"));
    // Variable._execution_engine.run_backward: torch.autograd.backward and grad (Python, as
    // in 1.13) check the gradients first and call this with tuples; None stands for a
    // gradient the engine creates (ones for a scalar output).
    m.def(
        "_run_backward",
        [](py::handle tensors, py::handle gradTensors, py::handle keepGraph, py::handle createGraph,
           py::handle inputs, py::handle allowUnreachable, py::handle accumulateGrad) -> py::object {
            const bool keep = unsignedByteFlag(keepGraph), create = unsignedByteFlag(createGraph);
            const bool allowUnused = unsignedByteFlag(allowUnreachable), accumulate = unsignedByteFlag(accumulateGrad);
            TensorList roots = tensorsOrSingle(tensors, "backward", "tensors");
            TensorList grads = tensorsOrSingle(gradTensors, "backward", "tensors");
            TensorList ins = given(inputs) ? tensorsOrSingle(inputs, "backward", "inputs") : TensorList{};
            if (accumulate && ins.empty()) {
                agv::backward(roots, grads, keep, create);
                return py::none();
            }
            TensorList result = agv::grad(roots, ins, grads, keep, create, allowUnused || accumulate, accumulate);
            if (accumulate)
                return py::none();
            return wrapTensors(result);
        },
        py::arg("tensors"), py::arg("grad_tensors"), py::arg("keep_graph"), py::arg("create_graph"),
        py::arg("inputs") = py::none(), py::arg("allow_unreachable") = false, py::arg("accumulate_grad") = false);
}

}  // namespace agv::python
