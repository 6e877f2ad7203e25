"""torch.layout and its values. Every tensor here is strided; the factories refuse the
sparse and mkldnn layouts in words rather than ignore them."""

from torch._named_constant import _NamedConstant


class layout(_NamedConstant):
    __module__ = "torch"


strided = layout("strided")
sparse_coo = layout("sparse_coo")
sparse_csr = layout("sparse_csr")
sparse_csc = layout("sparse_csc")
sparse_bsr = layout("sparse_bsr")
sparse_bsc = layout("sparse_bsc")
_mkldnn = layout("_mkldnn")
