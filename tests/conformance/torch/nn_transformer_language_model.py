# A miniature of PyTorch's "language modeling with nn.TransformerEncoder" tutorial:
# Embedding, a sinusoidal positional encoding with dropout, a two-layer encoder with a
# causal mask, a Linear decoder, CrossEntropyLoss, clip_grad_norm_ and SGD with StepLR
# for a few steps, then evaluation under no_grad (batch_first=False: the composite
# path). Losses, gradients norms and the final parameters to the last bit.
import math
import torch
import torch.nn as nn

class PositionalEncoding(nn.Module):
    def __init__(self, d_model, dropout=0.1, max_len=50):
        super().__init__()
        self.dropout = nn.Dropout(p=dropout)
        position = torch.arange(max_len).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
        pe = torch.zeros(max_len, 1, d_model)
        pe[:, 0, 0::2] = torch.sin(position * div_term)
        pe[:, 0, 1::2] = torch.cos(position * div_term)
        self.register_buffer('pe', pe)

    def forward(self, x):
        x = x + self.pe[:x.size(0)]
        return self.dropout(x)

class TransformerModel(nn.Module):
    def __init__(self, ntoken, d_model, nhead, d_hid, nlayers, dropout=0.5):
        super().__init__()
        self.model_type = 'Transformer'
        self.pos_encoder = PositionalEncoding(d_model, dropout)
        encoder_layers = nn.TransformerEncoderLayer(d_model, nhead, d_hid, dropout)
        self.transformer_encoder = nn.TransformerEncoder(encoder_layers, nlayers)
        self.encoder = nn.Embedding(ntoken, d_model)
        self.d_model = d_model
        self.decoder = nn.Linear(d_model, ntoken)
        self.init_weights()

    def init_weights(self):
        initrange = 0.1
        self.encoder.weight.data.uniform_(-initrange, initrange)
        self.decoder.bias.data.zero_()
        self.decoder.weight.data.uniform_(-initrange, initrange)

    def forward(self, src, src_mask):
        src = self.encoder(src) * math.sqrt(self.d_model)
        src = self.pos_encoder(src)
        output = self.transformer_encoder(src, src_mask)
        return self.decoder(output)

def generate_square_subsequent_mask(sz):
    return torch.triu(torch.ones(sz, sz) * float('-inf'), diagonal=1)

torch.manual_seed(0)
ntokens, bptt, batch = 11, 5, 3
model = TransformerModel(ntokens, 8, 2, 12, 2, dropout=0.2)
print(model)
print(sum(p.numel() for p in model.parameters()))
data = torch.randint(0, ntokens, (40,))
data = data[:(data.size(0) // batch) * batch].view(batch, -1).t().contiguous()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 1.0, gamma=0.95)
src_mask = generate_square_subsequent_mask(bptt)

model.train()
for i in range(0, data.size(0) - 1, bptt):
    seq_len = min(bptt, len(data) - 1 - i)
    inputs, targets = data[i:i + seq_len], data[i + 1:i + 1 + seq_len].reshape(-1)
    mask = src_mask[:seq_len, :seq_len]
    output = model(inputs, mask)
    loss = criterion(output.view(-1, ntokens), targets)
    optimizer.zero_grad()
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
    optimizer.step()
    scheduler.step()
    print(i, seq_len, repr(loss.item()), repr(norm.item()), scheduler.get_last_lr())

model.eval()
total = 0.
with torch.no_grad():
    for i in range(0, data.size(0) - 1, bptt):
        seq_len = min(bptt, len(data) - 1 - i)
        inputs, targets = data[i:i + seq_len], data[i + 1:i + 1 + seq_len].reshape(-1)
        output = model(inputs, src_mask[:seq_len, :seq_len])
        total += seq_len * criterion(output.view(-1, ntokens), targets).item()
print(repr(total), repr(math.exp(total / (len(data) - 1))))
for name, p in model.named_parameters():
    print(name, p.flatten()[:3].tolist(), repr(p.double().sum().item()))
