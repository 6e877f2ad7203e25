def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise TypeError("bad input") from e

parse("abc")
