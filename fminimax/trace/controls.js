// The controls both stepping pages share (controls.html): start, back, play or pause at a
// speed, forward, end, the scrubber, the position and the keys (← → step, Home / End jump,
// Space plays).  A page hands in its number of steps and how to draw step k, and may hand
// in hold(from, to): the last step it lets the learner reach now (predict mode holds
// before a question).  Keys that belong to a form (a field, a radio button, a list) stay
// the form's; the arrow keys step wherever else the focus is.
var fminimaxControls = function (steps, draw, hold) {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var k = 0, timer = null;

  function go(to) {
    to = Math.max(0, Math.min(steps, to));
    if (hold && to > k) {
      var allowed = hold(k, to);
      if (allowed < to) { stop(); to = Math.max(k, allowed); }
    }
    k = to;
    draw(k);
    $("position").textContent = "step " + k + " of " + steps;
    $("scrub").value = String(k);
    $("start").disabled = $("back").disabled = k === 0;
    $("forward").disabled = $("end").disabled = k === steps;
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    $("play").setAttribute("aria-pressed", "false");
    $("play").textContent = "\u25b6 play";
  }
  function play() {
    stop();
    if (k >= steps) go(0);
    $("play").setAttribute("aria-pressed", "true");
    $("play").textContent = "\u23f8 pause";
    timer = setInterval(function () { if (k >= steps) stop(); else go(k + 1); },
                        1000 / Number($("speed").value));
  }
  function toggle() { if (timer === null) play(); else stop(); }

  $("start").addEventListener("click", function () { stop(); go(0); });
  $("back").addEventListener("click", function () { stop(); go(k - 1); });
  $("forward").addEventListener("click", function () { stop(); go(k + 1); });
  $("end").addEventListener("click", function () { stop(); go(steps); });
  $("play").addEventListener("click", toggle);
  $("speed").addEventListener("change", function () { if (timer !== null) play(); });
  $("scrub").max = String(steps);
  $("scrub").addEventListener("input", function () { stop(); go(Number($("scrub").value)); });
  // the position's box is as wide as its widest text, so a step never moves the controls
  $("position").style.minWidth = String(("step " + steps + " of " + steps).length) + "ch";

  function formsKey(target, key) {  // a key the focused control keeps for itself
    var tag = target && target.tagName, type = target && target.type;
    var sideways = key === "ArrowRight" || key === "ArrowLeft";
    if (tag === "TEXTAREA" || (tag === "INPUT" && /^(text|number|search)$/.test(type))) {
      return !(sideways && target.value === "");  // editing text; an empty field steps
    }
    if (tag === "INPUT" && type === "range") return true;
    if (tag === "SELECT") return !sideways;
    // buttons, radio buttons, check boxes: Space presses them; the arrows step, never
    // choose another radio button (an answer changes only when the learner picks it)
    return key === " " && (tag === "BUTTON" || tag === "INPUT" || tag === "SUMMARY");
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    if (formsKey(e.target, e.key)) return;
    if (e.key === "ArrowRight") { stop(); go(k + 1); }
    else if (e.key === "ArrowLeft") { stop(); go(k - 1); }
    else if (e.key === "Home") { stop(); go(0); }
    else if (e.key === "End") { stop(); go(steps); }
    else if (e.key === " ") toggle();
    else return;
    e.preventDefault();
  });
  return {go: go, stop: stop, step: function () { return k; },
          playing: function () { return timer !== null; }};
};
