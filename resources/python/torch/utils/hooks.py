"""torch.utils.hooks: the handle that register_*_hook returns."""

import weakref


class RemovableHandle:
    """``handle.remove()`` takes the hook out of the dict it was registered in; usable as
    a context manager that removes the hook on exit."""

    next_id = 0

    def __init__(self, hooks_dict):
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1

    def remove(self):
        hooks_dict = self.hooks_dict_ref()
        if hooks_dict is not None and self.id in hooks_dict:
            del hooks_dict[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()
