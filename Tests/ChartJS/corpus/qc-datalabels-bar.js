{
  type: 'bar',
  data: {
    labels: ['Q1', 'Q2', 'Q3', 'Q4'],
    datasets: [{ label: 'Users', data: [50, 60, 70, 180] }],
  },
  options: {
    plugins: {
      datalabels: { anchor: 'end', align: 'top', color: '#000', font: { weight: 'bold' } },
    },
  },
}
