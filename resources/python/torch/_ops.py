"""torch.ops: PyTorch's operators by name (torch.ops.aten.mm.default), laid out as
PyTorch 1.13's torch/_ops.py presents them. The names are PyTorch's own (_ops_table.py).

Our engine has no dispatcher to look operators up in: an OpOverload is a name that
selective checkpointing's policy functions compare with (the engine names each op it
runs, core/ops/aten_overloads.h), and calling one runs the torch function of that name.
"""

import types



class OpOverload:
    def __init__(self, overloadpacket, overload_name):
        self._overloadpacket = overloadpacket
        self._overloadname = overload_name
        self.__name__ = f"{overloadpacket.__name__}.{overload_name}"
        self.__qualname__ = self.__name__

    @property
    def overloadpacket(self):
        return self._overloadpacket

    @property
    def namespace(self):
        return self._overloadpacket._namespace

    def name(self):
        packet = self._overloadpacket
        qualified = f"{packet._namespace}::{packet.__name__}"
        return qualified if self._overloadname == "default" else f"{qualified}.{self._overloadname}"

    def __repr__(self):
        return (f"<OpOverload(op='{self._overloadpacket._namespace}.{self._overloadpacket.__name__}', "
                f"overload='{self._overloadname}')>")

    def __str__(self):
        return f"{self._overloadpacket._namespace}.{self.__name__}"

    def __call__(self, *args, **kwargs):
        return self._overloadpacket._call(self, *args, **kwargs)


class OpOverloadPacket:
    def __init__(self, namespace, name, overload_names):
        self._namespace = namespace
        self.__name__ = name
        self._overload_names = overload_names
        self._overloads = {}

    def __repr__(self):
        return f"<OpOverloadPacket(op='{self._namespace}.{self.__name__}')>"

    def __str__(self):
        return f"{self._namespace}.{self.__name__}"

    def overloads(self):
        return list(self._overload_names)

    def __getattr__(self, key):
        if key.startswith("__"):
            raise AttributeError(key)
        if key not in self._overload_names:
            raise AttributeError(
                f"The underlying op of '{self}' has no overload name '{key}'")
        overload = self._overloads.get(key)
        if overload is None:
            overload = self._overloads[key] = OpOverload(self, key)
        return overload

    def __call__(self, *args, **kwargs):
        return self._call(None, *args, **kwargs)

    def _call(self, overload, *args, **kwargs):
        import torch
        name = self.__name__
        for home in (torch, torch._C._nn, torch.nn.functional):
            fn = getattr(home, name, None) or getattr(home, name.lstrip("_"), None)
            if callable(fn):
                return fn(*args, **kwargs)
        raise RuntimeError(f"{overload or self} cannot be called in autogradviz; call the torch function instead")


class _OpNamespace(types.ModuleType):
    def __init__(self, name):
        super().__init__("torch.ops." + name)
        self.name = name
        self.__file__ = "torch.ops"
        self._packets = {}

    def __getattr__(self, op_name):
        if op_name.startswith("__"):
            raise AttributeError(op_name)
        packet = self._packets.get(op_name)
        if packet is None:
            # The table of every 1.13 schema is read on first use (2 ms of start-up).
            from torch._ops_table import OVERLOADS
            overloads = OVERLOADS.get(self.name, {}).get(op_name)
            if overloads is None:
                raise AttributeError(f"'_OpNamespace' '{self.name}' object has no attribute '{op_name}'")
            packet = self._packets[op_name] = OpOverloadPacket(self.name, op_name, overloads)
        return packet


class _Ops(types.ModuleType):
    __file__ = "_ops.py"

    def __init__(self):
        super().__init__("torch.ops")
        self._namespaces = {}

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        namespace = self._namespaces.get(name)
        if namespace is None:
            namespace = self._namespaces[name] = _OpNamespace(name)
        return namespace

    def overload_named(self, qualified):
        """'aten.mm.default' -> torch.ops.aten.mm.default (what the engine reports)."""
        namespace, op_name, overload = qualified.split(".")
        packet = getattr(getattr(self, namespace), op_name)
        if overload not in packet._overload_names:
            overload = packet._overload_names[0]
        return getattr(packet, overload)


ops = _Ops()
