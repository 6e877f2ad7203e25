# Hostile: List the root folder.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not /
import os
print(os.listdir('/'))
