# Hostile: Scan the home folder.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not /root
import os
print(list(os.scandir('/root')))
