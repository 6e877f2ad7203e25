"""Sequential and ModuleList."""

from collections import OrderedDict

from torch.nn.modules.module import Module


class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def __getitem__(self, idx):
        keys = list(self._modules.keys())
        if isinstance(idx, slice):
            # A slice keeps the original keys, as PyTorch's OrderedDict-based slicing does.
            sliced = Sequential()
            for k in keys[idx]:
                sliced.add_module(k, self._modules[k])
            return sliced
        if idx < -len(keys) or idx >= len(keys):
            raise IndexError('index ' + str(idx) + ' is out of range')
        return self._modules[keys[idx]]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(list(self._modules.values()))

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            for module in modules:
                self.append(module)

    def __getitem__(self, idx):
        return list(self._modules.values())[idx]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(list(self._modules.values()))

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self
