# Hostile: spawnv.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import os
os.spawnv(os.P_WAIT, '/bin/true', ['true'])
