# Hostile: Read another process's environment.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not /proc/1/environ
open('/proc/1/environ', 'rb').read()
