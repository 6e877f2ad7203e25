# A script's temporary folder: files written with torch.save into a
# tempfile.TemporaryDirectory, read back, and the folder removed at the end
# (shutil.rmtree walks it by directory file descriptor).
import os
import tempfile

import torch

with tempfile.TemporaryDirectory() as folder:
    os.makedirs(os.path.join(folder, "nested", "deeper"))
    path = os.path.join(folder, "nested", "deeper", "w.pt")
    torch.save({"w": torch.arange(4.0)}, path)
    print(sorted(os.listdir(os.path.join(folder, "nested"))))
    print(torch.load(path))
    print(os.path.exists(path))
print(os.path.exists(folder))

tmp = tempfile.TemporaryDirectory()
with open(os.path.join(tmp.name, "notes.txt"), "w") as f:
    f.write("x")
tmp.cleanup()
print(os.path.isdir(tmp.name))
