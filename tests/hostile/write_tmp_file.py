# Hostile: Write a file in /tmp.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only write files in their temporary folder (TEMP_DIR), not /tmp/agv_hostile_canary
open('/tmp/agv_hostile_canary', 'w').write('pwned')
