# Hostile: The classic fork bomb.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import os
while True:
    os.fork()
