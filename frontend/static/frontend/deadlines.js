// Deadlines and absence on the campaign page (issue 13), from GET clock/ and seats/.
// The GM: the step's deadline counting down, who it waits on (late once it has passed), live; per civilization a
// nudge, more time, its seat handed to a bot for some rounds, and the seats others hold given back.
// A player: the deadline; a notice when a step waits on them (a browser notification once allowed, else a banner
// and the tab's title); who holds their seat, with the order forms disabled and "Take my seat back"; an absence
// planned ahead, their seat delegated to a member without a civilization or to the bot.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  const gm = $("#dl-gm");
  const player = $("#dl-player");
  if (!gm && !player) return;

  let clock = null;
  let skew = 0;  // the server's clock minus this one's, so the countdown is the server's
  let seats = null;

  function readSoon() { reads.soon(); }  // `reads`, at the end, once the page's parts are defined

  // --- the countdown ----------------------------------------------------------------------------------------------
  function span(ms) {
    const s = Math.max(0, Math.round(ms / 1000));
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return h ? `${h} h ${m} min` : m ? `${m} min ${s % 60} s` : `${s} s`;
  }
  function tick() {
    const box = $("#dl-deadline");
    if (!clock || !clock.deadline) {
      box.textContent = "No deadline for this step.";
      box.dataset.state = "none";
      return;
    }
    const due = new Date(clock.deadline);
    const left = due.getTime() - (Date.now() + skew);
    const at = due.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
    box.dataset.state = left > 0 ? "running" : "passed";
    box.textContent = left > 0 ? `${clock.label}: orders due at ${at} (in ${span(left)}).`
      : `${clock.label}: the deadline (${at}) passed ${span(-left)} ago.`;
    // The GM's list says "Late" from the moment it passes, without waiting for the next read.
    if (gm && left <= 0 && !clock.passed) readSoon();
  }
  setInterval(tick, 1000);

  function render() {
    tick();
    if (gm) renderGm(); else renderPlayer();
  }

  // --- the GM -----------------------------------------------------------------------------------------------------
  async function act(path, body, done) {
    const msg = $("#dl-msg");
    try {
      await CV.http.post(CV.api(path), body);
      msg.textContent = done;
      readSoon();
      return null;
    } catch (e) {
      msg.textContent = e.message;
      return e;
    }
  }

  function botForm(civ) {
    const id = `dl-bot-${civ.civ_id}`;
    const error = el("p", {class: "msg", role: "alert"});
    const rounds = el("input", {id: `${id}-rounds`, type: "number", inputmode: "numeric", min: "1", value: "1",
                                required: true});
    const reason = el("input", {id: `${id}-reason`, maxlength: "2000", autocomplete: "off", required: true,
                                value: "Late at the deadline"});
    const form = el("form", {class: "stack dl-bot", hidden: true, novalidate: true, onsubmit: async (ev) => {
      ev.preventDefault();
      const failed = await act("seats/hand-to-bot/", {civ_id: civ.civ_id, rounds: Number(rounds.value) || null,
                                                      reason: reason.value}, `${civ.name}'s seat goes to a bot.`);
      error.textContent = failed ? failed.message : "";
      if (failed && failed.field) (failed.field === "rounds" ? rounds : reason).focus();
    }},
      el("div", {class: "dl-inline"},
        el("div", {class: "field"}, el("label", {for: rounds.id}, "Rounds (from this one)"), rounds),
        el("div", {class: "field dl-grow"}, el("label", {for: reason.id}, `Why (${civ.name} reads it)`), reason)),
      error,
      el("button", {type: "submit"}, `Hand ${civ.name}'s seat to the bot`));
    return form;
  }

  function lateRow(civ) {
    const form = botForm(civ);
    const held = civ.held_by && civ.held_by !== civ.player;
    return el("li", {"data-civ": civ.civ_id},
      el("strong", {}, civ.name), ` (${civ.held_by})`,
      el("div", {class: "row"},
        el("button", {type: "button", class: "secondary", onclick: () => act("nudge/", {civ_id: civ.civ_id, text: ""},
          `${civ.name} is reminded.`)}, "Nudge"),
        el("button", {type: "button", class: "secondary", onclick: () => {
          $("#dl-extend-reason").value = $("#dl-extend-reason").value || `Waiting for ${civ.name}`;
          $("#dl-extend-minutes").focus();
        }}, "Grant more time"),
        held ? null : el("button", {type: "button", class: "secondary", "aria-expanded": "false", onclick: (ev) => {
          form.hidden = !form.hidden;
          ev.currentTarget.setAttribute("aria-expanded", String(!form.hidden));
          if (!form.hidden) form.querySelector("input").focus();
        }}, "Hand the seat to a bot…")),
      form);
  }

  // "round 3", "rounds 3 to 5", "from round 3" (until its player takes it back).
  function rounds(seat) {
    if (seat.until_round === null) return `from round ${seat.from_round}`;
    return seat.until_round === seat.from_round ? `round ${seat.from_round}`
      : `rounds ${seat.from_round} to ${seat.until_round}`;
  }

  function seatRow(seat) {
    const civ = seats.civilizations.find((c) => c.civ_id === seat.civ_id);
    const name = civ ? civ.name : `civilization ${seat.civ_id}`;
    return el("li", {"data-civ": seat.civ_id, "data-seat": seat.id},
      el("strong", {}, name), `: ${seat.delegate}, ${rounds(seat)}${seat.active ? "" : " (planned)"}`,
      seat.reason ? el("span", {class: "muted"}, ` — ${seat.reason}`) : null,
      el("div", {class: "row"}, el("button", {type: "button", class: "secondary", onclick: () =>
        act("seats/take-back/", {civ_id: seat.civ_id}, `${name}'s seat is back with its player.`)},
      "Give the seat back")));
  }

  function renderGm() {
    const players = (clock.players || []).map((p) => {
      const civ = seats.civilizations.find((c) => c.civ_id === p.civ_id);
      return {...p, player: civ ? civ.player : null};
    });
    $("#dl-late-h").textContent = clock.passed ? "Late" : "Waiting on";
    $("#dl-late").replaceChildren(...(players.length ? players.map(lateRow)
      : [el("li", {class: "muted"}, clock.waiting || "Nobody: no orders are awaited in this step.")]));
    $("#dl-extend-form").hidden = clock.opened_at === null || CV.state.status !== "open";
    $("#dl-seats").replaceChildren(...(seats.seats.length ? seats.seats.map(seatRow)
      : [el("li", {class: "muted"}, "Every player holds their own seat.")]));
  }

  if (gm) {
    $("#dl-extend-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const minutes = $("#dl-extend-minutes");
      const reason = $("#dl-extend-reason");
      const failed = await act("clock/extend/", {minutes: Number(minutes.value), reason: reason.value},
                               "More time granted.");
      $("#dl-extend-error").textContent = failed ? failed.message : "";
      if (failed && failed.field) (failed.field === "minutes" ? minutes : reason).focus();
      if (!failed) reason.value = "";
    });
  }

  // --- a player ---------------------------------------------------------------------------------------------------
  const title = document.title;
  // "a bot" starts a sentence with a capital; a member's name is left as they wrote it.
  const capital = (text) => (text.startsWith("a ") ? `A${text.slice(1)}` : text);
  let notified = "";

  function notify(text) {
    const banner = $("#dl-waiting");
    banner.hidden = false;
    banner.textContent = text;
    if (document.hidden) document.title = `(!) ${title}`;
    if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
      try { new Notification(CV.state.name, {body: text, tag: `cv-${CV.state.id}`}); } catch (e) { /* the banner says it */ }
    }
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) document.title = title; });

  // Order forms are the seat holder's: while someone else holds it, every control in them is off, and says why.
  const ORDER_AREAS = ["#legal-orders", "#order-actions", "#flow-player", "#my-orders"];
  let heldReason = "";
  function lockOrders() {
    ORDER_AREAS.forEach((sel) => {
      const area = $(sel);
      if (!area) return;
      area.querySelectorAll("button, input, select, textarea").forEach((control) => {
        if (heldReason) { control.disabled = true; control.dataset.seatLocked = "yes"; control.title = heldReason; }
        else if (control.dataset.seatLocked) { control.disabled = false; delete control.dataset.seatLocked; control.removeAttribute("title"); }
      });
    });
  }
  if (player) {
    const observer = new MutationObserver(() => { if (heldReason) lockOrders(); });
    ORDER_AREAS.forEach((sel) => { if ($(sel)) observer.observe($(sel), {childList: true, subtree: true}); });
  }

  function renderPlayer() {
    const held = clock.seat_held_by;
    heldReason = held ? `${capital(held)} holds your seat now; take it back to give orders yourself.` : "";
    $("#dl-held").hidden = !held;
    $("#dl-held-text").textContent = heldReason;
    let notice = $("#dl-orders-held");
    if (!notice && $("#legal-orders")) {
      notice = el("p", {id: "dl-orders-held", class: "warn", role: "status"});
      $("#legal-orders").before(notice);
    }
    if (notice) { notice.hidden = !held; notice.textContent = heldReason; }
    lockOrders();

    const own = seats.own === true;
    const mine = seats.seats.map((seat) => el("li", {"data-seat": seat.id},
      own ? `${capital(seat.delegate)} plays your seat, ` : "You play this civilization's seat for its player, ",
      rounds(seat), seat.active ? "" : " (planned)", seat.reason ? ` — ${seat.reason}` : ""));
    $("#dl-my-seats").replaceChildren(...mine);
    $("#dl-take-back").hidden = !own;
    if (own && !held && seats.seats.length) {
      $("#dl-held").hidden = false;
      $("#dl-held-text").textContent = "Your seat is handed over for a planned absence.";
    }
    $("#dl-absence").hidden = !own || CV.state.status === "ended";
    if (own) {
      const select = $("#dl-delegate");
      const chosen = select.value;
      select.replaceChildren(el("option", {value: ""}, "The bot"),
        ...(seats.candidates || []).map((c) => el("option", {value: String(c.user_id)}, c.username)));
      if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
      if (!$("#dl-from").value) $("#dl-from").value = String(CV.state.round);
      $("#dl-from").min = String(CV.state.round);
    }
    $("#dl-notify").hidden = !("Notification" in window) || Notification.permission !== "default";

    const key = `${clock.round}:${clock.step}`;
    if (clock.waiting_on_you && !held && notified !== key) {
      notified = key;
      notify(`${clock.label} waits for your orders${clock.deadline ? " before the deadline" : ""}.`);
    } else if (!clock.waiting_on_you || held) {
      $("#dl-waiting").hidden = true;  // a nudge or a step that waited on them is over, or not theirs to answer
    }
  }

  if (player) {
    $("#dl-notify").addEventListener("click", async () => {
      const answer = await Notification.requestPermission();
      $("#dl-notify").hidden = answer !== "default";
      $("#dl-msg").textContent = answer === "granted" ? "This browser will tell you when a step waits for you."
        : "Notifications are off: this page shows a banner instead.";
    });
    $("#dl-take-back").addEventListener("click", async () => {
      try {
        await CV.http.post(CV.api("seats/take-back/"), {});
        $("#dl-msg").textContent = "Your seat is yours again.";
      } catch (e) { $("#dl-msg").textContent = e.message; }
      readSoon();
    });
    $("#dl-absence-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const fields = {from_round: "#dl-from", until_round: "#dl-until", delegate_user_id: "#dl-delegate"};
      Object.values(fields).forEach((sel) => { $(`${sel}-error`).textContent = ""; });
      const number = (sel) => ($(sel).value ? Number($(sel).value) : null);
      try {
        await CV.http.post(CV.api("seats/delegate/"), {
          from_round: number("#dl-from"), until_round: number("#dl-until"),
          delegate_user_id: number("#dl-delegate"), reason: $("#dl-reason").value});
        $("#dl-msg").textContent = "Your seat is handed over for those rounds.";
        $("#dl-absence").open = false;
      } catch (e) {
        const sel = fields[e.field];
        if (sel) { $(`${sel}-error`).textContent = e.message; $(sel).focus(); } else $("#dl-msg").textContent = e.message;
      }
      readSoon();
    });
  }

  CV.on("event", (event) => {
    if (event.type === "PlayerNudged" && player && !CV.catchingUp) notify(event.description);
  });
  // Reading, one at a time, on what changes the clock, who is late or who holds a seat (an order does not: a step
  // waits on a player until they are ready, whatever they ordered).
  const reads = CV.panelReads({
    fetch: () => Promise.all([CV.read("clock/"), CV.read("seats/")]),
    draw: ([answer, held]) => {
      skew = new Date(answer.now).getTime() - Date.now();
      clock = answer;
      seats = held;
      render();
    },
    fail: (e) => { $("#dl-msg").textContent = e.message; },
    changes: ["DeadlineSet", "DeadlineExtended", "DeadlinePassed", "SeatHandedOver", "SeatTakenBack",
      "CivilizationReady", "PhaseReadinessGiven", "PhaseReadinessCleared"],
    stateKey: (state) => `${state.round}:${state.step}:${state.status}`,
  });
})();
