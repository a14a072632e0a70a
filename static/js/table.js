/* The table is where a move is played (issue #24). Each move's button in #my-moves (one form,
   a button a move, sending its number in the list) says, in data-taps, the taps that play it (Engine.place:
   place names separated by spaces; none for a move of the action bar, which this script copies
   there); the board marks those
   places with data-place. A tap on a place:
   - if one move is made of exactly the taps so far, its button is clicked (so data-confirm and
     htmx apply, and the form sends that button's number, as to a click on it);
   - if several are, a chooser of just those opens in the bar;
   - if longer moves start so (a fort, then its two supplies), the next places are marked and the
     bar says so; the later taps may come in any order. Cancel (or Escape) starts again.
   A route on a map (a button with data-route) is drawn by the board's own map tool (static/js/<slug>.js).
   The bar (#tp-bar) is shown by this script; the numbered list stays one toggle away, and is
   what a page without JavaScript shows. Last, the table picture of a wide screen (below). */
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
      return steps(f)[0] !== "bar" && !f.hasAttribute("data-route");
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
    form.click();  // the list's button: its number is sent (htmx reads the button clicked)
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
      evt.stopPropagation();  // the board's own tool (a map's path tool) does not take it too
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
    // the moves with no place on the table (no data-taps: "bar"), as buttons of the bar
    // On a phone (the screen the page is drawn for) the bar stays small: at most two of them in its
    // row, each on one line (a long name cut short on screen, whole for a screen reader), the move
    // that ends the turn (data-end) and the first; the others and the list's toggle behind one
    // "More…" disclosure.
    var barMoves = $("tp-bar-moves");
    if (barMoves && !barMoves.children.length) {
      var all = Array.prototype.filter.call(document.querySelectorAll("#my-moves button[name=move]"), function (f) {
        return steps(f)[0] === "bar";
      });
      var end = all.filter(function (f) { return f.hasAttribute("data-end"); })[0];
      var phone = window.matchMedia && window.matchMedia("(max-width: 640px)").matches;  // a wide screen shows them all
      var shown = all.length <= 2 || !phone ? all : all.filter(function (f) { return f === all[0] || f === end; });
      if (shown.length < 2 && all.length > 2) shown = [all[0], all[all.length - 1]];
      var more = null;
      if (all.length > shown.length) {
        more = document.createElement("details");
        more.id = "tp-bar-more";
        more.className = "tp-bar-more";
        var summary = document.createElement("summary");
        var n = all.length - shown.length;
        summary.textContent = "More (" + n + ")";
        more.appendChild(summary);
        more.appendChild(document.createElement("div"));
      }
      all.forEach(function (f) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "tp-bar-move";
        b.setAttribute("data-move", f.id);
        b.textContent = label(f);
        if (shown.indexOf(f) >= 0) { b.title = label(f); barMoves.appendChild(b); }
        else more.lastChild.appendChild(b);
      });
      if (more) {
        if (end && shown.indexOf(end) >= 0) barMoves.insertBefore(more, barMoves.querySelector("[data-move='" + end.id + "']"));
        else barMoves.appendChild(more);
        more.addEventListener("toggle", pad);
      }
      // The toggle of the numbered list leaves the bar's first line to what is asked: it goes
      // behind More… if there is one, else at the end of the row of moves.
      var toggle = $("tp-list-toggle");
      if (toggle && more) more.lastChild.appendChild(toggle);
      else if (toggle && all.length && phone) barMoves.appendChild(toggle);
    }
    // A board's own move form (a map's route tools and Send): in the bar, under the thumb.
    document.querySelectorAll("#live .board form").forEach(function (tool) {
      if (tool.parentNode !== bar) bar.insertBefore(tool, $("tp-chooser"));
    });
    taps = [];
    mark();
  }

  /* The table picture ([data-picture]: a wide screen's drawing, hidden on a phone) is not in a live
     update: the page keeps the one it has (hx-preserve) until the new one, fetched here only where
     it is shown, replaces it. Its inner element says the version it draws (data-v). */
  function pictures() {
    var live = $("live"), version = live && live.getAttribute("data-version");
    if (!version) return;
    document.querySelectorAll("#live [data-picture]").forEach(function (wrap) {
      var inner = wrap.firstElementChild;
      if (!inner || inner.getAttribute("data-v") === version || inner.getAttribute("data-asked") === version) return;
      if (getComputedStyle(wrap).display === "none") return;
      inner.setAttribute("data-asked", version);
      fetch(wrap.getAttribute("data-picture") + "?v=" + encodeURIComponent(version), {credentials: "same-origin"})
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (svg) {
          var now = $("live");
          if (svg === null || !now || now.getAttribute("data-version") !== version || !inner.isConnected) return;
          inner.innerHTML = svg;
          inner.setAttribute("data-v", version);
        })
        .catch(function () { inner.removeAttribute("data-asked"); });
    });
  }
  /* A form of the live section (a move, resign) posted by htmx says, as the poll does
     (trailpost.js), how much of the log the page shows, so the answer carries only its new rows.
     After the player's own move the rows kept are older than where the news are now counted
     from (data-seen): the answer says so (data-log-unmark) and their New and Hit marks go. */
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (event.detail.verb === "get" || !elt || !elt.closest || !elt.closest("#live") || elt.id === "live") return;
    var rows = document.querySelectorAll("#log-entries > li[value]"), live = $("live");
    if (rows.length) {
      event.detail.parameters.from = rows[rows.length - 1].getAttribute("value");
      event.detail.parameters.to = rows[0].getAttribute("value");
    }
    if (live && live.hasAttribute("data-seen")) event.detail.parameters.seen = live.getAttribute("data-seen");
  });
  /* The parts of the live section a live update sends only when they changed ({% keep %}, games/
     templatetags/table.py): every request of the section (the poll, a form) says which the page
     has, by name and digest; an unchanged part comes back as an empty stand-in that htmx swaps for
     the page's own (hx-preserve). */
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (!elt || !elt.closest || !elt.closest("#live")) return;
    var kept = [];
    document.querySelectorAll("#live [data-keep]").forEach(function (el) {
      kept.push(el.id.replace(/^keep-/, "") + ":" + el.getAttribute("data-keep"));
    });
    if (kept.length) event.detail.parameters.keep = kept.join(",");
  });
  function unmark() {
    var live = $("live");
    if (!live || !live.hasAttribute("data-log-unmark")) return;
    var seen = Number(live.getAttribute("data-seen"));
    document.querySelectorAll("#log-entries > li.tp-new, #log-entries > li.tp-hit").forEach(function (li) {
      if (Number(li.getAttribute("value")) > seen) return;
      li.classList.remove("tp-new", "tp-hit");
      if (!li.className) li.removeAttribute("class");
      li.querySelectorAll(":scope > .tp-new-badge, :scope > .tp-hit-badge").forEach(function (b) {
        if (b.nextSibling && b.nextSibling.nodeType === 3) b.nextSibling.textContent = b.nextSibling.textContent.replace(/^ /, "");
        b.remove();
      });
    });
  }

  var resized = null;
  window.addEventListener("resize", function () { clearTimeout(resized); resized = setTimeout(pictures, 200); });

  if (window.htmx) window.htmx.onLoad(function () { start(); unmark(); pictures(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { start(); pictures(); });
  else { start(); pictures(); }
})();
