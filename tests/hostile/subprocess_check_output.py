# Hostile: check_output of a shell string.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import subprocess
print(subprocess.check_output('id', shell=True))
