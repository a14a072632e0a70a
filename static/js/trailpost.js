/* What the pages would otherwise do with inline styles and handlers, which the
   Content-Security-Policy refuses (only scripts and styles served from here run):
   - data-grid-column / data-grid-row place an element on its CSS grid (a board laid out as a grid);
   - data-confirm on a form, or on the button that sends it, asks before it is sent;
   - data-browser-time-zone: an empty hidden input gets the browser's IANA time zone (sign-up);
   - data-zone-guess on the profile's time zone box: a button beside it offers the browser's zone
     when it is not the one in the box;
   - data-option-when on a new-game option ({"opt_ruleset": ["classic"]}): its field is shown only
     while the other options hold one of those values (the server ignores it otherwise);
   - #live-status: says what changed when the game page's live section is swapped in;
   - the live section's poll says how far back its log is shown (?from=), so the earlier moves a
     player loaded stay when it is swapped in, and its newest entry (?to=) and where its news are
     counted from (?seen=), so that only the new rows come when the rest is current;
   - when the live section is swapped in (a move, a form of the waiting room, the poll): the tab's
     title says "(Your turn)" when it is, the scroll position stays where it was, and the focus
     goes where the next decision is (an error, the moves, the final table) if it was in the
     section or the player just acted. */
(function () {
  "use strict";

  function place(root) {
    var cells = root.querySelectorAll ? root.querySelectorAll("[data-grid-column], [data-grid-row]") : [];
    for (var i = 0; i < cells.length; i++) {
      var el = cells[i];
      if (el.dataset.gridColumn) el.style.gridColumn = el.dataset.gridColumn;
      if (el.dataset.gridRow) el.style.gridRow = el.dataset.gridRow;
    }
  }

  function fillTimeZone(root) {
    var inputs = root.querySelectorAll ? root.querySelectorAll("input[data-browser-time-zone]") : [];
    if (!inputs.length) return;
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
    for (var i = 0; i < inputs.length; i++) {
      if (!inputs[i].value) inputs[i].value = zone;
    }
  }

  function offerZone(root) {
    var boxes = root.querySelectorAll ? root.querySelectorAll("input[data-zone-guess]") : [];
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (!zone || box.value === zone || box.dataset.zoneOffered) continue;
      box.dataset.zoneOffered = "1";
      var button = document.createElement("button");
      button.type = "button";
      button.className = "small tp-zone-guess";
      button.textContent = "Use this device's zone: " + zone.replace(/_/g, " ");
      button.addEventListener("click", function (b, input) {
        return function () { input.value = zone; b.remove(); input.focus(); };
      }(button, box));
      box.insertAdjacentElement("afterend", button);
    }
  }

  function optionsThatApply(root) {
    var scoped = root.querySelectorAll ? root.querySelectorAll("[data-option-when]") : [];
    if (!scoped.length) return;
    var form = scoped[0].form;
    function value(name) {
      var el = form.elements[name];
      if (!el) return "";
      return el.type === "checkbox" ? (el.checked ? "True" : "False") : el.value;
    }
    function update() {
      for (var i = 0; i < scoped.length; i++) {
        var when = JSON.parse(scoped[i].getAttribute("data-option-when"));
        var applies = Object.keys(when).every(function (name) { return when[name].indexOf(value(name)) >= 0; });
        var group = scoped[i].closest(".field") || scoped[i].parentNode;
        group.hidden = !applies;
      }
    }
    form.addEventListener("change", update);
    update();
  }

  // The game page's live section (#live) is replaced wholesale by each htmx swap, so it cannot be
  // an aria-live region itself: when its version moves on, the persistent #live-status (role
  // status, aria-live polite) gets one sentence: the section's data-announce if it has one, else
  // the newest log line, and "It is your turn." when the moves have just appeared.
  var lastVersion = null, lastMine = false;
  function announce() {
    var live = document.getElementById("live"), status = document.getElementById("live-status");
    if (!live || !status) return;
    var waiting = document.getElementById("waiting-heading");
    var version = live.getAttribute("data-version") + "|" + live.getAttribute("data-status") +
      (waiting ? "|" + waiting.textContent : "");
    var mine = !!document.getElementById("my-moves");
    if (lastVersion !== null && version !== lastVersion) {
      var said = live.getAttribute("data-announce") || (waiting ? waiting.textContent : "");
      if (!said) {
        var entry = live.querySelector(".log li");
        said = entry ? entry.textContent.replace(/\s+/g, " ").trim() : "The game moved on.";
        if (mine && !lastMine) said += " It is your turn.";
      }
      status.textContent = said;
    }
    lastVersion = version;
    lastMine = mine;
  }

  function retitle() {
    var live = document.getElementById("live");
    if (!live || !live.hasAttribute("data-title")) return;
    document.title = (live.hasAttribute("data-my-turn") ? "(Your turn) " : "") +
      live.getAttribute("data-title") + " \u00b7 Trailpost";
  }

  function onLoad(root) {
    place(root);
    fillTimeZone(root);
    optionsThatApply(root);
    offerZone(root);
    announce();
    retitle();
  }

  // Where the next decision is, once the live section was swapped in.
  function nextDecision() {
    var picks = ["#live-messages [role=alert]", "#final", "#my-moves button:not([disabled])", "#my-moves",
                 "#waiting-room", "#live-head"];
    for (var i = 0; i < picks.length; i++) {
      var el = document.querySelector(picks[i]);
      if (el) return el.closest("#live-messages") || el;
    }
    return null;
  }

  var keep = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "live") return;
    var active = document.activeElement;
    keep = {
      top: target.getBoundingClientRect().top,  // where the section sat in the window
      acted: event.detail.requestConfig && event.detail.requestConfig.elt !== target,
      inside: !!(active && active !== document.body && target.contains(active))
    };
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!keep || !event.detail.target || event.detail.target.id !== "live") return;
    var was = keep;
    keep = null;
    if (was.acted) {  // its messages now show in the section: the page's older banner is spent
      var spent = document.querySelectorAll("main > ul.messages");
      for (var i = 0; i < spent.length; i++) spent[i].remove();
    }
    // the section stays where it was in the window (as far as the page's new length allows)
    var live = document.getElementById("live");
    if (live) window.scrollBy(0, live.getBoundingClientRect().top - was.top);
    var active = document.activeElement;
    if (was.acted || (was.inside && (!active || active === document.body))) {
      var el = nextDecision();
      if (el) {
        if (!el.matches("a, button, input, select, textarea, [tabindex]")) el.setAttribute("tabindex", "-1");
        el.focus({preventScroll: true});
      }
    }
  });

  document.addEventListener("htmx:configRequest", function (event) {
    if (!event.detail.elt || event.detail.elt.id !== "live") return;
    // only a poll (not a form of the section) asks for the log's new rows alone
    if (event.detail.verb !== "get") return;
    var rows = document.querySelectorAll("#log-entries > li[value]");
    if (rows.length) {
      event.detail.parameters.from = rows[rows.length - 1].getAttribute("value");
      event.detail.parameters.to = rows[0].getAttribute("value");
    }
    var seen = event.detail.elt.getAttribute("data-seen");
    if (seen !== null) event.detail.parameters.seen = seen;
  });

  document.addEventListener("submit", function (event) {
    if (event.defaultPrevented) return; // htmx sends it (and asks first, hx-confirm)
    var by = event.submitter && event.submitter.dataset.confirm ? event.submitter : event.target;  // a move's button, or the form
    var message = by.dataset && by.dataset.confirm;
    if (message && !window.confirm(message)) event.preventDefault();
  });

  // htmx (loaded before this file) runs onLoad for the page and for every fragment it swaps in.
  if (window.htmx) {
    window.htmx.onLoad(onLoad);
  } else {
    document.addEventListener("DOMContentLoaded", function () { onLoad(document); });
  }
})();
