{
  type: 'scatter',
  data: {
    datasets: [
      {
        label: 'Data 1',
        data: [
          { x: 2, y: 4 },
          { x: 3, y: 3 },
          { x: -10, y: 0 },
          { x: 0, y: 10 },
          { x: 10, y: 5 },
        ],
      },
    ],
  },
}
