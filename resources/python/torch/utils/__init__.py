"""torch.utils."""


def __getattr__(name):
    # `torch.utils.data` works after a plain `import torch`, as in PyTorch, but is only
    # compiled when used: every run compiles our package afresh (no bytecode cache is
    # written in the sandbox), and start-up is what a learner waits for.
    if name in ("data", "checkpoint", "hooks"):
        import importlib
        return importlib.import_module("torch.utils." + name)
    raise AttributeError("module 'torch.utils' has no attribute '" + name + "'")
