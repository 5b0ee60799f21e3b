{
  type: 'doughnut',
  data: {
    labels: ['January', 'February', 'March', 'April', 'May'],
    datasets: [{ data: [50, 60, 70, 180, 190] }],
  },
  options: {
    plugins: {
      doughnutlabel: {
        labels: [{ text: '550', font: { size: 20 } }, { text: 'total' }],
      },
    },
  },
}
