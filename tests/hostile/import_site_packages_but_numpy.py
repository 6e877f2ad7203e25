# Hostile: Of the machine's site-packages only Debian's NumPy imports (Note [NumPy from the machine]); the rest stays out.
# expect-exit: 1
# expect: ModuleNotFoundError: No module named 'yaml'
import numpy
import yaml
