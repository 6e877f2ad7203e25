x = 3
assert x > 0, "positive"
assert x < 0, f"x must be negative, got {x}"
