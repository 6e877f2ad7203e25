# Hostile: Signal the process group.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot send signals to other processes
import os, signal
os.killpg(os.getpgrp(), signal.SIGTERM)
