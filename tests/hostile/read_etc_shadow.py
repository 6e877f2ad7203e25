# Hostile: Read /etc/shadow.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not /etc/shadow
open('/etc/shadow').read()
