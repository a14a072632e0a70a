/* The table is where a move is played (issue #24). Each move's button in #my-moves (one form,
   a button a move, sending its action) says, in data-taps, the taps that play it (Engine.place:
   place names separated by spaces, "bar" for a move of the action bar); the board marks those
   places with data-place. A tap on a place:
   - if one move is made of exactly the taps so far, its button is clicked (so data-confirm and
     htmx apply, and the form sends that button's action, as to a click on it);
   - if several are, a chooser of just those opens in the bar;
   - if longer moves start so (a fort, then its two supplies), the next places are marked and the
     bar says so; the later taps may come in any order. Cancel (or Escape) starts again.
   Crayon Rails' routes (places "mp:") are drawn by its own map tool (crayon-rails.js).
   The bar (#tp-bar) is shown by this script; the numbered list stays one toggle away, and is
   what a page without JavaScript shows. */
(function () {
  "use strict";
  if (window.tpTable) return;  // htmx runs the board's scripts again after each swap
  window.tpTable = true;

  var taps = [];

  function $(id) { return document.getElementById(id); }
  function steps(form) { return (form.getAttribute("data-taps") || "bar").split(" "); }
  // The moves played on the table (each a button of the list; "form" below means such a move).
  function tableForms() {
    return Array.prototype.filter.call(document.querySelectorAll("#my-moves button[data-taps]"), function (f) {
      var first = steps(f)[0];
      return first !== "bar" && first.indexOf("mp:") !== 0;
    });
  }
  // Whether a move's taps begin with `seq` (its first tap first, the others in any order).
  function starts(form, seq) {
    var s = steps(form);
    if (s[0] !== seq[0]) return false;
    var rest = s.slice(1);
    for (var i = 1; i < seq.length; i++) {
      var j = rest.indexOf(seq[i]);
      if (j < 0) return false;
      rest.splice(j, 1);
    }
    return true;
  }
  function matching(seq) { return tableForms().filter(function (f) { return starts(f, seq); }); }
  function label(form) {  // the move's words, as its numbered button says them ("12. Place ...")
    return form.textContent.replace(/^\s*\d+\.\s*/, "").trim();
  }

  // The places a tap may go to now: the first taps of every move, or the next taps of the moves begun.
  function livePlaces() {
    var live = {};
    tableForms().forEach(function (f) {
      var s = steps(f);
      if (!taps.length) { live[s[0]] = (live[s[0]] || []).concat([f]); return; }
      if (!starts(f, taps) || s.length <= taps.length) return;
      var rest = s.slice(1);
      taps.slice(1).forEach(function (t) { rest.splice(rest.indexOf(t), 1); });
      rest.forEach(function (p) { live[p] = (live[p] || []).concat([f]); });
    });
    return live;
  }

  function mark() {
    var live = livePlaces();
    document.querySelectorAll("#live [data-place]").forEach(function (el) {
      var place = el.getAttribute("data-place"), forms = live[place];
      el.classList.toggle("tp-live", !!forms);
      el.classList.toggle("tp-tapped", taps.indexOf(place) >= 0);
      if (el.tagName !== "BUTTON") {  // an SVG shape: made a control while it plays something
        if (forms) { el.setAttribute("tabindex", "0"); el.setAttribute("role", "button"); }
        else { el.removeAttribute("tabindex"); el.removeAttribute("role"); }
      }
      if (forms) {
        if (!el.hasAttribute("data-name")) el.setAttribute("data-name", el.getAttribute("aria-label") || el.textContent.trim());
        // A screen reader hears the move; the name starts with any text the place shows (WCAG 2.5.3).
        var shown = el.tagName === "BUTTON" ? el.textContent.trim() : "", said = el.getAttribute("data-name");
        var name = forms.length === 1 && !taps.length ? label(forms[0]) : said + (forms.length > 1 ? " (" + forms.length + " moves)" : "");
        if (shown && name.indexOf(shown) !== 0) name = shown + ": " + name;
        el.setAttribute("aria-label", name);
        el.removeAttribute("aria-disabled");
      } else if (el.tagName === "BUTTON") {
        el.setAttribute("aria-disabled", "true");
      }
    });
    var cancel = $("tp-cancel");
    if (cancel) cancel.hidden = !taps.length && ($("tp-chooser") || {}).hidden !== false;
    pad();
  }

  // The page ends above the bar, so the bar never hides the last of it.
  function pad() {
    var bar = $("tp-bar");
    document.body.style.paddingBottom = bar && !bar.hidden ? bar.offsetHeight + 12 + "px" : "";
  }

  function say(text) {
    var out = $("tp-bar-say");
    if (out) out.textContent = text || out.getAttribute("data-prompt") || "";
  }

  function choose(forms, more) {
    var box = $("tp-chooser");
    if (!box) return;
    box.textContent = "";
    forms.forEach(function (f) {
      var b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-move", f.id);
      b.className = "tp-choice";
      b.setAttribute("data-action", f.value);
      b.textContent = label(f);
      box.appendChild(b);
    });
    box.hidden = !forms.length;
    pad();
    say(forms.length && !more ? "Choose one:" : more ? "Now " + nextWhere() + (forms.length ? ", or choose:" : ".") : "");
    if (forms.length && !more) box.querySelector("button").focus();
  }

  // Where the next tap goes, in words, when the marked places are all of one kind.
  var WHERE = { bank: "tap a supply in the bank", mine: "tap one of your supplies", pool: "tap a free supply of the town",
                cal: "tap one of your calamities", hand: "tap a card in your hand", card: "tap a demand card" };
  function nextWhere() {
    var kinds = {};
    Object.keys(livePlaces()).forEach(function (p) { kinds[p.split(":")[0]] = true; });
    var only = Object.keys(kinds);
    return only.length === 1 && WHERE[only[0]] ? WHERE[only[0]] : "tap a marked place";
  }

  function reset() { taps = []; choose([], false); say(""); mark(); }

  function play(form) {
    reset();
    form.click();  // the list's button: its action is sent (htmx reads the button clicked)
  }

  function tap(place) {
    var seq = taps.concat([place]), found = matching(seq);
    if (!found.length && taps.length) { seq = [place]; found = matching(seq); }
    if (!found.length) return;
    var done = found.filter(function (f) { return steps(f).length === seq.length; });
    var more = found.length > done.length;
    if (!more && done.length === 1) return play(done[0]);
    taps = seq;
    choose(done, more);
    mark();
  }

  document.addEventListener("click", function (evt) {
    var el = evt.target.closest && evt.target.closest("#live [data-place].tp-live");
    if (el) {
      evt.preventDefault();
      evt.stopPropagation();  // the map's own path tool (crayon-rails.js) does not take it too
      tap(el.getAttribute("data-place"));
      return;
    }
    var move = evt.target.closest && evt.target.closest("#tp-bar [data-move]");  // the bar's moves and the chooser's
    if (move && $(move.getAttribute("data-move"))) { play($(move.getAttribute("data-move"))); return; }
    if (evt.target.closest && evt.target.closest("#tp-cancel")) reset();
    var toggle = evt.target.closest && evt.target.closest("#tp-list-toggle");
    if (toggle) {
      var open = $("my-moves").classList.toggle("tp-list-open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    }
  }, true);

  document.addEventListener("keydown", function (evt) {
    if (evt.key === "Escape" && taps.length) { reset(); return; }
    var el = evt.target;
    if ((evt.key === "Enter" || evt.key === " ") && el.classList && el.classList.contains("tp-live") && el.tagName !== "BUTTON") {
      evt.preventDefault();
      tap(el.getAttribute("data-place"));
    }
  });

  function start() {
    var moves = $("my-moves"), bar = $("tp-bar");
    if (!moves || !bar) { pad(); return; }
    moves.classList.add("tp-js");
    bar.hidden = false;
    var route = $("cr-path-form");  // Crayon Rails' route tools and Send: in the bar, under the thumb
    if (route && route.parentNode !== bar) bar.insertBefore(route, $("tp-chooser"));
    taps = [];
    mark();
  }

  if (window.htmx) window.htmx.onLoad(start);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
