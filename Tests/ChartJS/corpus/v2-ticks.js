{
  type: 'line',
  data: {
    labels: ['a', 'b', 'c', 'd'],
    datasets: [{ label: 'Score', data: [12, 37, 58, 44], fill: false }],
  },
  options: {
    scales: {
      yAxes: [{
        ticks: { min: 0, max: 100, stepSize: 25 },
        scaleLabel: { display: true, labelString: 'Points' },
        gridLines: { display: false },
      }],
      xAxes: [{ scaleLabel: { display: true, labelString: "Round" } }],
    },
  },
}
