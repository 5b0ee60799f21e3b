{
  type: 'line',
  data: {
    labels: ['a', 'b', 'c'],
    datasets: [{ label: 'x', data: [1, 2, 3].map(v => v * 2) }],
  },
}
