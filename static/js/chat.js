/* Table talk on the game page (templates/chat/): the message list keeps its newest message in
   view when it is drawn or redrawn (by its poll, or after sending); a reader scrolled up to read
   older messages is left where they are. */
(function () {
  "use strict";
  if (window.trailpostChat) return; // the panel is redrawn by htmx; this file runs once
  window.trailpostChat = true;

  var atBottom = true;

  function list() { return document.getElementById("chat-list"); }

  document.addEventListener("scroll", function (event) {
    var el = list();
    if (el && event.target === el) atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  }, true);

  function onLoad(root) {
    var el = list();
    if (!el || !root || !(root === document.body || root.id === "chat-log" || root.id === "chat-heading" ||
        (root.contains && root.contains(el)))) return;
    if (atBottom) el.scrollTop = el.scrollHeight;
  }

  if (window.htmx) {
    window.htmx.onLoad(onLoad);
  } else {
    document.addEventListener("DOMContentLoaded", function () { onLoad(document.body); });
  }
})();
