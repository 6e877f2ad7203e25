"""Tensor.new: the legacy constructor (torch/csrc/utils/tensor_new.cpp's legacy_tensor_new).

The result always has the dtype of the tensor it is called on: x.new() is empty,
x.new(2, 3) and x.new(torch.Size([2, 3])) are uninitialised, x.new([1, 2]) holds the data
converted to x's dtype, and x.new(other) is other itself under a new name, provided it
has x's dtype. It takes no dtype= keyword: PyTorch 1.13 rejects one with its argument
parser's message, which this module rebuilds (see Note [Matching Tensor.new's overloads])."""

import operator

import torch

# Note [Matching Tensor.new's overloads]
# PyTorch matches a call against these overloads in order; the "hidden" ones match but
# are not listed when none does. Each is (name of each positional parameter, names of
# the keyword-only ones, hidden). In a message the listed ones read as in `_LISTED`,
# where "*" counts as a parameter of its own: invalid_arguments.cpp splits the text at
# ", " and so judges "(*, torch.device device)" to take two arguments.
_OVERLOADS = (
    ('empty', (), ('device',), False),
    ('storage', ('storage',), (), False),
    ('cdata', (), ('cdata',), True),
    ('other', ('other',), (), False),
    ('other_on_device', ('other',), ('device',), True),
    ('size', ('size',), ('device',), False),
    ('data', ('data',), ('device',), False),
)
_LISTED = (
    ('(*, torch.device device)', ('*', 'torch.device'), ('*', 'device')),
    ('(torch.Storage storage)', ('torch.Storage',), ('storage',)),
    ('(Tensor other)', ('Tensor',), ('other',)),
    ('(tuple of ints size, *, torch.device device)', ('tuple of ints', '*', 'torch.device'), ('size', '*', 'device')),
    ('(object data, *, torch.device device)', ('object', '*', 'torch.device'), ('data', '*', 'device')),
)

# The C++ names TensorOptions prints for each dtype.
_CPP_TYPE_NAMES = {
    'float16': 'c10::Half', 'bfloat16': 'c10::BFloat16', 'float32': 'float', 'float64': 'double',
    'int8': 'signed char', 'uint8': 'unsigned char', 'int16': 'short int', 'int32': 'int',
    'int64': 'long int', 'bool': 'bool', 'complex64': 'c10::complex<float>',
    'complex128': 'c10::complex<double>',
}


def _is_index(value):
    """THPUtils_checkIndex: an int (not a bool) or anything with __index__."""
    if isinstance(value, bool):
        return False
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def _is_int_list(value):
    return isinstance(value, (tuple, list)) and (len(value) == 0 or _is_index(value[0]))


def _is_device(value):
    return value is None or isinstance(value, (torch.device, str)) or (isinstance(value, int)
                                                                         and not isinstance(value, bool))


def _accepts(parameter, value):
    if parameter in ('other',):
        return isinstance(value, torch.Tensor)
    if parameter == 'device':
        return _is_device(value)
    if parameter == 'size':
        return _is_int_list(value)
    if parameter == 'storage':
        return isinstance(value, torch.TypedStorage)
    if parameter == 'cdata':
        return isinstance(value, int)
    return True  # data: any object


def _match(overload, args, kwargs):
    """The arguments of a call bound to one overload's parameters, or None."""
    _, positional, keyword_only, _ = overload
    bound = {}
    if len(positional) == 1 and positional[0] == 'size' and args and _is_index(args[0]):
        # new(2, 3) is new((2, 3)): all positional arguments form the size.
        bound['size'] = args
    elif len(args) > len(positional):
        return None
    else:
        bound.update(zip(positional, args))
    for name, value in kwargs.items():
        if name not in positional + keyword_only or name in bound:
            return None
        bound[name] = value
    for name in positional:
        if name not in bound or not _accepts(name, bound[name]):
            return None
    for name in keyword_only:
        if name in bound and not _accepts(name, bound[name]):
            return None
    return bound


def _libstdcxx_string_hash(text):
    """std::hash<std::string> of libstdc++ (MurmurHash64A with seed 0xc70f6907)."""
    mask = (1 << 64) - 1
    mul = 0xc6a4a7935bd1e995
    data = text.encode()
    length = len(data)
    aligned = length & ~7
    value = (0xc70f6907 ^ (length * mul)) & mask
    for i in range(0, aligned, 8):
        word = (int.from_bytes(data[i:i + 8], 'little') * mul) & mask
        value = ((value ^ ((word ^ (word >> 47)) * mul & mask)) * mul) & mask
    if length & 7:
        value = ((value ^ int.from_bytes(data[aligned:], 'little')) * mul) & mask
    value = ((value ^ (value >> 47)) * mul) & mask
    return value ^ (value >> 47)


def _keywords_in_message_order(kwargs):
    """The keywords as a libstdc++ unordered_map iterates them, the order of PyTorch's
    messages (see Note [The order of keywords in messages] in signature_parser.cpp)."""
    bucket_counts = (13, 29, 59, 127)
    growth = 0
    order = []

    def insert(nodes, name, bucket_count):
        bucket = _libstdcxx_string_hash(name) % bucket_count
        for i, other in enumerate(nodes):
            if _libstdcxx_string_hash(other) % bucket_count == bucket:
                nodes.insert(i, name)
                return
        nodes.insert(0, name)

    for name in kwargs:
        if len(order) + 1 > bucket_counts[growth] and growth + 1 < len(bucket_counts):
            growth += 1
            rehashed = []
            for other in order:
                insert(rehashed, other, bucket_counts[growth])
            order = rehashed
        insert(order, name, bucket_counts[growth])
    return order


def _typename(value):
    """Py_TYPE(value)->tp_name: the module shows only for PyTorch's C types."""
    kind = type(value)
    if kind in (torch.dtype, torch.device, torch.Size, torch.layout, torch.memory_format):
        return 'torch.' + kind.__name__
    return kind.__name__


def _invalid_combination(args, kwargs):
    keywords = _keywords_in_message_order(kwargs)
    described = [_typename(arg) for arg in args] + [f'{name}={_typename(kwargs[name])}' for name in keywords]
    got = '(' + ', '.join(described) + (')' if args else ', )' if keywords else ')')
    lines = [f'new() received an invalid combination of arguments - got {got}, but expected one of:']
    for text, types, names in _LISTED:
        lines.append(f' * {text}')
        if len(args) + len(kwargs) != len(names):
            continue
        # Keywords may only name the last len(kwargs) parameters.
        allowed = names[max(len(names) - len(kwargs), 0):]
        unmatched = [name for name in keywords if name not in allowed]
        if unmatched:
            lines.append("      didn't match because some of the keywords were incorrect: " + ', '.join(unmatched))
            continue
        # Parameters match by the exact name of their type, so most are marked.
        marked = []
        for i in range(len(args) + len(kwargs)):
            value = args[i] if i < len(args) else kwargs[names[i]]
            text_of = _typename(value) if i < len(args) else f'{names[i]}={_typename(value)}'
            marked.append(text_of if _typename(value) == types[i] else f'!{text_of}!')
        lines.append("      didn't match because some of the arguments have invalid types: ("
                     + ', '.join(marked) + ')')
    return TypeError('\n'.join(lines) + '\n')


def _size_of(value):
    """The size argument as ints, with the parser's error for any other element."""
    sizes = []
    for position, element in enumerate(value, start=1):
        try:
            sizes.append(operator.index(element))
        except TypeError:
            raise TypeError(f"new(): argument 'size' must be tuple of ints, but found element of type "
                            f"{_typename(element)} at pos {position}") from None
    return sizes


def _options_text(tensor):
    name = _CPP_TYPE_NAMES.get(str(tensor.dtype).split('.')[-1], str(tensor.dtype))
    return (f'TensorOptions(dtype={name}, device={tensor.device}, layout=Strided, requires_grad=false (default), '
            'pinned_memory=false (default), memory_format=(nullopt))')


# PyTorch 1.13's device types: "meta" here only has to be named, not made.
_DEVICE_TYPES = ('cpu', 'cuda', 'ipu', 'xpu', 'mkldnn', 'opengl', 'opencl', 'ideep', 'hip', 've', 'fpga', 'ort',
                 'xla', 'lazy', 'vulkan', 'mps', 'meta', 'hpu', 'privateuseone')


def _device_type(device):
    if device is None:
        return None
    try:
        return torch.device(device).type
    except RuntimeError:
        if isinstance(device, str) and device.split(':')[0] in _DEVICE_TYPES:
            return device.split(':')[0]
        raise


def _is_sequence(value):
    """PySequence_Check: indexable, and not a dict."""
    return hasattr(type(value), '__getitem__') and not isinstance(value, dict)


def new(self, *args, **kwargs):
    return _construct(self, args, kwargs, any_dtype=False)


def legacy_constructor(dtype, args, kwargs, any_dtype):
    """torch.Tensor(...) and torch.FloatTensor(...) (1.13's legacy_tensor_ctor): Tensor.new
    on an empty tensor of the type's dtype. torch.Tensor(other) takes a tensor of any dtype
    (`any_dtype`); torch.FloatTensor(other) only a float one."""
    return _construct(torch.empty(0, dtype=dtype), args, kwargs, any_dtype)


def _construct(self, args, kwargs, any_dtype):
    for overload in _OVERLOADS:
        bound = _match(overload, args, kwargs)
        if bound is not None:
            break
    else:
        raise _invalid_combination(args, kwargs)
    kind = overload[0]

    device_type = _device_type(bound.get('device'))
    if device_type is not None and device_type != self.device.type:
        raise RuntimeError(f'legacy constructor expects device type: {self.device.type} but device type: '
                           f'{device_type} was passed')
    if kind == 'empty':
        return torch.empty(0, dtype=self.dtype, device=self.device)
    if kind in ('storage', 'cdata'):
        raise NotImplementedError(f'autogradviz: Tensor.new({kind}) is not supported')
    if kind == 'other':
        other = bound['other']
        if not any_dtype and (other.dtype != self.dtype or other.device.type != self.device.type):
            raise TypeError(f'expected {_options_text(self)} (got {_options_text(other)})')
        return other[...]  # other.alias(): AliasBackward0
    if kind == 'other_on_device':
        raise RuntimeError('Legacy tensor new of the form tensor.new(tensor, device=device) is not supported.  '
                           'Use torch.as_tensor(...) instead.')
    if kind == 'size':
        size = bound['size']
        # new([1, 2]) binds to the size overload but means data; torch.Size is a size.
        if args and size is args[0] and not isinstance(size, torch.Size):
            return _from_sequence(self, size)
        return torch.empty(_size_of(size), dtype=self.dtype, device=self.device)
    return _from_sequence(self, bound['data'])


def _from_sequence(self, data):
    if not _is_sequence(data):
        raise TypeError(f'new(): data must be a sequence (got {_typename(data)})')
    return torch.tensor(data, dtype=self.dtype, device=self.device)


def install_methods(tensor_class):
    tensor_class.new = new


class _LegacyTensorType(type):
    """The metaclass of torch.FloatTensor and the other legacy tensor types: calling one is
    the legacy constructor for its dtype, and a CPU tensor of that dtype is an instance."""

    def __instancecheck__(cls, instance):
        return isinstance(instance, torch.Tensor) and instance.dtype == cls.dtype and instance.device.type == 'cpu'

    def __call__(cls, *args, **kwargs):
        return legacy_constructor(cls.dtype, args, kwargs, any_dtype=False)


_LEGACY_TYPES = (('FloatTensor', 'float32'), ('DoubleTensor', 'float64'), ('HalfTensor', 'float16'),
                 ('BFloat16Tensor', 'bfloat16'), ('ByteTensor', 'uint8'), ('CharTensor', 'int8'),
                 ('ShortTensor', 'int16'), ('IntTensor', 'int32'), ('LongTensor', 'int64'), ('BoolTensor', 'bool'))


def legacy_tensor_types():
    """{'FloatTensor': the class, ...} for the torch module."""
    return {name: _LegacyTensorType(name, (), {'dtype': getattr(torch, dtype), 'is_cuda': False,
                                               'is_sparse': False, '__module__': 'torch'})
            for name, dtype in _LEGACY_TYPES}


def set_default_tensor_type(t):
    """torch.set_default_tensor_type: the default dtype of a floating legacy type (or its name)."""
    if isinstance(t, str):  # torch._utils._import_dotted_name
        components = t.split('.')
        found = __import__(components[0])
        for component in components[1:]:
            found = getattr(found, component)
        t = found
    dtype = getattr(t, 'dtype', None)
    if not isinstance(t, _LegacyTensorType) or dtype is None:
        raise TypeError('invalid type object')
    if not dtype.is_floating_point:
        raise TypeError('only floating-point types are supported as the default type')
    torch.set_default_dtype(dtype)
