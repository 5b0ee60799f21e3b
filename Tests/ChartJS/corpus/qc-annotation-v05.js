{
  type: 'bar',
  data: {
    labels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
    datasets: [{ label: 'Tickets', data: [18, 26, 21, 33, 12] }],
  },
  options: {
    annotation: {
      annotations: [
        {
          type: 'line',
          mode: 'horizontal',
          scaleID: 'y-axis-0',
          value: 25,
          borderColor: 'red',
          borderWidth: 2,
          borderDash: [4, 4],
          label: { enabled: true, content: 'SLA' },
        },
        // a box from Tue to Wed, all heights
        { type: 'box', xScaleID: 'x-axis-0', xMin: 'Tue', xMax: 'Wed', backgroundColor: 'rgba(0, 0, 255, 0.1)' },
      ],
    },
  },
}
