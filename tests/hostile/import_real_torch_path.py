# Hostile: Even with Debian's dist-packages added by hand, the path is not readable.
# expect-exit: 1
# expect: ModuleNotFoundError: No module named 'yaml'
import sys
sys.path.insert(0, '/usr/lib/python3/dist-packages')
import yaml
