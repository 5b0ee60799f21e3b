import ChartService

print("chartd: not implemented yet")
