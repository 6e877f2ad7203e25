# Hostile: Read a private key.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not /root/.ssh/id_rsa
open('/root/.ssh/id_rsa').read()
