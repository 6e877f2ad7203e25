# Hostile: forkpty.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import os
os.forkpty()
