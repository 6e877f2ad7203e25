# Hostile: Copy a file out.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not /tmp/agv_hostile_canary
import shutil
shutil.copyfile(__file__, '/tmp/agv_hostile_canary')
