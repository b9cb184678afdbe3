// A seat's private page: renders only what the companion sends for this seat (its
// secrets and its own choices) and sends back the choice picked. It writes no
// word of its own: every text comes in the message, or in the page's words (served
// with the page in the phone's language, its buttons' words too). The language
// chooser reloads the page with ?lang=<code>; the live channel opens in the page's
// language. Served by the companion; nothing from the internet.
"use strict";
(function () {
  var token = location.pathname.split("/").pop();
  var ws = null, delay = 500, last = null;
  var picking = null;   // {key, steps: [values picked]}: a choice with parts being picked
  var asking = null;    // {key, picks, question}: a choice waiting for Yes or No
  var hidden = false;   // the seat hid its secrets (someone looks over its shoulder)
  var clock = null;     // the seat's turn clock: {left, running, paused, warn, at: performance.now() at receipt}
  var ticking = null;   // the interval that counts a running clock here (no message a second)
  var $ = function (id) { return document.getElementById(id); };
  var W = {}, L = { lang: "", languages: [] };
  try { W = JSON.parse($("words").textContent); } catch (e) { W = {}; }
  try { L = JSON.parse($("chooser").textContent); } catch (e) { L = { lang: "", languages: [] }; }
  var word = function (k) { return W[k] || ""; };

  function text(el, s) { el.textContent = s; }
  function clear(el) { while (el.firstChild) { el.removeChild(el.firstChild); } }
  function show(el, on) { el.classList.toggle("hidden", !on); }
  function make(tag, cls, s) {
    var el = document.createElement(tag);
    if (cls) { el.classList.add(cls); }
    if (s !== undefined) { el.textContent = s; }
    return el;
  }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  // --- the seat's own turn clock: m:ss left (rounded up), +m:ss past zero ----------------
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function clockText(left) {
    if (left > 0) { var s = Math.ceil(left - 1e-9); return Math.floor(s / 60) + ":" + two(s % 60); }
    var o = Math.floor(-left);
    return "+" + Math.floor(o / 60) + ":" + two(o % 60);
  }
  function drawClock() {
    var el = $("clock");
    if (!clock) { show(el, false); return; }
    var left = clock.left - (clock.running ? (performance.now() - clock.at) / 1000 : 0);
    clear(el);
    el.appendChild(document.createTextNode(clockText(left)));
    if (clock.paused) { el.appendChild(make("span", "small", word("paused"))); }
    el.classList.toggle("running", clock.running);
    el.classList.toggle("warn", clock.running && left <= clock.warn);
    show(el, true);
  }
  function setClock(c) {   // as of its receipt: the page counts from its own monotonic time
    clock = c ? { left: +c.left, running: !!c.running, paused: !!c.paused, warn: +c.warn || 0,
                  at: performance.now() } : null;
    if (clock && clock.running && !ticking) { ticking = setInterval(drawClock, 250); }
    if (!(clock && clock.running) && ticking) { clearInterval(ticking); ticking = null; }
    drawClock();
  }

  function status(kind) {
    var el = $("status");
    el.classList.toggle("on", kind === "live");
    el.classList.toggle("off", kind !== "live");
    text(el, word(kind));
  }

  function find(m, key) {
    var found = null;
    ((m && m.groups) || []).forEach(function (g) {
      g.choices.forEach(function (c) { if (c.key === key) { found = c; } });
    });
    return found;
  }

  // --- a choice's picker: one part after the other, only values still possible ----------
  function walk(choice, steps) {   // [{node, option}] for the values picked so far, or null
    var node = choice.pick, out = [];
    for (var i = 0; i < steps.length; i++) {
      if (!node) { return null; }
      var opt = null;
      node.options.forEach(function (o) { if (same(o.value, steps[i])) { opt = o; } });
      if (!opt) { return null; }
      out.push({ node: node, option: opt });
      node = opt.then;
    }
    return out;
  }

  function picksOf(path) {
    var picks = {};
    path.forEach(function (p) {
      if (p.node.count > 1) { (picks[p.node.part] = picks[p.node.part] || []).push(p.option.value); }
      else { picks[p.node.part] = p.option.value; }
    });
    return picks;
  }

  function choose(choice, picks, labels) {
    picking = null;
    if (choice.confirm) {
      asking = { key: choice.key, picks: picks, question: choice.confirm, title: choice.label, labels: labels || [] };
    }
    else { send({ type: "choose", choice: choice.key, picks: picks, confirmed: false }); }
    draw();
    if (asking) { into("ask"); }
  }

  // A picker or a question just opened: bring it under the header, so its buttons are
  // on screen without scrolling past the secrets.
  function into(id) {
    var el = $(id);
    if (el && el.scrollIntoView && !el.classList.contains("hidden")) { el.scrollIntoView({ block: "start" }); }
  }

  function drawPicker(choice) {
    var box = $("picker");
    clear(box);
    var path = walk(choice, picking.steps);
    if (!path) { picking = null; return false; }
    var node = path.length ? path[path.length - 1].option.then : choice.pick;
    box.appendChild(make("h3", null, choice.label));
    if (path.length) {
      box.appendChild(make("div", "picked", word("picked") + " " +
        path.map(function (p) { return p.option.label; }).join(", ")));
    }
    box.appendChild(make("div", "prompt", node.label));
    var row = make("div", "buttons");
    node.options.forEach(function (o) {
      var b = make("button", "option", o.label);
      b.addEventListener("click", function () {
        picking.steps.push(o.value);
        if (o.then) { draw(); return; }
        var done = walk(choice, picking.steps);
        choose(choice, picksOf(done), done.map(function (p) { return p.option.label; }));
      });
      row.appendChild(b);
    });
    box.appendChild(row);
    var nav = make("div", "buttons");
    var back = make("button", "chrome", word("back"));
    back.addEventListener("click", function () {
      if (picking.steps.length) { picking.steps.pop(); } else { picking = null; }
      draw();
    });
    var cancel = make("button", "chrome", word("cancel"));
    cancel.addEventListener("click", function () { picking = null; draw(); });
    nav.appendChild(back); nav.appendChild(cancel);
    box.appendChild(nav);
    return true;
  }

  function drawAsk() {
    var box = $("ask");
    clear(box);
    if (asking.labels && asking.labels.length) {   // what was picked, to be sure before Yes
      box.appendChild(make("h3", null, asking.title));
      box.appendChild(make("div", "picked", word("picked") + " " + asking.labels.join(", ")));
    }
    box.appendChild(make("div", "question", asking.question));
    var row = make("div", "buttons");
    var yes = make("button", "yes", word("yes"));
    yes.addEventListener("click", function () {
      var a = asking; asking = null;
      send({ type: "choose", choice: a.key, picks: a.picks, confirmed: true });
      draw();
    });
    var no = make("button", "chrome", word("no"));
    no.addEventListener("click", function () { asking = null; draw(); });
    row.appendChild(yes); row.appendChild(no);
    box.appendChild(row);
  }

  function drawChoices(m) {
    var box = $("choices");
    clear(box);
    (m.groups || []).forEach(function (g) {
      var card = make("div", "group");
      card.classList.add("card");
      card.appendChild(make("h3", null, g.title));
      var row = make("div", "buttons");
      g.choices.forEach(function (c) {
        var b = make("button", "choice");
        b.appendChild(make("span", "label", c.label));
        b.dataset.key = c.key;
        if (!c.enabled) {
          b.disabled = true;
          b.classList.add("off");
          if (c.why) { b.appendChild(make("span", "why", c.why)); }
        } else if (c.pick) {
          b.classList.add("parts");
          b.addEventListener("click", function () { picking = { key: c.key, steps: [] }; draw(); into("picker"); });
        } else {
          b.addEventListener("click", function () { choose(c, {}); });
        }
        row.appendChild(b);
      });
      card.appendChild(row);
      box.appendChild(card);
    });
  }

  function draw() {
    var m = last;
    if (!m) { return; }
    if (asking && asking.key && !find(m, asking.key)) { asking = null; }   // no longer offered
    var choice = picking ? find(m, picking.key) : null;
    if (picking && !(choice && choice.enabled && choice.pick)) { picking = null; }
    var picker = !!picking && drawPicker(choice);
    show($("picker"), picker && !asking);
    show($("ask"), !!asking);
    if (asking) { drawAsk(); }
    show($("choices"), !picker && !asking);
    drawChoices(m);
  }

  function render(m) {
    last = m;
    text($("who"), m.name ? m.name + " · " + m.title : m.title);
    var turn = $("turn");
    text(turn, m.waiting || "");
    turn.classList.toggle("mine", !!m.my_turn);
    setClock(m.clock || null);
    show($("private"), true);
    text($("secrets-title"), word("secrets"));
    var ul = $("secrets");
    clear(ul);
    (m.secrets.length ? m.secrets : [word("no_secrets")]).forEach(function (s) { ul.appendChild(make("li", null, s)); });
    show(ul, !hidden);
    text($("hide"), word(hidden ? "show" : "hide"));
    var ev = $("events");
    clear(ev);
    m.events.forEach(function (s) { ev.appendChild(make("div", null, s)); });
    show(ev, m.events.length > 0);   // no empty card under the choices
    draw();
  }

  function said(m) {
    var el = $("said");
    text(el, m.sentence || "");
    el.classList.toggle("good", !!m.ok);
    el.classList.toggle("bad", !m.ok);
    show(el, !!m.sentence);
  }

  function empty() {
    last = null; picking = null; asking = null;
    setClock(null);
    clear($("secrets")); clear($("choices")); clear($("picker")); clear($("ask"));
    show($("private"), false); show($("picker"), false); show($("ask"), false);
  }

  function over(m) {
    empty();
    text($("turn"), m.sentence || word("over"));
  }

  function gone(why) {
    empty();
    text($("who"), word("app"));
    text($("turn"), why || word("gone"));
    clear($("events")); show($("events"), false);
    status("closed");
  }

  function send(obj) {
    if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); }
  }

  function retry() { setTimeout(connect, delay); delay = Math.min(delay * 2, 5000); }

  function connect() {
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    var opened = false;
    ws = new WebSocket(proto + location.host + "/ws/" + token + (L.lang ? "?lang=" + encodeURIComponent(L.lang) : ""));
    ws.onopen = function () { opened = true; status("live"); delay = 500; };
    ws.onmessage = function (e) {
      var m = JSON.parse(e.data);
      if (m.type === "view") { render(m); }
      else if (m.type === "said") { said(m); }
      else if (m.type === "ask") { picking = null; asking = { key: m.choice, picks: m.picks, question: m.question }; draw(); }
      else if (m.type === "over") { over(m); }
      else if (m.type === "error") { said({ ok: false, sentence: m.sentence }); }
    };
    ws.onclose = function (e) {
      status("reconnecting");
      if (e.code === 4000 || e.code === 4001) {   // another tab took over, or the table replaced this link
        empty();
        text($("turn"), e.reason || word("page_closed"));
        status("closed");
        return;
      }
      if (!opened) {   // refused: is this link still a seat's? (404: replaced, or the game is over)
        fetch(location.pathname, { cache: "no-store" }).then(function (r) {
          if (r.status === 404) {   // the companion's page says why (abandoned, over, replaced)
            r.text().then(function (t) {
              var why = new DOMParser().parseFromString(t, "text/html").getElementById("why");
              gone(why ? why.textContent : "");
            }, function () { gone(""); });
          } else { retry(); }
        }, retry);
        return;
      }
      retry();
    };
  }

  $("hide").addEventListener("click", function () {
    hidden = !hidden;
    show($("secrets"), !hidden);
    text($("hide"), word(hidden ? "show" : "hide"));
  });

  // The language chooser: each language in its own name; choosing one reloads the page
  // in it (the companion keeps the choice for this player, or in this phone's cookie).
  function languages() {
    var nav = $("languages");
    clear(nav);
    if (!L.languages || L.languages.length < 2) { return; }
    nav.appendChild(make("span", "label", word("language")));
    L.languages.forEach(function (pair) {
      var a = make("a", "language", pair[1]);
      a.href = location.pathname + "?lang=" + encodeURIComponent(pair[0]);
      a.lang = pair[0];
      a.hreflang = pair[0];
      if (pair[0] === L.lang) { a.setAttribute("aria-current", "true"); a.classList.add("current"); }
      nav.appendChild(a);
    });
  }
  languages();
  text($("hide"), word("hide"));
  document.title = word("title");
  text($("who"), word("connecting"));
  status("offline");
  show($("private"), false);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && (!ws || ws.readyState > 1)) { delay = 500; connect(); }
  });
  connect();
})();
