# Hostile: posix_spawn.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import os
os.posix_spawn('/bin/true', ['true'], {})
