/* "Your entropy": an empty input[data-entropy] gets 16 random bytes from the browser's
   cryptographic generator, as hex. The player may type a phrase over it; without JavaScript the
   field stays empty and the help text says a phrase may be typed (games/forms.py). */
(function () {
  "use strict";

  function randomHex(bytes) {
    var buf = new Uint8Array(bytes);
    window.crypto.getRandomValues(buf);
    var out = "";
    for (var i = 0; i < buf.length; i++) out += (buf[i] < 16 ? "0" : "") + buf[i].toString(16);
    return out;
  }

  function fill() {
    if (!window.crypto || !window.crypto.getRandomValues) return;
    var inputs = document.querySelectorAll("input[data-entropy]");
    for (var i = 0; i < inputs.length; i++) {
      if (!inputs[i].value) inputs[i].value = randomHex(16);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fill);
  else fill();
})();
