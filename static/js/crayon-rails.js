/* Crayon Rails board: compose a build or move path by clicking mileposts, then post it.
 *
 * The page works without this file (type the path into the text field). With it, the player
 * picks Build or Move, clicks mileposts (each a neighbour of the last; clicking the point before
 * the last one steps back), and sends the path through the same move form: a hidden `action`
 * JSON, the page's `version` and a fresh idempotency key. The path lives here, not in the DOM,
 * so htmx swapping the live section redraws it; polling pauses while a path is being composed.
 * A path whose move was refused stays to be fixed (sent in place, the section comes back with the
 * message; after a reload, from sessionStorage); a path that was played is cleared.
 * Hovering a ready-made build or move in the numbered menu previews its path on the map.
 * By keyboard: Tab to the map, the arrow keys move a cursor from milepost to milepost (the
 * milepost, its terrain and city are read out through #cr-hover, a polite live region), Enter or
 * Space adds it to the path as a click would, Backspace steps back, Escape clears.
 */
(function () {
  "use strict";
  if (window.CrayonRails) { window.CrayonRails.restore(); return; }

  var ROW = Math.sqrt(3) / 2;
  var st = { game: null, mode: null, path: [], typed: false, cursor: null, home: null };

  function $(id) { return document.getElementById(id); }
  function board() { return document.querySelector(".cr-board"); }
  function svg() { return $("cr-map"); }
  function form() { return $("cr-path-form"); }
  function geo(s) { return { s: parseFloat(s.getAttribute("data-s")), m: parseFloat(s.getAttribute("data-margin")) }; }
  function centre(g, x, y) { return [g.m + g.s * (x + 0.5 * (y % 2)), g.m + g.s * ROW * y]; }
  function milepost(x, y) {
    var s = svg();
    return s ? s.querySelector('.mp[data-x="' + x + '"][data-y="' + y + '"]') : null;
  }
  function same(a, b) { return a && b && a[0] === b[0] && a[1] === b[1]; }
  function neighbours(a, b) {
    if (a[1] === b[1]) return Math.abs(a[0] - b[0]) === 1;
    if (Math.abs(a[1] - b[1]) !== 1) return false;
    var d = a[1] % 2 ? 0 : -1; // odd rows sit half a step right
    return b[0] === a[0] + d || b[0] === a[0] + d + 1;
  }
  function fmt(p) { return p[0] + "," + p[1]; }
  function parse(text) {
    var out = [], re = /(\d+)\s*,\s*(\d+)/g, m;
    while ((m = re.exec(text || ""))) out.push([parseInt(m[1], 10), parseInt(m[2], 10)]);
    return out;
  }
  function trainAt() {
    var b = board();
    if (!b || !b.hasAttribute("data-train-x")) return null;
    return [parseInt(b.getAttribute("data-train-x"), 10), parseInt(b.getAttribute("data-train-y"), 10)];
  }
  function freshKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function composing() {
    var f = form();
    var wrap = mapWrap();
    return st.path.length > 0 || !!(wrap && document.activeElement === wrap) ||
      !!(f && (f.elements.path.value || document.activeElement === f.elements.path));
  }

  /* The milepost under a pointer event: the clicked symbol, else the nearest one within reach. */
  function pointFor(evt) {
    var t = evt.target.closest ? evt.target.closest(".mp[data-x]") : null;
    if (t) return [parseInt(t.getAttribute("data-x"), 10), parseInt(t.getAttribute("data-y"), 10)];
    var s = svg(), ctm = s.getScreenCTM();
    if (!ctm) return null;
    var pt = s.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    var p = pt.matrixTransform(ctm.inverse()), g = geo(s), best = null, bd = Infinity;
    var y0 = Math.round((p.y - g.m) / (g.s * ROW));
    for (var y = y0 - 1; y <= y0 + 1; y++) {
      if (y < 0) continue;
      var x0 = Math.round((p.x - g.m) / g.s - 0.5 * (y % 2));
      for (var x = x0 - 1; x <= x0 + 1; x++) {
        if (x < 0 || !milepost(x, y)) continue;
        var c = centre(g, x, y), d = (c[0] - p.x) * (c[0] - p.x) + (c[1] - p.y) * (c[1] - p.y);
        if (d < bd) { bd = d; best = [x, y]; }
      }
    }
    return best && bd <= g.s * g.s * 0.5 ? best : null;
  }

  /* The running cost of a route being built, against what the turn and the cash allow: the costs
     of the map (#cr-costs, sent once with the page: {"into": {"x,y": cost}, "edge": {"x,y>x,y":
     cost}}, clear ground 1), the turn (.cr-board data-cr-turn: {"left", "cash", "me"}) and
     the tracks drawn (tracks() below). The engine still checks the route when it is sent. */
  function json(el, name) {
    try { return JSON.parse((el && el.getAttribute(name)) || "null"); } catch (e) { return null; }
  }
  function turn() { return json(board(), "data-cr-turn"); }
  function seg(a, b) { return fmt(a) + "|" + fmt(b); }
  /* Whose track is where, read off the map's tracks (each .cr-track: data-seat, data-name, and its
     d, runs of "M a L b L c" between milepost centres): {own: {"x,y|x,y": 1}, taken: {"x,y|x,y":
     name}}, both ways round. */
  function tracks() {
    var s = svg(), t = turn() || {}, out = { own: {}, taken: {}, first: null };
    if (!s) return out;
    var g = geo(s);
    s.querySelectorAll(".cr-track[data-seat]").forEach(function (p) {
      var mine = String(t.me) === p.getAttribute("data-seat"), name = p.getAttribute("data-name") || "another player";
      var re = /([ML])\s*(-?[\d.]+)[\s,]+(-?[\d.]+)/g, m, prev = null;
      while ((m = re.exec(p.getAttribute("d") || ""))) {
        var y = Math.round((parseFloat(m[3]) - g.m) / (g.s * ROW));
        var q = [Math.round((parseFloat(m[2]) - g.m) / g.s - 0.5 * (y % 2)), y];
        if (m[1] === "L" && prev) {
          if (mine) { out.own[seg(prev, q)] = out.own[seg(q, prev)] = 1; out.first = out.first || prev; }
          else out.taken[seg(prev, q)] = out.taken[seg(q, prev)] = name;
        }
        prev = q;
      }
    });
    return out;
  }
  function takenBy(a, b) { return tracks().taken[seg(a, b)] || null; }
  function pathCost() {
    var c = json($("cr-costs"), "data-costs"), own = tracks().own, sum = 0;
    if (!c) return null;
    for (var i = 1; i < st.path.length; i++) {
      var a = st.path[i - 1], b = st.path[i];
      if (own[seg(a, b)]) continue;
      var e = c.edge[fmt(a) + ">" + fmt(b)];
      sum += e !== undefined ? e : (c.into[fmt(b)] || 1);
    }
    return sum;
  }
  function costText() {
    var cost = pathCost(), t = turn();
    if (cost === null || !t || t.left === null) return ["", false];
    var can = Math.min(t.left, t.cash);
    return [" Cost " + cost + " of the " + t.left + " you may still build this turn (cash " + t.cash + ")" +
      (cost > can ? ": too much." : "."), cost > can];
  }

  function say(text, warn) {
    var el = $("cr-status");
    if (!el) return;
    el.textContent = text;
    el.classList.toggle("cr-warn", !!warn);
  }

  function render(keepText) {
    var f = form(), s = svg(), b = board();
    if (b) b.classList.toggle("cr-composing", !!st.mode);
    if (s) {
      var g = geo(s), pts = st.path.map(function (p) { return centre(g, p[0], p[1]).join(","); });
      var line = $("cr-compose-line"), dots = $("cr-compose-dots");
      if (line) line.setAttribute("points", pts.join(" "));
      if (dots) {
        dots.innerHTML = "";
        st.path.forEach(function (p, i) {
          var c = centre(g, p[0], p[1]);
          var el = document.createElementNS("http://www.w3.org/2000/svg", "circle");
          el.setAttribute("cx", c[0]); el.setAttribute("cy", c[1]); el.setAttribute("r", i === 0 ? 6 : 4);
          dots.appendChild(el);
        });
      }
    }
    if (!f) return;
    var tools = $("cr-tools");
    if (tools) tools.hidden = false;
    f.querySelectorAll("[data-cr]").forEach(function (btn) {
      var what = btn.getAttribute("data-cr");
      if (what === "build" || what === "move") btn.setAttribute("aria-pressed", st.mode === what ? "true" : "false");
      else btn.disabled = st.path.length === 0;
    });
    if (st.mode) f.elements.path_type.value = st.mode;
    if (!keepText) f.elements.path.value = st.path.map(fmt).join(" ");
    f.elements.action.value = st.path.length >= 2 && !st.typed
      ? JSON.stringify({ type: f.elements.path_type.value, path: st.path }) : "";
    var submit = $("cr-submit");
    if (submit) submit.disabled = st.path.length < 2 && !f.elements.path.value.trim();
    if (!st.mode && !st.path.length) say("Pick Build or Move, then tap mileposts on the map.");
    else if (st.path.length < 2) say((st.mode === "move" ? "Move: " : "Build: ") + "tap the " +
      (st.path.length ? "next milepost." : (st.mode === "move" ? "milepost where the train is." :
        "starting milepost (a major city or your own track).")));
    else if (st.mode === "build") {
      var cost = costText();
      say("Build " + (st.path.length - 1) + " section" + (st.path.length > 2 ? "s" : "") + "." + cost[0] +
        " Tap on, Undo, or Send path.", cost[1]);
    } else say("Move " + (st.path.length - 1) + " step" + (st.path.length > 2 ? "s" : "") + ": tap on, Undo, or Send path.");
  }

  function add(p) {
    if (!st.mode) st.mode = "build";
    if (!same(st.cursor, p)) { st.cursor = p; st.home = visualX(p); } // the keyboard carries on from a click
    st.typed = false;
    var last = st.path[st.path.length - 1];
    if (!st.path.length && st.mode === "move") {
      var train = trainAt();
      if (train && !same(train, p) && neighbours(train, p)) st.path.push(train), last = train;
    }
    if (same(last, p)) return render();
    if (st.path.length >= 2 && same(st.path[st.path.length - 2], p)) { st.path.pop(); return render(); }
    if (last && !neighbours(last, p)) {
      render();
      return say(fmt(p) + " is not next to " + fmt(last) + ": tap a neighbouring milepost.", true);
    }
    var owner = st.mode === "build" && last ? takenBy(last, p) : null;
    if (owner) {
      render();
      return say(owner + " already has track between " + fmt(last) + " and " + fmt(p) + ": build around it.", true);
    }
    st.path.push(p);
    render();
  }

  function setMode(mode) {
    if (st.mode !== mode && st.path.length) st.path = [];
    st.mode = mode;
    st.typed = false;
    if (mode === "move" && !st.path.length && trainAt()) st.path.push(trainAt());
    render();
  }

  function reset() { st.mode = null; st.path = []; st.typed = false; render(); }

  function saveKey() { return "crayon-rails:path:" + st.game; }

  /* After the page loads or htmx swaps the live section: redraw the path being composed. */
  function restore() {
    var b = board();
    if (!b) return;
    var game = b.getAttribute("data-game");
    if (game !== st.game) {
      st.game = game; st.mode = null; st.path = []; st.typed = false;
      try {
        var saved = JSON.parse(sessionStorage.getItem(saveKey()) || "null");
        sessionStorage.removeItem(saveKey());
        if (saved && document.querySelector(".messages li.error")) { st.mode = saved.mode; st.path = saved.path; }
      } catch (e) { /* storage may be unavailable */ }
    }
    var live = document.getElementById("live");
    if (st.sentAt != null && live && live.getAttribute("data-version") !== st.sentAt) {
      // the path sent in place was played: the game moved on, nothing to keep (a refusal keeps it)
      st.path = []; st.mode = null; st.typed = false;
      try { sessionStorage.removeItem(saveKey()); } catch (e) { /* storage may be unavailable */ }
    }
    st.sentAt = null;
    if (!form()) { st.path = []; st.mode = null; }
    openMap();
    var preset = form() && form().getAttribute("data-cr-default");  // the building turns: nothing but Build
    if (preset && !st.mode && !st.path.length) st.mode = preset;
    render();
  }

  document.addEventListener("click", function (evt) {
    var btn = evt.target.closest && evt.target.closest("#cr-path-form [data-cr]");
    if (btn) {
      var what = btn.getAttribute("data-cr");
      if (what === "build" || what === "move") setMode(what);
      else if (what === "undo") { st.path.pop(); st.typed = false; render(); }
      else if (what === "clear") reset();
      return;
    }
    var s = svg();
    if (!s || !form() || !s.contains(evt.target)) return;
    var p = pointFor(evt);
    if (p) { add(p); if (document.activeElement === mapWrap()) showCursor(false); }
  });

  document.addEventListener("mousemove", function (evt) {
    var s = svg(), out = $("cr-hover");
    if (!s || !out || !s.contains(evt.target)) return;
    var p = pointFor(evt);
    if (!p) { out.innerHTML = "&nbsp;"; return; }
    var el = milepost(p[0], p[1]), cls = el ? (el.getAttribute("class") || "") : "";
    var m = /t-([a-z]+)/.exec(cls);
    out.textContent = "Milepost " + fmt(p) + (m ? " · " + m[1] : "");
  });

  document.addEventListener("input", function (evt) {
    var f = form();
    if (!f || evt.target !== f.elements.path) return;
    st.path = parse(f.elements.path.value);
    st.typed = true; // the server reads what was typed, so a typo gets a clear message
    render(true);
  });

  document.addEventListener("change", function (evt) {
    var f = form();
    if (!f || evt.target !== f.elements.path_type) return;
    st.mode = f.elements.path_type.value;
    render(true);
  });

  /* The keyboard cursor. Rows are offset by half a step, so Up and Down pick, of the two
     neighbours above or below, the one nearer the column the cursor last had from Left and Right:
     holding Up goes straight up. Water (no milepost) is stepped over. */
  function visualX(p) { return p[0] + 0.5 * (p[1] % 2); }
  function mapWrap() { var s = svg(); return s ? s.closest(".cr-map-wrap") : null; }
  function cityAt(p) {
    var s = svg(), c = centre(geo(s), p[0], p[1]), cities = s.querySelectorAll(".cr-city");
    for (var i = 0; i < cities.length; i++) {
      var b = cities[i].getBBox();
      if (c[0] >= b.x - 1 && c[0] <= b.x + b.width + 1 && c[1] >= b.y - 1 && c[1] <= b.y + b.height + 1) {
        var t = cities[i].querySelector("title");
        return t ? t.textContent : "";
      }
    }
    return "";
  }
  function describe(p) {
    var out = $("cr-hover"), el = milepost(p[0], p[1]);
    if (!out || !el) return;
    var m = /t-([a-z]+)/.exec(el.getAttribute("class") || ""), city = cityAt(p);
    var inPath = st.path.some(function (q) { return same(q, p); });
    out.textContent = "Milepost " + fmt(p) + (city ? " · " + city : m ? " · " + m[1] : "") +
      (same(trainAt(), p) ? " · your train" : "") + (inPath ? " · in the path" : "");
  }
  function showCursor(scroll) {
    var c = $("cr-cursor"), s = svg();
    if (!c || !s) return;
    if (!st.cursor || !milepost(st.cursor[0], st.cursor[1])) { c.setAttribute("class", "cr-hidden"); return; }
    var xy = centre(geo(s), st.cursor[0], st.cursor[1]);
    c.setAttribute("cx", xy[0]); c.setAttribute("cy", xy[1]); c.setAttribute("class", "");
    describe(st.cursor);
    var el = milepost(st.cursor[0], st.cursor[1]);
    if (scroll && el && el.scrollIntoView) el.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  function startCursor() {
    if (st.cursor && milepost(st.cursor[0], st.cursor[1])) return;
    var first = svg().querySelector(".mp.t-city") || svg().querySelector(".mp[data-x]");
    st.cursor = st.path[st.path.length - 1] || trainAt() ||
      (first ? [parseInt(first.getAttribute("data-x"), 10), parseInt(first.getAttribute("data-y"), 10)] : null);
    st.home = st.cursor ? visualX(st.cursor) : null;
  }
  function step(dx, dy) {
    var p = st.cursor;
    if (st.home === null) st.home = visualX(p);
    for (var n = 1; n <= 6; n++) {
      var q;
      if (dy === 0) q = [p[0] + dx * n, p[1]];
      else {
        var y = p[1] + dy * n, best = null;
        for (var x = Math.floor(st.home) - 1; x <= Math.ceil(st.home) + 1; x++) {
          if (x < 0 || !milepost(x, y)) continue;
          if (!best || Math.abs(visualX([x, y]) - st.home) < Math.abs(visualX(best) - st.home)) best = [x, y];
        }
        q = best && Math.abs(visualX(best) - st.home) <= 0.5 ? best : null;
      }
      if (q && q[0] >= 0 && q[1] >= 0 && milepost(q[0], q[1])) {
        st.cursor = q;
        if (dy === 0) st.home = visualX(q);
        return true;
      }
    }
    return false;
  }
  var ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  document.addEventListener("focusin", function (evt) {
    if (!form() || evt.target !== mapWrap()) return;
    startCursor();
    showCursor(false);
  });
  document.addEventListener("focusout", function (evt) {
    if (evt.target !== mapWrap()) return;
    var c = $("cr-cursor");
    if (c) c.setAttribute("class", "cr-hidden");
  });

  document.addEventListener("keydown", function (evt) {
    var wrap = mapWrap();
    if (form() && wrap && evt.target === wrap && !evt.altKey && !evt.ctrlKey && !evt.metaKey) {
      if (ARROWS[evt.key]) {
        evt.preventDefault();
        startCursor();
        if (st.cursor && !step(ARROWS[evt.key][0], ARROWS[evt.key][1])) describe(st.cursor);
        showCursor(true);
        return;
      }
      if ((evt.key === "Enter" || evt.key === " ") && st.cursor) {
        evt.preventDefault();
        add(st.cursor);
        showCursor(false);
        return;
      }
    }
    if (!form() || !st.mode || /^(INPUT|SELECT|TEXTAREA)$/.test(evt.target.tagName)) return;
    if (evt.key === "Escape") reset();
    else if (evt.key === "Backspace" && st.path.length) { evt.preventDefault(); st.path.pop(); render(); }
  });

  document.addEventListener("submit", function (evt) {
    var f = form();
    if (!f || evt.target !== f) return;
    if (!st.typed && st.path.length >= 2) {
      f.elements.action.value = JSON.stringify({ type: f.elements.path_type.value, path: st.path });
    } else {
      f.elements.action.value = ""; // the server parses the typed path
    }
    f.elements.key.value = freshKey();
    var live = document.getElementById("live");
    st.sentAt = live ? live.getAttribute("data-version") : null;  // in place: restore() sees if it went through
    try {
      sessionStorage.setItem(saveKey(), JSON.stringify({ mode: f.elements.path_type.value, path: st.path }));
    } catch (e) { /* storage may be unavailable */ }
  });

  /* Hovering a menu move with a path (a ready-made build or move) previews it on the map. */
  function preview(evt, on) {
    var btn = evt.target.closest && evt.target.closest("#my-moves button");
    var line = $("cr-preview-line"), s = svg();
    if (!btn || !line || !s) return;
    var path = null;
    if (on) {
      try { path = JSON.parse(btn.value).path; } catch (e) { path = null; }
    }
    if (!Array.isArray(path)) { line.setAttribute("points", ""); return; }
    var g = geo(s);
    line.setAttribute("points", path.map(function (p) { return centre(g, p[0], p[1]).join(","); }).join(" "));
  }
  document.addEventListener("mouseover", function (evt) { preview(evt, true); });
  document.addEventListener("mouseout", function (evt) { preview(evt, false); });
  document.addEventListener("focusin", function (evt) { preview(evt, true); });
  document.addEventListener("focusout", function (evt) { preview(evt, false); });

  /* Don't swap the live section away while a path is being composed. */
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var elt = evt.detail && evt.detail.elt;
    if (elt && elt.id === "live" && composing()) evt.preventDefault();
  });
  document.addEventListener("htmx:afterSettle", restore);

  /* The map's zoom and where it opens. On a touch screen it opens with mileposts 32 px apart (a
     finger's target), on the player's train, else their track, else where the menu's first build
     starts (a major city: data-cr-start, for a first build), else the map's middle, and the
     page brings it into view when the player is to move; the Zoom buttons (and the browser's
     pinch) change the scale, a drag pans it (the box scrolls). */
  var COARSE = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  function zoomTo(width, keep) {
    var s = svg(), wrap = mapWrap();
    if (!s || !wrap) return;
    var old = s.getBoundingClientRect().width || width;
    var cx = (wrap.scrollLeft + wrap.clientWidth / 2) / old, cy = (wrap.scrollTop + wrap.clientHeight / 2) / old;
    st.width = Math.max(wrap.clientWidth, Math.min(width, 3000));
    s.style.width = st.width + "px";
    s.style.minWidth = st.width + "px";
    if (keep) lookAt(cx * st.width, cy * st.width);
  }
  function lookAt(x, y) {
    var wrap = mapWrap();
    wrap.scrollLeft = x - wrap.clientWidth / 2;
    wrap.scrollTop = y - wrap.clientHeight / 2;
  }
  function home() {  // the train, else the first point of the player's track, else where a first build starts
    var t = trainAt();
    if (t) return t;
    var first = tracks().first;
    if (first) return first;
    var b = board(), start = b && parse(b.getAttribute("data-cr-start"))[0];
    return start || null;
  }
  function openMap() {
    var s = svg(), wrap = mapWrap();
    if (!s || !wrap || st.opened === st.game) return;
    st.opened = st.game;
    var g = geo(s), box = s.viewBox.baseVal;
    if (COARSE) zoomTo(box.width * 32 / g.s, false);
    var scale = s.getBoundingClientRect().width / box.width, at = home();
    var c = at ? centre(g, at[0], at[1]) : [box.width / 2, box.height / 2];
    lookAt(c[0] * scale, c[1] * scale);
    var zoom = $("cr-zoom");
    if (zoom) zoom.hidden = false;
    if (form() && COARSE) requestAnimationFrame(function () { wrap.scrollIntoView({ block: "start" }); });
  }
  document.addEventListener("click", function (evt) {
    var btn = evt.target.closest && evt.target.closest("[data-cr-zoom]");
    if (!btn || !svg()) return;
    var now = svg().getBoundingClientRect().width;
    zoomTo(btn.getAttribute("data-cr-zoom") === "in" ? now * 1.4 : now / 1.4, true);
  });
  // A live update replaces the map's box: the same zoom and the same view again.
  document.addEventListener("scroll", function (evt) {
    if (evt.target === mapWrap()) { st.sx = evt.target.scrollLeft; st.sy = evt.target.scrollTop; }
  }, true);
  document.addEventListener("htmx:afterSettle", function () {
    var s = svg(), wrap = mapWrap();
    if (!s || !wrap || st.opened !== st.game) return;
    if (st.width) { s.style.width = st.width + "px"; s.style.minWidth = st.width + "px"; }
    if (st.sx !== undefined) { wrap.scrollLeft = st.sx; wrap.scrollTop = st.sy; }
  });

  window.CrayonRails = { restore: restore, state: st };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", restore);
  else restore();
})();
