{
  type: 'bar',
  data: { labels: ['a'], datasets: [{ data: [1] }] },
  options: {
    plugins: {
      hang: { beforeDraw: function () { while (true) {} } },
    },
  },
}
