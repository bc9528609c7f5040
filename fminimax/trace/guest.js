// Pasted into another document (a notebook's HTML(page) output whose scripts run): move the
// page into an <iframe srcdoc> there, where it runs as a page of its own and restyles
// nothing around it (fminimax.trace.jupyter).
(function () {
  var script = document.currentScript, box = script && script.parentNode;
  if (!box || !box.querySelector || !box.querySelector('script[id^="fminimax-"]')) return;
  var frame = document.createElement("iframe");
  frame.title = "step through the search";
  frame.setAttribute("style", "width: 100%; height: 640px; border: 1px solid #999;");
  var head = "";  // the page's policy and the like belong in the frame's head
  Array.prototype.forEach.call(box.querySelectorAll("meta, title"), function (e) {
    head += e.outerHTML; e.parentNode.removeChild(e);
  });
  frame.srcdoc = '<!DOCTYPE html><html lang="en" class="fminimax-page"><head>' + head +
    "</head><body>" + box.innerHTML + "</body></html>";
  while (box.firstChild) box.removeChild(box.firstChild);
  box.appendChild(frame);
})();
