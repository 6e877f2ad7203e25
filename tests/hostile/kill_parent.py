# Hostile: Kill the parent process.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot send signals to other processes
import os, signal
os.kill(os.getppid(), signal.SIGTERM)
