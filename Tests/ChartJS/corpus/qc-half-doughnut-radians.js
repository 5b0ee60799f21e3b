{
  type: 'doughnut',
  data: {
    datasets: [
      {
        data: [94, 25, 72, 70, 14],
        backgroundColor: [
          'rgb(255, 99, 132)',
          'rgb(255, 159, 64)',
          'rgb(255, 205, 86)',
          'rgb(75, 192, 192)',
          'rgb(54, 162, 235)',
        ],
        label: 'Dataset 1',
      },
    ],
    labels: ['Red', 'Orange', 'Yellow', 'Green', 'Blue'],
  },
  options: {
    cutoutPercentage: 80,
    rotation: -1.5707963267948966,
    circumference: 3.141592653589793,
    legend: {
      display: false,
    },
  },
}
