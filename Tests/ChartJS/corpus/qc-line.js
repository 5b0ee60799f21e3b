{
  type: 'line',
  data: {
    labels: ['January', 'February', 'March', 'April', 'May'],
    datasets: [
      {
        label: 'Dogs',
        data: [50, 60, 70, 180, 190],
        fill: false,
        borderColor: 'blue',
      },
      {
        label: 'Cats',
        data: [100, 200, 300, 400, 500],
        fill: false,
        borderColor: 'green',
      },
    ],
  },
}
