# Hostile: Replace the process with a shell.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import os
os.execv('/bin/sh', ['sh', '-c', 'id'])
