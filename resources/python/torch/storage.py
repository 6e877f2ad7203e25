"""torch.storage: the typed storages that torch.save writes and torch.load reads.

The engine keeps no storage object a script can hold, so a TypedStorage here is a
flat, contiguous 1-D tensor holding the elements of one storage in memory order
(see Note [Storages without a storage object] in torch/serialization.py)."""

import io
import struct

import torch

# dtype -> (legacy storage class name, struct format of one little-endian element)
_STORAGE_FORMATS = {
    torch.float32: ('FloatStorage', 'f'),
    torch.float64: ('DoubleStorage', 'd'),
    torch.int64: ('LongStorage', 'q'),
    torch.int32: ('IntStorage', 'i'),
    torch.int16: ('ShortStorage', 'h'),
    torch.int8: ('CharStorage', 'b'),
    torch.uint8: ('ByteStorage', 'B'),
    torch.bool: ('BoolStorage', '?'),
    torch.float16: ('HalfStorage', 'e'),
    # struct has no bfloat16: the upper two bytes of each float (see _to_bytes).
    torch.bfloat16: ('BFloat16Storage', 'f'),
}

# Storage classes of PyTorch's other dtypes: files that use them name these classes,
# which the engine has no dtype for.
_UNSUPPORTED_STORAGES = ('ComplexFloatStorage', 'ComplexDoubleStorage', 'QInt8Storage',
                         'QUInt8Storage', 'QInt32Storage', 'QUInt4x2Storage', 'QUInt2x4Storage')


def _format_of(dtype):
    try:
        return _STORAGE_FORMATS[dtype]
    except KeyError:
        raise KeyError(f'dtype {dtype} is not recognized') from None


class TypedStorage:
    """The elements of one storage: `_flat` is a contiguous 1-D tensor of them."""

    is_sparse = False

    def __init__(self, *, wrap_storage=None, dtype=None, _flat=None):
        if _flat is None:
            _flat = wrap_storage._flat if wrap_storage is not None else torch.empty(0, dtype=dtype)
        self._flat = _flat
        self.dtype = _flat.dtype if dtype is None else dtype

    @property
    def device(self):
        return self._flat.device

    @property
    def is_cuda(self):
        return self._flat.device.type == 'cuda'

    def size(self):
        return self._flat.numel()

    def __len__(self):
        return self._flat.numel()

    def element_size(self):
        return torch._utils._element_size(self.dtype)

    def nbytes(self):
        return self.size() * self.element_size()

    def tolist(self):
        return self._flat.tolist()

    def __getitem__(self, idx):
        return self._flat[idx].item()

    def __iter__(self):
        return iter(self.tolist())

    def cpu(self):
        return self if self.device.type == 'cpu' else TypedStorage(_flat=self._flat.cpu())

    def cuda(self, device=None, non_blocking=False, **kwargs):
        target = 'cuda' if device is None else torch.device('cuda', device) if isinstance(device, int) else device
        return TypedStorage(_flat=self._flat.to(target))

    def untyped(self):
        return self

    def pickle_storage_type(self):
        return _format_of(self.dtype)[0]

    def _to_bytes(self):
        """The elements as PyTorch writes them: raw little-endian bytes."""
        code = _format_of(self.dtype)[1]
        values = self._flat.cpu().tolist()
        data = struct.pack('<' + str(len(values)) + code, *values)
        if self.dtype == torch.bfloat16:
            # A bfloat16 is exactly a float whose two low bytes are zero.
            data = b''.join(data[i + 2:i + 4] for i in range(0, len(data), 4))
        return data

    @classmethod
    def _from_bytes(cls, data, dtype):
        code = _format_of(dtype)[1]
        if dtype == torch.bfloat16:
            data = b''.join(b'\0\0' + data[i:i + 2] for i in range(0, len(data) - 1, 2))
        count = len(data) // struct.calcsize(code)
        values = struct.unpack('<' + str(count) + code, data[:count * struct.calcsize(code)])
        return cls(_flat=torch.tensor(list(values), dtype=dtype))

    def __str__(self):
        data_str = ' ' + '\n '.join(str(v) for v in self.tolist())
        info_str = f'[{torch.typename(self)}(dtype={self.dtype}, device={self.device}) of size {len(self)}]'
        return data_str + '\n' + info_str

    def __repr__(self):
        return str(self)

    def __reduce__(self):
        b = io.BytesIO()
        torch.save(self, b)
        return (_load_from_bytes, (b.getvalue(),))


TypedStorage.__module__ = 'torch.storage'


def _load_from_bytes(b):
    return torch.load(io.BytesIO(b))


class _LegacyStorageMeta(type):
    @property
    def dtype(cls):
        return cls._dtype


class _LegacyStorage(TypedStorage, metaclass=_LegacyStorageMeta):
    """torch.FloatStorage and its kin: in a saved file they name the storage's dtype."""

    def __init__(self, *args, **kwargs):
        if args and isinstance(args[0], int):
            super().__init__(_flat=torch.zeros(args[0], dtype=type(self)._dtype))
        elif args:
            super().__init__(_flat=torch.tensor(list(args[0]), dtype=type(self)._dtype))
        else:
            super().__init__(_flat=torch.empty(0, dtype=type(self)._dtype))


def _legacy_storage_class(name, dtype):
    cls = _LegacyStorageMeta(name, (_LegacyStorage,), {'_dtype': dtype})
    cls.__module__ = 'torch'
    return cls


FloatStorage = _legacy_storage_class('FloatStorage', torch.float32)
DoubleStorage = _legacy_storage_class('DoubleStorage', torch.float64)
LongStorage = _legacy_storage_class('LongStorage', torch.int64)
BoolStorage = _legacy_storage_class('BoolStorage', torch.bool)
HalfStorage = _legacy_storage_class('HalfStorage', torch.float16)
BFloat16Storage = _legacy_storage_class('BFloat16Storage', torch.bfloat16)
IntStorage = _legacy_storage_class('IntStorage', torch.int32)
ShortStorage = _legacy_storage_class('ShortStorage', torch.int16)
CharStorage = _legacy_storage_class('CharStorage', torch.int8)
ByteStorage = _legacy_storage_class('ByteStorage', torch.uint8)

_STORAGE_CLASSES = {cls.__name__: cls for cls in (FloatStorage, DoubleStorage, LongStorage, BoolStorage,
                                                  HalfStorage, BFloat16Storage, IntStorage, ShortStorage,
                                                  CharStorage, ByteStorage)}
