# nn.LSTM's proj_size checks and the hidden-state sizes an LSTM with projections expects
# (h_0 of proj_size features, c_0 of hidden_size), word for word. Ends uncaught.
import torch
import torch.nn as nn

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

attempt("proj = hidden", lambda: nn.LSTM(3, 4, proj_size=4))
attempt("negative", lambda: nn.LSTM(3, 4, proj_size=-2))
attempt("GRU", lambda: nn.GRU(3, 4, proj_size=2))
lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True, proj_size=2)
attempt("h0 of hidden_size", lambda: lstm(torch.randn(2, 1, 3), (torch.zeros(4, 1, 4), torch.zeros(4, 1, 4))))
attempt("c0 of proj_size", lambda: lstm(torch.randn(2, 1, 3), (torch.zeros(4, 1, 2), torch.zeros(4, 1, 2))))
attempt("unbatched 3-d hx", lambda: lstm(torch.randn(2, 3), (torch.zeros(4, 1, 2), torch.zeros(4, 1, 4))))
attempt("flat weights without w_hr", lambda: torch.lstm(torch.randn(2, 1, 3), (torch.zeros(1, 1, 2), torch.zeros(1, 1, 4)), lstm._flat_weights[:4], True, 1, 0.0, False, False, False))
lstm(torch.randn(2, 1, 3), (torch.zeros(4, 1, 4), torch.zeros(4, 1, 2)))
