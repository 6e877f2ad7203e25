# Hostile: Remove a tree.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not /tmp
import shutil
shutil.rmtree('/tmp')
