# Hostile: Append to ~/.bashrc.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not /root/.bashrc
open('/root/.bashrc', 'a').write('echo pwned')
