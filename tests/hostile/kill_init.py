# Hostile: Signal pid 1.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot send signals to other processes
import os, signal
os.kill(1, signal.SIGKILL)
