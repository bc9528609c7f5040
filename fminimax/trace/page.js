// The stepper: plays back the events fminimax.trace.events derived from a trace.
// Data: the JSON in #fminimax-data (see fminimax.trace.page.page_data).  No network.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("fminimax-data").textContent);
  var S = data.strings, N = data.nodes, E = data.events;
  var PARENT = 0, PASS = 1, ROLE = 2, KIND = 3, EST = 4, NAME = 5, LABEL = 6, VALUE = 7,
      ALPHA = 8, BETA = 9, PRUNED = 10, HIDDEN = 11, HIDDEN_COUNTS = 12, REL = 13, PROB = 14,
      REASON = 15, IS_MAX = 16, NOTE = 17, AGAIN = 18;
  var LEAF = 0, CUTOFF = 2, TABLE = 3, MATE = 4, CHANCE = 3;
  var SVG = "http://www.w3.org/2000/svg";
  var $ = function (id) { return document.getElementById(id); };

  // --- facts of each node, computed once -------------------------------------------------
  var depth = [], children = [], enterAt = [], exitAt = [], cutAt = [], reason = [];
  N.forEach(function (node, i) {
    depth.push(node[PARENT] < 0 ? 0 : depth[node[PARENT]] + 1);
    children.push([]);
    if (node[PARENT] >= 0) children[node[PARENT]].push(i);
    enterAt.push(Infinity); exitAt.push(Infinity); cutAt.push(Infinity); reason.push("");
  });
  E.forEach(function (event, j) {
    var i = event[1];
    if (event[0] === 0) { enterAt[i] = j; return; }
    exitAt[i] = j;
    if (event[6]) { cutAt[event[2]] = j; reason[event[2]] = cutReason(event[2]); }
  });
  N.forEach(function (node, i) {  // moves left without a cut-off event (the cut-off's last
    if (node[PRUNED].length && cutAt[i] === Infinity) {  // child not drawn, a mate bound,
      cutAt[i] = exitAt[i]; reason[i] = cutReason(i);     // a probe) show at the node's exit
    }
  });

  function cutReason(i) { return S[N[i][REASON]]; }
  function role(i) { return ["MAX", "MIN", "leaf", "CHANCE"][N[i][ROLE]]; }
  function title(i) { return role(i) + " " + S[N[i][NAME]]; }
  function relation(i) { return S[N[i][REL]] === "=" ? "" : S[N[i][REL]] + " "; }
  function mover(i) {
    var r = N[i][ROLE];
    return r === CHANCE ? "chance" : r === 2 ? (N[i][IS_MAX] ? "MAX" : "MIN") : role(i);
  }

  // --- the sentence of each step: computed by fminimax (page_data), shown here as given ---
  // (each [template, string, ...]: the template's {} slots filled in order; or as text)
  var sentences = data.sentences.map(function (said) {
    if (typeof said === "string") return said;
    var n = 0;
    return S[said[0]].replace(/\{\}/g, function () { n += 1; return S[said[n]]; });
  });

  // --- the tree, laid out once: leaves left to right, parents over their children --------
  var charWidth = 7.3, lineHeight = 15;
  var svg = $("tree");
  (function measure() {
    var probe = document.createElementNS(SVG, "text");
    probe.setAttribute("class", "probe");
    probe.textContent = "MMMMMMMMMM";
    var g = document.createElementNS(SVG, "g");
    g.setAttribute("class", "node");
    g.appendChild(probe);
    svg.appendChild(g);
    var width = probe.getComputedTextLength ? probe.getComputedTextLength() : 0;
    if (width > 0) charWidth = width / 10;
    svg.removeChild(g);
  })();

  function headLine(i) {
    var odds = N[i][PROB] >= 0 ? "(" + S[N[i][PROB]] + ") " : "";
    return odds + ["\u25b2", "\u25bc", "\u25cf", "\u25c6"][N[i][ROLE]] + " " + title(i) +
           (N[i][AGAIN] ? " (re-search)" : "");
  }
  function boardLines(i) { var label = S[N[i][LABEL]]; return label.indexOf("\n") >= 0 ? label.split("\n") : []; }
  function doneLine(i) {
    var node = N[i];
    if (node[EST]) return "\u2248 " + S[node[VALUE]] + " estimate";
    return S[node[REL]] + " " + S[node[VALUE]] + (node[KIND] === TABLE ? " \u25a3 table" : "") +
           (node[KIND] === MATE ? " mate bound" : "") + (node[KIND] === CUTOFF ? " \u2702" : "");
  }
  function hiddenLine(i) { return N[i][HIDDEN] ? "\u2026 " + N[i][HIDDEN] + " more not drawn" : ""; }
  var SEARCHING = "on stack";

  var widest = SEARCHING.length, tallest = 3;
  N.forEach(function (node, i) {
    var lines = [headLine(i), doneLine(i), hiddenLine(i)].concat(boardLines(i));
    lines.forEach(function (line) { widest = Math.max(widest, line.length); });
    tallest = Math.max(tallest, 2 + boardLines(i).length + (node[HIDDEN] ? 1 : 0));
    node[PRUNED].forEach(function (k) { widest = Math.max(widest, S[k].length + 2); });
    if (reason[i]) widest = Math.max(widest, reason[i].length + 2);
  });
  var W = Math.ceil(widest * charWidth) + 16, H = tallest * lineHeight + 12;
  var GAP = 20, LEVEL = H + 36, MARGIN = 24;

  var passGroups = [], nodeEls = [], edgeEls = [], slots = [], sizes = [], passRoot = [];
  data.passes.forEach(function (header, p) {
    var g = document.createElementNS(SVG, "g");
    g.setAttribute("class", "pass");
    g.setAttribute("data-pass", String(p));
    svg.appendChild(g);
    passGroups.push(g);
    sizes.push([0, 0]);
  });

  function el(name, attributes, parent) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (k) { e.setAttribute(k, attributes[k]); });
    if (parent) parent.appendChild(e);
    return e;
  }

  var x = [], next = [];
  data.passes.forEach(function () { next.push(0); });
  // place children before parents: a post-order walk from each pass's root, without recursion
  N.forEach(function (node, root) {
    if (node[PARENT] >= 0) return;
    var p = node[PASS], order = [], stack = [root];
    while (stack.length) { var i = stack.pop(); order.push(i); stack.push.apply(stack, children[i]); }
    order.reverse().forEach(function (i) {
      var kids = children[i].map(function (c) { return x[c]; });
      N[i][PRUNED].forEach(function (k, n) {
        slots.push({parent: i, index: n, name: S[k], x: next[p]++, pass: p}); kids.push(slots[slots.length - 1].x);
      });
      x[i] = kids.length ? (Math.min.apply(null, kids) + Math.max.apply(null, kids)) / 2 : next[p]++;
    });
  });
  function left(slot) { return MARGIN + 16 + slot * (W + GAP); }
  function topOf(level) { return MARGIN + level * LEVEL; }

  N.forEach(function (node, i) {
    var g = passGroups[node[PASS]];
    if (node[PARENT] >= 0) {
      var p = node[PARENT];
      edgeEls[i] = el("line", {"class": "edge", x1: left(x[p]) + W / 2, y1: topOf(depth[p]) + H,
                                x2: left(x[i]) + W / 2, y2: topOf(depth[i])}, g);
    }
  });
  slots.forEach(function (slot) {
    var p = slot.parent;
    slot.edge = el("line", {"class": "edge cut", x1: left(x[p]) + W / 2, y1: topOf(depth[p]) + H,
                            x2: left(slot.x) + W / 2, y2: topOf(depth[p] + 1)}, passGroups[slot.pass]);
  });
  N.forEach(function (node, i) {
    var kind = ["max", "min", "leaf", "chance"][node[ROLE]];
    var g = el("g", {"class": "node " + kind, "data-node": String(i), "data-name": S[node[NAME]],
                     transform: "translate(" + left(x[i]) + "," + topOf(depth[i]) + ")"}, passGroups[node[PASS]]);
    el("rect", {"class": "box", width: W, height: H, rx: 5}, g);
    el("rect", {"class": "inner", x: 3, y: 3, width: W - 6, height: H - 6, rx: 3}, g);
    el("text", {"class": "marker", x: -20, y: H / 2 + 6}, g).textContent = "\u27a4";
    var lines = [headLine(i)].concat(boardLines(i));
    var head = el("text", {"class": "head", x: 8, y: 6 + lineHeight}, g);
    boardLines(i).forEach(function (line, n) {
      el("text", {"class": "board", x: 8, y: 6 + lineHeight * (n + 2)}, g).textContent = line;
    });
    var value = el("text", {"class": "value", x: 8, y: 6 + lineHeight * (lines.length + 1)}, g);
    if (node[HIDDEN]) {
      el("text", {"class": "more", x: 8, y: 6 + lineHeight * (lines.length + 2)}, g).textContent = hiddenLine(i);
    }
    nodeEls[i] = {g: g, value: value, head: head};
    if (node[PARENT] < 0) passRoot[node[PASS]] = i;
    var bottom = topOf(depth[i]) + H;
    sizes[node[PASS]][1] = Math.max(sizes[node[PASS]][1], bottom);
  });
  slots.forEach(function (slot) {
    var y = topOf(depth[slot.parent] + 1);
    var g = el("g", {"class": "slot", "data-name": slot.name,
                     transform: "translate(" + left(slot.x) + "," + y + ")"}, passGroups[slot.pass]);
    el("rect", {"class": "box", width: W, height: H, rx: 5}, g);
    el("line", {"class": "cross", x1: 0, y1: 0, x2: W, y2: H}, g);
    el("line", {"class": "cross", x1: W, y1: 0, x2: 0, y2: H}, g);
    el("text", {"class": "name head", x: 8, y: 6 + lineHeight}, g).textContent = slot.name;
    el("text", {"class": "why", x: 8, y: 6 + lineHeight}, g).textContent = "\u2702 " + slot.name;
    el("text", {"class": "why", x: 8, y: 6 + 2 * lineHeight}, g).textContent = "pruned";
    el("text", {"class": "why reason", x: 8, y: 6 + 3 * lineHeight}, g).textContent = reason[slot.parent];
    slot.g = g;
    sizes[slot.pass][1] = Math.max(sizes[slot.pass][1], y + H);
  });
  data.passes.forEach(function (header, p) { sizes[p][0] = left(next[p]) + MARGIN; });

  // --- the state after k steps: a pure function of k, drawn into the page --------------
  var k = 0, timer = null, shownPass = -1, logged = 0, logFrom = 0;
  var LOG_LIMIT = 200;  // the steps so far: the last 200 listed, numbered from their step
  var hooks = [];  // functions run after each step is drawn: hook(step, state)

  function stateAt(steps) {
    var stack = [], counts = [0, 0, 0, 0];
    for (var j = 0; j < steps; j++) {
      var event = E[j], i = event[1], node = N[i];
      if (event[0] === 0) {
        counts[0] += 1;
        stack.push({node: i, alpha: S[node[ALPHA]], beta: S[node[BETA]], best: ""});
        continue;
      }
      stack.pop();
      counts[1] += node[KIND] === LEAF ? 1 : 0;
      counts[3] += node[KIND] === TABLE ? 1 : 0;
      counts[2] += node[KIND] === CUTOFF && cutAt[i] === j ? 1 : 0;
      counts[2] += event[6] ? 1 : 0;
      counts[0] += node[HIDDEN];
      counts[1] += node[HIDDEN_COUNTS][0]; counts[2] += node[HIDDEN_COUNTS][1]; counts[3] += node[HIDDEN_COUNTS][2];
      if (event[2] >= 0 && stack.length) {
        var frame = stack[stack.length - 1];
        frame.alpha = S[event[3]]; frame.beta = S[event[4]]; frame.best = event[5] >= 0 ? S[event[5]] : "";
      }
    }
    return {stack: stack, counts: counts};
  }

  function statusOf(i, steps) {
    if (steps > 0 && E[steps - 1][1] === i) return "current";
    if (enterAt[i] >= steps) return "unvisited";
    return exitAt[i] < steps ? "done" : "open";
  }

  function passAt(steps) {
    var event = E[Math.max(0, Math.min(steps, E.length) - 1)];
    return event ? N[event[1]][PASS] : 0;
  }

  function draw() {
    var state = stateAt(k), pass = passAt(k);
    document.body.setAttribute("data-step", String(k));
    // what each node shows is kept in e.shown, so a step touches only the nodes it changes
    N.forEach(function (node, i) {
      var status = statusOf(i, k), e = nodeEls[i];
      if (e.shown === status + (exitAt[i] < k)) return;
      e.shown = status + (exitAt[i] < k);
      var value = exitAt[i] < k ? doneLine(i) : enterAt[i] < k ? SEARCHING : "";
      // not visited yet: only the name, drawn as a pruned move is before its cut (no spoiler)
      e.head.textContent = status === "unvisited" ? S[node[NAME]] : headLine(i);
      e.g.setAttribute("data-status", status);
      if (edgeEls[i]) edgeEls[i].setAttribute("data-status", status === "unvisited" ? "unvisited" : "seen");
      e.value.textContent = value;
    });
    slots.forEach(function (slot) {
      var status = cutAt[slot.parent] < k ? "pruned" : "unvisited";
      if (slot.shown === status) return;
      slot.shown = status;
      slot.g.setAttribute("data-status", status);
      slot.edge.setAttribute("data-status", status);
    });
    if (pass !== shownPass) {
      passGroups.forEach(function (g, p) { if (p === pass) g.removeAttribute("hidden"); else g.setAttribute("hidden", ""); });
      svg.setAttribute("viewBox", "0 0 " + sizes[pass][0] + " " + (sizes[pass][1] + MARGIN));
      shownPass = pass;
      scaleTree();
    }
    var header = data.passes[pass], root = passRoot[pass];
    var ended = root !== undefined && exitAt[root] < k && data.outcomes[pass];
    $("pass").textContent = header ? header + (ended ? ": " + data.outcomes[pass] : "") : "";
    var done = k === E.length && E.length > 0;  // the value, best move and line: at the end
    $("result").textContent = done ? data.result : "";
    data.pv.forEach(function (i) {
      nodeEls[i].g.classList.toggle("pv", done);
      if (edgeEls[i]) edgeEls[i].classList.toggle("pv", done);
    });
    $("explanation").textContent = k === 0 ? "Before the search: press \u2192 (forward) to enter the root." : sentences[k - 1];
    $("position").textContent = "step " + k + " of " + E.length;
    $("scrub").value = String(k);
    var body = $("stack").tBodies[0];
    while (body.rows.length > state.stack.length) body.deleteRow(-1);
    state.stack.forEach(function (frame, n) {
      var row = body.rows[n] || body.insertRow(-1);
      var cells = [title(frame.node), String(depth[frame.node]), mover(frame.node), frame.alpha, frame.beta,
                   frame.best || "\u2014"];
      while (row.cells.length < cells.length) row.insertCell(-1);
      cells.forEach(function (text, c) {
        if (row.cells[c].textContent !== text) row.cells[c].textContent = text;
        if (c === 3 || c === 4) row.cells[c].className = "w";
      });
    });
    ["nodes", "leaves", "cutoffs", "hits"].forEach(function (name, n) {
      $("count-" + name).textContent = String(state.counts[n]);
    });
    var log = $("log");
    var from = Math.max(0, k - LOG_LIMIT);
    if (from >= logged || k < logFrom) { log.textContent = ""; logFrom = logged = from; }
    while (logged > k) { log.removeChild(log.lastChild); logged -= 1; }
    while (logFrom < from) { log.removeChild(log.firstChild); logFrom += 1; }
    while (logFrom > from) { logFrom -= 1; log.insertBefore(logItem(logFrom), log.firstChild); }
    while (logged < k) { log.appendChild(logItem(logged)); logged += 1; }
    log.start = from + 1;
    log.scrollTop = log.scrollHeight;
    $("start").disabled = $("back").disabled = k === 0;
    $("forward").disabled = $("end").disabled = k === E.length;
    if (k > 0) keepInView(nodeEls[E[k - 1][1]].g);
    else if (N.length) keepInView(nodeEls[0].g);
    hooks.forEach(function (hook) { hook(k, state); });
  }

  // --- the tree's scale: the whole tree where it fits readably, else scrolled -----------
  // A phone (a box under 600 px) keeps text readable (at least 3/4 size) and scrolls inside
  // the box; a wider screen fits a tree up to four box-widths wide (40 leaves at 1280 px)
  // and scrolls a larger one at full size.  "fit" shows the whole tree: an overview.
  var PHONE = 600, READABLE = 0.75, FITS = 4, fitChosen = null;
  function naturalScale(natural, room) {
    if (natural <= room) return 1;
    if (room < PHONE) return Math.max(room / natural, READABLE);
    return natural <= FITS * room ? room / natural : 1;
  }
  function scaleTree() {
    if (shownPass < 0) return;
    var natural = sizes[shownPass][0];
    document.body.classList.remove("wide");  // a tree over twice the box's width takes the
    if (natural > 2 * ($("tree-box").clientWidth - 2) && window.innerWidth >= 960) {  // whole
      document.body.classList.add("wide");   // width, the stack and counts below it
    }
    var room = $("tree-box").clientWidth - 2;
    var whole = Math.min(1, room / natural);
    var readable = room < PHONE ? Math.max(whole, READABLE) : whole;  // a phone's text stays
    var scale = fitChosen === null ? naturalScale(natural, room)        // readable, fit or not
              : fitChosen ? readable : room < PHONE ? readable : 1;
    $("fit").checked = fitChosen === null ? scale <= whole + 1e-9 : fitChosen;
    svg.setAttribute("width", String(Math.floor(natural * scale)));
    svg.setAttribute("height", String(Math.ceil((sizes[shownPass][1] + MARGIN) * scale)));
    document.body.setAttribute("data-scale", scale.toFixed(3));
  }
  window.addEventListener("resize", function () { scaleTree(); if (k > 0) keepInView(nodeEls[E[k - 1][1]].g); });

  function logItem(j) { var li = document.createElement("li"); li.textContent = sentences[j]; return li; }

  function keepInView(g) {  // inside the tree's box, then inside the window under the controls
    var box = $("tree-box"), outer = box.getBoundingClientRect(), inner = g.getBoundingClientRect();
    if (inner.left < outer.left || inner.right > outer.right) {
      box.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
    }
    if (inner.top < outer.top || inner.bottom > outer.bottom) {
      box.scrollTop += inner.top - outer.top - (outer.height - inner.height) / 2;
    }
    inner = g.getBoundingClientRect();
    var top = $("controls").getBoundingClientRect().bottom, bottom = window.innerHeight;
    if (inner.top < top) window.scrollBy(0, inner.top - top - 8);
    else if (inner.bottom > bottom) window.scrollBy(0, Math.min(inner.bottom - bottom + 8, inner.top - top - 8));
  }

  function go(steps) {
    var to = Math.max(0, Math.min(E.length, steps));
    // The predict hook (predict.js): before(from, to) returns the last step the page may
    // reach now, holding it before a step the learner is asked about; a held page stops.
    var before = window.fminimax && window.fminimax.before;
    if (before && to > k) { var allowed = before(k, to); if (allowed < to) { stop(); to = Math.max(k, allowed); } }
    k = to;
    draw();
  }

  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    $("play").setAttribute("aria-pressed", "false");
    $("play").textContent = "\u25b6 play";
  }
  function play() {
    stop();
    if (k >= E.length) go(0);
    $("play").setAttribute("aria-pressed", "true");
    $("play").textContent = "\u23f8 pause";
    timer = setInterval(function () { if (k >= E.length) stop(); else go(k + 1); },
                        1000 / Number($("speed").value));
  }
  function toggle() { if (timer === null) play(); else stop(); }

  $("start").addEventListener("click", function () { stop(); go(0); });
  $("back").addEventListener("click", function () { stop(); go(k - 1); });
  $("forward").addEventListener("click", function () { stop(); go(k + 1); });
  $("end").addEventListener("click", function () { stop(); go(E.length); });
  $("play").addEventListener("click", toggle);
  $("speed").addEventListener("change", function () { if (timer !== null) play(); });
  $("scrub").max = String(E.length);
  $("scrub").addEventListener("input", function () { stop(); go(Number($("scrub").value)); });
  $("fit").addEventListener("change", function () { fitChosen = $("fit").checked; scaleTree(); });
  if (!data.windows) $("stack").classList.add("plain");
  if (data.cut) {
    $("cut").textContent = "Only " + N.length + " of " + data.total + " nodes are drawn (" + data.cut +
                           "); the counts include the rest.";
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target, tag = t && t.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && t.type === "range")) return;
    if (e.key === "ArrowRight") { stop(); go(k + 1); }
    else if (e.key === "ArrowLeft") { stop(); go(k - 1); }
    else if (e.key === "Home") { stop(); go(0); }
    else if (e.key === "End") { stop(); go(E.length); }
    else if (e.key === " " && tag !== "BUTTON" && tag !== "INPUT") toggle();
    else return;
    e.preventDefault();
  });

  // --- what the page shows, read back from the page (for tests and tools) --------------
  function snapshot() {
    var text = function (id) { return $(id).textContent; };
    return {
      step: k, steps: E.length, pass: text("pass"), explanation: text("explanation"),
      position: text("position"), result: text("result"),
      pv: Array.prototype.map.call(svg.querySelectorAll(".node.pv"), function (g) { return g.getAttribute("data-name"); }),
      current: (svg.querySelector('.node[data-status="current"]') || {getAttribute: function () { return null; }}).getAttribute("data-name"),
      nodes: Array.prototype.map.call(svg.querySelectorAll(".pass:not([hidden]) .node"), function (g) {
        return [g.getAttribute("data-name"), g.getAttribute("data-status"), g.querySelector(".value").textContent];
      }),
      pruned: Array.prototype.map.call(svg.querySelectorAll('.pass:not([hidden]) .slot[data-status="pruned"]'), function (g) {
        return [g.getAttribute("data-name"), g.querySelector(".reason").textContent];
      }),
      stack: Array.prototype.map.call($("stack").tBodies[0].rows, function (row) {
        return Array.prototype.map.call(row.cells, function (cell) { return cell.textContent; });
      }),
      counts: {nodes: Number(text("count-nodes")), leaves: Number(text("count-leaves")),
               cutoffs: Number(text("count-cutoffs")), hits: Number(text("count-hits"))},
      log: Array.prototype.map.call($("log").children, function (li) { return li.textContent; }),
      playing: timer !== null
    };
  }
  window.fminimax = {snapshot: snapshot, sentences: sentences.slice(), go: go,
                     hooks: hooks, data: data, step: function () { return k; }};
  draw();
})();
