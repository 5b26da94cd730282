// The live campaign page's core: state from the REST API, pushes from the websocket, the event log as the record.
// A push with a gap in its sequence number, and every (re)connection, makes the page fetch what it missed.
// Role modules (gm.js, player.js, gallery.js) plug in through window.CV: CV.on("state"|"event", fn).
// Event lines come from events.js (the server's wording); calls from cv.js (CV.http).
(function () {
  "use strict";
  const CV = window.CV;
  const initial = JSON.parse(document.getElementById("initial-state").textContent);
  const steps = JSON.parse(document.getElementById("round-steps").textContent);
  const listeners = {};
  let lastSeq = 0;
  let socket = null;
  let retryDelay = 500;
  let catchingUp = null;
  let catchUpAgain = false;
  let accessLost = null;  // the server's reason, once it has said this viewer may no longer see the campaign
  const CLOSE_NOT_ALLOWED = 4403;

  Object.assign(CV, {
    state: initial,
    // The log's end when the page was served: whatever the page reads from then on includes these events.
    servedSeq: initial.last_seq,
    catchingUp: false,
    steps,
    $: (sel) => document.querySelector(sel),
    api: (path) => `/api/campaigns/${initial.id}/${path}`,
    on(name, fn) { (listeners[name] = listeners[name] || []).push(fn); },
    emit(name, data) { (listeners[name] || []).forEach((fn) => fn(data)); },
    async refreshState() {
      CV.takeState(await CV.read(""));
    },
    // A state the server answered (a read, or a GM's POST): drawn, unless it was answered from before the events
    // the page has since applied (a step opened meanwhile), which makes it stale and the page read it again.
    takeState(state) {
      if (state.last_seq < lastSeq) { refreshSoon(); return; }
      CV.state = state;
      render();
    },
    render,
  });

  const $ = CV.$;
  const banner = $("#conn");

  function setConnected(ok, text) {
    banner.hidden = ok;
    banner.textContent = text || "Reconnecting…";
    document.body.dataset.live = ok ? "yes" : "no";
  }

  // The chronicle: what a reader came for; the steps' own machinery only moves the indicator above.
  function appendLog(event) {
    if (CV.events.isChronicle(event)) $("#log").prepend(CV.events.line(event));
  }

  // Orders and readiness change the counts the page shows: live, it counts them itself rather than asking again
  // (a catch-up asks once at its end instead, as the state it started from may already count them).
  const COUNTED = {
    OrderAccepted: (civ) => { civ.orders += 1; },
    OrderWithdrawn: (civ) => { civ.orders = Math.max(0, civ.orders - 1); },
    CivilizationReady: (civ) => { civ.ready = true; },
  };
  function count(event) {
    const civ = CV.state.civilizations.find((c) => c.id === event.civ_id);
    const now = event.round === CV.state.round && event.step === CV.state.step;
    if (civ && civ.orders !== undefined && now) COUNTED[event.type](civ);
    render();
  }

  function render() {
    const state = CV.state;
    document.querySelectorAll("[data-bind]").forEach((el) => {
      const key = el.dataset.bind;
      if (key === "round-label") el.textContent = `Round ${state.round}`;
      else if (key === "failure") {
        const failed = state.status === "failed" && state.failure;  // a step waiting for a battle has not failed
        el.hidden = !failed; el.textContent = failed ? `Failed: ${state.failure}` : "";
      }
      else if (key === "status") el.textContent = {open: "open for orders", resolving: "resolving…", failed: "failed", waiting: "waiting for a battle", ended: "the campaign has ended"}[state.status] || state.status;
      else el.textContent = state[key] ?? "";
    });
    document.body.dataset.step = state.step;
    document.body.dataset.round = state.round;
    $("#civs").replaceChildren(...state.civilizations.map((civ) => CV.el("li", {}, civ.name,
      civ.orders === undefined ? null
        : CV.el("span", {class: "badge"}, civ.ready ? ` ready · ${civ.orders} orders` : ` ${civ.orders} orders`))));
    renderVictory(state.victory);
    $("#pipeline").replaceChildren(...steps.map((phase) => CV.el("div", {},
      CV.el("h3", {}, phase.title),
      CV.el("ol", {}, ...phase.steps.map((s) => CV.el("li", {
        class: [s.kind === "gm_ruling" ? "todo" : "", s.key === state.step ? "current" : ""].join(" ").trim() || null,
        "aria-current": s.key === state.step ? "step" : null,
      }, s.rule))))));
    CV.emit("state", state);
  }

  // How the campaign is won, the scores the viewer may see, and, once it has ended, the result above everything:
  // the same on the GM's, the players' and the spectators' pages, drawn from the state or the live event.
  function scoresTable(scores, winners) {
    const columns = [["score", "Score"], ["colonies", "Colonies"], ["output", "Output"], ["units", "Units"]]
      .filter(([key]) => scores.rows.some((row) => row[key] !== undefined));
    return CV.el("div", {class: "scores-wrap"}, CV.el("table", {class: "scores"},
      CV.el("caption", {}, scores.final ? `Final standings, round ${scores.round}` : `Scores, round ${scores.round}`),
      CV.el("thead", {}, CV.el("tr", {}, CV.el("th", {scope: "col"}, "Civilization"),
        ...columns.map(([, label]) => CV.el("th", {scope: "col", class: "num"}, label)))),
      CV.el("tbody", {}, ...scores.rows.map((row) => CV.el("tr", {class: winners.includes(row.civ_id) ? "winner" : null},
        CV.el("th", {scope: "row"}, row.name),
        ...columns.map(([key]) => CV.el("td", {class: "num"}, String(row[key] ?? "–"))))))));
  }

  function renderVictory(victory) {
    const result = victory.result;
    $("#victory-rules").replaceChildren(...victory.rules.map((line) => CV.el("li", {}, line)));
    $("#victory-score-rule").textContent = victory.score_rule;
    $("#victory-scores").replaceChildren(victory.scores ? scoresTable(victory.scores, result ? result.winners : [])
      : CV.el("p", {class: "muted"}, "The Game Master has not published the scores."));
    const end = $("#campaign-end");
    end.hidden = !result;
    document.body.dataset.ended = result ? "yes" : "no";
    if (!result || end.dataset.shown === result.description) return;
    end.dataset.shown = result.description;
    end.replaceChildren(CV.el("h2", {id: "campaign-end-h"}, "The campaign has ended"),
      CV.el("p", {class: "result"}, result.description),
      scoresTable({round: result.round, final: true, rows: result.standings}, result.winners),
      CV.el("p", {class: "muted"}, "The campaign is read-only now; its chronicle stays below."));
  }

  function ended(event) {
    CV.state.status = "ended";
    CV.state.victory = {...CV.state.victory, result: {...event.payload, description: event.description},
                        scores: {round: event.payload.round, final: true, rows: event.payload.standings}};
    render();
  }

  // Who the viewer is changed while the page was open (a spectator handed a seat plays it; a player removed from
  // the campaign follows it as a guest): another role or civilization reads another page.
  CV.on("viewer", ({viewer}) => {
    const was = CV.state.viewer;
    if (viewer.role !== was.role || viewer.civ_id !== was.civ_id) location.reload();
  });

  // Read with the page's other reads after a burst of events (cv.js CV.soon): one request for them all.
  function readState() { CV.refreshState().catch(() => { /* the next push retries */ }); }
  function refreshSoon() { CV.soon(readState); }

  // The state's parts the events carry are applied from them; the page reads the state only after the events
  // that change the rest of it: who plays and their names, the settings and how the campaign is won, the scores
  // others may read, the GM's figures (their live scores and what they may undo change with every step), and an
  // undone step or a failed resolution. A history caught up is read once at its end.
  const READ_STATE = new Set(["StepUndone", "StandingsPublished", "SettingsChanged", "SettingsInForce",
    "VisibilityChanged", "CivilizationJoined", "MemberRemoved", "CivilizationSetupSubmitted",
    "CivilizationSetupReturned", "CivilizationSetupApproved", "CampaignStarted", "ScenarioLoaded", "GalaxyGenerated",
    "ResolutionFailed", "BattleChoiceAsked", "BattleChoiceAnswered", "DiceEntered",
    // Ready for the rest of the phase counts as ready for the step: the state says which civilizations are.
    "PhaseReadinessGiven", "PhaseReadinessCleared"]);
  const READ_STATE_GM = new Set([...READ_STATE, "StepOpened"]);
  const stepsByKey = new Map(steps.flatMap((phase) => phase.steps.map((s) => [s.key, {...s, phase}])));

  // The new step, as the state would say it: its place in the round's steps, and no orders or readiness yet.
  function stepOpened(payload) {
    const step = stepsByKey.get(payload.step);
    Object.assign(CV.state, {round: payload.round, date: payload.date, step: payload.step, step_label: payload.label,
                             status: "open", failure: ""},
      step ? {phase: step.phase.phase, phase_title: step.phase.title, step_index: step.index, step_rule: step.rule,
              step_kind: step.kind} : {});
    CV.state.civilizations.forEach((civ) => {
      if (civ.orders !== undefined) Object.assign(civ, {orders: 0, ready: false});
    });
  }

  function apply(event) {
    if (event.seq <= lastSeq) return;
    lastSeq = event.seq;
    CV.state.last_seq = Math.max(CV.state.last_seq, event.seq);
    appendLog(event);
    // While catching up on history, the page is drawn once at the end, not at every step it replays.
    if (event.type === "StepOpened" && !CV.catchingUp) {
      stepOpened(event.payload);
      render();
    }
    if (event.type === "StepClosed" && !CV.catchingUp && event.payload.round === CV.state.round
        && event.payload.step === CV.state.step) {
      CV.state.status = "resolving";
      render();
    }
    if (event.type === "CampaignEnded") ended(event);
    if (event.type === "StepUndone") {
      document.querySelectorAll("#log li").forEach((li) => {
        if (Number(li.dataset.seq) > event.payload.undone_after_seq && Number(li.dataset.seq) < event.seq) li.classList.add("undone");
      });
    }
    CV.emit("event", event);
    if (CV.catchingUp) return;
    if (COUNTED[event.type]) count(event);
    else if ((CV.state.viewer.role === "gm" ? READ_STATE_GM : READ_STATE).has(event.type)) refreshSoon();
  }

  // One catch-up at a time; a push that arrives during one asks for another pass, since the request in flight
  // may have been answered before that event was stored. A catch-up on history (on connecting, on waking) may
  // replay what the page's state already counts: it is drawn once and the state read once, at its end. A gap in
  // the live pushes (others' events this viewer does not get) is filled with the events applied as live ones.
  let refreshAfter = false;
  async function catchUp({history = false} = {}) {
    refreshAfter = refreshAfter || history;
    if (catchingUp) { catchUpAgain = true; return catchingUp; }
    CV.catchingUp = history;
    catchingUp = (async () => {
      try {
        do {
          catchUpAgain = false;
          let more = true;
          while (more) {
            const data = await CV.http.get(CV.api(`events/?since=${lastSeq}`));
            data.events.forEach(apply);
            // Nothing more for this viewer up to the log's end: what lies between is others' (a later push
            // that follows on from here needs no catch-up).
            if (!data.events.length) lastSeq = Math.max(lastSeq, data.last_seq);
            more = data.events.length > 0 && lastSeq < data.last_seq;
          }
        } while (catchUpAgain);
      } finally {
        catchingUp = null;
        CV.catchingUp = false;
        // "caughtup" tells the panels that history was replayed without their live handlers; a gap in the live
        // pushes was applied event by event, so they have already seen what concerns them.
        if (refreshAfter) { refreshAfter = false; CV.emit("caughtup", lastSeq); refreshSoon(); }
      }
    })();
    return catchingUp;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/campaigns/${initial.id}/`);
    socket.onopen = async () => {
      retryDelay = 500;
      try { await catchUp({history: true}); setConnected(true); } catch (e) { socket.close(); }
    };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "events") {
        // One frame per pushed batch (a step's events together), saying which numbers it covers, so what it
        // leaves out (others' events) is no gap. A gap before it is filled from the log, which brings this batch
        // too; one that cannot be filled now is filled by reconnecting (with its back-off and a catch-up on
        // history).
        if (data.first_seq > lastSeq + 1) { catchUp().catch(() => socket.close()); return; }
        data.events.forEach(apply);
        lastSeq = Math.max(lastSeq, data.last_seq);
      } else if (data.type === "access" && !data.allowed) {
        accessLost = data.reason || "";
      } else {
        CV.emit(data.type, data);
      }
    };
    socket.onclose = (ev) => {
      if (accessLost !== null || ev.code === CLOSE_NOT_ALLOWED) { showAccessLost(accessLost); return; }
      setConnected(false);
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 5000);
    };
  }

  // Access lost (the GM removed this member, or made the campaign private): retrying cannot help; the page says why
  // and stops listening.
  function showAccessLost(reason) {
    accessLost = reason || "";
    banner.hidden = false;
    banner.classList.add("lost");
    banner.setAttribute("role", "alert");
    banner.replaceChildren(CV.el("strong", {}, reason || "This campaign is no longer visible to you."), " ",
      "Nothing more arrives on this page. ", CV.el("a", {href: "/"}, "Back to your campaigns"));
    document.body.dataset.live = "lost";
  }

  // A phone waking up or coming back online reconnects at once instead of waiting for the back-off.
  function wake() {
    if (accessLost !== null) return;
    if (socket && socket.readyState === WebSocket.OPEN) catchUp({history: true}).catch(() => socket.close());
    else if (socket && socket.readyState === WebSocket.CLOSED) { retryDelay = 500; connect(); }
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
  window.addEventListener("online", wake);

  // Role modules load after this script (all deferred); start once they have registered their listeners.
  document.addEventListener("DOMContentLoaded", () => {
    render();
    setConnected(false, "Connecting…");
    connect();
  });
})();
