{
  type: 'bubble',
  data: {
    datasets: [
      {
        label: 'Data 1',
        data: [
          { x: 1, y: 4, r: 9 },
          { x: 2, y: 4, r: 6 },
          { x: 3, y: 8, r: 30 },
          { x: 0, y: 10, r: 1 },
          { x: 10, y: 5, r: 5 },
        ],
      },
    ],
  },
}
