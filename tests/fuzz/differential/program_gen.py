"""Random autograd programs for the differential fuzzer (diff_fuzz.py).

`generate(seed, index)` returns the source of one plain PyTorch script, the same text for
the same (seed, index). A program is a prelude (helpers that print a tensor's value, exact
elements, grad_fn, version, leaf-ness) followed by blocks, each a `try:` that prints what it
made and an `except Exception` that prints `type(e).__name__` and `str(e)`, so one failing
statement does not hide the rest. Blocks are separated by `# -- block N` lines: the reducer
(reduce.py) removes whole blocks.

The generator keeps a pool of the tensors made so far with their shape, dtype and whether
they require grad, so most blocks are valid; some are wrong on purpose (a shape mismatch, an
in-place op on a leaf, a second backward, an inference tensor saved for backward, a stale
saved tensor), and those exercise the errors. Only ops the engine has are drawn. Blocks that
use NumPy import it themselves, so programs without them start as fast as before.
"""

import random

BLOCK_MARK = "# -- block"

PRELUDE = '''import torch
torch.manual_seed({torch_seed})


def show(name, t):
    """Everything observable about a result that should match PyTorch bit for bit."""
    if isinstance(t, torch.Tensor):
        fn = t.grad_fn
        print(name, tuple(t.shape), t.dtype, 'rg=%s leaf=%s v=%d view=%s' % (
            t.requires_grad, t.is_leaf, t._version, t._is_view()),
            None if fn is None else type(fn).__name__)
        print(t)
        if t.dtype.is_floating_point:
            print(' ', t.tolist())
    elif isinstance(t, (tuple, list)):
        print(name, type(t).__name__, len(t))
        for i, u in enumerate(t):
            show('%s[%d]' % (name, i), u)
    else:
        print(name, repr(t))


def show_graph(name, t):
    """grad_fn and its next_functions, one level down."""
    fn = t.grad_fn
    if fn is None:
        print(name, 'no grad_fn')
        return
    print(name, type(fn).__name__, [(None if f is None else type(f).__name__, i) for f, i in fn.next_functions])


def show_grad(name, t):
    g = t.grad
    print(name + '.grad', None if g is None else g.tolist(), None if g is None else g.dtype)


def fail(block, e):
    print('!', block, type(e).__name__ + ':', e)
'''

FLOAT_DTYPES = ("float32", "float64")
NICE_SCALARS = ("0.5", "2", "-1.5", "3.0", "0.25", "-2", "1e-3", "0.1", "7")

UNARY = ("neg", "exp", "log1p_abs", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "sqrt_abs",
         "rsqrt_abs", "reciprocal", "pow", "clamp", "softmax", "log_softmax", "expm1", "log_abs",
         "erf", "square", "silu", "softplus", "elu", "leaky_relu", "gelu", "clone", "contiguous",
         "cumsum", "flip", "roll", "repeat", "mul_self", "to_dtype")
BINARY = ("+", "-", "*", "/", "maximum", "minimum", "atan2", "where", "lerp")
REDUCTIONS = ("sum", "sum_dim", "mean", "mean_dim", "prod", "max_dim", "min", "logsumexp",
              "std", "var", "norm", "amax_like", "argmax")
VIEWS = ("view", "reshape", "transpose", "t", "permute", "slice", "select", "narrow", "expand",
         "unsqueeze", "squeeze", "flatten", "chunk", "split", "unbind", "detach", "data",
         "view_as", "index_int", "T")
INPLACE = ("add_", "mul_", "sub_", "div_", "clamp_", "zero_", "fill_", "copy_", "setitem",
           "setitem_tensor", "iadd", "imul", "relu_", "exp_", "sigmoid_", "tanh_", "pow_",
           "index_add_", "scatter_")
SELECTS = ("cat", "stack", "index_select", "gather", "masked_fill", "masked_select", "sort", "topk",
           "cummax", "index_tensor", "index_put", "tril", "where_scalar")


def n_elements(shape):
    n = 1
    for s in shape:
        n *= s
    return n


class Var:
    """What the generator believes about a tensor the program made."""

    def __init__(self, name, shape, dtype, rg, leaf, nonleaf_base=False):
        self.name = name
        self.shape = tuple(shape)
        self.dtype = dtype
        self.rg = rg
        self.leaf = leaf
        self.nonleaf_base = nonleaf_base

    @property
    def numel(self):
        return n_elements(self.shape)

    @property
    def is_float(self):
        return self.dtype in FLOAT_DTYPES


class Generator:
    def __init__(self, seed, index, blocks=None):
        self.rng = random.Random("%d:%d" % (seed, index))
        self.blocks = blocks if blocks is not None else self.rng.randint(8, 28)
        self.pool = []
        self.counter = 0
        self.lines = []
        self.block_no = 0
        self.torch_seed = self.rng.randrange(1 << 16)

    # ----- helpers -------------------------------------------------------------------------
    def fresh(self):
        self.counter += 1
        return "t%d" % self.counter

    def chance(self, p):
        return self.rng.random() < p

    def scalar(self):
        return self.rng.choice(NICE_SCALARS)

    def random_shape(self, max_rank=3):
        rank = self.rng.choice([0, 1, 1, 2, 2, 2, 3, 3][: max_rank * 2 + 2])
        return tuple(self.rng.randint(1, 4) for _ in range(rank))

    def literal(self, shape, dtype):
        """A nested list literal: nice binary fractions, short decimals or small ints."""
        style = self.rng.choice(["nice", "decimal", "decimal", "wide"])

        def value():
            if dtype == "int64":
                return str(self.rng.randint(-5, 9))
            if style == "nice":
                return repr(self.rng.randint(-12, 12) / 4)
            if style == "wide":
                return repr(round(self.rng.uniform(-30, 30), 5))
            return repr(round(self.rng.uniform(-2.5, 2.5), 3))

        def build(dims):
            if not dims:
                return value()
            return "[" + ", ".join(build(dims[1:]) for _ in range(dims[0])) + "]"

        return build(list(shape))

    def pick(self, pred=lambda v: True):
        cands = [v for v in self.pool if pred(v)]
        return self.rng.choice(cands) if cands else None

    def pick_float(self):
        return self.pick(lambda v: v.is_float) or self.new_leaf(force_float=True)

    def emit(self, text):
        self.lines.append(text)

    def begin_block(self, kind):
        self.block_no += 1
        self.emit("")
        self.emit("%s %d: %s" % (BLOCK_MARK, self.block_no, kind))

    def guarded(self, body, kind):
        """A try/except block around `body` (a list of lines)."""
        self.begin_block(kind)
        self.emit("try:")
        for line in body:
            self.emit("    " + line)
        self.emit("except Exception as e:")
        self.emit("    fail(%d, e)" % self.block_no)

    def add(self, var):
        self.pool.append(var)
        return var

    # ----- makers --------------------------------------------------------------------------
    def new_leaf(self, force_float=False, shape=None, rg=None, dtype=None):
        """Appends a block making a leaf and returns its Var."""
        name = self.fresh()
        if shape is None:
            shape = self.random_shape()
        if dtype is None:
            dtype = "int64" if (not force_float and self.chance(0.12)) else self.rng.choice(FLOAT_DTYPES + ("float32",))
        if rg is None:
            rg = dtype != "int64" and self.chance(0.8)
        how = self.rng.random()
        dt = "torch." + dtype
        if dtype == "int64" and how < 0.3:
            expr = "torch.arange(%d).reshape(%s)" % (n_elements(shape), list(shape))
        elif dtype != "int64" and how < 0.2:
            # randn of 16 elements or more is PyTorch's normal_fill, which the engine does
            # not draw yet (values differ): only smaller ones.
            fn = "randn" if n_elements(shape) < 16 and self.chance(0.5) else "rand"
            expr = "torch.%s(%s, dtype=%s)" % (fn, ", ".join(map(str, shape)) or "()", dt)
        elif dtype != "int64" and how < 0.25:
            fn = self.rng.choice(["ones", "zeros"])
            expr = "torch.%s(%s, dtype=%s)" % (fn, list(shape), dt)
        elif dtype != "int64" and how < 0.3 and len(shape) == 1:
            expr = "torch.linspace(-1, 2, %d, dtype=%s)" % (shape[0], dt)
        else:
            expr = "torch.tensor(%s, dtype=%s)" % (self.literal(shape, dtype), dt)
        if rg:
            expr = expr + ".requires_grad_()" if self.chance(0.3) else expr[:-1] + ", requires_grad=True)"
        self.guarded(["%s = %s" % (name, expr), "show(%r, %s)" % (name, name)], "leaf")
        return self.add(Var(name, shape, dtype, rg, True))

    def broadcast_shape_for(self, shape):
        """A shape that broadcasts against `shape`."""
        r = self.rng.random()
        if r < 0.4 or not shape:
            return shape
        if r < 0.7:
            return tuple(1 if self.chance(0.5) else s for s in shape)
        if r < 0.85:
            k = self.rng.randint(0, len(shape))
            return shape[k:]
        return (self.rng.randint(1, 3),) + tuple(shape)

    def result_shape(self, a, b):
        a, b = list(a), list(b)
        n = max(len(a), len(b))
        a = [1] * (n - len(a)) + a
        b = [1] * (n - len(b)) + b
        out = []
        for x, y in zip(a, b):
            if x != y and x != 1 and y != 1:
                return None
            out.append(max(x, y))
        return tuple(out)

    @staticmethod
    def promote(a, b):
        if a == "float64" or b == "float64":
            return "float64"
        if a == "float32" or b == "float32":
            return "float32"
        return "int64"

    def operand_for(self, var, scalar_ok=True):
        """An existing tensor, a new broadcastable leaf, or a Python scalar."""
        r = self.rng.random()
        if r < 0.25 and scalar_ok:
            return self.scalar(), var.shape, var.dtype if var.is_float else "float32", False
        if r < 0.6:
            other = self.pick(lambda v: v is not var and self.result_shape(var.shape, v.shape) is not None)
            if other is not None:
                return other.name, other.shape, other.dtype, other.rg
        if r < 0.63:
            other = self.pick(lambda v: v is not var)  # maybe a shape mismatch: an error to compare
            if other is not None:
                return other.name, other.shape, other.dtype, other.rg
        shape = self.broadcast_shape_for(var.shape)
        leaf = self.new_leaf(shape=shape, dtype=var.dtype if self.chance(0.8) else None)
        return leaf.name, leaf.shape, leaf.dtype, leaf.rg

    # ----- blocks --------------------------------------------------------------------------
    def op_unary(self):
        x = self.pick_float() if self.chance(0.9) else (self.pick() or self.pick_float())
        op = self.rng.choice(UNARY)
        n = x.name
        dim = self.rng.randrange(len(x.shape)) if x.shape else 0
        table = {
            "neg": "-%s" % n, "exp": "%s.exp()" % n, "log1p_abs": "%s.abs().log1p()" % n,
            "sin": "%s.sin()" % n, "cos": "torch.cos(%s)" % n, "tanh": "%s.tanh()" % n,
            "sigmoid": "torch.sigmoid(%s)" % n, "relu": "%s.relu()" % n, "abs": "%s.abs()" % n,
            "sqrt_abs": "%s.abs().sqrt()" % n, "rsqrt_abs": "(%s.abs() + 0.5).rsqrt()" % n,
            "reciprocal": "%s.reciprocal()" % n,
            "pow": "%s.pow(%s)" % (n, self.rng.choice(["2", "3", "0.5", "-1", "2.5", "0"])),
            "clamp": "%s.clamp(%s)" % (n, self.rng.choice(["-0.5, 0.5", "min=0", "max=1.0", "-1, 1"])),
            "softmax": "%s.softmax(%d)" % (n, dim), "log_softmax": "torch.log_softmax(%s, %d)" % (n, dim),
            "expm1": "%s.expm1()" % n, "log_abs": "(%s.abs() + 1).log()" % n, "erf": "%s.erf()" % n,
            "square": "%s * %s" % (n, n), "silu": "torch.nn.functional.silu(%s)" % n,
            "softplus": "torch.nn.functional.softplus(%s)" % n, "elu": "torch.nn.functional.elu(%s)" % n,
            "leaky_relu": "torch.nn.functional.leaky_relu(%s, 0.1)" % n,
            "gelu": "torch.nn.functional.gelu(%s)" % n, "clone": "%s.clone()" % n,
            "contiguous": "%s.contiguous()" % n, "cumsum": "%s.cumsum(%d)" % (n, dim),
            "flip": "%s.flip(%d)" % (n, dim), "roll": "%s.roll(1, %d)" % (n, dim),
            "repeat": "%s.repeat(%s)" % (n, ", ".join(self.rng.choice(["1", "2"]) for _ in x.shape) or "()"),
            "mul_self": "%s * %s" % (n, n),
            "to_dtype": "%s.%s()" % (n, self.rng.choice(["double", "float", "long"])),
        }
        if not x.shape and op in ("softmax", "log_softmax", "cumsum", "flip", "roll"):
            op = "exp"
        expr = table[op]
        name = self.fresh()
        shape = x.shape
        if op == "repeat":
            shape = None  # unknown without evaluating; the var is not reused as a base
        dtype = x.dtype if x.is_float else "float32"
        if op == "to_dtype":
            dtype = {"double": "float64", "float": "float32", "long": "int64"}[expr.split(".")[-1][:-2]]
        elif op in ("neg", "abs", "relu", "clone", "contiguous", "flip", "roll", "mul_self", "square", "cumsum"):
            dtype = x.dtype
        self.guarded(["%s = %s" % (name, expr), "show(%r, %s)" % (name, name)], "unary " + op)
        if shape is not None:
            self.add(Var(name, shape, dtype, x.rg and dtype != "int64", False,
                         nonleaf_base=op in ("clone", "contiguous", "mul_self") and x.rg))

    def op_binary(self):
        x = self.pick() or self.pick_float()
        op = self.rng.choice(BINARY)
        # Only + - * / take a Python number for a tensor (should_allow_numbers_as_tensors).
        other, oshape, odtype, org = self.operand_for(x, scalar_ok=op in "+-*/")
        name = self.fresh()
        if op in "+-*/":
            expr = "%s %s %s" % (x.name, op, other) if self.chance(0.8) else "%s %s %s" % (other, op, x.name)
            if op == "+" and self.chance(0.2):
                expr = "torch.add(%s, %s, alpha=%s)" % (x.name, other, self.rng.choice(["2", "-0.5"]))
        elif op == "where":
            expr = "torch.where(%s > 0, %s, %s)" % (x.name, x.name, other)
        elif op == "lerp":
            expr = "torch.lerp(%s, %s, %s)" % (x.name, other, self.rng.choice(["0.25", "0.5"]))
        else:
            expr = "torch.%s(%s, %s)" % (op, x.name, other)
        shape = self.result_shape(x.shape, oshape)
        dtype = self.promote(x.dtype, odtype)
        if op == "/" or op == "atan2":
            dtype = dtype if dtype != "int64" else "float32"
        self.guarded(["%s = %s" % (name, expr), "show(%r, %s)" % (name, name)], "binary " + op)
        if shape is not None:
            self.add(Var(name, shape, dtype, x.rg or org, False, nonleaf_base=x.rg or org))

    def index_literal(self, size, count):
        """A list of indices into a dim of `size`; now and then one out of range (an error)."""
        values = [self.rng.randrange(-size, size) for _ in range(count)]
        if self.chance(0.05):
            values[0] = size + self.rng.randint(0, 2)
        return "[%s]" % ", ".join(str(v) for v in values)

    def op_select(self):
        """Ops that pick, sort or join elements: their backward scatters or splits the gradient."""
        x = self.pick(lambda v: v.is_float and len(v.shape) >= 1) or self.new_leaf(force_float=True, shape=(2, 3))
        n = x.name
        dim = self.rng.randrange(len(x.shape))
        size = x.shape[dim]
        op = self.rng.choice(SELECTS)
        shape = None
        if op == "cat":
            expr = "torch.cat([%s, %s * 2], %d)" % (n, n, dim)
            shape = tuple(s * 2 if i == dim else s for i, s in enumerate(x.shape))
        elif op == "stack":
            new_dim = self.rng.randint(0, len(x.shape))
            expr = "torch.stack([%s, %s.exp()], %d)" % (n, n, new_dim)
            shape = x.shape[:new_dim] + (2,) + x.shape[new_dim:]
        elif op == "index_select":
            count = self.rng.randint(1, 3)
            expr = "%s.index_select(%d, torch.tensor(%s))" % (n, dim, self.index_literal(size, count).replace("-", ""))
        elif op == "gather":
            index_shape = tuple(self.rng.randint(1, s) for s in x.shape)
            rows = self.literal(index_shape, "int64").replace("-", "")
            expr = "%s.gather(%d, torch.tensor(%s) %% %d)" % (n, dim, rows, size)
        elif op == "masked_fill":
            expr = "%s.masked_fill(%s > 0, %s)" % (n, n, self.scalar())
            shape = x.shape
        elif op == "masked_select":
            expr = "%s[%s > 0]" % (n, n)
        elif op == "sort":
            expr = "%s.sort(%d, descending=%s)[0]" % (n, dim, self.rng.choice(["True", "False"]))
            shape = x.shape
        elif op == "topk":
            expr = "%s.topk(%d, %d)[0]" % (n, self.rng.randint(1, size + (1 if self.chance(0.1) else 0)), dim)
        elif op == "cummax":
            expr = "%s.cummax(%d)" % (n, dim)
        elif op == "index_tensor":
            expr = "%s[torch.tensor(%s)]" % (n, self.index_literal(x.shape[0], self.rng.randint(1, 3)))
        elif op == "index_put":
            expr = "%s.index_put((torch.tensor(%s),), torch.tensor(%s), accumulate=%s)" % (
                n, self.index_literal(x.shape[0], 2), self.rng.choice(["1.5", "-2.0"]),
                self.rng.choice(["True", "False"]))
            shape = x.shape
        elif op == "tril":
            expr = "%s.tril(%d)" % (n, self.rng.randint(-1, 1)) if len(x.shape) >= 2 else "%s.diag()" % n
        else:  # where_scalar
            expr = "torch.where(%s > 0, %s, torch.zeros(()))" % (n, n)
            shape = x.shape
        name = self.fresh()
        self.guarded(["%s = %s" % (name, expr), "show(%r, %s)" % (name, name)], "select " + op)
        if shape is not None:
            self.add(Var(name, shape, x.dtype, x.rg, False, nonleaf_base=x.rg))

    def op_saved_hooks(self):
        """saved_tensors_hooks around an op: what gets packed, and when backward unpacks it."""
        x = self.pick(lambda v: v.rg and v.is_float) or self.new_leaf(force_float=True, rg=True)
        h = self.fresh()
        body = ["def %s_pack(t):" % h,
                "    print('pack', tuple(t.shape), t.dtype, t.requires_grad)",
                "    return %s" % self.rng.choice(["t", "t.clone()", "(t * 1, 'boxed')"]),
                "def %s_unpack(p):" % h,
                "    print('unpack', type(p).__name__)",
                "    return p[0] if isinstance(p, tuple) else p"]
        inner = self.rng.choice(["%s * %s", "%s.exp()", "%s.sigmoid() * 2", "torch.tanh(%s).pow(2)",
                                 "(%s @ %s.T) if %s.dim() == 2 else %s.sin()", "%s.softmax(-1)"])
        expr = inner.replace("%s", x.name)
        name = self.fresh()
        body.append("with torch.autograd.graph.saved_tensors_hooks(%s_pack, %s_unpack):" % (h, h))
        body.append("    %s = %s" % (name, expr))
        if self.chance(0.3):
            body.append("    print(%s.grad_fn._saved_self if hasattr(%s.grad_fn, '_saved_self') else None)" % (
                name, name))
        body.append("show(%r, %s)" % (name, name))
        body.append("%s.sum().backward(retain_graph=%s)" % (name, self.rng.choice(["True", "False"])))
        body += self.grad_report()
        self.guarded(body, "saved_tensors_hooks")

    def op_matmul(self):
        x = self.pick(lambda v: v.is_float and len(v.shape) in (1, 2)) or self.new_leaf(force_float=True, shape=(2, 3))
        k = x.shape[-1] if x.shape else 1
        n = self.rng.randint(1, 4)
        if self.chance(0.1):
            k += 1  # a shape mismatch, on purpose
        w = self.new_leaf(shape=(k, n) if self.chance(0.8) else (k,), dtype=x.dtype)
        name = self.fresh()
        form = self.rng.choice(["%s @ %s", "torch.matmul(%s, %s)", "%s.mm(%s)", "%s.mv(%s)"])
        self.guarded(["%s = %s" % (name, form % (x.name, w.name)), "show(%r, %s)" % (name, name)], "matmul")
        if len(x.shape) == 2 and len(w.shape) == 2 and x.shape[-1] == w.shape[0]:
            self.add(Var(name, (x.shape[0], n), x.dtype, x.rg or w.rg, False, True))

    def op_reduce(self):
        x = self.pick() or self.pick_float()
        op = self.rng.choice(REDUCTIONS)
        n = x.name
        dim = self.rng.randrange(len(x.shape)) if x.shape else 0
        keep = self.rng.choice(["True", "False"])
        table = {
            "sum": "%s.sum()" % n, "sum_dim": "%s.sum(%d, keepdim=%s)" % (n, dim, keep),
            "mean": "%s.mean()" % n, "mean_dim": "%s.mean(%d, keepdim=%s)" % (n, dim, keep),
            "prod": "%s.prod()" % n, "max_dim": "%s.max(%d)" % (n, dim), "min": "%s.min()" % n,
            "logsumexp": "%s.logsumexp(%d)" % (n, dim), "std": "%s.std()" % n, "var": "%s.var(%d)" % (n, dim),
            "norm": "%s.norm()" % n, "amax_like": "%s.max()" % n, "argmax": "%s.argmax()" % n,
        }
        name = self.fresh()
        body = ["%s = %s" % (name, table[op]), "show(%r, %s)" % (name, name)]
        if op == "max_dim":
            body = ["%s, %s_i = %s" % (name, name, table[op]), "show(%r, %s)" % (name, name),
                    "show(%r, %s_i)" % (name + "_i", name)]
        self.guarded(body, "reduce " + op)
        if op in ("sum", "mean", "prod", "min", "norm", "std", "amax_like"):
            shape = ()
        elif op in ("sum_dim", "mean_dim") and keep == "True":
            shape = tuple(1 if i == dim else s for i, s in enumerate(x.shape))
        elif op == "argmax":
            return
        else:
            shape = tuple(s for i, s in enumerate(x.shape) if i != dim)
        dtype = x.dtype if op in ("sum", "sum_dim", "prod", "min", "amax_like", "max_dim") else "float32"
        if x.is_float:
            dtype = x.dtype
        self.add(Var(name, shape, dtype, x.rg and dtype != "int64", False, x.rg))

    def op_view(self):
        x = self.pick() or self.pick_float()
        op = self.rng.choice(VIEWS)
        n = x.name
        shape = x.shape
        rank = len(shape)
        if rank == 0 and op not in ("view", "reshape", "unsqueeze", "detach", "data", "expand", "flatten", "view_as"):
            op = "unsqueeze"
        expr = None
        new_shape = None
        if op in ("view", "reshape"):
            text, new_shape = self.factor_shape(x.numel)
            expr = "%s.%s(%s)" % (n, op, ", ".join(map(str, text)) or "()")
        elif op == "transpose":
            d0, d1 = self.rng.randrange(rank), self.rng.randrange(rank)
            expr = "%s.transpose(%d, %d)" % (n, d0, d1)
            s = list(shape)
            s[d0], s[d1] = s[d1], s[d0]
            new_shape = tuple(s)
        elif op in ("t", "T"):
            if rank > 2:
                op = "permute"
            else:
                expr = "%s.t()" % n if op == "t" else "%s.T" % n
                new_shape = tuple(reversed(shape))
        if op == "permute":
            perm = list(range(rank))
            self.rng.shuffle(perm)
            expr = "%s.permute(%s)" % (n, ", ".join(map(str, perm)))
            new_shape = tuple(shape[p] for p in perm)
        elif op == "slice":
            d = self.rng.randrange(rank)
            size = shape[d]
            a = self.rng.randint(0, size - 1)
            b = self.rng.randint(a + 1, size)
            step = self.rng.choice([1, 1, 2])
            idx = ["slice(None)"] * d + ["slice(%d, %d, %d)" % (a, b, step)]
            expr = "%s[%s]" % (n, ", ".join(self.slice_text(i) for i in idx))
            new_shape = tuple(len(range(a, b, step)) if i == d else s for i, s in enumerate(shape))
        elif op == "select":
            d = self.rng.randrange(rank)
            i = self.rng.randrange(shape[d]) - (shape[d] if self.chance(0.3) else 0)
            expr = "%s.select(%d, %d)" % (n, d, i)
            new_shape = tuple(s for j, s in enumerate(shape) if j != d)
        elif op == "index_int":
            i = self.rng.randrange(shape[0])
            expr = "%s[%d]" % (n, i)
            new_shape = shape[1:]
        elif op == "narrow":
            d = self.rng.randrange(rank)
            start = self.rng.randrange(shape[d])
            length = self.rng.randint(1, shape[d] - start)
            expr = "%s.narrow(%d, %d, %d)" % (n, d, start, length)
            new_shape = tuple(length if j == d else s for j, s in enumerate(shape))
        elif op == "expand":
            target = [self.rng.randint(2, 3) if s == 1 else s for s in shape]
            if self.chance(0.4):
                target = [2] + target
            expr = "%s.expand(%s)" % (n, ", ".join(map(str, target)) or "()")
            new_shape = tuple(target)
        elif op == "unsqueeze":
            d = self.rng.randint(0, rank)
            expr = "%s.unsqueeze(%d)" % (n, d)
            new_shape = shape[:d] + (1,) + shape[d:]
        elif op == "squeeze":
            expr = "%s.squeeze()" % n
            new_shape = tuple(s for s in shape if s != 1)
        elif op == "flatten":
            expr = "%s.flatten()" % n
            new_shape = (x.numel,)
        elif op in ("chunk", "split", "unbind"):
            d = self.rng.randrange(rank)
            if op == "unbind":
                expr = "%s.unbind(%d)[%d]" % (n, d, self.rng.randrange(shape[d]))
                new_shape = tuple(s for j, s in enumerate(shape) if j != d)
            else:
                k = self.rng.randint(1, max(1, shape[d]))
                expr = "%s.%s(%d, %d)[0]" % (n, op, k, d)
                part = -(-shape[d] // k) if op == "chunk" else min(k, shape[d])
                new_shape = tuple(part if j == d else s for j, s in enumerate(shape))
        elif op == "detach":
            expr = "%s.detach()" % n
            new_shape = shape
        elif op == "data":
            expr = "%s.data" % n
            new_shape = shape
        elif op == "view_as":
            expr = "%s.view_as(%s)" % (n, n)
            new_shape = shape
        name = self.fresh()
        self.guarded(["%s = %s" % (name, expr), "show(%r, %s)" % (name, name)], "view " + op)
        rg = x.rg and op not in ("detach", "data")
        self.add(Var(name, new_shape, x.dtype, rg, not rg, False))

    @staticmethod
    def slice_text(s):
        if s == "slice(None)":
            return ":"
        a, b, step = (int(p) for p in s[6:-1].split(","))
        return "%d:%d" % (a, b) if step == 1 else "%d:%d:%d" % (a, b, step)

    def factor_shape(self, numel):
        dims = []
        rest = numel
        for f in (2, 3, 2):
            if rest % f == 0 and self.chance(0.5):
                dims.append(f)
                rest //= f
        dims.append(rest if not self.chance(0.3) else -1)
        self.rng.shuffle(dims)
        if numel == 1 and self.chance(0.5):
            return (), ()
        return tuple(dims), tuple(rest if d == -1 else d for d in dims)

    def op_inplace(self):
        x = self.pick(lambda v: not v.leaf or not v.rg) if self.chance(0.8) else self.pick()
        if x is None:
            x = self.pick_float()
        op = self.rng.choice(INPLACE)
        n = x.name
        body = []
        if op in ("add_", "mul_", "sub_", "div_"):
            other, _, odtype, org = self.operand_for(x) if self.chance(0.6) else (self.scalar(), None, "float32", False)
            body.append("%s.%s(%s)" % (n, op, other))
            x.rg = x.rg or org
        elif op == "clamp_":
            body.append("%s.clamp_(%s)" % (n, self.rng.choice(["-0.5, 0.5", "min=0", "max=1.0"])))
        elif op in ("zero_", "relu_", "exp_", "sigmoid_", "tanh_"):
            body.append("%s.%s()" % (n, op))
        elif op == "fill_":
            body.append("%s.fill_(%s)" % (n, self.scalar()))
        elif op == "pow_":
            body.append("%s.pow_(2)" % n)
        elif op == "copy_":
            src = self.pick(lambda v: v is not x and self.result_shape(x.shape, v.shape) == x.shape)
            if src is None or self.chance(0.3):
                src = self.new_leaf(shape=self.broadcast_shape_for(x.shape) if self.chance(0.7) else x.shape,
                                    dtype=x.dtype if self.chance(0.8) else None)
            body.append("%s.copy_(%s)" % (n, src.name))
            x.rg = x.rg or src.rg
        elif op in ("setitem", "setitem_tensor"):
            idx = self.index_expr(x.shape)
            if op == "setitem":
                body.append("%s[%s] = %s" % (n, idx, self.scalar()))
            else:
                src = self.new_leaf(shape=(), dtype=x.dtype) if self.chance(0.6) else self.pick_float()
                body.append("%s[%s] = %s" % (n, idx, src.name))
                x.rg = x.rg or src.rg
        elif op == "iadd":
            other, _, _, org = self.operand_for(x)
            body.append("%s += %s" % (n, other))
            x.rg = x.rg or org
        elif op == "imul":
            other, _, _, org = self.operand_for(x)
            body.append("%s *= %s" % (n, other))
            x.rg = x.rg or org
        elif op == "index_add_":
            if not x.shape:
                body.append("%s.add_(1)" % n)
            else:
                k = x.shape[0]
                src = self.new_leaf(shape=(1,) + x.shape[1:], dtype=x.dtype)
                body.append("%s.index_add_(0, torch.tensor([%d]), %s)" % (n, self.rng.randrange(k), src.name))
                x.rg = x.rg or src.rg
        elif op == "scatter_":
            if len(x.shape) != 1:
                body.append("%s.mul_(2)" % n)
            else:
                body.append("%s.scatter_(0, torch.tensor([0]), %s)" % (n, self.scalar()))
        body.append("show(%r, %s)" % (n, n))
        self.guarded(body, "inplace " + op)
        if x.rg:
            x.leaf = x.leaf and not x.rg

    def index_expr(self, shape):
        if not shape:
            return "..."
        parts = []
        for s in shape[: self.rng.randint(1, len(shape))]:
            r = self.rng.random()
            if r < 0.4:
                parts.append(str(self.rng.randrange(s)))
            elif r < 0.8:
                a = self.rng.randrange(s)
                parts.append("%d:%d" % (a, self.rng.randint(a + 1, s)))
            else:
                parts.append(":")
        return ", ".join(parts)

    def op_view_then_inplace(self):
        """The classic: a view of a non-leaf changed in place (CopySlices), then backward."""
        x = self.pick(lambda v: v.nonleaf_base and v.shape) or None
        if x is None:
            leaf = self.new_leaf(force_float=True, shape=self.random_shape() or (3,), rg=True)
            x = Var(self.fresh(), leaf.shape, leaf.dtype, True, False, True)
            self.guarded(["%s = %s * 1" % (x.name, leaf.name), "show(%r, %s)" % (x.name, x.name)], "nonleaf")
            self.add(x)
        self.op_view_of(x)
        v = self.pool[-1]
        if v.shape is None:
            return
        saved_self = self.chance(0.5)
        body = []
        if saved_self:
            y = self.fresh()
            body.append("%s = %s.%s()" % (y, v.name, self.rng.choice(["exp", "sigmoid", "tanh"])))
            body.append("show(%r, %s)" % (y, y))
            self.add(Var(y, v.shape, v.dtype, v.rg, False, v.rg))
        op = self.rng.choice(["mul_(2)", "add_(1)", "zero_()", "exp_()", "clamp_(-1, 1)", "sigmoid_()",
                              "copy_(torch.ones(()))", "relu_()"])
        body.append("%s.%s" % (v.name, op))
        body.append("show(%r, %s)" % (v.name, v.name))
        body.append("show(%r, %s)" % (x.name, x.name))
        body.append("show_graph(%r, %s)" % (x.name, x.name))
        self.guarded(body, "view-inplace")

    def op_view_of(self, x):
        saved = self.pool
        self.pool = [x]
        self.op_view()
        self.pool = saved + [self.pool[-1]]

    def op_backward(self):
        v = self.pick(lambda v: v.rg and v.is_float) or self.pick_float()
        roots = "%s" % v.name
        body = []
        r = self.fresh()
        how = self.rng.random()
        if how < 0.55:
            body.append("%s = %s.sum()" % (r, v.name) if v.shape else "%s = %s * 1" % (r, v.name))
        elif how < 0.75:
            w = self.pick(lambda u: u.is_float and u.rg and u is not v and self.result_shape(u.shape, v.shape))
            if w is None:
                body.append("%s = (%s * %s).sum()" % (r, v.name, v.name))
            else:
                body.append("%s = (%s * %s).sum()" % (r, v.name, w.name))
        elif how < 0.85:
            r = v.name  # non-scalar without gradient: "grad can be implicitly created only for scalar outputs"
        else:
            body.append("%s = %s.mean()" % (r, v.name))
        roots = r
        retain = self.rng.choice(["", "retain_graph=True", "retain_graph=False"])
        args = [retain] if retain else []
        if how >= 0.75 and how < 0.85 and self.chance(0.6):
            args.append("gradient=torch.ones_like(%s)" % r)
        if self.chance(0.1):
            leaves = [u.name for u in self.pool if u.leaf and u.rg][:2]
            if leaves:
                args.append("inputs=[%s]" % ", ".join(leaves))
        body.append("%s.backward(%s)" % (roots, ", ".join(args)))
        if self.chance(0.25):
            body.append("%s.backward()" % roots)  # twice: "Trying to backward through the graph a second time"
        body += self.grad_report()
        self.guarded(body, "backward")

    def grad_report(self):
        body = []
        for u in self.pool:
            if u.leaf and u.rg:
                body.append("show_grad(%r, %s)" % (u.name, u.name))
            elif self.chance(0.05):
                body.append("show_grad(%r, %s)" % (u.name, u.name))  # non-leaf: a warning
        return body

    def op_autograd_grad(self):
        v = self.pick(lambda v: v.rg and v.is_float) or self.pick_float()
        leaves = [u for u in self.pool if u.leaf and u.rg]
        self.rng.shuffle(leaves)
        leaves = leaves[: self.rng.randint(1, 3)]
        if self.chance(0.2):
            extra = self.pick(lambda u: u.rg and not u.leaf)
            if extra is not None:
                leaves.append(extra)
        if not leaves:
            leaves = [self.new_leaf(force_float=True, rg=True)]
        r = self.fresh()
        body = ["%s = %s" % (r, "%s.sum()" % v.name if self.chance(0.8) else "(%s ** 2).sum()" % v.name)]
        kw = []
        create = self.chance(0.35)
        if create:
            kw.append("create_graph=True")
        if self.chance(0.4):
            kw.append("retain_graph=%s" % self.rng.choice(["True", "False"]))
        if self.chance(0.5):
            kw.append("allow_unused=True")
        g = self.fresh()
        body.append("%s = torch.autograd.grad(%s, [%s]%s)" % (
            g, r, ", ".join(u.name for u in leaves), "".join(", " + k for k in kw)))
        body.append("show(%r, %s)" % (g, g))
        if create:
            body.append("%s_2 = torch.autograd.grad(%s[0].sum(), [%s], allow_unused=True)" % (
                g, g, ", ".join(u.name for u in leaves)))
            body.append("show(%r, %s_2)" % (g + "_2", g))
        self.guarded(body, "autograd.grad")

    def op_hook(self):
        v = self.pick(lambda v: v.rg) or self.new_leaf(force_float=True, rg=True)
        kind = self.rng.choice(["none", "scale", "print", "print", "replace", "remove"])
        h = self.fresh()
        body = []
        if kind == "none":
            body.append("%s = %s.register_hook(lambda g: None)" % (h, v.name))
        elif kind == "scale":
            body.append("%s = %s.register_hook(lambda g: g * %s)" % (h, v.name, self.scalar()))
        elif kind == "replace":
            body.append("%s = %s.register_hook(lambda g: torch.ones_like(g))" % (h, v.name))
        else:
            body.append("def %s_fn(g):" % h)
            body.append("    print('hook %s', g.shape, g.dtype, g.tolist())" % v.name)
            body.append("    return %s" % self.rng.choice(["None", "g + 1", "g.clone()"]))
            body.append("%s = %s.register_hook(%s_fn)" % (h, v.name, h))
            if kind == "remove":
                body.append("%s.remove()" % h)
        self.guarded(body, "hook " + kind)

    def op_retain_grad(self):
        v = self.pick(lambda v: v.rg and not v.leaf) or self.pick()
        if v is None:
            return
        self.guarded(["%s.retain_grad()" % v.name, "print(%r, %s.retains_grad)" % (v.name, v.name)], "retain_grad")
        v.leaf = True  # its .grad is reported from now on

    def op_grad_mode(self):
        x = self.pick() or self.pick_float()
        mode = self.rng.choice(["torch.no_grad()", "torch.no_grad()", "torch.inference_mode()",
                                "torch.enable_grad()", "torch.set_grad_enabled(False)"])
        name = self.fresh()
        inner = self.rng.choice(["%s * 2", "%s.exp()", "%s[..., :1]", "%s.mul_(1.5)", "%s.add_(1)", "%s.clone()"])
        expr = inner % x.name
        body = ["with %s:" % mode]
        if "_(" in inner:
            body.append("    %s" % expr)
            body.append("    %s = %s" % (name, x.name))
        else:
            body.append("    %s = %s" % (name, expr))
        body.append("show(%r, %s)" % (name, name))
        body.append("print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())")
        if "inference" in mode:
            body.append("print(%s.is_inference())" % name)
        self.guarded(body, "grad mode")
        rg = x.rg and mode == "torch.enable_grad()"
        shape = x.shape if "[" not in inner else (x.shape[:-1] + (1,) if x.shape else None)
        if shape is not None and ("_(" not in inner and mode != "torch.inference_mode()" or self.chance(0.5)):
            self.add(Var(name, shape, x.dtype, rg, not rg, False))
        if mode == "torch.inference_mode()" and self.chance(0.6):
            # Using an inference tensor in autograd: an error to compare.
            w = self.pick(lambda u: u.rg and u.is_float and u.shape == x.shape)
            if w is not None:
                out = self.fresh()
                self.guarded(["%s = %s * %s" % (out, w.name, name), "show(%r, %s)" % (out, out)], "inference use")

    def op_requires_grad(self):
        v = self.pick()
        if v is None:
            return
        flag = self.rng.choice(["", "True", "False"])
        self.guarded(["%s.requires_grad_(%s)" % (v.name, flag), "show(%r, %s)" % (v.name, v.name)], "requires_grad_")
        if v.leaf and v.is_float:
            v.rg = flag != "False"

    def op_version_error(self):
        """Saves a tensor, changes it in place, and runs backward: a stale saved tensor."""
        leaf = self.pick(lambda v: v.leaf and v.rg and v.is_float) or self.new_leaf(force_float=True, rg=True)
        a, b, r = self.fresh(), self.fresh(), self.fresh()
        op = self.rng.choice(["%s.exp()", "%s.sigmoid()", "%s * %s", "%s.tanh()", "%s.pow(2)", "%s.sqrt()"])
        body = ["%s = %s * 1" % (a, leaf.name),
                "%s = %s" % (b, op % ((a, a) if op.count("%s") == 2 else (a,))),
                "%s.%s" % (self.rng.choice([a, b]), self.rng.choice(["add_(1)", "mul_(2)", "zero_()"])),
                "print(%s._version, %s._version)" % (a, b),
                "%s = %s.sum()" % (r, b),
                "%s.backward()" % r]
        body += self.grad_report()
        self.guarded(body, "version error")

    def op_detach_share(self):
        """A detached tensor shares storage and version counter with its source."""
        x = self.pick(lambda v: v.rg and v.is_float) or self.pick_float()
        d = self.fresh()
        body = ["%s = %s.detach()" % (d, x.name),
                "%s.%s" % (d, self.rng.choice(["add_(1)", "zero_()", "mul_(0.5)"])),
                "print(%s._version, %s._version)" % (x.name, d),
                "show(%r, %s)" % (x.name, x.name)]
        self.guarded(body, "detach share")

    def op_print_versions(self):
        names = [v.name for v in self.pool][-6:]
        if names:
            self.guarded(["print('versions', %s)" % ", ".join("%s._version" % n for n in names)], "versions")

    def op_zero_grad(self):
        v = self.pick(lambda v: v.leaf and v.rg)
        if v is None:
            return
        form = self.rng.choice(["%s.grad = None", "%s.grad.zero_()", "%s.grad = torch.zeros_like(%s)"])
        self.guarded([form.replace("%s", v.name), "show_grad(%r, %s)" % (v.name, v.name)], "zero grad")

    def op_uncaught(self):
        """Ends the program with an uncaught error: the traceback's last line is compared."""
        v = self.pick(lambda v: v.rg and v.is_float)
        self.begin_block("uncaught")
        if v is not None and self.chance(0.5):
            self.emit("u = %s.sum() if %s.dim() else %s" % (v.name, v.name, v.name))
            self.emit("u.backward()")
            self.emit("u.backward()")
        else:
            x = self.pick() or self.pick_float()
            self.emit("%s.view(-1, 5)" % x.name)

    def op_numpy(self):
        """NumPy beside torch: shared memory both ways, NumPy functions on tensors, NumPy
        numbers and arrays as operands, data and indices."""
        x = self.pick() or self.pick_float()
        n, t = self.fresh(), self.fresh()
        kind = self.rng.choice(["numpy", "numpy", "roundtrip", "ufunc", "operand", "data", "index"])
        body = ["import numpy as np"]
        if kind == "numpy":  # an error when x requires grad (under grad mode)
            source = self.rng.choice(["%s.numpy()", "%s.detach().numpy()", "%s.numpy(force=True)"]) % x.name
            body += ["%s = %s" % (n, source),
                     "print(repr(%s), %s.dtype, %s.strides, %s.flags['OWNDATA'])" % (n, n, n, n)]
            if x.numel:
                body.append("%s.flat[%d] = 7" % (n, self.rng.randrange(x.numel)))
            body.append("show(%r, %s)" % (x.name, x.name))
        elif kind == "roundtrip":
            body += ["%s = torch.from_numpy(%s.detach().numpy())" % (t, x.name),
                     "%s.%s" % (t, self.rng.choice(["add_(1)", "mul_(2)", "zero_()"])),
                     "show(%r, %s)" % (t, t), "show(%r, %s)" % (x.name, x.name)]
        elif kind == "ufunc":
            f = self.rng.choice(["np.sin(%s)", "np.exp(%s)", "np.negative(%s)", "np.add(%s, 1)",
                                 "np.greater(%s, 0)", "np.sqrt(np.abs(%s))", "np.multiply(%s, %s)"])
            body += ["%s = %s" % (t, f.replace("%s", x.name + ".detach()")), "show(%r, %s)" % (t, t)]
        elif kind == "operand":
            operand = self.rng.choice(["np.float32(%s)" % self.scalar(), "np.float64(%s)" % self.scalar(),
                                       "np.int64(3)", "np.array(%s)" % self.scalar(),
                                       "np.ones(%r)" % (tuple(x.shape[-1:]),)])
            op = self.rng.choice(["+", "-", "*"])
            expr = "%s %s %s" % ((x.name, op, operand) if self.chance(0.6) else (operand, op, x.name))
            body += ["%s = %s" % (t, expr), "show(%r, %s)" % (t, t)]
        elif kind == "data":
            dtype = self.rng.choice(["np.float32", "np.float64", "np.int64", "np.int32", "np.uint8", "np.bool_"])
            maker = self.rng.choice(["torch.tensor", "torch.as_tensor", "torch.from_numpy"])
            shape = self.random_shape()
            body += ["%s = np.array(%s, dtype=%s)" % (n, self.literal(shape, "float32"), dtype),
                     "%s = %s(%s)" % (t, maker, n), "show(%r, %s)" % (t, t)]
            if self.chance(0.3):
                body.append("%s = torch.tensor([%s, %s.flat[0]])" % (t, n + ".flat[0]" if shape else n + ".item()",
                                                                    n))
                body.append("show(%r, %s)" % (t, t))
        else:
            if not x.shape:
                return
            idx = self.index_literal(x.shape[0], self.rng.randint(1, 3))
            dtype = self.rng.choice(["np.int64", "np.int32"])
            body += ["%s = %s[np.array(%s, dtype=%s)]" % (t, x.name, idx, dtype), "show(%r, %s)" % (t, t)]
        self.guarded(body, "numpy " + kind)

    def op_out(self):
        """out= arguments: results written into a given tensor, resized and cast, or refused."""
        x = self.pick() or self.pick_float()
        other, oshape, odtype, org = self.operand_for(x, scalar_ok=True)
        o = self.fresh()
        shape = self.rng.choice([(0,), self.result_shape(x.shape, oshape) or (2,), (3,)])
        dtype = self.rng.choice(["torch.float32", "torch.float64", "torch.int64"])
        call = self.rng.choice(["torch.add(%s, %s, out=%s)", "torch.mul(%s, %s, out=%s)",
                                "torch.sub(%s, %s, out=%s)", "torch.maximum(%s, %s, out=%s)"])
        if self.chance(0.3):
            call = self.rng.choice(["torch.exp(%s, out=%s)", "torch.sigmoid(%s, out=%s)", "torch.neg(%s, out=%s)",
                                    "torch.sum(%s, 0, out=%s)", "torch.cumsum(%s, 0, out=%s)"])
            text = call % (x.name, o)
        else:
            text = call % (x.name, other, o)
        body = ["%s = torch.empty(%r, dtype=%s)" % (o, shape, dtype),
                "r = " + text, "print(r is %s, %s._version)" % (o, o), "show(%r, %s)" % (o, o)]
        self.guarded(body, "out=")

    # ----- the program ---------------------------------------------------------------------
    def program(self):
        makers = [
            (self.op_unary, 12), (self.op_binary, 12), (self.op_matmul, 3), (self.op_reduce, 7),
            (self.op_view, 12), (self.op_inplace, 10), (self.op_view_then_inplace, 6),
            (self.op_backward, 7), (self.op_autograd_grad, 4), (self.op_hook, 5),
            (self.op_retain_grad, 3), (self.op_grad_mode, 4), (self.op_requires_grad, 2),
            (self.op_version_error, 2), (self.op_detach_share, 2), (self.op_print_versions, 3),
            (self.op_zero_grad, 2), (self.op_select, 6), (self.op_saved_hooks, 2),
            (self.op_numpy, 3), (self.op_out, 2),
        ]
        funcs = [f for f, _ in makers]
        weights = [w for _, w in makers]
        for _ in range(self.rng.randint(1, 3)):
            self.new_leaf()
        while self.block_no < self.blocks:
            self.rng.choices(funcs, weights)[0]()
        if self.chance(0.6):
            self.op_backward()
        if self.chance(0.15):
            self.op_uncaught()
        return PRELUDE.format(torch_seed=self.torch_seed) + "\n".join(self.lines) + "\n"


def generate(seed, index, blocks=None):
    """The program for (seed, index): the same text every time."""
    return Generator(seed, index, blocks).program()


if __name__ == "__main__":
    import sys
    print(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0, int(sys.argv[2]) if len(sys.argv) > 2 else 0))
