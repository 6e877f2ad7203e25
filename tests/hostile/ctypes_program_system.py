# Hostile: call libc system() through ctypes on the program itself.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot load native libraries
import ctypes
print(ctypes.CDLL(None).system(b"id"))
