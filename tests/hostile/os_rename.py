# Hostile: Rename a file.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not /tmp/agv_hostile_canary
import os
os.rename('/etc/hostname', '/tmp/agv_hostile_canary')
