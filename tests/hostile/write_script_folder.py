# Hostile: Write next to the script, by its full path and through the read-only link
# that the run's working directory keeps to it.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not SCRIPT_DIR/write_script_folder.py
import os
try:
    open('write_script_folder.py', 'a')
except PermissionError as e:
    print(e)
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'write_script_folder.py'), 'a')
