# Hostile: pty.spawn.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import pty
pty.spawn('/bin/sh')
