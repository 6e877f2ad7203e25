"""DataLoader (single-process; num_workers > 0 loads in this process too, with the same
results) and default_collate."""

import collections.abc
import re
import warnings

import torch
from torch.utils.data._random import random_int64
from torch.utils.data.dataset import IterableDataset
from torch.utils.data.sampler import BatchSampler, RandomSampler, SequentialSampler

np_str_obj_array_pattern = re.compile(r'[SaUO]')

default_collate_err_msg_format = (
    "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}")


def default_collate(batch):
    """A list of samples as one batch: tensors stacked on a new first dimension, ints and
    floats made tensors, and dicts, namedtuples, tuples and lists collated field by field."""
    elem = batch[0]
    elem_type = type(elem)
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if _is_numpy_value(elem_type):
        if elem_type.__name__ == 'ndarray' or elem_type.__name__ == 'memmap':
            # arrays of strings and objects
            if np_str_obj_array_pattern.search(elem.dtype.str) is not None:
                raise TypeError(default_collate_err_msg_format.format(elem.dtype))
            return default_collate([torch.as_tensor(b) for b in batch])
        elif elem.shape == ():  # NumPy scalars (before float: np.float64 is one)
            return torch.as_tensor(batch)
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        try:
            return elem_type({key: default_collate([d[key] for d in batch]) for key in elem})
        except TypeError:
            return {key: default_collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, tuple) and hasattr(elem, '_fields'):
        return elem_type(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        elem_size = len(elem)
        if not all(len(e) == elem_size for e in batch):
            raise RuntimeError('each element in list of batch should be of equal size')
        transposed = list(zip(*batch))
        if isinstance(elem, tuple):
            # A tuple of fields becomes a list of batches (PyTorch keeps this for compatibility).
            return [default_collate(samples) for samples in transposed]
        try:
            return elem_type([default_collate(samples) for samples in transposed])
        except TypeError:
            return [default_collate(samples) for samples in transposed]
    raise TypeError(default_collate_err_msg_format.format(elem_type))


def _is_numpy_value(elem_type):
    """An array or scalar of NumPy's, strings excepted (found by its module, as 1.13 does:
    nothing imports numpy for a script that never did)."""
    return elem_type.__module__ == 'numpy' and elem_type.__name__ not in ('str_', 'string_')


def default_convert(data):
    """What a DataLoader without batching (batch_size=None) does to each sample."""
    if isinstance(data, torch.Tensor):
        return data
    if _is_numpy_value(type(data)):
        # arrays of strings and objects stay as they are
        if type(data).__name__ == 'ndarray' and np_str_obj_array_pattern.search(data.dtype.str) is not None:
            return data
        return torch.as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        try:
            return type(data)({key: default_convert(data[key]) for key in data})
        except TypeError:
            return {key: default_convert(data[key]) for key in data}
    if isinstance(data, tuple) and hasattr(data, '_fields'):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        try:
            return type(data)([default_convert(d) for d in data])
        except TypeError:
            return [default_convert(d) for d in data]
    return data


def _pin_batch(data, device=None):
    """A batch with every tensor in it copied to pinned host memory, as 1.13's pin-memory
    step returns it: mappings and sequences rebuilt as their own type when they can be,
    namedtuples kept, plain tuples turned into lists, other objects pinned through their
    own pin_memory()."""
    if isinstance(data, torch.Tensor):
        return data.pin_memory(device)
    if isinstance(data, (str, bytes)):
        return data
    if isinstance(data, collections.abc.Mapping):
        pinned = {key: _pin_batch(value, device) for key, value in data.items()}
        try:
            return type(data)(pinned)
        except TypeError:
            return pinned
    if isinstance(data, tuple) and hasattr(data, '_fields'):
        return type(data)(*(_pin_batch(item, device) for item in data))
    if isinstance(data, tuple):
        return [_pin_batch(item, device) for item in data]
    if isinstance(data, collections.abc.Sequence):
        pinned = [_pin_batch(item, device) for item in data]
        try:
            return type(data)(pinned)
        except TypeError:
            return pinned
    if hasattr(data, "pin_memory"):
        return data.pin_memory()
    return data


class _DataLoaderIter:
    def __init__(self, loader):
        self._loader = loader
        self._dataset = loader.dataset
        self._collate_fn = loader.collate_fn
        self._auto_collation = loader._auto_collation
        self._iterable = isinstance(loader.dataset, IterableDataset)
        self._sampler_iter = iter(loader._index_sampler)
        if self._iterable:
            self._dataset_iter = iter(self._dataset)
            self._ended = False
        # PyTorch draws the workers' base seed here, even without workers: one 64-bit
        # draw per pass from the loader's generator (or the global one), which later
        # random numbers show.
        self._base_seed = random_int64(loader.generator)
        self._num_yielded = 0
        # Batches are pinned only where a GPU is (1.13 asks torch.cuda.is_available()),
        # unless a pin_memory_device is named.
        if len(loader.pin_memory_device) == 0:
            self._pin_memory = loader.pin_memory and torch.cuda.is_available()
            self._pin_memory_device = None
        else:
            if not loader.pin_memory:
                warnings.warn("pin memory device is set and pin_memory flag is not used then device pinned memory "
                              "won't be usedplease set pin_memory to true, if you need to use the device pin memory")
            self._pin_memory = loader.pin_memory
            self._pin_memory_device = loader.pin_memory_device

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._loader._index_sampler)

    def _fetch_iterable(self, possibly_batched_index):
        if self._ended:
            raise StopIteration
        if not self._auto_collation:
            return self._collate_fn(next(self._dataset_iter))
        data = []
        for _ in possibly_batched_index:
            try:
                data.append(next(self._dataset_iter))
            except StopIteration:
                self._ended = True
                break
        if len(data) == 0 or (self._loader.drop_last and len(data) < len(possibly_batched_index)):
            raise StopIteration
        return self._collate_fn(data)

    def __next__(self):
        index = next(self._sampler_iter)
        if self._iterable:
            data = self._fetch_iterable(index)
        elif self._auto_collation:
            data = self._collate_fn([self._dataset[idx] for idx in index])
        else:
            data = self._collate_fn(self._dataset[index])
        if self._pin_memory:
            data = _pin_batch(data, self._pin_memory_device)
        self._num_yielded += 1
        return data


class _InfiniteConstantSampler:
    def __iter__(self):
        while True:
            yield None


class DataLoader:
    """Batches of a dataset: indices from a sampler (sequential, or random with
    shuffle=True), grouped by batch_size, each batch made by collate_fn."""

    __initialized = False

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=2, persistent_workers=False,
                 pin_memory_device=""):
        if num_workers < 0:
            raise ValueError('num_workers option should be non-negative; use num_workers=0 to disable '
                             'multiprocessing.')
        if timeout < 0:
            raise ValueError('timeout option should be non-negative')
        if num_workers == 0 and prefetch_factor != 2:
            raise ValueError('prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 '
                             'to enable multiprocessing.')
        if persistent_workers and num_workers == 0:
            raise ValueError('persistent_workers option needs num_workers > 0')
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.multiprocessing_context = multiprocessing_context
        if isinstance(dataset, IterableDataset):
            if shuffle not in {False, None}:
                raise ValueError("DataLoader with IterableDataset: expected unspecified shuffle option, but got "
                                 "shuffle=" + str(shuffle))
            if sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified sampler option, but got "
                                 "sampler=" + str(sampler))
            if batch_sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified batch_sampler option, "
                                 "but got batch_sampler=" + str(batch_sampler))
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError('sampler option is mutually exclusive with shuffle')
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError('batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and '
                                 'drop_last')
            batch_size = None
            drop_last = False
        elif batch_size is None and drop_last:
            raise ValueError('batch_size=None option disables auto-batching and is mutually exclusive with '
                             'drop_last')
        if sampler is None:
            if isinstance(dataset, IterableDataset):
                sampler = _InfiniteConstantSampler()
            elif shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        if collate_fn is None:
            collate_fn = default_collate if self._auto_collation else default_convert
        self.collate_fn = collate_fn
        self.persistent_workers = persistent_workers
        self.__initialized = True

    def __setattr__(self, attr, val):
        if self.__initialized and attr in ('batch_size', 'batch_sampler', 'sampler', 'drop_last', 'dataset',
                                           'persistent_workers'):
            raise ValueError(attr + ' attribute should not be set after ' + type(self).__name__ + ' is initialized')
        super().__setattr__(attr, val)

    @property
    def _auto_collation(self):
        return self.batch_sampler is not None

    @property
    def _index_sampler(self):
        return self.batch_sampler if self._auto_collation else self.sampler

    def __iter__(self):
        return _DataLoaderIter(self)

    def __len__(self):
        if isinstance(self.dataset, IterableDataset):
            length = len(self.dataset)
            if self.batch_size is not None:
                if self.drop_last:
                    length = length // self.batch_size
                else:
                    length = -(-length // self.batch_size)
            return length
        return len(self._index_sampler)
