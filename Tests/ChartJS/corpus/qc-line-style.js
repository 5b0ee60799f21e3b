{
  type: 'line',
  data: {
    labels: ['January', 'February', 'March', 'April', 'May', 'June', 'July'],
    datasets: [
      {
        data: [-15, -80, null, -11, -5, 33, -57],
        fill: false,
        borderColor: 'red',
        borderDash: [5, 5],
        borderWidth: 1,
        lineTension: 0.4,
        spanGaps: true,
      }]
  },
  options: {
    legend: {
      display: false,
    },
  },
}
