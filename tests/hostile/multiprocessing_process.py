# Hostile: A multiprocessing worker.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot start processes
import multiprocessing
p = multiprocessing.Process(target=print)
p.start()
p.join()
