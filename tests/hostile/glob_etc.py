# Hostile: Glob /etc.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not /etc/*
import glob
print(glob.glob('/etc/*'))
