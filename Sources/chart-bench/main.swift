import ChartRender

print("chart-bench: not implemented yet")
