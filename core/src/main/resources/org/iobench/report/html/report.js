// iobench report: draws the charts of the page from the embedded JSON with uPlot. No network access.
(function () {
  "use strict";
  var errors = [];
  window.addEventListener("error", function (e) { errors.push(String(e.message)); });
  var origError = console.error;
  console.error = function () { errors.push(Array.prototype.join.call(arguments, " ")); origError.apply(console, arguments); };

  var started = performance.now();
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
                 "#7f7f7f", "#bcbd22", "#393b79", "#637939"];
  var charts = [];
  var lazy = [];  // charts of collapsed groups: drawn when their group is opened (or by the self-check)
  var width = Math.min(1100, document.body.clientWidth - 40);

  function color(i) { return palette[i % palette.length]; }
  function fmtBs(log2) {
    var b = Math.pow(2, log2);
    if (b >= 1073741824) return (b / 1073741824) + "G";
    if (b >= 1048576) return (b / 1048576) + "M";
    if (b >= 1024) return (b / 1024) + "K";
    return String(b);
  }
  function fmtNum(v) {
    if (v == null || isNaN(v)) return "";
    var a = Math.abs(v);
    if (a >= 1e6) return (v / 1e6).toFixed(a >= 1e7 ? 0 : 1) + "M";
    if (a >= 1e3) return (v / 1e3).toFixed(a >= 1e4 ? 0 : 1) + "k";
    return a >= 10 ? v.toFixed(0) : v.toFixed(2);
  }
  function fmtNs(v) {
    if (v == null || isNaN(v)) return "";
    if (v >= 1e9) return Number((v / 1e9).toPrecision(3)) + "s";
    if (v >= 1e6) return Number((v / 1e6).toPrecision(3)) + "ms";
    if (v >= 1e3) return Number((v / 1e3).toPrecision(3)) + "us";
    return v.toFixed(0) + "ns";
  }
  function el(id) { return document.getElementById(id); }
  // legend values: a formatted number on hover, nothing (not "--") where the cursor is not on a point
  function num(u, v) { return v == null ? "" : fmtNum(v); }
  function percent(u, v) { return v == null ? "" : v.toFixed(1) + " %"; }
  function signed(v) { return v == null ? "-" : (v >= 0 ? "+" : "") + v.toFixed(1) + " %"; }

  // min-max whiskers for series that carry them: drawn after the lines, in canvas pixels
  function whiskers(ranges) {
    return { hooks: { draw: [function (u) {
      var ctx = u.ctx;
      ctx.save();
      ranges.forEach(function (r, si) {
        if (!r || !u.series[si + 1].show) return;
        ctx.strokeStyle = u.series[si + 1]._stroke || color(si);
        ctx.lineWidth = 1.5 * devicePixelRatio;
        for (var i = 0; i < u.data[0].length; i++) {
          var lo = r.min[i], hi = r.max[i];
          if (lo == null || hi == null) continue;
          var x = u.valToPos(u.data[0][i], "x", true);
          var y0 = u.valToPos(lo, "y", true), y1 = u.valToPos(hi, "y", true);
          var w = 4 * devicePixelRatio;
          ctx.beginPath();
          ctx.moveTo(x, y0); ctx.lineTo(x, y1);
          ctx.moveTo(x - w, y0); ctx.lineTo(x + w, y0);
          ctx.moveTo(x - w, y1); ctx.lineTo(x + w, y1);
          ctx.stroke();
        }
      });
      ctx.restore();
    }] } };
  }

  function fmtAxis(a, v) {
    if (v == null) return "";
    if (a.axis === "bs") return fmtBs(v);
    if (a.log2) return String(Math.round(Math.pow(2, v)));
    return fmtNum(v);
  }

  // a chart per sweep axis and measure: one line per combination of the other axes, whiskers min-max
  function sweepCharts() {
    var host = el("sweep-charts");
    if (!host || !data.sweeps.length) return;
    var total = data.sweeps.reduce(function (n, a) { return n + 2 * a.charts.length; }, 0);
    data.sweeps.forEach(function (a) {
      var lines = a.charts.reduce(function (n, c) { return n + c.length; }, 0);
      collapsible(host, a.title + " (" + lines + (lines === 1 ? " line in " : " lines in ") + 2 * a.charts.length
        + " charts)", total <= 12, function (into) { sweepAxis(into, a); });
    });
  }

  function sweepAxis(host, a) {
      a.charts.forEach(function (curves, ci) {
        var part = a.charts.length > 1 ? " (" + (ci + 1) + " of " + a.charts.length + ")" : "";
        [["bytesPerSecond", "MB/s", 1e-6], ["iops", "IOPS", 1]].forEach(function (m) {
          var xs = [];
          curves.forEach(function (c) { c.points.forEach(function (p) { if (xs.indexOf(p.x) < 0) xs.push(p.x); }); });
          xs.sort(function (x, y) { return x - y; });
          var series = [{ label: a.title, value: function (u, v) { return fmtAxis(a, v); } }];
          var aligned = [xs];
          var ranges = [];
          curves.forEach(function (c, k) {
            var mean = [], min = [], max = [];
            xs.forEach(function (x) {
              var p = c.points.find(function (q) { return q.x === x; });
              var s = p && p[m[0]];
              mean.push(s && s.mean != null ? s.mean * m[2] : null);
              min.push(s && s.min != null ? s.min * m[2] : null);
              max.push(s && s.max != null ? s.max * m[2] : null);
            });
            aligned.push(mean);
            ranges.push({ min: min, max: max });
            series.push({ label: c.label, stroke: color(k), width: 2, spanGaps: true, points: { show: true, size: 6 }, value: num });
          });
          var div = document.createElement("div");
          div.className = "chart";
          host.appendChild(div);
          charts.push(new uPlot({
            title: m[1] + " by " + a.title + part + " (mean of runs, whiskers min-max)", width: width, height: 300,
            scales: { x: { time: false }, y: { range: function (u, lo, hi) { return [0, hi * 1.1 || 1]; } } },
            axes: [{ label: a.title, splits: function () { return xs; }, values: function (u, s) { return s.map(function (v) { return fmtAxis(a, v); }); } },
                   { label: m[1], values: function (u, s) { return s.map(fmtNum); }, size: 60 }],
            series: series, plugins: [whiskers(ranges)]
          }, aligned, div));
        });
      });
  }

  // saturate's searches: IOPS per step, the judged latency on a log axis, the knee and the best step marked with
  // vertical lines, the latency target as a horizontal one; the text saturate printed under each chart
  var kneesMarked = 0;
  function searchCharts() {
    var host = el("search-charts");
    if (!host || !data.searches || !data.searches.length) return;
    data.searches.forEach(function (s) {
      collapsible(host, s.title, data.searches.length <= 6, function (into) { searchChart(into, s); });
    });
  }

  function searchChart(host, s) {
    function fmtX(v) {
      if (v == null) return "";
      if (s.categories) return s.names[v] == null ? "" : s.names[v];
      if (s.log2) return String(Math.round(Math.pow(2, v)));
      return fmtNum(v);
    }
    var marked = false;
    var marks = { hooks: { draw: [function (u) {
      var ctx = u.ctx;
      ctx.save();
      ctx.lineWidth = 1.5 * devicePixelRatio;
      ctx.font = (11 * devicePixelRatio) + "px system-ui, sans-serif";
      function vline(i, text, colour, row) {
        var x = u.valToPos(s.x[i], "x", true);
        ctx.strokeStyle = colour; ctx.fillStyle = colour;
        ctx.setLineDash([5 * devicePixelRatio, 4 * devicePixelRatio]);
        ctx.beginPath(); ctx.moveTo(x, u.bbox.top); ctx.lineTo(x, u.bbox.top + u.bbox.height); ctx.stroke();
        ctx.setLineDash([]);
        var w = ctx.measureText(text).width;
        var tx = x + 4 * devicePixelRatio + w > u.bbox.left + u.bbox.width ? x - 4 * devicePixelRatio - w : x + 4 * devicePixelRatio;
        ctx.fillText(text, tx, u.bbox.top + (12 + 14 * row) * devicePixelRatio);
      }
      if (s.knee != null) { vline(s.knee, (s.best === s.knee ? "knee and best: " : "knee: ") + s.names[s.knee], "#d62728", 0); if (!marked) { marked = true; kneesMarked++; } }
      if (s.best != null && s.best !== s.knee) vline(s.best, "best: " + s.names[s.best], "#2ca02c", 1);
      if (s.targetNs != null) {
        var y = u.valToPos(s.targetNs, "lat", true);
        if (y >= u.bbox.top && y <= u.bbox.top + u.bbox.height) {
          ctx.strokeStyle = "#9467bd"; ctx.fillStyle = "#9467bd";
          ctx.setLineDash([2 * devicePixelRatio, 3 * devicePixelRatio]);
          ctx.beginPath(); ctx.moveTo(u.bbox.left, y); ctx.lineTo(u.bbox.left + u.bbox.width, y); ctx.stroke();
          ctx.setLineDash([]);
          ctx.fillText("target " + s.targetName, u.bbox.left + 4 * devicePixelRatio, y - 4 * devicePixelRatio);
        }
      }
      ctx.restore();
    }] } };
    var div = document.createElement("div"); div.className = "chart"; host.appendChild(div);
    var lat = s.latency.filter(function (v) { return v != null; });
    if (s.targetNs != null) lat.push(s.targetNs);
    var lo = Math.min.apply(null, lat.length ? lat : [1]), hi = Math.max.apply(null, lat.length ? lat : [10]);
    charts.push(new uPlot({
      title: s.title, width: width, height: 300,
      scales: { x: { time: false }, y: { range: function (u, a, b) { return [0, b * 1.1 || 1]; } },
                lat: { distr: 3, log: 10, range: function () { return [lo / 2, hi * 2]; } } },
      axes: [{ label: s.categories ? "step (threads, then queue depth)" : s.axis, splits: s.categories || s.log2 ? function () { return s.x; } : undefined,
               values: function (u, v) { return v.map(fmtX); } },
             { label: "IOPS", values: function (u, v) { return v.map(fmtNum); }, size: 60 },
             { scale: "lat", side: 1, label: s.latencyName + " latency", values: function (u, v) { return v.map(fmtNs); }, size: 70, grid: { show: false } }],
      series: [{ label: s.axis, value: function (u, v, si, i) { return i == null ? "" : s.names[i]; } },
               { label: "IOPS", stroke: color(0), width: 2, points: { show: true, size: 7 }, value: num },
               { label: s.latencyName + " latency", scale: "lat", stroke: color(3), width: 1.5, dash: [4, 3],
                 points: { show: true, size: 5 }, value: function (u, v) { return v == null ? "" : fmtNs(v); } }],
      plugins: [marks]
    }, [s.x, s.iops, s.latency], div));
    if (s.note) { var p = document.createElement("p"); p.className = "note"; p.textContent = s.note; host.appendChild(p); }
    if (s.text) { var pre = document.createElement("pre"); pre.textContent = s.text; host.appendChild(pre); }
  }

  // a <details> group drawn the first time it opens (and by the self-check); open at once when small
  function collapsible(host, title, open, draw) {
    var details = document.createElement("details");
    details.className = "group";
    var summary = document.createElement("summary");
    summary.textContent = title;
    details.appendChild(summary);
    host.appendChild(details);
    var drawn = false;
    function once() { if (!drawn) { drawn = true; draw(details); } }
    lazy.push(once);
    details.addEventListener("toggle", function () { if (details.open) once(); });
    if (open) { details.open = true; once(); }
    return details;
  }

  // at most 10 benchmarks a chart (more are a tangle no legend can name), each chart a group of its own
  function latencyChart() {
    var host = el("latency-chart");
    if (!host || !data.latency.length) return;
    var all = data.latency, n = Math.ceil(all.length / 10);
    for (var c = 0; c < n; c++) {
      (function (part, k) {
        if (n === 1) { latencyPart(host, part, ""); return; }
        collapsible(host, part.length + " benchmarks: " + part[0].label + " ... " + part[part.length - 1].label, false,
          function (into) { latencyPart(into, part, " (" + (k + 1) + " of " + n + ")"); });
      })(all.slice(c * 10, c * 10 + 10), c);
    }
  }

  function latencyPart(host, latency, part) {
    var pct = [50, 90, 99, 99.9, 99.99];
    var xs = pct.map(function (p) { return -Math.log10(1 - p / 100); });
    var series = [{ label: "percentile", value: function (u, v) { return v == null ? "" : "p" + pct[xs.indexOf(v)]; } }];
    var aligned = [xs];
    latency.forEach(function (l, i) {
      aligned.push(l.ns.map(function (v) { return v > 0 ? v : null; }));
      series.push({ label: l.label, stroke: color(i), width: 2, points: { show: true, size: 6 },
                    value: function (u, v) { return v == null ? "" : fmtNs(v); } });
    });
    var div = document.createElement("div"); host.appendChild(div);
    charts.push(new uPlot({
      title: "Latency percentiles (log scale)" + part, width: width, height: 300,
      scales: { x: { time: false }, y: { distr: 3, log: 10 } },
      axes: [{ splits: function () { return xs; }, values: function (u, s) { return s.map(function (v) { return "p" + pct[xs.indexOf(v)]; }); } },
             { values: function (u, s) { return s.map(fmtNs); }, size: 70 }],
      series: series
    }, aligned, div));
  }

  // latency distributions: the share of requests per bin and the cumulative share, benchmarks overlaid, log x
  function distributionCharts() {
    var host = el("distribution-charts");
    if (!host || !data.distributions) return;
    var n = data.distributions.charts.length;
    data.distributions.charts.forEach(function (c, ci) {
      collapsible(host, c.series.length + " benchmarks: " + c.series[0].label
        + (c.series.length > 1 ? " ... " + c.series[c.series.length - 1].label : ""), n <= 3,
        function (into) { distributionChart(into, c, ci, n); });
    });
  }

  function distributionChart(host, c, ci, n) {
      var part = n > 1 ? " (" + (ci + 1) + " of " + n + ")" : "";
      [["percent", "Latency histogram: % of requests per bin" + part, function (u, lo, hi) { return [0, hi * 1.1 || 1]; }],
       ["cdf", "Latency CDF: % of requests at or below" + part, function () { return [0, 100]; }]].forEach(function (m) {
        var series = [{ label: "latency up to", value: function (u, v) { return v == null ? "" : fmtNs(v); } }];
        var aligned = [c.x];
        c.series.forEach(function (s, si) {
          aligned.push(s[m[0]]);
          series.push({ label: s.label, stroke: color(si), width: 2, spanGaps: m[0] === "cdf",
                        points: { show: m[0] === "percent", size: 4 }, value: percent });
        });
        var div = document.createElement("div"); div.className = "chart"; host.appendChild(div);
        charts.push(new uPlot({
          title: m[1], width: width, height: 280,
          scales: { x: { time: false, distr: 3, log: 10 }, y: { range: m[2] } },
          axes: [{ label: "latency", values: function (u, s) { return s.map(fmtNs); } },
                 { label: "% of requests", size: 60 }],
          series: series
        }, aligned, div));
      });
  }


  // an A/B's distributions: per comparison row, base against new overlaid, the histogram and the CDF side by
  // side, the corrected ones (from the intended start under --rate) dashed
  function abDistributionCharts() {
    var host = el("ab-distribution-charts");
    if (!host || !data.abDistributions || !data.abDistributions.rows.length) return;
    var rows = data.abDistributions.rows;
    function each(into) {
      rows.forEach(function (r) {
        collapsible(into, r.workload + ": " + r.series.map(function (s) { return s.label; }).join(" against "),
          rows.length <= 6, function (inner) { abDistributionRow(inner, r); });
      });
    }
    // many rows: one group to open first, so the sections after it stay within reach
    if (rows.length <= 6) each(host);
    else collapsible(host, rows.length + " workloads, base against new (open to choose one)", false, each);
  }

  function abDistributionRow(host, r) {
    var pair = document.createElement("div"); pair.className = "pair"; host.appendChild(pair);
    var half = Math.max(320, Math.floor((width - 16) / 2));
    [["percent", "Histogram", "% of requests per bin", function (u, lo, hi) { return [0, hi * 1.1 || 1]; }],
     ["cdf", "CDF", "% of requests at or below", function () { return [0, 100]; }]].forEach(function (m) {
      var series = [{ label: "latency up to", value: function (u, v) { return v == null ? "" : fmtNs(v); } }];
      var aligned = [r.x];
      r.series.forEach(function (s) {
        aligned.push(s[m[0]]);
        series.push({ label: s.label, stroke: color(s.side === "base" ? 0 : 1), width: s.corrected ? 1.5 : 2,
                      dash: s.corrected ? [5, 4] : undefined, spanGaps: m[0] === "cdf",
                      points: { show: m[0] === "percent", size: 4 }, value: percent });
      });
      var div = document.createElement("div"); div.className = "chart"; pair.appendChild(div);
      charts.push(new uPlot({
        title: m[1] + ": " + r.workload, width: half, height: 260,
        scales: { x: { time: false, distr: 3, log: 10 }, y: { range: m[3] } },
        axes: [{ label: "latency", values: function (u, v) { return v.map(fmtNs); } },
               { label: m[2], size: 50 }],
        series: series
      }, aligned, div));
    });
  }

  // runs over time: benchmarks grouped by test (or workload), a collapsible group each; per benchmark its runs'
  // MB/s overlaid (the median run bold), the median run's latency per interval and its system samples, all on
  // one time axis that spans the run
  function seriesCharts() {
    var host = el("series-charts");
    if (!host || !data.series.length) return;
    var groups = [], byName = {};
    data.series.forEach(function (b) {
      if (!byName[b.group]) { byName[b.group] = { name: b.group, items: [] }; groups.push(byName[b.group]); }
      byName[b.group].items.push(b);
    });
    var openAll = data.series.length <= 12;
    var note = document.createElement("p");
    note.className = "note";
    var stored = data.series.reduce(function (n, b) { return n + (b.benchmarks ? b.benchmarks.length : 1); }, 0);
    note.textContent = stored + " benchmarks in " + groups.length + " groups"
      + (stored > data.series.length ? " (" + (stored - data.series.length + data.series.filter(function (b) {
        return b.benchmarks && b.benchmarks.length > 1; }).length) + " that differ only by their id overlaid as one benchmark's runs)" : "")
      + (openAll ? "" : "; each group is collapsed and drawn when opened");
    host.appendChild(note);
    groups.forEach(function (g, gi) {
      var details = document.createElement("details");
      details.className = "group";
      var summary = document.createElement("summary");
      var runs = g.items.reduce(function (n, b) { return n + b.runs.length; }, 0);
      var stored = g.items.reduce(function (n, b) { return n + (b.benchmarks ? b.benchmarks.length : 1); }, 0);
      summary.textContent = g.name + " (" + stored + (stored === 1 ? " benchmark, " : " benchmarks, ")
        + runs + (runs === 1 ? " run)" : " runs)");
      details.appendChild(summary);
      host.appendChild(details);
      var drawn = false;
      function draw() {
        if (drawn) return;
        drawn = true;
        g.items.forEach(function (b, bi) { benchmarkSeries(details, b, "series-" + gi + "-" + bi); });
      }
      lazy.push(draw);
      details.addEventListener("toggle", function () { if (details.open) draw(); });
      if (openAll) { details.open = true; draw(); }
    });
  }

  function benchmarkSeries(host, b, key) {
    var h = document.createElement("h3");
    h.textContent = b.label;
    host.appendChild(h);
    var median = b.runs.find(function (r) { return r.median; }) || b.runs[0];
    var end = 0;
    b.runs.forEach(function (r) { end = Math.max(end, r.to[r.to.length - 1]); });
    if (b.system && b.system.t.length) end = Math.max(end, b.system.t[b.system.t.length - 1]);
    var xRange = { time: false, range: [0, end || 1] };
    var sync = uPlot.sync(key);
    var top = document.createElement("div"); top.className = "chart"; host.appendChild(top);
    var tables = b.runs.map(function (r) { return [r.t, r.mbps]; });
    tables.push([median.t, median.iops]);
    var joined = uPlot.join(tables);
    var series = [{ label: "t (s)", value: function (u, v) { return v == null ? "" : v.toFixed(3) + " s"; } }];
    b.runs.forEach(function (r, ri) {
      var bold = r === median;
      series.push({ label: (r.name || "run " + r.run) + (bold && b.runs.length > 1 ? " (median)" : "") + (r.complete ? "" : " (incomplete)") + " MB/s",
                    stroke: color(0) + (bold ? "" : "66"), width: bold ? 3 : 1, spanGaps: false, value: num });
    });
    var medianName = median.name || "run " + median.run;
    series.push({ label: medianName + " IOPS", scale: "iops", stroke: color(1), width: 1, dash: [4, 3], value: num });
    charts.push(new uPlot({
      title: "Throughput per interval" + (b.runs.length > 1 ? ": " + b.runs.length + " runs overlaid, the median bold" : ""),
      width: width, height: 220, cursor: { sync: { key: sync.key } },
      scales: { x: xRange, iops: {} },
      axes: [{ label: "s" }, { label: "MB/s", values: function (u, v) { return v.map(fmtNum); }, size: 60 },
             { scale: "iops", side: 1, label: "IOPS", values: function (u, v) { return v.map(fmtNum); }, size: 60, grid: { show: false } }],
      series: series
    }, joined, top));
    if (median.latency) {
      var lat = document.createElement("div"); lat.className = "chart"; host.appendChild(lat);
      var lseries = [{ label: "interval", value: function (u, v, si, i) {
        return i == null ? "" : median.from[i].toFixed(3) + "-" + median.to[i].toFixed(3) + " s"; } }];
      var ldata = [median.t];
      ["read", "write", "trim"].filter(function (d) { return median.latency[d]; }).forEach(function (d, di) {
        [["p50Ns", "p50", [], 1], ["p99Ns", "p99", [], 2], ["maxNs", "max", [2, 3], 1]].forEach(function (f, fi) {
          ldata.push(median.latency[d][f[0]]);
          lseries.push({ label: d + " " + f[1], stroke: color(di * 3 + fi), width: f[3], dash: f[2],
                         points: { show: true, size: 3 }, value: function (u, v) { return v == null ? "" : fmtNs(v); } });
        });
      });
      charts.push(new uPlot({
        title: "Latency per interval, " + medianName + ": p50, p99, max of the requests completed in it (log scale)",
        width: width, height: 220, cursor: { sync: { key: sync.key } },
        scales: { x: xRange, y: { distr: 3, log: 10 } },
        axes: [{ label: "s" }, { values: function (u, v) { return v.map(fmtNs); }, size: 70 }],
        series: lseries
      }, ldata, lat));
    }
    if (b.system && b.system.t.length) {
      var bottom = document.createElement("div"); bottom.className = "chart"; host.appendChild(bottom);
      charts.push(new uPlot({
        title: "System while " + medianName + " ran: vmstat bi/bo, CPU and iowait", width: width, height: 220,
        cursor: { sync: { key: sync.key } },
        scales: { x: xRange, pct: { range: [0, 100] } },
        axes: [{ label: "s" }, { label: "MB/s (bi, bo)", values: function (u, v) { return v.map(fmtNum); }, size: 60 },
               { scale: "pct", side: 1, label: "%", size: 50, grid: { show: false } }],
        series: [{ label: "t (s)", value: function (u, v) { return v == null ? "" : v.toFixed(3) + " s"; } },
                 { label: "bi MB/s", stroke: color(2), width: 2, points: { show: true, size: 5 }, value: num },
                 { label: "bo MB/s", stroke: color(3), width: 2, points: { show: true, size: 5 }, value: num },
                 { label: "us", scale: "pct", stroke: color(4), width: 1, points: { show: true, size: 4 }, value: percent },
                 { label: "sy", scale: "pct", stroke: color(5), width: 1, points: { show: true, size: 4 }, value: percent },
                 { label: "wa", scale: "pct", stroke: color(6), width: 1, dash: [4, 3], points: { show: true, size: 4 }, value: percent }]
      }, [b.system.t, b.system.bi, b.system.bo, b.system.us, b.system.sy, b.system.wa], bottom));
    }
  }

  function abChart() {
    var host = el("ab-chart");
    if (!host || !data.ab || !data.ab.rows.length) return;
    var rows = data.ab.rows;
    var xs = rows.map(function (r, i) { return i; });
    var gains = rows.map(function (r) { return r.gainPercent; });
    var words = rows.map(function (r) { return r.workload.split(" "); });
    var seen = {};
    words.forEach(function (ws) {
      ws.filter(function (w, k) { return ws.indexOf(w) === k; }).forEach(function (w) { seen[w] = (seen[w] || 0) + 1; });
    });
    var short = words.map(function (ws, i) {
      var own = ws.filter(function (w) { return seen[w] * 2 <= rows.length; }).join(" ");
      return own || rows[i].workload;
    });
    function barColor(r, alpha) {
      if (!r.significant) return "#9aa1a9" + alpha;
      return (r.gainPercent >= 0 ? "#2ca02c" : "#d62728") + alpha;
    }
    // one series, each bar coloured by its own significance: the legend shows the hovered workload's figures
    var bars = uPlot.paths.bars({ size: [0.6, 80], disp: {
      fill: { unit: 3, values: function () { return rows.map(function (r) { return barColor(r, "99"); }); } },
      stroke: { unit: 3, values: function () { return rows.map(function (r) { return barColor(r, ""); }); } } } });
    charts.push(new uPlot({
      title: "Gain of the mean " + data.ab.metric + ", new vs base: green better, red worse (significant at p < "
        + data.ab.alpha + "), grey not significant (~)",
      width: width, height: 300,
      // bars grow from 0: the axis always holds 0, whatever the sign of the gains
      scales: { x: { time: false, range: [-0.5, rows.length - 0.5] },
                y: { range: function (u, lo, hi) { var span = Math.max(Math.abs(lo), Math.abs(hi), 1) * 0.1;
                  return [Math.min(0, lo) - (lo < 0 ? span : 0), Math.max(0, hi) + (hi > 0 ? span : 0)]; } } },
      // the axis shows what tells a bar from the others (words most rows share left out), cut short where wider
      // than its bar (about 7 px a character); the legend names the hovered workload whole
      axes: [{ splits: function () { return xs; }, values: function (u, s) {
                 var fit = Math.max(3, Math.floor(u.bbox.width / devicePixelRatio / rows.length / 7));
                 return s.map(function (i) {
                   var w = short[i] || "";
                   return w.length > fit ? w.slice(0, fit - 1) + "\u2026" : w;
                 }); }, size: 60 },
             { label: "gain %", size: 60 }],
      series: [{ label: "workload", value: function (u, v) { return v == null || !rows[v] ? "" : rows[v].workload; } },
               { label: "gain", fill: "#9aa1a999", stroke: "#7f7f7f", paths: bars, points: { show: false },
                 value: function (u, v, si, i) {
                   if (i == null || !rows[i]) return "";
                   var r = rows[i];
                   return signed(r.gainPercent) + (r.significant ? ", significant" : ", ~ not significant")
                     + (r.pValue == null ? "" : " (p " + (r.pValue < 0.001 ? "< 0.001" : r.pValue.toFixed(3)) + ")");
                 } }]
    }, [xs, gains], host));
  }

  // change points: a dashed vertical line between the last point before and the first after, with its shift
  function changeMarks(c) {
    return { hooks: { draw: [function (u) {
      var ctx = u.ctx;
      ctx.save();
      ctx.lineWidth = 1.5 * devicePixelRatio;
      ctx.font = (11 * devicePixelRatio) + "px system-ui, sans-serif";
      c.changes.forEach(function (ch) {
        var x = u.valToPos((c.x[ch.index - 1] + c.x[ch.index]) / 2, "x", true);
        ctx.strokeStyle = ch.worse ? "#d62728" : "#2ca02c";
        ctx.fillStyle = ctx.strokeStyle;
        ctx.setLineDash([5 * devicePixelRatio, 4 * devicePixelRatio]);
        ctx.beginPath();
        ctx.moveTo(x, u.bbox.top);
        ctx.lineTo(x, u.bbox.top + u.bbox.height);
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.fillText(ch.text, x + 4 * devicePixelRatio, u.bbox.top + 12 * devicePixelRatio);
      });
      ctx.restore();
    }] } };
  }

  // the history charts: open when a few, else groups of at most 10 workloads in compare's row order, each naming
  // its first and last workload and its change points, drawn when opened
  var historyDrawn = 0;
  function historyCharts() {
    var host = el("history-charts");
    if (!host || !data.history || !data.history.length) return;
    var all = data.history;
    if (all.length <= 6) { all.forEach(function (c) { historyChart(host, c); }); return; }
    var n = Math.ceil(all.length / 10);
    var note = document.createElement("p");
    note.className = "note";
    note.textContent = all.length + " workloads charted in " + n + " groups of at most 10, each collapsed and drawn when"
      + " opened; groups with a change point say so";
    host.appendChild(note);
    for (var g = 0; g < n; g++) {
      (function (part) {
        var changes = part.reduce(function (k, c) { return k + c.changes.length; }, 0);
        collapsible(host, part.length + " workloads: " + part[0].label + (part.length > 1 ? " ... " + part[part.length - 1].label : "")
          + " (" + (changes ? changes + (changes === 1 ? " change point" : " change points") : "no change point") + ")",
          false, function (into) { part.forEach(function (c) { historyChart(into, c); }); });
      })(all.slice(g * 10, g * 10 + 10));
    }
  }

  function historyChart(host, c) {
      historyDrawn++;
      var h = document.createElement("h3");
      h.textContent = c.label + (c.changes.length ? "" : " (no change point)");
      host.appendChild(h);
      var div = document.createElement("div"); div.className = "chart"; host.appendChild(div);
      var xAxis = c.time ? { label: c.axis }
        : { label: c.axis, splits: function () { return c.x; },
            values: function (u, s) { return s.map(function (v) { return c.names[v] == null ? "" : c.names[v]; }); } };
      charts.push(new uPlot({
        title: c.unit + " per run (mean of repetitions, whiskers min-max) and segment means", width: width, height: 260,
        tzDate: function (ts) { return uPlot.tzDate(new Date(ts * 1e3), "Etc/UTC"); },
        scales: { x: { time: c.time }, y: { range: function (u, lo, hi) { return [Math.min(0, lo), hi * 1.12 || 1]; } } },
        axes: [xAxis, { label: c.unit, values: function (u, v) { return v.map(fmtNum); }, size: 60 }],
        series: [{ label: c.time ? "time" : c.axis,
                   value: function (u, v, si, i) { return i == null ? "" : c.names[i]; } },
                 { label: "mean " + c.unit, stroke: color(0), width: 1.5, points: { show: true, size: 5 }, value: num },
                 { label: "segment mean", stroke: "#7f7f7f", width: 2, dash: [6, 3], paths: uPlot.paths.stepped({ align: 1 }),
                   points: { show: false }, value: num }],
        plugins: [whiskers([{ min: c.min, max: c.max }]), changeMarks(c)]
      }, [c.x, c.mean, c.segment], div));
  }

  // the self-check sees every chart: it opens every collapsed group first (as a reader would, one by one)
  function drawAll() {
    document.querySelectorAll("details.group").forEach(function (d) { d.open = true; });
    // a group drawn may hold groups of its own: they join the list while it is walked
    for (var i = 0; i < lazy.length; i++) { try { lazy[i](); } catch (e) { errors.push("group: " + e); } }
  }

  function selfCheck() {
    var canvases = document.querySelectorAll("canvas");
    var drawn = 0;
    canvases.forEach(function (c) {
      try {
        var px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
        var ink = 0;
        for (var i = 3; i < px.length; i += 16) { if (px[i] !== 0) { ink++; if (ink > 50) break; } }
        if (ink > 50) drawn++;
      } catch (e) { errors.push("selfcheck: " + e); }
    });
    // legends must never show uPlot's placeholder for a missing value
    document.querySelectorAll(".u-legend .u-value").forEach(function (v) {
      if (v.textContent === "--") errors.push("legend shows -- for " + v.parentNode.textContent);
    });
    // hovering a chart shows values: the pointer put on each chart's first point, its legend must say something
    var hovered = 0;
    charts.forEach(function (u, ci) {
      try {
        var left = u.valToPos(u.data[0][0], "x"), top = u.bbox.height / devicePixelRatio / 2;
        u.setCursor({ left: left, top: top });
        var values = Array.prototype.map.call(u.root.querySelectorAll(".u-legend .u-value"),
          function (v) { return v.textContent; });
        if (values.slice(1).some(function (v) { return v !== "" && v !== "--"; })) hovered++;
        else errors.push("chart " + ci + " (" + (u.root.querySelector(".u-title") || {}).textContent
          + "): no value in its legend on hover: " + JSON.stringify(values));
        u.setCursor({ left: -10, top: -10 });
      } catch (e) { errors.push("hover " + ci + ": " + e); }
    });
    // every series is labelled, and no two series of a chart have the same label
    var labelled = 0;
    charts.forEach(function (u, ci) {
      var names = u.series.slice(1).map(function (s) { return s.label; });
      var bad = names.filter(function (n, k) { return !n || !String(n).trim() || names.indexOf(n) !== k; });
      if (bad.length) errors.push("chart " + ci + " (" + (u.root.querySelector(".u-title") || {}).textContent
        + "): series without a label of their own: " + JSON.stringify(names));
      else labelled++;
    });
    var distributed = 0;
    (data.distributions ? data.distributions.charts : []).forEach(function (c) { distributed += c.series.length; });
    el("selfcheck").textContent = JSON.stringify({ charts: charts.length, canvases: canvases.length, drawn: drawn,
      labelled: labelled,
      benchmarks: data.series.reduce(function (n, b) { return n + (b.benchmarks ? b.benchmarks.length : 1); }, 0),
      seriesEntries: data.series.length, distributed: distributed,
      notDrawn: data.distributions ? data.distributions.notDrawn.length : 0,
      searches: (data.searches || []).length, kneesMarked: kneesMarked,
      histories: (data.history || []).length, historiesDrawn: historyDrawn,
      abDistributed: data.abDistributions ? data.abDistributions.rows.length : 0,
      abNotDrawn: data.abDistributions ? data.abDistributions.notDrawn.length : 0,
      drawMs: Math.round(performance.now() - started), groups: document.querySelectorAll("details.group").length,
      sections: document.querySelectorAll("section").length, hovered: hovered, tables: document.querySelectorAll("table:not(.u-legend)").length,
      errors: errors });
  }

  // print: every chart at the width of a printed page, back to the screen's width afterwards
  function resizeAll(w) { charts.forEach(function (u) { u.setSize({ width: w, height: u.height }); }); }
  window.addEventListener("beforeprint", function () { resizeAll(Math.min(width, 680)); });
  window.addEventListener("afterprint", function () { resizeAll(width); });

  try { sweepCharts(); } catch (e) { errors.push("sweep charts: " + e); }
  try { searchCharts(); } catch (e) { errors.push("search charts: " + e); }
  try { latencyChart(); } catch (e) { errors.push("latency chart: " + e); }
  try { distributionCharts(); } catch (e) { errors.push("distribution charts: " + e); }
  try { abDistributionCharts(); } catch (e) { errors.push("A/B distribution charts: " + e); }
  try { seriesCharts(); } catch (e) { errors.push("series charts: " + e); }
  try { abChart(); } catch (e) { errors.push("A/B chart: " + e); }
  try { historyCharts(); } catch (e) { errors.push("history charts: " + e); }
  // ?selfcheck (the browser tests) draws the collapsed groups too before checking; a reader's page stays lazy
  var checking = /[?&]selfcheck\b/.test(location.search) || location.hash === "#selfcheck";
  if (checking) drawAll();
  requestAnimationFrame(function () { requestAnimationFrame(checking || !lazy.length ? selfCheck : function () {
    el("selfcheck").textContent = JSON.stringify({ lazy: lazy.length, charts: charts.length,
      drawMs: Math.round(performance.now() - started), errors: errors });
  }); });
})();
