# dtype errors of det, slogdet, logdet, inv, solve and cholesky, word for word: integer and
# bool inputs, the 16-bit floats (refused by the check or by the kernel, as in 1.13), and
# solve's mixed dtypes. Ends uncaught.
import torch

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

fns = [("linalg.det", torch.linalg.det), ("det", torch.det), ("slogdet", torch.slogdet), ("logdet", torch.logdet),
       ("linalg.inv", torch.linalg.inv), ("inverse", torch.inverse), ("inv_ex", torch.linalg.inv_ex),
       ("linalg.cholesky", torch.linalg.cholesky), ("cholesky", torch.cholesky),
       ("cholesky_ex", torch.linalg.cholesky_ex), ("solve", lambda A: torch.linalg.solve(A, A))]
for dtype in (torch.int64, torch.int32, torch.bool, torch.uint8, torch.float16, torch.bfloat16):
    M = torch.eye(3).to(dtype)
    for name, fn in fns:
        attempt(name + " " + str(dtype), lambda: fn(M))
attempt("solve float double", lambda: torch.linalg.solve(torch.eye(2), torch.ones(2, 2, dtype=torch.float64)))
attempt("solve double float", lambda: torch.linalg.solve(torch.eye(2, dtype=torch.float64), torch.ones(2)))
attempt("solve float long", lambda: torch.linalg.solve(torch.eye(2), torch.ones(2, 1, dtype=torch.long)))
attempt("empty half cholesky", lambda: print(torch.linalg.cholesky(torch.ones(0, 2, 2, dtype=torch.float16))))
print(torch.det(torch.eye(2, dtype=torch.float64)))
torch.det(torch.eye(2, dtype=torch.long))
