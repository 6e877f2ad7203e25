# Hostile: os.popen.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import os
print(os.popen('id').read())
