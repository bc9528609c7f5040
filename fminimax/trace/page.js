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
    if (event[0] === 0) { if (enterAt[i] === Infinity) enterAt[i] = j; return; }  // the first
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

  // An MCTS page (fminimax.trace.mcts) draws one growing tree: a node appears when an
  // iteration expands it and shows its visits and mean as they stand at each step; a
  // playout is a passing leaf, shown while its iteration is at it.  Python computes what
  // each step shows (data.mcts); the page draws it.
  var M = data.mcts || null, passing = {};
  if (M) {
    document.body.classList.add("mcts");
    M.transient.forEach(function (i) { passing[i] = true; });
  }

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
  function wrapped(text, chars) {  // words into lines of at most ``chars`` characters
    var lines = [""];
    text.split(" ").forEach(function (word) {
      var last = lines[lines.length - 1];
      if (last && last.length + 1 + word.length > chars) lines.push(word);
      else lines[lines.length - 1] = last ? last + " " + word : word;
    });
    return lines;
  }
  var SEARCHING = "on stack";

  var widest = SEARCHING.length, boardChars = 0, boardRows = 0, moreRows = 0;
  N.forEach(function (node, i) {
    [headLine(i), doneLine(i), hiddenLine(i)].forEach(function (line) { widest = Math.max(widest, line.length); });
    if (M) M.shown[i].forEach(function (pair) { widest = Math.max(widest, S[pair[1]].length); });
    boardLines(i).forEach(function (line) { boardChars = Math.max(boardChars, line.length); });
    boardRows = Math.max(boardRows, boardLines(i).length);
    moreRows = Math.max(moreRows, node[HIDDEN] ? 1 : 0);
    node[PRUNED].forEach(function (k) { widest = Math.max(widest, S[k].length + 2); });
  });
  // A board is drawn two to three times the size of the text and fills its box's width, so
  // a node is mostly its board; a cut-off's reason wraps inside the box it crosses out.
  var textWidth = Math.ceil(widest * charWidth);
  var BOARD = boardChars ? Math.min(3, Math.max(2, textWidth / (boardChars * charWidth))) : 1;
  var W = Math.max(textWidth, Math.ceil(boardChars * charWidth * BOARD)) + 16;
  var reasonChars = Math.max(8, Math.floor((W - 16) / charWidth));
  var reasonRows = 1;
  N.forEach(function (node, i) { if (reason[i]) reasonRows = Math.max(reasonRows, wrapped(reason[i], reasonChars).length); });
  var boardHeight = boardRows * lineHeight * BOARD;
  var H = Math.max((2 + moreRows) * lineHeight + boardHeight, (2 + reasonRows) * lineHeight, 3 * lineHeight) + 12;
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

  var x = [], next = [], placed = children.map(function (kids) {
    return kids.filter(function (c) { return !passing[c]; });  // a playout takes no place
  });
  data.passes.forEach(function () { next.push(0); });
  // place children before parents: a post-order walk from each pass's root, without recursion
  N.forEach(function (node, root) {
    if (node[PARENT] >= 0) return;
    var p = node[PASS], order = [], stack = [root];
    while (stack.length) { var i = stack.pop(); order.push(i); stack.push.apply(stack, placed[i]); }
    order.reverse().forEach(function (i) {
      var kids = placed[i].map(function (c) { return x[c]; });
      N[i][PRUNED].forEach(function (k, n) {
        slots.push({parent: i, index: n, name: S[k], x: next[p]++, pass: p}); kids.push(slots[slots.length - 1].x);
      });
      x[i] = kids.length ? (Math.min.apply(null, kids) + Math.max.apply(null, kids)) / 2 : next[p]++;
    });
  });
  N.forEach(function (node, i) { if (passing[i]) x[i] = x[node[PARENT]]; });  // under its start
  function left(slot) { return MARGIN + 16 + slot * (W + GAP); }
  function topOf(level) { return MARGIN + level * LEVEL; }

  N.forEach(function (node, i) {
    var g = passGroups[node[PASS]];
    if (node[PARENT] >= 0) {
      var p = node[PARENT];
      edgeEls[i] = el("line", {"class": "edge" + (passing[i] ? " transient" : ""), x1: left(x[p]) + W / 2,
                                y1: topOf(depth[p]) + H, x2: left(x[i]) + W / 2, y2: topOf(depth[i])}, g);
    }
  });
  slots.forEach(function (slot) {
    var p = slot.parent;
    slot.edge = el("line", {"class": "edge cut", x1: left(x[p]) + W / 2, y1: topOf(depth[p]) + H,
                            x2: left(slot.x) + W / 2, y2: topOf(depth[p] + 1)}, passGroups[slot.pass]);
  });
  // Every text a node can show is drawn once, and a step only shows or hides texts (CSS,
  // by the node's status and phase): a step, or a jump to the end, never lays text out.
  N.forEach(function (node, i) {
    var kind = ["max", "min", "leaf", "chance"][node[ROLE]] + (passing[i] ? " transient" : "");
    var g = el("g", {"class": "node " + kind, "data-node": String(i), "data-name": S[node[NAME]],
                     transform: "translate(" + left(x[i]) + "," + topOf(depth[i]) + ")"}, passGroups[node[PASS]]);
    el("rect", {"class": "box", width: W, height: H, rx: 5}, g);
    el("rect", {"class": "inner", x: 3, y: 3, width: W - 6, height: H - 6, rx: 3}, g);
    el("text", {"class": "marker", x: -20, y: H / 2 + 6}, g).textContent = "\u27a4";
    el("text", {"class": "head name", x: 8, y: 6 + lineHeight}, g).textContent = S[node[NAME]];
    el("text", {"class": "head full", x: 8, y: 6 + lineHeight}, g).textContent = headLine(i);
    var rows = boardLines(i);
    rows.forEach(function (line, n) {
      el("text", {"class": "board", x: 8, y: 6 + lineHeight + (n + 1) * lineHeight * BOARD,
                  style: "font-size: " + (12 * BOARD).toFixed(2) + "px"}, g).textContent = line;
    });
    var below = 6 + lineHeight * 2 + rows.length * lineHeight * BOARD;
    var e = {g: g, status: "", phase: "", value: null};
    if (M) {
      e.value = el("text", {"class": "value", x: 8, y: below}, g);
    } else {
      el("text", {"class": "value searching", x: 8, y: below}, g).textContent = SEARCHING;
      el("text", {"class": "value done", x: 8, y: below}, g).textContent = doneLine(i);
    }
    if (node[HIDDEN]) {
      el("text", {"class": "more", x: 8, y: below + lineHeight}, g).textContent = hiddenLine(i);
    }
    nodeEls[i] = e;
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
    var why = el("text", {"class": "why reason", x: 8, y: 6 + 3 * lineHeight}, g);
    var lines = wrapped(reason[slot.parent], reasonChars);
    lines.forEach(function (line, n) {
      el("tspan", {x: 8, dy: n ? lineHeight : 0}, why).textContent = line + (n < lines.length - 1 ? " " : "");
    });
    slot.g = g;
    sizes[slot.pass][1] = Math.max(sizes[slot.pass][1], y + H);
  });
  data.passes.forEach(function (header, p) { sizes[p][0] = left(next[p]) + MARGIN; });
  // A large trace draws every pass in one frame, the largest: resizing the drawing lays
  // all its text out again (seconds for thousands of nodes), moving a pass into view does
  // not.  A small one fits each pass on its own, as large as it can be drawn; so does
  // "fit" (the learner asked for it, once), so a small pass fills the box, not a strip.
  var own = sizes.map(function (size) { return size.slice(); });
  if (N.length > 1000) {
    var most = sizes.reduce(function (a, b) { return [Math.max(a[0], b[0]), Math.max(a[1], b[1])]; }, [0, 0]);
    sizes = sizes.map(function () { return most; });
  }

  // --- the state after k steps: a pure function of k, drawn into the page --------------
  var k = 0, shownPass = -1, logged = 0, logFrom = 0;
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

  function statusOf(i, steps, open) {
    if (steps > 0 && E[steps - 1][1] === i) return "current";
    if (enterAt[i] >= steps) return "unvisited";
    return open[i] ? "open" : "done";
  }

  function passAt(steps) {
    var event = E[Math.max(0, Math.min(steps, E.length) - 1)];
    return event ? N[event[1]][PASS] : 0;
  }

  function shownAt(pairs, steps) {  // the text of the last [from step, text] reached
    var text = "";
    for (var n = 0; n < pairs.length && pairs[n][0] <= steps; n++) text = S[pairs[n][1]];
    return text;
  }

  function draw(to) {
    k = to;
    var state = stateAt(k), pass = passAt(k), open = {};
    state.stack.forEach(function (frame) { open[frame.node] = true; });
    document.body.setAttribute("data-step", String(k));
    // a node's status and phase are attributes (CSS shows the texts that go with them),
    // set only where they change: a step touches only the nodes it changes
    N.forEach(function (node, i) {
      if (node[PASS] !== pass) return;  // out of sight: drawn when its pass is shown
      var status = statusOf(i, k, open), e = nodeEls[i];
      var phase = exitAt[i] < k && !open[i] ? "done" : enterAt[i] < k ? "open" : "";
      if (M) {
        var text = shownAt(M.shown[i], k);
        if (e.value.textContent !== text) e.value.textContent = text;
      }
      if (e.status === status && e.phase === phase) return;
      e.status = status; e.phase = phase;
      e.g.setAttribute("data-status", status);
      e.g.setAttribute("data-phase", phase);
      if (edgeEls[i]) edgeEls[i].setAttribute("data-status", passing[i] ? status : status === "unvisited" ? "unvisited" : "seen");
    });
    slots.forEach(function (slot) {
      if (slot.pass !== pass) return;
      var status = cutAt[slot.parent] < k ? "pruned" : "unvisited";
      if (slot.shown === status) return;
      slot.shown = status;
      slot.g.setAttribute("data-status", status);
      slot.edge.setAttribute("data-status", status);
    });
    if (pass !== shownPass) {
      // the other passes move out of sight, laid out still: showing a pass again (End on a
      // multi-pass search) moves it back rather than laying out its text anew
      passGroups.forEach(function (g, p) {
        set(g, "transform", p === pass ? "translate(0,0)" : "translate(-10000000,0)");
        if (p === pass) g.removeAttribute("hidden"); else g.setAttribute("hidden", "");
      });
      shownPass = pass;
      scaleTree();
    }
    var header = M ? S[M.headers[k]] : data.passes[pass], root = passRoot[pass];
    var ended = !M && root !== undefined && exitAt[root] < k && data.outcomes[pass];
    $("pass").textContent = header ? header + (ended ? ": " + data.outcomes[pass] : "") : "";
    var done = k === E.length && E.length > 0;  // the value, best move and line: at the end
    $("result").textContent = done ? data.result : "";
    data.pv.forEach(function (i) {
      nodeEls[i].g.classList.toggle("pv", done);
      if (edgeEls[i]) edgeEls[i].classList.toggle("pv", done);
    });
    $("explanation").textContent = k === 0 ? (M ? S[M.before] : "Before the search: press \u2192 (forward) to enter the root.")
                                           : sentences[k - 1];
    drawStack(state);
    drawCounts(state);
    drawLog();
    if (k > 0) keepInView(nodeEls[E[k - 1][1]].g);
    else if (N.length) keepInView(nodeEls[0].g);
    hooks.forEach(function (hook) { hook(k, state); });
  }

  function drawStack(state) {
    var body = $("stack").tBodies[0];
    var rows = M ? M.frames[k].map(function (row) { return row.map(function (s) { return S[s]; }); })
                 : state.stack.map(function (frame) {
                     return [title(frame.node), String(depth[frame.node]), mover(frame.node), frame.alpha,
                             frame.beta, frame.best || "\u2014"];
                   });
    while (body.rows.length > rows.length) body.deleteRow(-1);
    rows.forEach(function (cells, n) {
      var row = body.rows[n] || body.insertRow(-1);
      while (row.cells.length < cells.length) row.insertCell(-1);
      cells.forEach(function (text, c) {
        if (row.cells[c].textContent !== text) row.cells[c].textContent = text;
        if (!M && (c === 3 || c === 4)) row.cells[c].className = "w";
      });
    });
  }

  function drawCounts(state) {
    var counts = M ? M.counts[k] : state.counts;
    counts.forEach(function (count, n) { countEls[n].textContent = String(count); });
  }

  function drawLog() {
    var log = $("log");
    var from = Math.max(0, k - LOG_LIMIT);
    if (from >= logged || k < logFrom) { log.textContent = ""; logFrom = logged = from; }
    while (logged > k) { log.removeChild(log.lastChild); logged -= 1; }
    while (logFrom < from) { log.removeChild(log.firstChild); logFrom += 1; }
    while (logFrom > from) { logFrom -= 1; log.insertBefore(logItem(logFrom), log.firstChild); }
    while (logged < k) { log.appendChild(logItem(logged)); logged += 1; }
    log.start = from + 1;
    log.scrollTop = log.scrollHeight;
  }

  // --- the tree's scale: the whole tree where it fits readably, else scrolled -----------
  // A tree that fits its box is drawn as large as the box allows (up to three times), so
  // a small tree fills a projector's screen; a phone (a box under 600 px) keeps text
  // readable (at least 3/4 size) and scrolls inside the box; a wider screen fits a tree up
  // to four box-widths wide (40 leaves at 1280 px) and scrolls a larger one at full size.
  // On a screen 1,600 px wide or more the tree takes the whole width, the rest below it.
  // "fit" shows the whole tree; one too wide to show so becomes an overview: the width
  // fitted, the levels spread over the box's height, the text left out.
  var PHONE = 600, READABLE = 0.75, FITS = 4, LARGEST = 3, OVERVIEW = 0.2, fitChosen = null;
  function naturalScale(natural, room, tall) {
    if (natural <= room) return Math.max(1, Math.min(room / natural, tall, LARGEST));
    if (room < PHONE) return Math.max(room / natural, READABLE);
    return natural <= FITS * room ? room / natural : 1;
  }
  function set(element, name, value) {  // an attribute, only when it changes: setting an
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);  // SVG's
  }                                       // size, even to the same value, lays it out again
  function scaleTree() {
    if (shownPass < 0) return;
    var frame = (fitChosen === true ? own : sizes)[shownPass];
    var natural = frame[0], height = frame[1] + MARGIN;
    set(svg, "viewBox", "0 0 " + natural + " " + height);
    // A tree over twice the box's width takes the whole width, the stack and counts below
    // it (as does every tree on a screen 1,600 px wide): decided from the widths, never by
    // trying a layout, so that the page is laid out once
    var main = document.querySelector("main"), rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    var beside = main.clientWidth - Math.min(24 * rem, 0.4 * main.clientWidth) - rem - 4;
    var wide = window.innerWidth >= 1600 || (natural > 2 * beside && window.innerWidth >= 960);
    if (document.body.classList.contains("wide") !== wide) document.body.classList.toggle("wide", wide);
    var room = $("tree-box").clientWidth - 2;
    var tall = Math.max(1, (0.75 * window.innerHeight - 2) / height);  // the box's height
    var whole = Math.min(1, room / natural);
    var readable = room < PHONE ? Math.max(whole, READABLE) : whole;  // a phone's text stays
    var scale = fitChosen === null ? naturalScale(natural, room, tall)  // readable, fit or not
              : fitChosen ? Math.max(readable, Math.min(room / natural, tall, LARGEST)) : room < PHONE ? readable : 1;
    var overview = fitChosen === true && scale < OVERVIEW;
    $("fit").checked = fitChosen === null ? scale <= whole + 1e-9 : fitChosen;
    var shownHeight = overview ? Math.max(height * scale, Math.min(height, 0.75 * window.innerHeight - 2))
                               : height * scale;
    if (svg.classList.contains("overview") !== overview) svg.classList.toggle("overview", overview);
    set(svg, "preserveAspectRatio", overview ? "none" : "xMidYMid meet");
    set(svg, "width", String(Math.ceil(natural * scale)));
    set(svg, "height", String(Math.ceil(shownHeight)));
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

  // The predict hook (predict.js): before(from, to) returns the last step the page may
  // reach now, holding it before a step the learner is asked about.
  var controls = fminimaxControls(E.length, draw, function (from, to) {
    var before = window.fminimax && window.fminimax.before;
    return before ? before(from, to) : to;
  });
  $("fit").addEventListener("change", function () { fitChosen = $("fit").checked; scaleTree(); });
  if (!data.windows) $("stack").classList.add("plain");
  if (data.cut) {
    $("cut").textContent = "Only " + N.length + " of " + data.total + " nodes are drawn (" + data.cut +
                           "); the counts include the rest.";
  }
  var countEls = ["nodes", "leaves", "cutoffs", "hits"].map(function (name) { return $("count-" + name); });
  if (M) {  // MCTS's own columns and counts
    var head = $("stack").tHead.rows[0];
    while (head.cells.length) head.deleteCell(-1);
    M.columns.forEach(function (name) {
      var th = document.createElement("th"); th.scope = "col"; th.textContent = S[name]; head.appendChild(th);
    });
    $("stack").caption.textContent = S[M.caption];
    $("stack-title").textContent = S[M.stackTitle];
    var dl = $("counts");
    dl.textContent = "";
    countEls = M.countNames.map(function (name, n) {
      var div = document.createElement("div"), dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = S[name]; dd.id = "count-" + n;
      div.appendChild(dt); div.appendChild(dd); dl.appendChild(div);
      return dd;
    });
  }

  // --- what the page shows, read back from the page (for tests and tools) --------------
  function visibleText(g, selector) {  // the text of the selected element shown, if any
    var shown = Array.prototype.filter.call(g.querySelectorAll(selector), function (t) {
      return getComputedStyle(t).visibility === "visible" && getComputedStyle(t).display !== "none";
    });
    return shown.length ? shown[0].textContent : "";
  }
  function snapshot() {
    var text = function (id) { return $(id).textContent; };
    var counts = {};
    Array.prototype.forEach.call($("counts").querySelectorAll("div"), function (div) {
      counts[div.querySelector("dt").textContent.replace(/\s+/g, "").replace("-", "")
             .replace("tablehits", "hits")] = Number(div.querySelector("dd").textContent);
    });
    return {
      step: k, steps: E.length, pass: text("pass"), explanation: text("explanation"),
      position: text("position"), result: text("result"),
      pv: Array.prototype.map.call(svg.querySelectorAll(".node.pv"), function (g) { return g.getAttribute("data-name"); }),
      current: (svg.querySelector('.node[data-status="current"]') || {getAttribute: function () { return null; }}).getAttribute("data-name"),
      nodes: Array.prototype.map.call(svg.querySelectorAll(".pass:not([hidden]) .node"), function (g) {
        return [g.getAttribute("data-name"), g.getAttribute("data-status"), visibleText(g, ".value")];
      }),
      pruned: Array.prototype.map.call(svg.querySelectorAll('.pass:not([hidden]) .slot[data-status="pruned"]'), function (g) {
        return [g.getAttribute("data-name"), g.querySelector(".reason").textContent];
      }),
      stack: Array.prototype.map.call($("stack").tBodies[0].rows, function (row) {
        return Array.prototype.map.call(row.cells, function (cell) { return cell.textContent; });
      }),
      counts: counts,
      log: Array.prototype.map.call($("log").children, function (li) { return li.textContent; }),
      playing: controls.playing()
    };
  }
  window.fminimax = {snapshot: snapshot, sentences: sentences.slice(), go: controls.go,
                     hooks: hooks, data: data, step: function () { return k; }};
  controls.go(0);
})();
