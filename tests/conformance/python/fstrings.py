x = 3.14159
n = 42
name = "Ada"
print(f"{x:.2f} {x:.4f} {n:5d} {n:<5}| {n:>8} {n:^7}|")
print(f"{name!r} {name!s} {name:>10} {name:*^9}")
print(f"{n:08.3f} {n:x} {n:#x} {n:b} {n:,} {1234567.891:,.2f}")
print(f"{{literal}} {n + 1} {[1, 2][1]} {'nested'}")
print(f"{x=}", f"{n = }", f"{x=:.1f}")
print(f"{0.000012345:e} {0.000012345:.3e} {123456789.0:g} {0.5:%} {0.25:.1%}")
w = 10
p = 3
print(f"{x:{w}.{p}f}|")
print(f"{True} {None} {[1, 'a']} {(1,)} {{'k': 1}}")
print(f"{-5:+d} {5:+d} {5: d} {-0.0} {1e100}")
print(f"{'abc':.2} {12.0:.3} {1234.5:.3} {1.0:.3}")
print(f"{1e16} {1.0} {100.0:.0f} {2.5:.0f} {3.5:.0f}")
print(F"upper {n}", rf"raw \n {n}")
print(f"""triple {n}""")
