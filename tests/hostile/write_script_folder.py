# Hostile: Write next to the script.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not planted.py
open('planted.py', 'w').write('x = 1')
