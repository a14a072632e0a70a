/* The replay viewer (templates/games/replay.html). Without JavaScript its First / Previous / Next /
   Last links and the slider's Go button are plain links and a GET form; with it:
   - left and right arrows, Home and End follow those links (htmx swaps #replay in place and keeps
     the URL in sync, hx-push-url), unless a text field, a select or a scrolling box has the keys;
   - letting go of the slider goes to its step; while it moves its number follows it;
   - after each swap the key or control used keeps the focus on its new copy (#replay-status,
     "Step n of N" and what was played, comes with each step from the server, out of band). */
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  var refocus = null;

  function follow(rel) {
    var link = document.querySelector('#replay a[data-step-link="' + rel + '"]');
    if (!link) return false;
    refocus = '[data-step-link="' + rel + '"]';
    link.click();
    return true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var rel = KEYS[event.key];
    if (!rel || !document.getElementById("replay")) return;
    var target = event.target;
    if (target && target.closest) {
      if (target.isContentEditable || target.closest("textarea, select, input:not([type=range])")) return;
      if (target.id === "replay-step") return; // the slider moves itself; its change event follows
      if (target.closest(".cr-map-wrap, [role=region][tabindex]")) return; // a box that scrolls by keys
    }
    if (follow(rel)) event.preventDefault();
  });

  document.addEventListener("input", function (event) {
    if (event.target.id !== "replay-step") return;
    var out = document.getElementById("replay-step-out");
    if (out) out.textContent = event.target.value;
  });

  document.addEventListener("change", function (event) {
    var slider = event.target;
    if (slider.id !== "replay-step" || !slider.form) return;
    refocus = "#replay-step";
    if (slider.form.requestSubmit) slider.form.requestSubmit();
    else slider.form.submit();
  });

  function swapped() {
    var replay = document.getElementById("replay");
    if (!replay || !refocus) return;
    var el = replay.querySelector(refocus) || document.getElementById("replay-step");
    refocus = null;
    if (el) el.focus();
  }

  // htmx (loaded before this file, both deferred) calls this for each fragment it swaps in.
  if (window.htmx) {
    window.htmx.onLoad(function (elt) {
      if (elt && elt.id === "replay") swapped();
    });
  }
})();
