# Hostile: Start a shell command with subprocess.run.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import subprocess
subprocess.run(['ls', '/'])
