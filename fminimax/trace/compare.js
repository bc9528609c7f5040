// The family side by side: replays each algorithm's node visits on the same tree, in
// lockstep.  Data: the JSON in #fminimax-compare (fminimax.trace.compare.compare_data).
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("fminimax-compare").textContent);
  var N = data.nodes, A = data.algorithms, SVG = "http://www.w3.org/2000/svg";
  var PARENT = 0, ROLE = 1, NAME = 2, TYPE = 4;
  var $ = function (id) { return document.getElementById(id); };
  var steps = Math.max.apply(null, A.map(function (a) { return a.visits.length; }));

  // --- the tree, laid out once: leaves left to right, parents over their children --------
  var children = N.map(function () { return []; }), depth = [];
  N.forEach(function (node, i) {
    depth.push(node[PARENT] < 0 ? 0 : depth[node[PARENT]] + 1);
    if (node[PARENT] >= 0) children[node[PARENT]].push(i);
  });
  var x = [], next = 0, order = [], stack = [0];
  while (stack.length) { var i = stack.pop(); order.push(i); stack.push.apply(stack, children[i]); }
  order.reverse().forEach(function (i) {
    var kids = children[i].map(function (c) { return x[c]; });
    x[i] = kids.length ? (Math.min.apply(null, kids) + Math.max.apply(null, kids)) / 2 : next++;
  });
  var widest = 1;
  N.forEach(function (node) {  // a leaf shows its name; other nodes a symbol (▲ ▼ ◆)
    if (node[ROLE] === 2) widest = Math.max(widest, node[NAME].length);
  });
  // text 18 units tall in a node 32 wide: a tree of a dozen leaves in a 600-px panel
  // (a projector's third of the screen) reads at 20 px or more
  var STEP = Math.max(48, widest * 10.5 + 22), LEVEL = 64, R = 16, M = 20;
  var levels = Math.max.apply(null, depth) + 1;
  var width = M * 2 + Math.max(1, next) * STEP, height = M * 2 + levels * LEVEL;
  function cx(i) { return M + STEP / 2 + x[i] * STEP; }
  function cy(i) { return M + R + depth[i] * LEVEL; }

  function el(name, attributes, parent) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (k) { e.setAttribute(k, attributes[k]); });
    if (parent) parent.appendChild(e);
    return e;
  }
  function shape(i, g) {
    var r = N[i][ROLE], X = cx(i), Y = cy(i);
    if (r === 0) return el("polygon", {"class": "shape", points: [X, Y - R, X + R, Y + R * 0.8, X - R, Y + R * 0.8].join(" ")}, g);
    if (r === 1) return el("polygon", {"class": "shape", points: [X - R, Y - R * 0.8, X + R, Y - R * 0.8, X, Y + R].join(" ")}, g);
    if (r === 3) return el("polygon", {"class": "shape", points: [X, Y - R, X + R, Y, X, Y + R, X - R, Y].join(" ")}, g);
    var w = Math.max(2 * R, N[i][NAME].length * 10.5 + 10);
    return el("rect", {"class": "shape", x: X - w / 2, y: Y - R * 0.8, width: w, height: R * 1.6, rx: 3}, g);
  }

  var panels = A.map(function (algorithm) {
    var section = document.createElement("section");
    section.className = "panel";
    section.setAttribute("data-algorithm", algorithm.name);
    var h = document.createElement("h2");
    var name = document.createElement("span"), count = document.createElement("span");
    name.textContent = algorithm.name + " (value " + algorithm.value + ")";
    count.className = "count";
    h.appendChild(name); h.appendChild(count);
    section.appendChild(h);
    var svg = el("svg", {viewBox: "0 0 " + width + " " + height, role: "img",
                         "aria-label": algorithm.name + " on the tree"});
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    section.appendChild(svg);
    $("panels").appendChild(section);
    var edges = [], nodes = [];
    N.forEach(function (node, i) {
      if (node[PARENT] >= 0) edges[i] = el("line", {"class": "edge", x1: cx(node[PARENT]), y1: cy(node[PARENT]) + R,
                                                     x2: cx(i), y2: cy(i) - R}, svg);
    });
    N.forEach(function (node, i) {
      var g = el("g", {"class": "node " + ["max", "min", "leaf", "chance"][node[ROLE]], "data-name": node[NAME]}, svg);
      if (data.minimal) el("circle", {"class": "ring type" + node[TYPE], cx: cx(i), cy: cy(i), r: R + 4}, g);
      shape(i, g);
      var label = node[ROLE] === 2 ? node[NAME] : ["\u25b2", "\u25bc", "", "\u25c6"][node[ROLE]];
      el("text", {x: cx(i), y: cy(i) + 6}, g).textContent = label;
      if (data.minimal && node[TYPE]) el("text", {"class": "type", x: cx(i) + R + 8, y: cy(i) - R + 2}, g).textContent = String(node[TYPE]);
      var again = el("text", {"class": "again", x: cx(i) - R - 10, y: cy(i) - R + 2}, g);
      nodes[i] = {g: g, again: again};
    });
    return {algorithm: algorithm, count: count, edges: edges, nodes: nodes, svg: svg};
  });

  // --- the state after k steps: each algorithm's first k visits ---------------------------
  var k = 0;
  function draw(to) {
    k = to;
    document.body.setAttribute("data-step", String(k));
    panels.forEach(function (panel) {
      var visits = panel.algorithm.visits, upto = Math.min(k, visits.length), seen = N.map(function () { return 0; });
      for (var j = 0; j < upto; j++) seen[visits[j]] += 1;
      var current = upto > 0 && k <= visits.length ? visits[upto - 1] : -1;
      var pass = panel.algorithm.passes.filter(function (start) { return start < upto; }).length;
      panel.nodes.forEach(function (e, i) {
        var status = i === current ? "current" : seen[i] ? "seen" : "unseen";
        if (e.g.getAttribute("data-status") !== status) e.g.setAttribute("data-status", status);
        e.again.textContent = seen[i] > 1 ? "\u00d7" + seen[i] : "";
        if (panel.edges[i]) panel.edges[i].setAttribute("data-status", seen[i] ? "seen" : "unseen");
      });
      panel.count.textContent = upto + " of " + panel.algorithm.nodes + " nodes" +
        (panel.algorithm.passes.length > 1 ? ", pass " + pass + " of " + panel.algorithm.passes.length : "") +
        (upto === visits.length && k > 0 ? ", done" : "");
      panel.current = current; panel.upto = upto; panel.pass = pass;
    });
  }
  var controls = fminimaxControls(steps, draw);
  function minimal() { document.body.classList.toggle("minimal", data.minimal && $("minimal").checked); }
  $("minimal").addEventListener("change", minimal);
  if (!data.minimal) $("minimal-toggle").hidden = true;
  minimal();

  window.fminimaxCompare = {
    go: controls.go,
    snapshot: function () {
      return {step: k, steps: steps, panels: panels.map(function (panel) {
        return {name: panel.algorithm.name, count: panel.count.textContent, seen: panel.upto,
                nodes: panel.algorithm.nodes, pass: panel.pass,
                current: panel.current >= 0 ? N[panel.current][NAME] : null};
      })};
    }
  };
  controls.go(0);
})();
