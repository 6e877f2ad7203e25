# Hostile: Delete a file.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not /etc/hostname
import os
os.remove('/etc/hostname')
