#include "error.h"

namespace agv {

const char* pyExcName(PyExc exc)
{
    switch (exc) {
    case PyExc::RuntimeError: return "RuntimeError";
    case PyExc::TypeError: return "TypeError";
    case PyExc::ValueError: return "ValueError";
    case PyExc::IndexError: return "IndexError";
    case PyExc::KeyError: return "KeyError";
    case PyExc::NotImplementedError: return "NotImplementedError";
    case PyExc::ZeroDivisionError: return "ZeroDivisionError";
    case PyExc::AttributeError: return "AttributeError";
    case PyExc::OutOfMemoryError: return "torch.cuda.OutOfMemoryError";
    case PyExc::AssertionError: return "AssertionError";
    }
    return "RuntimeError";
}

const char* errorKindName(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::Other: return "other";
    case ErrorKind::VersionMismatch: return "version_mismatch";
    case ErrorKind::BackwardTwice: return "backward_twice";
    case ErrorKind::LeafInplace: return "leaf_inplace";
    case ErrorKind::LeafMovedIntoGraph: return "leaf_moved_into_graph";
    case ErrorKind::NoGradFn: return "no_grad_fn";
    case ErrorKind::NonScalarImplicitGrad: return "non_scalar_implicit_grad";
    case ErrorKind::ShapeMismatch: return "shape_mismatch";
    case ErrorKind::InferenceSaved: return "inference_saved";
    case ErrorKind::NanDetected: return "nan_detected";
    case ErrorKind::OutOfMemory: return "out_of_memory";
    case ErrorKind::Script: return "script";
    }
    return "other";
}

}  // namespace agv
