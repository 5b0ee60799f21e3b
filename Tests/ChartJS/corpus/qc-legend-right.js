{
  type: 'line',
  data: {
    labels: [2016, 2017, 2018, 2019, 2020],
    datasets: [
      {
        label: 'Dollars',
        data: [1000, 1234, 2020, 2005, 1300],
      },
      {
        label: 'Users',
        data: [50, 150, 250, 350, 400],
      }
    ],
  },
  options: {
    legend: {
      display: true,
      position: 'right',
      align: 'start'
    }
  }
}
