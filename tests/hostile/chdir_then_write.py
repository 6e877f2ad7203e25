# Hostile: chdir to / then write.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not agv_hostile_canary
import os
os.chdir('/')
open('agv_hostile_canary', 'w')
