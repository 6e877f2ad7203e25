"""Writes core/python/signature_table.inc: the Python signatures PyTorch 1.13's argument
parser holds for its torch.* functions and Tensor methods, in its own order, so that our
bindings reject a call exactly where 1.13 does and with its words (Note [PyTorch's
signatures for every call]).

The signatures are the strings PyTorch's generated bindings hand their PythonArgParser; they
sit in libtorch_python.so's read-only data. The linker merges a string into the tail of a
longer one ("max(Tensor input)" is the end of "amax(Tensor input)"), so every tail is a
candidate, and which candidates a function really has, and in what order, is read from 1.13
itself: a call that matches nothing makes the parser list its overloads in its message form
("(Tensor input, int dim, bool keepdim, *, tuple of Tensors out)"). A function with one
signature is pinned down by its "missing ... arguments" and "takes N positional arguments"
messages. Functions whose candidates stay ambiguous are left out (they keep the binding's own
checks). Hidden and deprecated signatures (accepted, never listed) are kept for matching.
Run with Debian's PyTorch:

    /usr/bin/python3 core/python/gen_signature_table.py
"""

import collections
import json
import os
import re

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY = os.path.join(os.path.dirname(torch.__file__), 'lib', 'libtorch_python.so')
SIGNATURE = re.compile(rb'^([a-z_][a-z0-9_]*)\((.*)\)(\|(deprecated|hidden))?$')
# The words python_arg_parser.cpp's messages use for each parameter type.
MESSAGE_TYPE_NAMES = {
    'Tensor': 'Tensor', 'Scalar': 'Number', 'int64_t': 'int', 'SymInt': 'SymInt', 'double': 'float', 'bool': 'bool',
    'IntArrayRef': 'tuple of ints', 'SymIntArrayRef': 'tuple of SymInts', 'ArrayRef<double>': 'tuple of floats',
    'TensorList': 'tuple of Tensors', 'c10::List<c10::optional<Tensor>>': 'tuple of Tensors',
    'ScalarList': 'tuple of Scalars', 'ScalarType': 'torch.dtype', 'Layout': 'torch.layout', 'Device': 'torch.device',
    'MemoryFormat': 'torch.memory_format', 'Generator': 'torch.Generator', 'Dimname': 'name',
    'DimnameList': 'tuple of names', 'PyObject*': 'object', 'c10::string_view': 'str', 'Storage': 'torch.Storage',
    'Stream': 'Stream',
}
PROBE_KEYWORD = '__agv_probe__'


def candidate_signatures():
    """name -> {signature: whether it stands alone} for every tail of every string."""
    candidates = collections.defaultdict(dict)
    with open(LIBRARY, 'rb') as f:
        strings = f.read().split(b'\0')
    for s in strings:
        if b'(' not in s or len(s) > 800:
            continue
        for start in range(len(s)):
            match = SIGNATURE.match(s[start:])
            if not match:
                continue
            try:
                text = s[start:].decode()
            except UnicodeDecodeError:
                continue
            name = match.group(1).decode()
            candidates[name][text] = candidates[name].get(text, False) or start == 0
    return candidates


def parameters(signature):
    """(type, name, has default, keyword-only) per parameter; type None when unreadable."""
    inner = signature[signature.index('(') + 1:signature.rindex(')')]
    out, keyword_only = [], False
    for text in inner.split(', ') if inner else []:
        if text == '*':
            keyword_only = True
            continue
        if ' ' not in text:
            return [(None, text, False, keyword_only)]
        type_text, name = text.rsplit(' ', 1)
        out.append((re.sub(r'\[\d+\]', '', type_text.rstrip('?')), name.split('=')[0], '=' in name, keyword_only))
    return out


def message_form(signature):
    """"(Tensor input, int dim, *, Tensor out)" as 1.13's messages list an overload."""
    parts, keyword_seen = [], False
    for type_name, name, _, keyword_only in parameters(signature.split('|')[0]):
        if type_name not in MESSAGE_TYPE_NAMES:
            return None
        if keyword_only and not keyword_seen:
            parts.append('*')
            keyword_seen = True
        parts.append(MESSAGE_TYPE_NAMES[type_name] + ' ' + name)
    return '(' + ', '.join(parts) + ')'


def type_error(f, *args, **kwargs):
    try:
        f(*args, **kwargs)
    except TypeError as e:
        return str(e)
    except Exception:
        return None
    return None


def listed_overloads(message):
    if 'but expected one of:' in message:
        return [line[3:] for line in message.split('\n') if line.startswith(' * ')]
    match = re.search(r'but expected (\(.*\))$', message)
    return [match.group(1)] if match else None


def only_one(signatures, pool):
    """The one signature, preferring those that stand alone; None when not unique."""
    standalone = [s for s in signatures if pool[s]]
    chosen = standalone or signatures
    return chosen[0] if len(chosen) == 1 else None


def single_signature(pool, keyword_message, many_message, is_method):
    """A parser with one visible signature, pinned down by its arity messages."""
    missing = re.search(r'missing \d+ required positional arguments?: (.*)$', keyword_message)
    arity = re.search(r'takes (?:from (\d+) to )?(\d+) positional arguments? but', many_message)
    first_type = re.search(r"argument '(\w+)' \(position 1\) must be (.+), not object$", many_message)
    if not arity and not first_type:
        return None
    max_positional = int(arity.group(2)) if arity else None
    required = re.findall(r'"(\w+)"', missing.group(1)) if missing else []

    def fits(signature):
        ps = parameters(signature)
        if max_positional is not None and sum(1 for p in ps if not p[3]) != max_positional:
            return False
        if max_positional is None and (not ps or ps[0][1] != first_type.group(1) or
                                       MESSAGE_TYPE_NAMES.get(ps[0][0]) != first_type.group(2)):
            return False
        if [p[1] for p in ps if not p[2]] != required:
            return False
        return not (is_method and ps and ps[0][1] == 'input')

    fitting = [s for s in pool if '|' not in s and message_form(s) and fits(s)]
    forms = {message_form(s) for s in fitting}
    standalone_forms = {message_form(s) for s in fitting if pool[s]}
    if len(standalone_forms) == 1:
        forms = standalone_forms
    if len(forms) != 1:
        return None
    form = forms.pop()
    return only_one([s for s in fitting if message_form(s) == form], pool)


def signatures_of(name, f, is_method, pool):
    """1.13's signatures for f, visible ones in its order, then the hidden ones; [] for a
    method that takes no arguments; None when f has no argument parser of its own or its
    signatures stay ambiguous."""
    keyword_message = type_error(f, **{PROBE_KEYWORD: 1})
    if keyword_message is None:
        return None
    if 'takes no keyword arguments' in keyword_message:
        # A METH_NOARGS method: no signature at all, written as an empty list.
        no_arguments = is_method and 'takes no arguments (1 given)' in (type_error(f, 0) or '')
        return [] if no_arguments else None
    if not any(words in keyword_message for words in ('invalid combination', 'missing', 'unexpected keyword')):
        return None
    many_message = type_error(f, *([object()] * 9)) or ''
    overloads = listed_overloads(many_message) if 'invalid combination' in many_message else None
    if not overloads and 'invalid combination' in keyword_message:
        overloads = listed_overloads(keyword_message)
    visible = []
    if overloads:
        for form in overloads:
            signature = only_one([s for s in pool if '|' not in s and message_form(s) == form], pool)
            if signature is None:
                return None
            visible.append(signature)
    else:
        signature = single_signature(pool, keyword_message, many_message, is_method)
        if signature is None:
            return None
        visible.append(signature)
    # A hidden one whose string was merged into a longer one's tail is another function's
    # ("mul(Scalar value, ...)|deprecated" is the end of addcmul's), so only whole strings
    # count. A function's signatures name the tensor `input`, a method's never do.
    hidden = []
    for s in pool:
        if '|' in s and pool[s] and message_form(s):
            names = [p[1] for p in parameters(s.split('|')[0])]
            if ('input' in names) != is_method:
                hidden.append(s)
    return visible + sorted(hidden)


def main():
    pool = candidate_signatures()
    table = {False: {}, True: {}}
    skipped = []
    for name in sorted(dir(torch._C._VariableFunctions)):
        if name.startswith('_'):
            continue
        f = getattr(torch, name, None) or getattr(torch._C._VariableFunctions, name)
        signatures = signatures_of(name, f, False, pool.get(name, {}))
        (table[False].__setitem__(name, signatures) if signatures is not None else skipped.append('torch.' + name))
    receiver = torch.ones(2, 2)
    for name in sorted(dir(torch._C._TensorBase)):
        if name.startswith('_'):
            continue
        try:
            method = getattr(receiver, name, None)
        except Exception:
            continue
        if not callable(method):
            continue
        signatures = signatures_of(name, method, True, pool.get(name, {}))
        (table[True].__setitem__(name, signatures) if signatures is not None else skipped.append('Tensor.' + name))
    with open(os.path.join(HERE, 'signature_table.inc'), 'w') as f:
        f.write('// Generated by gen_signature_table.py from PyTorch 1.13; do not edit.\n')
        for is_method in (False, True):
            for name, signatures in sorted(table[is_method].items()):
                f.write('{"%s", %s, %s},\n' % (name, 'true' if is_method else 'false', json.dumps('\n'.join(signatures))))
    print('%d functions, %d methods; left to their bindings: %s' % (len(table[False]), len(table[True]),
                                                                    ', '.join(skipped)))


if __name__ == '__main__':
    main()
