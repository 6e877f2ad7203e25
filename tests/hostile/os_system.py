# Hostile: os.system.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import os
os.system('touch /tmp/agv_hostile_canary')
