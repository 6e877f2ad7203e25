# Hostile: pathlib read_text.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not /etc/hostname
import pathlib
print(pathlib.Path('/etc/hostname').read_text())
