# Hostile: Closing file descriptors 1 and 2 does not crash the host.
# expect-exit: 4
import os
os.close(1)
os.close(2)
raise SystemExit(4)
