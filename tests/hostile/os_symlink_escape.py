# Hostile: Symlink /etc/passwd into the temporary folder, then read it.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not /etc/passwd
import os, tempfile
link = os.path.join(tempfile.gettempdir(), 'p')
os.symlink('/etc/passwd', link)
