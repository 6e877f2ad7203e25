"""torch.nn.modules: the layers, each loaded the first time its name is read
(Note [Names loaded on first use] in core/python/lazy_attributes.cpp)."""

import _agv_torch as _C

# submodule -> the names it gives torch.nn.modules (and torch.nn)
_LAYERS = {
    "module": ["Module"],
    "linear": ["Bilinear", "Identity", "LazyLinear", "Linear"],
    "activation": ["CELU", "ELU", "GELU", "GLU", "Hardshrink", "Hardsigmoid", "Hardswish", "Hardtanh", "LeakyReLU",
                   "LogSigmoid", "LogSoftmax", "Mish", "PReLU", "RReLU", "ReLU", "ReLU6", "SELU", "SiLU", "Sigmoid",
                   "Softmax", "Softmin", "Softplus", "Softshrink", "Softsign", "Tanh", "Tanhshrink", "Threshold",
                   "MultiheadAttention"],
    "distance": ["CosineSimilarity", "PairwiseDistance"],
    "padding": ["ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ReflectionPad1d", "ReflectionPad2d",
                "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "ZeroPad2d"],
    "batchnorm": ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d"],
    "instancenorm": ["InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"],
    "normalization": ["GroupNorm", "LayerNorm", "LocalResponseNorm"],
    "sparse": ["Embedding", "EmbeddingBag"],
    "conv": ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d"],
    "dropout": ["Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "FeatureAlphaDropout"],
    "pooling": ["AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
                "AdaptiveMaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d", "LPPool1d", "LPPool2d", "MaxPool1d", "MaxPool2d", "MaxPool3d"],
    "flatten": ["Flatten", "Unflatten"],
    "pixelshuffle": ["PixelShuffle", "PixelUnshuffle"],
    "channelshuffle": ["ChannelShuffle"],
    "fold": ["Fold", "Unfold"],
    "upsampling": ["Upsample", "UpsamplingBilinear2d", "UpsamplingNearest2d"],
    "container": ["ModuleDict", "ModuleList", "ParameterDict", "ParameterList", "Sequential"],
    "loss": ["BCELoss", "BCEWithLogitsLoss", "CosineEmbeddingLoss", "CrossEntropyLoss", "CTCLoss", "GaussianNLLLoss",
             "HingeEmbeddingLoss", "HuberLoss", "KLDivLoss", "L1Loss", "MarginRankingLoss", "MSELoss",
             "MultiLabelSoftMarginLoss", "MultiMarginLoss", "NLLLoss", "PoissonNLLLoss", "SmoothL1Loss",
             "SoftMarginLoss", "TripletMarginLoss"],
    "rnn": ["GRU", "GRUCell", "LSTM", "LSTMCell", "RNN", "RNNBase", "RNNCell", "RNNCellBase"],
    "lazy": [],
    "transformer": ["Transformer", "TransformerDecoder", "TransformerDecoderLayer", "TransformerEncoder",
                    "TransformerEncoderLayer"],
}

_C._attributes_on_first_use(globals(), {
    **{submodule: __name__ + "." + submodule for submodule in _LAYERS},
    **{name: __name__ + "." + submodule for submodule, names in _LAYERS.items() for name in names},
})
del _C
