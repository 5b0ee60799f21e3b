{ type: 'bar', data: { labels: ['a', 'b'], datasets: [{ data: [1, 2
