# Hostile: Call libc's system through ctypes.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot load native libraries
import ctypes
ctypes.CDLL('libc.so.6').system(b'id')
