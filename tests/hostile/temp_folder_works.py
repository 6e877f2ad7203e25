# Hostile: The run's temporary folder is usable.
# expect-exit: 0
import tempfile, os
with tempfile.TemporaryDirectory() as d:
    p = os.path.join(d, 'x.txt')
    open(p, 'w').write('ok')
    print(open(p).read())
