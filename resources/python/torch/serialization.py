"""torch.save / torch.load in PyTorch 1.13's zip format, so that files move both ways
between autogradviz and PyTorch.

A saved file is a zip archive (entries stored, not compressed) whose entries sit in one
folder, named after the file (``net.pt`` -> ``net/``; ``archive/`` for a buffer):

* ``data.pkl``: the object, pickled with protocol 2. Each tensor is pickled as
  ``torch._utils._rebuild_tensor_v2(storage, storage_offset, size, stride,
  requires_grad, OrderedDict())`` and each storage as a persistent id
  ``('storage', torch.FloatStorage, '<key>', 'cpu', <numel>)``;
* ``data/<key>``: the storage's elements, raw little-endian bytes;
* ``version``: ``3``.

Note [Storages without a storage object]
The engine gives Python no storage object, so a storage is found through the tensors
that share it: a view's storage is its base's (``_base`` is always the root tensor, as
in PyTorch); a tensor that is no view owns one. When that owner covers its memory
without gaps from offset 0 (contiguous, or a permutation of contiguous), its elements
in memory order are the storage and every view keeps its offset and strides, as
PyTorch saves them. Otherwise (a detached slice, say) the tensor is saved with its own
copy of its elements. Tensors that share memory only through detach() or .data are
saved with separate storages, since nothing tells them apart from unrelated tensors.
"""

import io
import os
import pathlib
import pickle
import struct
import sys
import warnings
import weakref
import zipfile

import torch
from torch._untraced import untraced
from torch.storage import _STORAGE_CLASSES, _UNSUPPORTED_STORAGES, TypedStorage

DEFAULT_PROTOCOL = 2

_STORAGE = 'storage'
_CPU = 'cpu'
_VERSION = b'3\n'
_ALIGNMENT = 64

__all__ = ['SourceChangeWarning', 'check_module_version_greater_or_equal', 'validate_cuda_device', 'location_tag',
           'default_restore_location', 'normalize_storage_type', 'storage_to_tensor_type', 'save', 'load',
           'StorageType']


class SourceChangeWarning(Warning):
    pass


# The storage objects handed out while someone (a pickler, copy.deepcopy's memo) still
# holds them, by root tensor: tensors pickled together then name the same object, so
# deepcopy keeps their sharing as torch.save does.
_live_storages = weakref.WeakValueDictionary()


def _storage_of(tensor):
    """(storage, storage_offset, stride) under which `tensor` is saved.
    See Note [Storages without a storage object]."""
    from torch._utils import _contiguous_strides, _dense_order
    with untraced():
        root = tensor._base if tensor._base is not None else tensor
        root_id = root._agv_id()
        root = root.detach()
        order = _dense_order(tuple(root.shape), root.stride()) if root.storage_offset() == 0 else None
        if order is not None:
            storage = _live_storages.get(root_id)
            if storage is None:
                flat = root.reshape(-1) if root.dim() == 0 else root.permute(order).reshape(-1)
                storage = TypedStorage(_flat=flat)
                storage._key = ('root', root_id)
                _live_storages[root_id] = storage
            return storage, tensor.storage_offset(), tuple(tensor.stride())
        flat = tensor.detach().contiguous().reshape(-1).clone()
        storage = TypedStorage(_flat=flat)
        storage._key = ('copy', id(storage))
        return storage, 0, _contiguous_strides(tuple(tensor.shape))


def _is_path(name_or_buffer):
    return isinstance(name_or_buffer, (str, pathlib.Path))


def location_tag(storage):
    device = storage.device
    if device.type == 'cpu':
        return _CPU
    return 'cuda:' + str(device.index if device.index is not None else 0)


def validate_cuda_device(location):
    device = torch.device(location).index
    device = 0 if device is None else device
    if not torch.cuda.is_available():
        raise RuntimeError('Attempting to deserialize object on a CUDA '
                           'device but torch.cuda.is_available() is False. '
                           'If you are running on a CPU-only machine, '
                           'please use torch.load with map_location=torch.device(\'cpu\') '
                           'to map your storages to the CPU.')
    device_count = torch.cuda.device_count()
    if device >= device_count:
        raise RuntimeError('Attempting to deserialize object on CUDA device '
                           f'{device} but torch.cuda.device_count() is {device_count}. Please use '
                           'torch.load with map_location to map your storages '
                           'to an existing device.')
    return device


def default_restore_location(storage, location):
    if location == 'cpu':
        return storage.cpu()
    if location.startswith('cuda'):
        device = validate_cuda_device(location)
        return storage.cuda(device)
    raise RuntimeError("don't know how to restore data location of "
                       + torch.typename(storage) + " (tagged with "
                       + location + ")")


def normalize_storage_type(storage_type):
    return getattr(torch, storage_type.__name__)


def storage_to_tensor_type(storage):
    raise RuntimeError("legacy tensor types (torch.FloatTensor, ...) are not part of autogradviz's torch")


def _archive_name(f):
    """The folder of the archive's entries: PyTorch names it after the file, without
    its extension, and 'archive' for a buffer."""
    if not _is_path(f):
        return 'archive'
    name = os.path.basename(str(f))
    dot = name.rfind('.')
    return name[:dot] if dot != -1 else name


class _AlignedZipWriter:
    """Stored zip entries whose data start on 64-byte boundaries, as PyTorch's writer
    places them (padding in an 'FB' extra field of the local header)."""

    def __init__(self, file_like, archive_name):
        self.start = file_like.tell()
        self.zip = zipfile.ZipFile(file_like, 'w', compression=zipfile.ZIP_STORED)
        self.prefix = archive_name + '/'

    def write_record(self, name, data):
        info = zipfile.ZipInfo(self.prefix + name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        header_end = self.zip.fp.tell() - self.start + 30 + len(info.filename.encode('utf-8'))
        pad = (-(header_end + 4)) % _ALIGNMENT
        info.extra = b'FB' + struct.pack('<H', pad) + b'Z' * pad
        self.zip.writestr(info, data)

    def close(self):
        self.zip.close()


def save(obj, f, pickle_module=pickle, pickle_protocol=DEFAULT_PROTOCOL, _use_new_zipfile_serialization=True):
    """save(obj, f, pickle_module=pickle, pickle_protocol=DEFAULT_PROTOCOL, _use_new_zipfile_serialization=True)

    Saves an object to a disk file (a path or a file-like object with write and
    flush), in PyTorch's zip format (or its format before 1.6 when
    _use_new_zipfile_serialization=False)."""
    if not _use_new_zipfile_serialization:
        if _is_path(f):
            with open(f, 'wb') as opened_file:
                _legacy_save(obj, opened_file, pickle_module, pickle_protocol)
        else:
            _legacy_save(obj, f, pickle_module, pickle_protocol)
            f.flush()
        return
    data_value, storages = _pickle_with_storages(obj, pickle_module, pickle_protocol)
    if _is_path(f):
        try:
            opened_file = open(f, 'wb')
        except OSError:
            raise RuntimeError("File " + str(f) + " cannot be opened.") from None
        with opened_file:
            _write_zip(opened_file, _archive_name(f), data_value, storages)
    else:
        _write_zip(f, _archive_name(f), data_value, storages)
        f.flush()


def _pickle_with_storages(obj, pickle_module, pickle_protocol):
    """data.pkl's bytes and the storages it names, by key."""
    serialized_storages = {}
    id_map = {}

    def persistent_id(obj):
        if isinstance(obj, TypedStorage):
            key = getattr(obj, '_key', ('storage', id(obj)))
            storage_key = id_map.setdefault(key, str(len(id_map)))
            serialized_storages.setdefault(storage_key, obj)
            storage_type = getattr(torch, obj.pickle_storage_type())
            return (_STORAGE, storage_type, storage_key, location_tag(obj), obj.size())
        return None

    data_buf = io.BytesIO()
    pickler = pickle_module.Pickler(data_buf, protocol=pickle_protocol)
    pickler.persistent_id = persistent_id
    with untraced():
        pickler.dump(obj)
    return data_buf.getvalue(), serialized_storages


def _write_zip(file_like, archive_name, data_value, storages):
    writer = _AlignedZipWriter(file_like, archive_name)
    writer.write_record('data.pkl', data_value)
    with untraced():
        for key in sorted(storages.keys()):
            writer.write_record('data/' + key, storages[key]._to_bytes())
    writer.write_record('version', _VERSION)
    writer.close()


def _check_seekable(f):
    def raise_err_msg(patterns, e):
        for p in patterns:
            if p in str(e):
                msg = (str(e) + ". You can only torch.load from a file that is seekable."
                                + " Please pre-load the data into a buffer like io.BytesIO and"
                                + " try to load from it instead.")
                raise type(e)(msg)
        raise e

    try:
        f.seek(f.tell())
        return True
    except (io.UnsupportedOperation, AttributeError) as e:
        raise_err_msg(["seek", "tell"], e)
    return False


def _is_zipfile(f):
    start = f.tell()
    local_header_magic_number = b'PK\x03\x04'
    read_bytes = f.read(len(local_header_magic_number))
    f.seek(start)
    return read_bytes == local_header_magic_number


def _get_restore_location(map_location):
    if map_location is None:
        return default_restore_location
    if isinstance(map_location, dict):
        def restore_location(storage, location):
            location = map_location.get(location, location)
            return default_restore_location(storage, location)
    elif isinstance(map_location, str):
        def restore_location(storage, location):
            return default_restore_location(storage, map_location)
    elif isinstance(map_location, torch.device):
        def restore_location(storage, location):
            return default_restore_location(storage, str(map_location))
    else:
        def restore_location(storage, location):
            result = map_location(storage, location)
            if result is None:
                result = default_restore_location(storage, location)
            return result
    return restore_location


class StorageType:
    """What a pickled storage class (torch.FloatStorage, ...) stands for: its dtype."""

    def __init__(self, name):
        if name in _UNSUPPORTED_STORAGES:
            raise RuntimeError(f"torch.load: {name} (a dtype autogradviz's engine does not have) cannot be loaded")
        self.dtype = _STORAGE_CLASSES[name].dtype

    def __str__(self):
        return f'StorageType(dtype={self.dtype})'


def _maybe_decode_ascii(bytes_str):
    if isinstance(bytes_str, bytes):
        return bytes_str.decode('ascii')
    return bytes_str


def load(f, map_location=None, pickle_module=pickle, **pickle_load_args):
    """load(f, map_location=None, pickle_module=pickle, **pickle_load_args)

    Loads an object saved with torch.save (here or by PyTorch) from a file: a path or
    a file-like object with read, readline, tell and seek. map_location: 'cpu', a
    torch.device, a dict of location tags, or a callable (storage, location)."""
    if 'encoding' not in pickle_load_args.keys():
        pickle_load_args['encoding'] = 'utf-8'
    if _is_path(f):
        with open(f, 'rb') as opened_file:
            return _load_file(opened_file, map_location, pickle_module, **pickle_load_args)
    _check_seekable(f)
    return _load_file(f, map_location, pickle_module, **pickle_load_args)


def _load_file(opened_file, map_location, pickle_module, **pickle_load_args):
    if not _is_zipfile(opened_file):
        return _legacy_load(opened_file, map_location, pickle_module, **pickle_load_args)
    try:
        zip_file = zipfile.ZipFile(opened_file)
    except zipfile.BadZipFile:
        raise RuntimeError("PytorchStreamReader failed reading zip archive: failed finding central directory") \
            from None
    with zip_file:
        names = zip_file.namelist()
        # PyTorch's reader takes the folder of the first entry as the archive's.
        prefix = names[0].split('/')[0] + '/' if names and '/' in names[0] else ''
        if prefix + 'version' not in names:
            raise RuntimeError('Expected hasRecord("version") to be true, but got false.  (Could this error message '
                               'be improved?  If so, please report an enhancement request to PyTorch.)')
        if prefix + 'constants.pkl' in names:
            raise NotImplementedError("torch.load: TorchScript archives (torch.jit.save) are not supported")
        return _load(zip_file, prefix, map_location, pickle_module, **pickle_load_args)


def _load(zip_file, prefix, map_location, pickle_module, **pickle_load_args):
    restore_location = _get_restore_location(map_location)
    loaded_storages = {}

    def persistent_load(saved_id):
        assert isinstance(saved_id, tuple)
        typename = _maybe_decode_ascii(saved_id[0])
        data = saved_id[1:]
        assert typename == 'storage', \
            f"Unknown typename for persistent_load, expected 'storage' but got '{typename}'"
        storage_type, key, location, numel = data
        key = _maybe_decode_ascii(key)
        if key not in loaded_storages:
            raw = zip_file.read(prefix + 'data/' + key)
            with untraced():
                storage = TypedStorage._from_bytes(raw, storage_type.dtype)
                loaded_storages[key] = restore_location(storage, _maybe_decode_ascii(location))
        return loaded_storages[key]

    load_module_mapping = {'torch.tensor': 'torch._tensor'}

    class UnpicklerWrapper(pickle_module.Unpickler):
        def find_class(self, mod_name, name):
            if type(name) is str and 'Storage' in name:
                try:
                    return StorageType(name)
                except KeyError:
                    pass
            mod_name = load_module_mapping.get(mod_name, mod_name)
            return super().find_class(mod_name, name)

    data_file = io.BytesIO(zip_file.read(prefix + 'data.pkl'))
    unpickler = UnpicklerWrapper(data_file, **pickle_load_args)
    unpickler.persistent_load = persistent_load
    # The storages are read out of the recording (persistent_load); the tensors built
    # over them are recorded as the script's new leaves (torch._utils._rebuild_tensor).
    return unpickler.load()


MAGIC_NUMBER = 0x1950a86a20f9469cfc6c
PROTOCOL_VERSION = 1001
LONG_SIZE = struct.Struct('=l').size
INT_SIZE = struct.Struct('=i').size
SHORT_SIZE = struct.Struct('=h').size


def _legacy_save(obj, f, pickle_module, pickle_protocol):
    """PyTorch's format before 1.6: the magic number, the protocol version and the
    system's sizes, pickled; the object pickled with storages as persistent ids
    ('storage', type, key, location, numel, None) and module classes as ('module',
    class, source file, source); the sorted storage keys, pickled; then each storage
    as its number of elements (int64) and its raw bytes."""
    import inspect

    import torch.nn as nn
    serialized_container_types = {}
    serialized_storages = {}
    id_map = {}

    def persistent_id(obj):
        if isinstance(obj, type) and issubclass(obj, nn.Module):
            if obj in serialized_container_types:
                return None
            serialized_container_types[obj] = True
            source_file = source = None
            try:
                source_lines, _ = inspect.getsourcelines(obj)
                source_file = inspect.getsourcefile(obj)
                source = ''.join(source_lines)
            except Exception:  # saving the source is optional
                warnings.warn("Couldn't retrieve source code for container of "
                              "type " + obj.__name__ + ". It won't be checked "
                              "for correctness upon loading.")
            return ('module', obj, source_file, source)
        if isinstance(obj, TypedStorage):
            key = getattr(obj, '_key', ('storage', id(obj)))
            storage_key = id_map.setdefault(key, str(len(id_map)))
            serialized_storages.setdefault(storage_key, obj)
            return (_STORAGE, getattr(torch, obj.pickle_storage_type()), storage_key, location_tag(obj), obj.size(),
                    None)
        return None

    sys_info = dict(protocol_version=PROTOCOL_VERSION, little_endian=sys.byteorder == 'little',
                    type_sizes=dict(short=SHORT_SIZE, int=INT_SIZE, long=LONG_SIZE))
    pickle_module.dump(MAGIC_NUMBER, f, protocol=pickle_protocol)
    pickle_module.dump(PROTOCOL_VERSION, f, protocol=pickle_protocol)
    pickle_module.dump(sys_info, f, protocol=pickle_protocol)
    pickler = pickle_module.Pickler(f, protocol=pickle_protocol)
    pickler.persistent_id = persistent_id
    with untraced():
        pickler.dump(obj)
    serialized_storage_keys = sorted(serialized_storages.keys())
    pickle_module.dump(serialized_storage_keys, f, protocol=pickle_protocol)
    f.flush()
    with untraced():
        for key in serialized_storage_keys:
            storage = serialized_storages[key]
            f.write(struct.pack('<q', storage.size()))
            f.write(storage._to_bytes())


def _legacy_load(f, map_location, pickle_module, **pickle_load_args):
    """Reads _legacy_save's format. Its storage bytes follow the pickle, so the tensors
    are built over storages of zeros that are filled afterwards, in place."""
    deserialized_objects = {}
    restore_location = _get_restore_location(map_location)

    class UnpicklerWrapper(pickle_module.Unpickler):
        def find_class(self, mod_name, name):
            if type(name) is str and 'Storage' in name:
                try:
                    return StorageType(name)
                except KeyError:
                    pass
            return super().find_class(mod_name, name)

    def persistent_load(saved_id):
        assert isinstance(saved_id, tuple)
        typename = _maybe_decode_ascii(saved_id[0])
        data = saved_id[1:]
        if typename == 'module':
            # Whether the class's source changed since is not checked here.
            return data[0]
        if typename == 'storage':
            storage_type, root_key, location, numel, view_metadata = data
            location = _maybe_decode_ascii(location)
            if root_key not in deserialized_objects:
                with untraced():
                    storage = TypedStorage(_flat=torch.zeros(numel, dtype=storage_type.dtype))
                    storage._gathered = []
                    deserialized_objects[root_key] = restore_location(storage, location)
            typed_storage = deserialized_objects[root_key]
            if view_metadata is not None:
                view_key, offset, view_size = view_metadata
                if view_key not in deserialized_objects:
                    with untraced():
                        view = TypedStorage(_flat=typed_storage._flat.narrow(0, offset, view_size))
                    view._gathered = typed_storage._gathered
                    deserialized_objects[view_key] = view
                return deserialized_objects[view_key]
            return typed_storage
        raise RuntimeError("Unknown saved id type: %s" % saved_id[0])

    magic_number = pickle_module.load(f, **pickle_load_args)
    if magic_number != MAGIC_NUMBER:
        raise RuntimeError("Invalid magic number; corrupt file?")
    protocol_version = pickle_module.load(f, **pickle_load_args)
    if protocol_version != PROTOCOL_VERSION:
        raise RuntimeError("Invalid protocol version: %s" % protocol_version)
    pickle_module.load(f, **pickle_load_args)  # the saving system's sizes
    unpickler = UnpicklerWrapper(f, **pickle_load_args)
    unpickler.persistent_load = persistent_load
    result = unpickler.load()
    deserialized_storage_keys = pickle_module.load(f, **pickle_load_args)
    with untraced(), torch.no_grad():
        for key in deserialized_storage_keys:
            assert key in deserialized_objects
            storage = deserialized_objects[key]
            numel = struct.unpack('<q', f.read(8))[0]
            data = f.read(numel * storage.element_size())
            storage._flat.copy_(TypedStorage._from_bytes(data, storage.dtype)._flat.to(storage.device))
        for storage in deserialized_objects.values():
            # Tensors that could not be views of their storage were copies of zeros.
            for tensor, args in storage._gathered:
                from torch._utils import _gathered
                tensor.copy_(_gathered(*args))
            storage._gathered = []
    return result


def check_module_version_greater_or_equal(module, req_version_tuple, error_if_malformed=True):
    version_strs = module.__version__.split('.')
    module_version = tuple(type(req_field)(version_strs[idx]) for idx, req_field in enumerate(req_version_tuple))
    return module_version >= req_version_tuple

