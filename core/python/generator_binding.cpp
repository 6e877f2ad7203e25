// torch.Generator: a random number generator of its own, for the random factories'
// `generator=` argument (a DataLoader's shuffle, random_split, a seeded dropout mask),
// and torch.default_generator, the process-wide one behind torch.manual_seed.

#include <memory>

#include "core/device/allocator.h"
#include "core/python/bindings.h"
#include "core/python/generator_arg.h"
#include "core/python/py_values.h"
#include "core/python/tensor_support.h"
#include "core/ops/cuda_random.h"
#include "core/ops/ops.h"
#include "core/random/cuda_generator.h"
#include "core/random/generator.h"

namespace agv::python {

namespace {

/// The Python object: shares its engine generator, so a DataLoader and a sampler that
/// hold the same torch.Generator draw from one stream.
struct GeneratorObject {
    std::shared_ptr<Generator> engine;  ///< a CPU generator
    std::shared_ptr<CudaGenerator> cuda;  ///< or a GPU's (torch.Generator(device='cuda'))
};

Generator& engineOf(py::handle self)
{
    return *self.cast<GeneratorObject&>().engine;
}

CudaGenerator* cudaOf(py::handle self) { return self.cast<GeneratorObject&>().cuda.get(); }

/// The GPU generator's state: a ByteTensor of its 16 bytes.
py::object cudaStateTensor(const CudaGenerator& g)
{
    const std::vector<uint8_t> state = g.getState();
    return wrapTensor(ops::fromInts({int64_t(state.size())}, std::vector<int64_t>(state.begin(), state.end()),
                                    ScalarType::UInt8));
}

void restoreCudaState(CudaGenerator& g, py::handle stateArg)
{
    const std::optional<Tensor> t = asTensor(stateArg);
    // check_rng_state's words.
    if (!t || t->dtype() != ScalarType::UInt8 || !t->device().isCpu())
        raise(PyExc_TypeError, "RNG state must be a torch.ByteTensor");
    std::vector<uint8_t> state;
    for (int64_t i = 0; i < t->numel(); ++i)
        state.push_back(uint8_t(t->intValueAt(i)));
    g.setState(state);
}

py::object stateTensor(const Generator& g)
{
    const std::vector<uint8_t> state = g.getState();
    const std::vector<int64_t> values(state.begin(), state.end());
    return wrapTensor(ops::fromInts({int64_t(values.size())}, values, ScalarType::Int64));
}

void restoreState(Generator& g, py::handle stateArg, const char* fn)
{
    const Tensor t = requireTensor(stateArg, fn, "new_state", 1);
    std::vector<uint8_t> state;
    state.reserve(size_t(t.numel()));
    for (int64_t i = 0; i < t.numel(); ++i)
        state.push_back(uint8_t(t.intValueAt(i)));
    g.setState(state);
}

/// torch.cuda's random functions (Note [The CUDA generator]); torch/cuda/random.py
/// decides when they run (CUDA's lazy set-up) as PyTorch's does.
void bindCudaGenerator(py::module_& m)
{
    m.def("_cuda_manual_seed", [](uint64_t seed) { cudaGenerator().manualSeed(seed); });
    m.def("_cuda_seed", [] { return cudaGenerator().seed(); });
    m.def("_cuda_initial_seed", [] { return cudaGenerator().initialSeed(); });
    m.def("_cuda_get_rng_state", [] { return cudaStateTensor(cudaGenerator()); });
    m.def("_cuda_set_rng_state", [](py::handle stateArg) { restoreCudaState(cudaGenerator(), stateArg); });
    // Fresh contiguous cuda tensors drawn as PyTorch's CUDA kernels draw them, from the
    // default GPU generator or a `generator=` argument's; the in-place samplers
    // (torch/_random_fill.py) lay them out in memory order.
    m.def("_cuda_normal", [](py::handle sizes, py::handle dtype, double mean, double std, py::handle generator) {
        const CudaDrawScope scope(cudaGeneratorFor(generatorArg(generator, "normal_")));
        return wrapTensor(ops::cudaNormal(intList(sizes, "normal_", "size"), *asDtype(dtype), Device::cuda(0), mean, std));
    });
    m.def("_cuda_uniform", [](py::handle sizes, py::handle dtype, double from, double to, py::handle generator) {
        const CudaDrawScope scope(cudaGeneratorFor(generatorArg(generator, "uniform_")));
        return wrapTensor(ops::cudaUniform(intList(sizes, "uniform_", "size"), *asDtype(dtype), Device::cuda(0), from, to));
    });
    m.def("_cuda_bernoulli", [](py::handle sizes, py::handle dtype, double p, py::handle generator) {
        const CudaDrawScope scope(cudaGeneratorFor(generatorArg(generator, "bernoulli_")));
        return wrapTensor(ops::cudaBernoulli(intList(sizes, "bernoulli_", "size"), *asDtype(dtype), Device::cuda(0), p));
    });
    m.def("_cuda_bernoulli_tensor", [](py::handle probabilities, py::handle dtype, py::handle generator) {
        const Tensor p = requireTensor(probabilities, "bernoulli_", "p", 0);
        const CudaDrawScope scope(cudaGeneratorFor(generatorArg(generator, "bernoulli_")));
        return wrapTensor(ops::cudaBernoulliTensor(p, *asDtype(dtype), Device::cuda(0)));
    });
    // torch.cuda.default_generators[0]: the object of the GPU's default generator.
    m.def("_cuda_default_generator", [] {
        return GeneratorObject{nullptr, std::shared_ptr<CudaGenerator>(&cudaGenerator(), [](CudaGenerator*) {})};
    });
}

}  // namespace

Generator* generatorArg(py::handle value, const char* fn)
{
    if (!value || value.is_none())
        return nullptr;
    if (!py::isinstance<GeneratorObject>(value))
        raise(PyExc_TypeError,
              std::string(fn) + "(): argument 'generator' must be torch.Generator, not " + typeName(value));
    GeneratorObject& object = value.cast<GeneratorObject&>();
    if (object.cuda) {
        // See cudaGeneratorArgument: the op's draw takes this GPU generator.
        setArgumentCudaGenerator(object.cuda);
        return cudaGeneratorArgument();
    }
    return object.engine.get();
}

void bindGenerator(py::module_& m)
{
    py::class_<GeneratorObject>(m, "Generator")
        .def(py::init([](py::object device) {
                 if (!device.is_none()) {
                     std::optional<Device> d = asDevice(device);
                     if (!d)
                         raise(PyExc_TypeError, "Generator(): argument 'device' must be torch.device, not " +
                                                    typeName(device));
                     if (d->type != DeviceType::CPU) {
                         if (!cudaAvailable())
                             raise(PyExc_RuntimeError,
                                   "Device type CUDA is not supported for torch.Generator() api.");
                         return GeneratorObject{nullptr, std::make_shared<CudaGenerator>()};
                     }
                 }
                 return GeneratorObject{std::make_shared<Generator>(), nullptr};
             }),
             py::arg("device") = py::none())
        .def("manual_seed",
             [](py::object self, py::object seed) {
                 const uint64_t value = uint64_t(requireInt(seed, "manual_seed", "seed"));
                 if (CudaGenerator* gpu = cudaOf(self))
                     gpu->manualSeed(value);
                 else
                     engineOf(self).manualSeed(value);
                 return self;
             })
        .def("seed",
             [](py::handle self) {
                 CudaGenerator* gpu = cudaOf(self);
                 return gpu ? gpu->seed() : engineOf(self).seed();
             })
        .def("initial_seed",
             [](py::handle self) {
                 CudaGenerator* gpu = cudaOf(self);
                 return gpu ? gpu->initialSeed() : engineOf(self).initialSeed();
             })
        .def("get_state",
             [](py::handle self) {
                 CudaGenerator* gpu = cudaOf(self);
                 return gpu ? cudaStateTensor(*gpu) : stateTensor(engineOf(self));
             })
        .def("set_state",
             [](py::object self, py::handle state) {
                 if (CudaGenerator* gpu = cudaOf(self))
                     restoreCudaState(*gpu, state);
                 else
                     restoreState(engineOf(self), state, "set_state");
                 return self;
             })
        .def_property_readonly("device", [](py::handle self) {
            return wrapDevice(cudaOf(self) ? Device::cuda(0) : Device{});
        });
    m.attr("Generator").attr("__module__") = "torch._C";
    // The default generator's object wraps the engine's process-wide one without owning it.
    m.attr("default_generator") = GeneratorObject{std::shared_ptr<Generator>(&defaultGenerator(), [](Generator*) {}), nullptr};

    // torch.manual_seed and torch.seed seed every GPU too (torch.cuda.manual_seed_all).
    defNative(m, "manual_seed", [](CallArgs& args) -> py::object {
        auto a = bind(args, "manual_seed", {"seed"}, 1);
        const uint64_t seed = uint64_t(requireInt(a[0], "manual_seed", "seed"));
        defaultGenerator().manualSeed(seed);
        cudaGenerator().manualSeed(seed);
        return py::module_::import("_agv_torch").attr("default_generator");
    });
    defNative(m, "seed", [](CallArgs&) -> py::object {
        const uint64_t seed = defaultGenerator().seed();
        cudaGenerator().manualSeed(seed);
        return py::int_(seed);
    });
    defNative(m, "initial_seed", [](CallArgs&) -> py::object { return py::int_(defaultGenerator().initialSeed()); });
    defNative(m, "get_rng_state", [](CallArgs&) { return stateTensor(defaultGenerator()); });
    bindCudaGenerator(m);
    defNative(m, "set_rng_state", [](CallArgs& args) {
        restoreState(defaultGenerator(), argAt(args, 0, "new_state"), "set_rng_state");
        return py::object(py::none());
    });
}

}  // namespace agv::python
