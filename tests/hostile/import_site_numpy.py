# Hostile: The machine's site-packages are never on the path.
# expect-exit: 1
# expect: ModuleNotFoundError: No module named 'numpy'
import numpy
