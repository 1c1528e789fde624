// Replaced by the benchmark (issue 6).
print("ripple-bench: not written yet")
