// In a frame of the same origin (srcdoc: page.frame, a notebook's output), fit the frame's
// height to the page, again whenever the page's height changes (fminimax.trace.jupyter).
(function () {
  var frame = null;
  try { frame = window.frameElement; } catch (e) { frame = null; }
  if (!frame) return;
  var painted = getComputedStyle(document.body).backgroundColor;  // a page without a colour
  if (painted === "rgba(0, 0, 0, 0)" || painted === "transparent") {  // shows its own white,
    document.documentElement.style.background = "#fff";               // not the host's
  }
  // in a frame (a notebook's output) the key starts folded: the frame as tall as what it shows
  Array.prototype.forEach.call(document.querySelectorAll("details.closed-in-frame"), function (d) { d.open = false; });
  var most = Number(document.documentElement.getAttribute("data-max-frame-height")) || 4000;
  function fit() {
    var body = document.body, style = getComputedStyle(body);
    var height = Math.ceil(body.getBoundingClientRect().bottom + parseFloat(style.marginBottom || "0"));
    height = Math.min(Math.max(height, 120), most);
    if (Math.abs(frame.getBoundingClientRect().height - height) > 2) frame.style.height = height + "px";
  }
  if (window.ResizeObserver) new ResizeObserver(fit).observe(document.body);
  window.addEventListener("load", fit);
  fit();
})();
