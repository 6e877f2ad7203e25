def load():
    try:
        return {}["weights"]
    except KeyError:
        raise RuntimeError("could not load weights")

load()
