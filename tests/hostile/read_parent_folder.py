# Hostile: Read a file one folder up.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not ../README.md
open('../README.md').read()
