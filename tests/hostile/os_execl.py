# Hostile: execl.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import os
os.execl('/bin/true', 'true')
