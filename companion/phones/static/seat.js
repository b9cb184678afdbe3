// A seat's private page: shows only what the companion sends for this seat, and
// sends that seat's own actions back. Served by the companion; nothing from the internet.
"use strict";
(function () {
  var token = location.pathname.split("/").pop();
  var ws = null, delay = 500, lastView = null;
  var $ = function (id) { return document.getElementById(id); };

  function text(el, s) { el.textContent = s; }

  function status(on) {
    var el = $("status");
    el.className = "status " + (on ? "on" : "off");
    text(el, on ? "live" : "reconnecting…");
  }

  function render(m) {
    lastView = m;
    text($("who"), m.name ? m.name + " · " + m.title : m.title);
    var turn = $("turn");
    text(turn, m.waiting || "");
    turn.className = "card" + (m.my_turn ? " mine" : "");
    var ul = $("secrets");
    ul.innerHTML = "";
    (m.secrets.length ? m.secrets : ["Nothing secret right now."]).forEach(function (s) {
      var li = document.createElement("li"); li.textContent = s; ul.appendChild(li);
    });
    var box = $("actions");
    box.innerHTML = "";
    var groups = {};
    var order = [];
    m.actions.forEach(function (a) {
      if (!groups[a.type]) { groups[a.type] = []; order.push(a.type); }
      groups[a.type].push(a);
    });
    order.forEach(function (type) {
      var g = document.createElement("div"); g.className = "group card";
      var h = document.createElement("h3"); h.textContent = type.replace(/_/g, " "); g.appendChild(h);
      var row = document.createElement("div"); row.className = "buttons";
      groups[type].forEach(function (a) {
        var b = document.createElement("button");
        b.textContent = a.label;
        b.addEventListener("click", function () { send({ type: "act", action: a.action }); });
        row.appendChild(b);
      });
      g.appendChild(row); box.appendChild(g);
    });
    var ev = $("events");
    ev.innerHTML = "";
    m.events.forEach(function (s) { var p = document.createElement("div"); p.textContent = s; ev.appendChild(p); });
  }

  function said(m) {
    var el = $("said");
    text(el, m.sentence || "");
    el.className = "card " + (m.ok ? "good" : "bad") + (m.sentence ? "" : " hidden");
  }

  function over(m) {
    text($("turn"), m.sentence || "The game is over.");
    $("secrets").innerHTML = ""; $("actions").innerHTML = "";
  }

  function gone(why) {
    text($("who"), "Maya companion");
    text($("turn"), why || ("This link no longer opens a seat: it was replaced at the table, or the game is over. " +
      "Scan your seat's code on the table screen again."));
    $("secrets").innerHTML = ""; $("actions").innerHTML = ""; $("events").innerHTML = "";
    status(false); text($("status"), "closed");
  }

  function send(obj) {
    if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); }
  }

  function connect() {
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    var opened = false;
    ws = new WebSocket(proto + location.host + "/ws/" + token);
    ws.onopen = function () { opened = true; status(true); delay = 500; };
    ws.onmessage = function (e) {
      var m = JSON.parse(e.data);
      if (m.type === "view") render(m);
      else if (m.type === "said") said(m);
      else if (m.type === "over") over(m);
      else if (m.type === "error") said({ ok: false, sentence: m.sentence });
    };
    ws.onclose = function (e) {
      status(false);
      if (e.code === 4000 || e.code === 4001) {   // another tab took over, or the table replaced this link
        text($("turn"), e.reason || "This page was closed."); $("actions").innerHTML = "";
        text($("status"), "closed");
        $("secrets").innerHTML = "";
        return;
      }
      if (!opened) {   // refused: is this link still a seat's? (404: replaced, or the game is over)
        fetch(location.pathname, { cache: "no-store" }).then(function (r) {
          if (r.status === 404) {   // the companion's page says why (abandoned, over, replaced)
            r.text().then(function (t) {
              var why = new DOMParser().parseFromString(t, "text/html").getElementById("why");
              gone(why ? why.textContent : "");
            }, function () { gone(""); });
          } else { setTimeout(connect, delay); delay = Math.min(delay * 2, 5000); }
        }, function () { setTimeout(connect, delay); delay = Math.min(delay * 2, 5000); });
        return;
      }
      setTimeout(connect, delay); delay = Math.min(delay * 2, 5000);
    };
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && (!ws || ws.readyState > 1)) { delay = 500; connect(); }
  });
  connect();
})();
