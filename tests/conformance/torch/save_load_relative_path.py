# A tutorial's torch.save(net.state_dict(), PATH) with a relative PATH, loaded back (the
# run's working directory is its temporary folder), and a file next to the script read
# by a relative name.
import os
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Linear(3, 2)
PATH = './linear_net.pth'
torch.save(net.state_dict(), PATH)
net2 = nn.Linear(3, 2)
print(net2.load_state_dict(torch.load(PATH)))
print(torch.equal(net2.weight, net.weight), os.path.exists(PATH))
os.remove(PATH)
print(os.path.exists(PATH))
with open('save_load_relative_path.py') as own_source:
    print(own_source.readline().rstrip())
