import ChartRender

print("chart: not implemented yet")
