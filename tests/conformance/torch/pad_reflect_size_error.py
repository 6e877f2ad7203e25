# Reflection padding can only mirror what is there: each padding must be smaller than its
# dimension (an uncaught error, as the learner sees it).
import torch
import torch.nn as nn

image = torch.arange(9.).reshape(1, 1, 3, 3)
print(nn.ReflectionPad2d(2)(image).shape)
print(nn.ReflectionPad2d((1, 1, 3, 0))(image))
