# Hostile: Read /etc/passwd.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts can only read files in their own folder (SCRIPT_DIR), not /etc/passwd
print(open('/etc/passwd').read())
