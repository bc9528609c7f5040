// Predict mode: the learner answers before each step that returns a value or may cut off.
// It plays on top of the stepper (page.js) through one hook: window.fminimax.before(from,
// to) returns the last step the page may reach now, so a page in predict mode holds before
// a step it asks about until the learner has answered.  The answer is graded against the
// page's own data, the step's sentence explains the right one, and a score is kept.
// Questions: what a node returns (its value, and on pages with windows whether it is exact
// or a bound), and where a node's return may make its parent stop, whether it cuts off and
// which of the parent's moves are pruned.  A page opens in predict mode when its address
// ends in #predict or its head holds <meta name="fminimax-start" content="predict">.
(function () {
  "use strict";
  var api = window.fminimax;
  if (!api || !document.getElementById("controls")) return;
  var data = JSON.parse(document.getElementById("fminimax-data").textContent);
  if (data.mcts) return;  // an MCTS page's steps return no minimax values to predict
  var S = data.strings, N = data.nodes, E = data.events;
  var PARENT = 0, ROLE = 2, NAME = 5, VALUE = 7, PRUNED = 10, REL = 13;
  var LEAF_ROLE = 2;
  var $ = function (id) { return document.getElementById(id); };

  // --- the questions, one per asked step, from the page's data --------------------------
  var enterAt = N.map(function () { return Infinity; }), children = N.map(function () { return []; });
  N.forEach(function (node, i) { if (node[PARENT] >= 0) children[node[PARENT]].push(i); });
  E.forEach(function (event, j) { if (event[0] === 0) enterAt[event[1]] = j; });
  function title(i) { return ["MAX", "MIN", "leaf", "CHANCE"][N[i][ROLE]] + " " + S[N[i][NAME]]; }
  var questions = {};  // step index j (event j, shown after j + 1 steps) -> question
  E.forEach(function (event, j) {
    if (event[0] !== 1) return;
    var i = event[1], top = event[2], q = {node: i, top: top, value: null, cut: null};
    if (N[i][ROLE] !== LEAF_ROLE) q.value = {number: S[N[i][VALUE]], relation: S[N[i][REL]]};
    if (data.windows && top >= 0) {
      var later = children[top].filter(function (c) { return enterAt[c] > j; })
        .map(function (c) { return S[N[c][NAME]]; });
      var pruned = N[top][PRUNED].map(function (s) { return S[s]; });
      var choices = later.concat(event[6] || !later.length ? pruned : []);
      if (choices.length) q.cut = {choices: choices, yes: !!event[6], pruned: event[6] ? pruned : []};
    }
    if (q.value || q.cut) questions[j] = q;
  });

  // --- the panel --------------------------------------------------------------------------
  var mode = false, asking = -1, answers = {}, right = 0, asked = 0;
  var toggle = document.createElement("label");
  toggle.className = "predict-toggle";
  toggle.innerHTML = '<input type="checkbox" id="predict-mode" aria-keyshortcuts="P"> predict';
  toggle.title = "answer before each step that returns a value or cuts off (P)";
  $("controls").appendChild(toggle);
  var panel = document.createElement("section");
  panel.id = "predict";
  panel.setAttribute("aria-label", "predict the next step");
  panel.hidden = true;
  panel.innerHTML =
    '<form id="predict-form" novalidate>' +
    '<p id="predict-question"></p>' +
    '<div id="predict-value"><label>returns <select id="predict-relation" aria-label="exact or a bound">' +
    '<option value="=">= exactly</option><option value="\u2264">\u2264 at most</option>' +
    '<option value="\u2265">\u2265 at least</option></select></label> ' +
    '<input id="predict-number" type="text" inputmode="decimal" autocomplete="off" size="8" aria-label="the value returned"></div>' +
    '<fieldset id="predict-cut"><legend></legend>' +
    '<label><input type="radio" name="predict-cut" value="no" checked> no cut-off</label> ' +
    '<label><input type="radio" name="predict-cut" value="yes"> a cut-off, pruning:</label>' +
    '<span id="predict-choices"></span></fieldset>' +
    '<p class="predict-buttons"><button type="submit" id="predict-answer">answer (Enter)</button> ' +
    '<button type="button" id="predict-show">show me</button></p></form>' +
    '<p id="predict-verdict" tabindex="-1" aria-live="polite"></p>' +
    '<p id="predict-score" aria-live="polite"></p>';
  var explanation = $("explanation");
  explanation.parentNode.insertBefore(panel, explanation.nextSibling);
  var form = $("predict-form"), verdict = $("predict-verdict");

  function step() { return api.snapshot().step; }
  function clean(text) {
    return String(text).toLowerCase().replace(/\u2212/g, "-").replace(/infinity|inf/g, "\u221e")
      .replace(/^\+/, "").replace(/\s+/g, " ").trim();
  }
  function sameNumber(said, meant) {
    if (clean(said) === clean(meant)) return true;
    var a = Number(clean(said)), b = Number(clean(meant));
    return clean(said) !== "" && !isNaN(a) && !isNaN(b) && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  }
  function score() {
    $("predict-score").textContent = mode ? "score: " + right + " of " + asked + " right" : "";
  }

  function ask(j) {
    var q = questions[j];
    if (asking === j) {  // asked again (an arrow key, play): the answer stays as it is
      verdict.className = "";
      verdict.textContent = "Answer first (Enter), or press \u201cshow me\u201d.";
      focusAnswer(q);
      return;
    }
    asking = j;
    panel.hidden = false;
    form.hidden = false;
    verdict.textContent = "";
    verdict.className = "";
    var said = "Step " + (j + 1) + ": " + title(q.node) + " returns" +
               (q.top >= 0 ? " to " + title(q.top) : ", ending " + (data.passes.length > 1 ? "the pass" : "the search")) + ".";
    $("predict-question").textContent = said + (q.value ? " What does it return?" : "") +
      (q.cut ? " Does " + title(q.top) + " stop searching?" : "");
    $("predict-value").hidden = !q.value;
    $("predict-relation").parentNode.firstChild.textContent = "returns ";
    $("predict-relation").hidden = !data.windows;
    $("predict-relation").value = "=";
    $("predict-number").value = "";
    $("predict-cut").hidden = !q.cut;
    if (q.cut) {
      $("predict-cut").querySelector("legend").textContent = "Cut-off at " + title(q.top) + "?";
      form.querySelector('input[value="no"]').checked = true;
      var box = $("predict-choices");
      box.textContent = "";
      q.cut.choices.forEach(function (name) {
        var label = document.createElement("label"), input = document.createElement("input");
        input.type = "checkbox"; input.value = name; input.className = "predict-choice";
        label.appendChild(input); label.appendChild(document.createTextNode(" " + name));
        box.appendChild(label);
      });
    }
    focusAnswer(q);
  }
  function focusAnswer(q) {
    (q.value ? $("predict-number") : form.querySelector('input[name="predict-cut"]:checked')).focus();
  }

  function graded(q, shown) {
    var wrong = [];
    if (q.value) {
      var relation = data.windows ? $("predict-relation").value : "=";
      var meant = (q.value.relation === "=" ? "" : q.value.relation + " ") + q.value.number;
      if (shown || relation !== q.value.relation || !sameNumber($("predict-number").value, q.value.number)) {
        wrong.push("it returns " + meant);
      }
    }
    if (q.cut) {
      var yes = form.querySelector('input[name="predict-cut"]:checked').value === "yes";
      var ticked = Array.prototype.filter.call(form.querySelectorAll(".predict-choice"), function (c) { return c.checked; })
        .map(function (c) { return c.value; });
      var pruned = q.cut.pruned;
      var same = yes === q.cut.yes && (!yes || (ticked.length === pruned.length &&
                 ticked.every(function (name) { return pruned.indexOf(name) >= 0; })));
      if (shown || !same) {
        wrong.push(q.cut.yes ? "it cuts off, pruning " + pruned.join(", ") : "no cut-off");
      }
    }
    return wrong;
  }

  function answer(shown) {
    if (asking < 0) return;
    var j = asking, q = questions[j];
    if (!shown && q.value && clean($("predict-number").value) === "") {  // no answer yet:
      verdict.className = "";                                            // ask again
      verdict.textContent = "Type the value " + title(q.node) + " returns, then Enter.";
      focusAnswer(q);
      return;
    }
    var wrong = graded(q, shown);
    answers[j] = wrong.length === 0;
    asked += 1; right += answers[j] ? 1 : 0;
    asking = -1;
    form.hidden = true;
    api.go(j + 1);
    verdict.className = answers[j] ? "right" : "wrong";
    verdict.textContent = (answers[j] ? "\u2714 Right. " : shown ? "Shown: " : "\u2718 Not quite: " + wrong.join("; ") + ". ") +
                          api.sentences[j];
    score();
    verdict.focus();
  }

  // the hook: hold before the first step not yet answered in (from, to]
  api.before = function (from, to) {
    if (!mode) return to;
    for (var j = from; j < to; j++) {
      if (questions[j] && !(j in answers)) { ask(j); return j; }
    }
    return to;
  };

  form.addEventListener("submit", function (e) { e.preventDefault(); answer(false); });
  $("predict-show").addEventListener("click", function () { answer(true); });
  // Keys: typing in the answer's field is the field's (controls.js); the arrow keys step
  // (held at a question: it is asked again), never choose an answer; Escape leaves.
  panel.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && asking >= 0) { e.preventDefault(); setMode(false); }
  });
  function setMode(on) {
    mode = on;
    $("predict-mode").checked = on;
    document.body.classList.toggle("predicting", on);
    if (!on) {
      if (panel.contains(document.activeElement)) $("predict-mode").focus();
      asking = -1; panel.hidden = true;
    }
    else { panel.hidden = false; form.hidden = true; verdict.textContent = "Press \u2192 (forward): the page asks before each step that returns a value or cuts off."; }
    score();
  }
  $("predict-mode").addEventListener("change", function () { setMode($("predict-mode").checked); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.key !== "p" && e.key !== "P")) return;
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    setMode(!mode);
    e.preventDefault();
  });

  var start = document.querySelector('meta[name="fminimax-start"]');
  if (location.hash === "#predict" || (start && start.getAttribute("content") === "predict")) setMode(true);

  api.predict = {
    questions: function () {
      return Object.keys(questions).map(Number).sort(function (a, b) { return a - b; }).map(function (j) {
        var q = questions[j];
        return {step: j, node: S[N[q.node][NAME]], value: q.value, cut: q.cut};
      });
    },
    state: function () {
      return {mode: mode, asking: asking, right: right, asked: asked, step: step(),
              verdict: verdict.textContent, question: asking >= 0 ? $("predict-question").textContent : ""};
    },
    setMode: setMode
  };
})();
