/* hotpart-reading.js: the book's own script for how a chapter reads (issue 46). Registered by the book's Sphinx
   extension (hotpart/book/_sphinx.py); it loads nothing and talks to no host.

   1. Evidence boxes: a link to a box (the {evidence} role, or any #ev-... fragment) opens it, and so does an
      address whose fragment names it, before the browser scrolls there.
   2. The self-check's number questions: it builds the field (there is none without this script) that takes a number
      and says whether it is right, and why a common slip is wrong. The multiple-choice questions need no script. */
(function () {
  "use strict";

  function openTarget(hash) {
    if (!hash || hash.length < 2) {
      return;
    }
    var target;
    try {
      target = document.getElementById(decodeURIComponent(hash.slice(1)));
    } catch (e) {
      return;
    }
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") {
        node.open = true;
      }
    }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#']") : null;
    if (link) {
      openTarget(link.getAttribute("href"));
    }
  });
  window.addEventListener("hashchange", function () {
    openTarget(window.location.hash);
  });

  function parseNumber(text) {
    var clean = String(text).replace(/[\s,\u00a0]/g, "").replace(/%$/, "");
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(clean)) {
      return null;
    }
    return parseFloat(clean);
  }

  function close(value, answer, tolerance) {
    return Math.abs(value - answer) <= Math.max(tolerance * Math.abs(answer), 1e-9);
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    if (text) {
      node.textContent = text;
    }
    return node;
  }

  function setUpNumber(block) {
    var check;
    try {
      check = JSON.parse(block.getAttribute("data-check"));
    } catch (e) {
      return;
    }
    var form = element("form", {});
    var input = element("input", { id: check.id, type: "text", inputmode: "decimal", autocomplete: "off" });
    var feedback = element("p", { class: "hp-sc-feedback", role: "status" });
    form.append(element("label", { for: check.id }, "Your answer"), " ", input, " ");
    if (check.unit) {
      form.append(element("span", { class: "hp-sc-unit" }, check.unit), " ");
    }
    form.append(element("button", { type: "submit" }, "Check"), feedback);
    block.append(form);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var value = parseNumber(input.value);
      feedback.classList.remove("hp-sc-is-right", "hp-sc-is-wrong");
      if (value === null) {
        feedback.textContent = "Type a number, such as 1,000 or 0.5.";
        return;
      }
      if (close(value, check.answer, check.tolerance)) {
        feedback.textContent = "Right: " + check.written + ". " + check.why;
        feedback.classList.add("hp-sc-is-right");
        return;
      }
      var slip = null;
      (check.slips || []).forEach(function (s) {
        if (slip === null && close(value, s.value, check.tolerance)) {
          slip = s;
        }
      });
      feedback.textContent = slip
        ? "Not this one: " + slip.why
        : "Not this one. Try again, or open the answer below.";
      feedback.classList.add("hp-sc-is-wrong");
    });
  }

  function start() {
    openTarget(window.location.hash);
    document.querySelectorAll(".hp-sc-entry[data-check]").forEach(setUpNumber);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
