# Hostile: Make a folder in /tmp.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not /tmp/agv_hostile_dir
import os
os.mkdir('/tmp/agv_hostile_dir')
