"""Modules that PyTorch imports with `import torch` but few scripts use run their body on
first use, so that start-up is what a learner waits for (issue 7's start-up budget).

The module is in sys.modules and on its package from the start, as in PyTorch, so
`torch.utils.data.DataLoader`, `import torch.serialization` and `from torch.optim
import lr_scheduler` all work; only the body's cost moves to the first attribute read.
A package-level __getattr__ would do the same but add its own frame to the traceback
of a mistyped name, which PyTorch does not show."""

import importlib.util
import sys


def imported_on_first_use(name):
    """The module `name`, its body run when one of its attributes is first read."""
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
