# Hostile: sys.exit with a code is passed on.
# expect-exit: 7
import sys
sys.exit(7)
