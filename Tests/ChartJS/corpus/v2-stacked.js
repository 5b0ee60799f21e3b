{
  type: 'bar',
  data: {
    labels: ['2019', '2020', '2021'],
    datasets: [
      { label: 'North', data: [10, 20, 30], backgroundColor: '#4e79a7' },
      { label: 'South', data: [5, 15, 10], backgroundColor: '#f28e2b' },
    ],
  },
  options: {
    scales: {
      xAxes: [{ stacked: true }],
      yAxes: [{ stacked: true, ticks: { beginAtZero: true } }],
    },
  },
}
