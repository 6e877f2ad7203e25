# Hostile: Closing stdout does not crash the host.
# expect-exit: 3
# expect: lost
import sys
sys.stdout.close()
print('lost', file=sys.stderr)
raise SystemExit(3)
