"""What CPU-only PyTorch 1.13 raises for Tensor.pin_memory(): no kernel of aten::_pin_memory
for the backend asked (CUDA by default, CPU when device='cpu'). The text is the dispatcher's,
word for word (Note [Pinned host memory] in core/device/pinned_host.h)."""

_NO_KERNEL = (
    "Could not run 'aten::_pin_memory' with arguments from the '{backend}' backend. This could be because the operator doesn't exist for this backend, or was omitted during the selective/custom build process (if using custom build). If you are a Facebook employee using PyTorch on mobile, please visit https://fburl.com/ptmfixes for possible resolutions. 'aten::_pin_memory' is only available for these backends: [BackendSelect, Python, FuncTorchDynamicLayerBackMode, Functionalize, Named, Conjugate, Negative, ZeroTensor, ADInplaceOrView, AutogradOther, AutogradCPU, AutogradCUDA, AutogradHIP, AutogradXLA, AutogradMPS, AutogradIPU, AutogradXPU, AutogradHPU, AutogradVE, AutogradLazy, AutogradMeta, AutogradPrivateUse1, AutogradPrivateUse2, AutogradPrivateUse3, AutogradNestedTensor, Tracer, AutocastCPU, AutocastCUDA, FuncTorchBatched, FuncTorchVmapMode, Batched, VmapMode, FuncTorchGradWrapper, PythonTLSSnapshot, FuncTorchDynamicLayerFrontMode, PythonDispatcher].\n"
    '\n'
    'BackendSelect: registered at ./build/aten/src/ATen/RegisterBackendSelect.cpp:726 [kernel]\n'
    'Python: registered at ./aten/src/ATen/core/PythonFallbackKernel.cpp:140 [backend fallback]\n'
    'FuncTorchDynamicLayerBackMode: registered at ./aten/src/ATen/functorch/DynamicLayer.cpp:488 [backend fallback]\n'
    'Functionalize: registered at ./aten/src/ATen/FunctionalizeFallbackKernel.cpp:291 [backend fallback]\n'
    'Named: registered at ./aten/src/ATen/core/NamedRegistrations.cpp:7 [backend fallback]\n'
    'Conjugate: registered at ./aten/src/ATen/ConjugateFallback.cpp:18 [backend fallback]\n'
    'Negative: registered at ./aten/src/ATen/native/NegateFallback.cpp:18 [backend fallback]\n'
    'ZeroTensor: registered at ./aten/src/ATen/ZeroTensorFallback.cpp:86 [backend fallback]\n'
    'ADInplaceOrView: fallthrough registered at ./aten/src/ATen/core/VariableFallbackKernel.cpp:64 [backend fallback]\n'
    'AutogradOther: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradCPU: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradCUDA: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradHIP: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradXLA: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradMPS: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradIPU: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradXPU: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradHPU: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradVE: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradLazy: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradMeta: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradPrivateUse1: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradPrivateUse2: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradPrivateUse3: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'AutogradNestedTensor: registered at ./torch/csrc/autograd/generated/VariableType_0.cpp:14904 [autograd kernel]\n'
    'Tracer: registered at ./torch/csrc/autograd/generated/TraceType_0.cpp:16458 [kernel]\n'
    'AutocastCPU: fallthrough registered at ./aten/src/ATen/autocast_mode.cpp:482 [backend fallback]\n'
    'AutocastCUDA: fallthrough registered at ./aten/src/ATen/autocast_mode.cpp:324 [backend fallback]\n'
    'FuncTorchBatched: registered at ./aten/src/ATen/functorch/LegacyBatchingRegistrations.cpp:743 [backend fallback]\n'
    'FuncTorchVmapMode: fallthrough registered at ./aten/src/ATen/functorch/VmapModeRegistrations.cpp:28 [backend fallback]\n'
    'Batched: registered at ./aten/src/ATen/BatchingRegistrations.cpp:1064 [backend fallback]\n'
    'VmapMode: fallthrough registered at ./aten/src/ATen/VmapModeRegistrations.cpp:33 [backend fallback]\n'
    'FuncTorchGradWrapper: registered at ./aten/src/ATen/functorch/TensorWrapper.cpp:189 [backend fallback]\n'
    'PythonTLSSnapshot: registered at ./aten/src/ATen/core/PythonFallbackKernel.cpp:148 [backend fallback]\n'
    'FuncTorchDynamicLayerFrontMode: registered at ./aten/src/ATen/functorch/DynamicLayer.cpp:484 [backend fallback]\n'
    'PythonDispatcher: registered at ./aten/src/ATen/core/PythonFallbackKernel.cpp:144 [backend fallback]\n'
)


def raise_no_pin_memory_kernel(backend):
    raise NotImplementedError(_NO_KERNEL.format(backend=backend))
