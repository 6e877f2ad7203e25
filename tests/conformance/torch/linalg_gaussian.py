# A small realistic use: fitting a 2-d Gaussian by gradient descent on its negative
# log-likelihood, written with cholesky, linalg.solve against the factor and logdet
# (checked against the factor's log-diagonal); then least squares through the normal
# equations (solve, and inv for comparison) with the gradient of the fit's error.
import math
import torch

torch.manual_seed(4)
true_L = torch.tensor([[1.5, 0.0], [0.8, 0.6]], dtype=torch.float64)
data = torch.randn(64, 2, dtype=torch.float64) @ true_L.T + torch.tensor([1.0, -2.0], dtype=torch.float64)

mean = torch.zeros(2, dtype=torch.float64, requires_grad=True)
raw = torch.tensor([[0.5, 0.0], [0.2, 0.5]], dtype=torch.float64, requires_grad=True)   # unconstrained factor

def nll(mean, raw):
    cov = raw @ raw.T + torch.eye(2, dtype=torch.float64)
    L = torch.linalg.cholesky(cov)
    centred = (data - mean).T                                   # (2, N)
    z = torch.linalg.solve(L, centred)                          # L z = x - mu
    half_logdet = 0.5 * torch.logdet(cov)
    return 0.5 * (z * z).sum() / data.shape[0] + half_logdet + math.log(2 * math.pi), cov

opt = torch.optim.SGD([mean, raw], lr=0.1)
for step in range(30):
    opt.zero_grad()
    loss, cov = nll(mean, raw)
    loss.backward()
    opt.step()
    if step % 10 == 0:
        print(step, loss.item(), mean.grad.tolist(), raw.grad.tolist())
loss, cov = nll(mean, raw)
print(loss.item(), mean.tolist(), cov.tolist())
print(torch.log(torch.diagonal(torch.linalg.cholesky(cov))).sum().item(), torch.linalg.slogdet(cov))

# least squares: minimise |Xw - y|^2 via X^T X w = X^T y
X = torch.cat([torch.ones(20, 1), torch.linspace(-1, 1, 20).unsqueeze(1)], dim=1)
y = 3.0 * X[:, 1] - 0.5 + 0.1 * torch.randn(20)
w = torch.linalg.solve(X.T @ X, X.T @ y)
print(w.tolist(), (torch.linalg.inv(X.T @ X) @ (X.T @ y)).tolist())
Xg = X.clone().requires_grad_()
w = torch.linalg.solve(Xg.T @ Xg, Xg.T @ y)
((Xg @ w - y) ** 2).mean().backward()
print(Xg.grad[:3].tolist(), w.grad_fn.name())
