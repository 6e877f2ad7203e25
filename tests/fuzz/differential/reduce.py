"""Shrinks a diverging fuzz program to fewer blocks that still diverge the same way
(diff_fuzz.py --reduce). A program is its prelude and `# -- block N` blocks
(program_gen.py); blocks are dropped in halves, then quarters, ... then one by one, and a
smaller program is kept when it still diverges with the same signature."""

from program_gen import BLOCK_MARK


def split_blocks(source):
    """(prelude, [block, ...]); a block is its text from its marker line on."""
    parts = source.split("\n" + BLOCK_MARK)
    return parts[0], [BLOCK_MARK + p for p in parts[1:]]


def join_blocks(prelude, blocks):
    return "\n".join([prelude] + blocks).rstrip("\n") + "\n"


def reduce_program(source, still_diverges, max_checks=400):
    """The smallest program found for which still_diverges(text) is true."""
    prelude, blocks = split_blocks(source)
    checks = 0
    chunk = max(1, len(blocks) // 2)
    while chunk >= 1 and checks < max_checks:
        start = len(blocks) - chunk  # later blocks first: they rarely feed the divergence
        removed_any = False
        while start >= 0 and checks < max_checks:
            candidate = blocks[:start] + blocks[start + chunk:]
            checks += 1
            if candidate and still_diverges(join_blocks(prelude, candidate)):
                blocks = candidate
                removed_any = True
                start = min(start, len(blocks)) - chunk
            else:
                start -= chunk
        if not removed_any:
            chunk //= 2
        else:
            chunk = min(chunk, max(1, len(blocks) // 2))
    return join_blocks(prelude, blocks)
