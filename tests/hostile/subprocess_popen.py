# Hostile: Popen with a pipe.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import subprocess
subprocess.Popen(['cat'], stdin=subprocess.PIPE)
