# Hostile: A process pool.
# expect-exit: 1
# expect: PermissionError: [Errno 13] Permission denied
from concurrent.futures import ProcessPoolExecutor
with ProcessPoolExecutor() as ex:
    print(ex.submit(abs, -1).result())
