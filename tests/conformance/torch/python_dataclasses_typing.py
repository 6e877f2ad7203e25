# Real Python: `from __future__ import annotations`, typing, dataclasses, f-string specs.
from __future__ import annotations

import dataclasses
from typing import List, Optional

import torch


@dataclasses.dataclass
class Config:
    lr: float = 0.1
    steps: int = 3
    tags: List[str] = dataclasses.field(default_factory=list)
    note: Optional[str] = None


def train(cfg: Config) -> torch.Tensor:
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    for _ in range(cfg.steps):
        loss = (w * w).sum()
        loss.backward()
        with torch.no_grad():
            w -= cfg.lr * w.grad
        w.grad.zero_()
    return w


cfg = Config(tags=["demo"])
print(cfg)
print(dataclasses.asdict(cfg))
w = train(cfg)
print(w)
value = (w * w).sum().item()
print(f"{value:.4f} {value:>12.3e} {3:05d} {'x':^5}|")
print(train.__annotations__)
