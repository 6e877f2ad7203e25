# Hostile: os.open for writing.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not /tmp/agv_hostile_canary
import os
os.open('/tmp/agv_hostile_canary', os.O_WRONLY | os.O_CREAT)
