{
  type: 'sparkline',
  data: { datasets: [{ data: [140, 60, 274, 370, 199] }] },
}
