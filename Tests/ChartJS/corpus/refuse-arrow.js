{
  type: 'pie',
  data: { labels: ['A', 'B'], datasets: [{ data: [30, 70] }] },
  options: {
    plugins: {
      datalabels: {
        formatter: (value) => value + '%',
      },
    },
  },
}
