{
  type: 'line',
  data: {
    labels: ['2020-01-01', '2020-01-02', '2020-01-04', '2020-01-08'], // uneven gaps
    datasets: [{ label: 'Visits', data: [5, 7, 6, 9], fill: false }],
  },
  options: { scales: { xAxes: [{ type: 'time', time: { unit: 'day' } }] } },
}
