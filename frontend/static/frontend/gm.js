// The GM's dashboard on the campaign page: the step pipeline, who is ready, the orders in, the notes inbox;
// resolving a step in two moves (preview, override with a reason, commit) or a plain Advance; undo; dice;
// live progress and failures; every civilization's view side by side; standings; scenario loading; rulings.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  const KIND_LABELS = {orders: "orders", gm_ruling: "GM rules", resolved: "engine"};
  const UNIT_STATES = {operational: "Operational", en_route: "En Route", engaged: "Engaged",
                       under_construction: "Under Construction", destroyed: "Destroyed"};

  let preview = null;  // the last preview: {round, step, events, rolls, digest}
  const overrides = new Map();  // proposed event index -> {payload, reason}
  let loadedPointer = "";  // "round:step" the orders were loaded for
  const notesShown = new Set();  // seq of notes already in the inbox (the REST list and live events overlap)

  const civName = (id) => (CV.state.civilizations.find((c) => c.id === id) || {}).name || `civilization ${id}`;
  const words = (name) => name.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
  const parseRolls = (text) => text.split(/[\s,]+/).filter(Boolean).map(Number);

  // Payloads as "key: value" pairs, civilizations by name; `seen_by` is shown as the visibility instead.
  function readable(payload) {
    return Object.entries(payload || {}).filter(([key]) => key !== "seen_by").map(([key, value]) => {
      if (key === "civ_id" && typeof value === "number") return `civ: ${civName(value)}`;
      const shown = value === null ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value);
      return `${words(key.replace(/_id$/, ""))}: ${shown}`;
    }).join(" · ");
  }

  function visibilityLabel(event) {
    if (event.visibility === "public") return "public";
    if (event.visibility === "civ") return `only ${civName(event.civ_id)}`;
    const seen = (event.payload && event.payload.seen_by) || [];
    return seen.length ? `GM, seen by ${seen.map(civName).join(", ")}` : "GM only";
  }

  // --- the step: pipeline, readiness, progress, failure, dice, undo ---------------------------------------------

  function renderPipeline(state) {
    const phase = CV.steps.find((p) => p.phase === state.phase);
    if (!phase) return;
    const current = phase.steps.findIndex((s) => s.key === state.step);
    $("#gm-pipeline").replaceChildren(...phase.steps.map((s, i) => el("li", {
      class: i === current ? "current" : i < current ? "done" : null,
      "aria-current": i === current ? "step" : null,
      "data-step": s.key, title: s.rule,
    }, el("span", {class: "num"}, `${phase.title} ${s.number}`), " ",
    el("span", {class: `badge kind-${s.kind}`}, KIND_LABELS[s.kind] || s.kind),
    i === current ? el("span", {class: "rule"}, s.rule) : null)));
  }

  function renderReady(state) {
    $("#gm-ready").replaceChildren(...state.civilizations.map((civ) => el("li", {"data-civ": civ.id},
      el("strong", {}, civ.name), " ",
      el("span", {class: civ.ready ? "badge ready" : "badge"}, civ.ready ? "ready" : "not ready"), " ",
      el("span", {class: "muted"}, `${civ.orders || 0} order${civ.orders === 1 ? "" : "s"}`))));
  }

  function renderStatus(state) {
    const resolving = state.status === "resolving";
    const failed = state.status === "failed";
    $("#gm-progress").hidden = !resolving;
    $("#gm-progress-text").textContent = `Resolving ${state.step} (round ${state.round})…`;
    $("#gm-failure").hidden = !failed;
    // Rolls that ran out in physical-dice mode are a wait for the GM's dice, not a failure.
    const dice = failed && Boolean(state.rolls_wanted);
    $("#gm-failure").classList.toggle("gm-waiting-dice", dice);
    $("#gm-failure").setAttribute("role", dice ? "status" : "alert");
    $("#gm-failure-head").textContent = dice ? "Your dice, please:" : "The resolution failed:";
    $("#gm-failure-help").hidden = dice;
    $("#gm-failure-text").textContent = !failed ? "" : dice ? state.rolls_wanted : state.failure;
    // "Advance again" takes its place; a step waiting for a battle goes on by itself once it is over (the flow
    // panel says who it waits for).
    $("#advance").hidden = failed || state.status === "waiting";
    const over = state.status === "ended";  // read-only: the server refuses every write but notes
    for (const id of ["#advance", "#gm-advance-again", "#gm-preview", "#gm-commit"]) $(id).disabled = resolving || over;
    $("#gm-undo").disabled = !state.can_undo || resolving || over;
    for (const id of ["#gm-undo-form", "#gm-dice-form", "#gm-end-form", "#ruling-form", "#gm-standings-form"]) $(id).hidden = over;
    if (over) $("#gm-failure").hidden = true;
    $("#gm-dice-mode").textContent = state.dice_mode === "entered"
      ? "physical dice only (enter every roll)" : "the server rolls (entered rolls are used first)";
    $("#gm-dice-entered").textContent = (state.entered_rolls || []).join(", ") || "none";
  }

  function fillCivSelect(select, first) {
    const wanted = CV.state.civilizations.length + (first ? 1 : 0);
    if (select.options.length === wanted) return;
    const keep = select.value;
    select.replaceChildren(...(first ? [new Option(first, "")] : []),
      ...CV.state.civilizations.map((civ) => new Option(civ.name, civ.id)));
    if (keep) select.value = keep;
  }

  CV.on("state", (state) => {
    $("#scenario-box").hidden = !state.can_load_scenario || state.status === "ended";
    renderEndWinners(state);
    fillCivSelect($("#ruling-civ"), "Everyone (public)");
    fillCivSelect($("#gm-note-civ"), null);
    renderPipeline(state);
    renderReady(state);
    renderStatus(state);
    renderMembers(state);
    const pointer = `${state.round}:${state.step}`;
    if (pointer !== loadedPointer) {
      if (!loadedPointer) loadViews();  // then as the world changes (below)
      loadedPointer = pointer;
      if (preview && `${preview.round}:${preview.step}` !== pointer) clearPreview();
      loadOrders();
    }
  });

  async function advance(body, msg) {
    msg.textContent = "Closing the step…";
    try {
      const state = await CV.http.post(CV.api("advance/"), {round: CV.state.round, step: CV.state.step, ...body});
      msg.textContent = "Step closed; a worker is resolving it.";
      clearPreview();
      CV.takeState(state);  // the state the page draws, unless a quick resolution's pushes came before it
      return true;
    } catch (e) {
      msg.textContent = e.message;
      renderStatus(CV.state);
      return false;
    }
  }

  $("#advance").addEventListener("click", () => advance({}, $("#advance-msg")));
  $("#gm-advance-again").addEventListener("click", () => advance({}, $("#advance-msg")));

  $("#gm-undo-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const msg = $("#gm-undo-msg");
    const reason = $("#gm-undo-reason").value.trim();
    if (!reason) { msg.textContent = "Say why the step is undone; the players read it."; return; }
    msg.textContent = "Undoing…";
    try {
      const state = await CV.http.post(CV.api("undo/"), {round: CV.state.round, step: CV.state.step, reason});
      msg.textContent = `Undone: back at ${state.step_label}.`;
      $("#gm-undo-reason").value = "";
      CV.takeState(state);
    } catch (e) { msg.textContent = e.message; }
  });

  async function enterRolls(rolls, msg) {
    if (!rolls.length || rolls.some((r) => !Number.isInteger(r) || r < 1)) {
      msg.textContent = "Rolls are whole numbers from 1 up, separated by spaces or commas.";
      return false;
    }
    try {
      await CV.http.post(CV.api("dice/"), {rolls});
      await CV.refreshState();
      msg.textContent = `Rolls for this step: ${rolls.join(", ")}.`;
      return true;
    } catch (e) { msg.textContent = e.message; return false; }
  }

  $("#gm-dice-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (await enterRolls(parseRolls($("#gm-dice-rolls").value), $("#gm-dice-msg"))) $("#gm-dice-rolls").value = "";
  });

  // --- preview, overrides, commit -------------------------------------------------------------------------------

  function clearPreview() {
    preview = null;
    overrides.clear();
    $("#gm-preview-box").hidden = true;
    $("#gm-preview-events").replaceChildren();
    $("#gm-needs").hidden = true;
  }

  async function runPreview() {
    const msg = $("#gm-preview-msg");
    msg.textContent = "Computing the outcome…";
    $("#gm-needs").hidden = true;
    try {
      const result = await CV.http.post(CV.api("preview/"), {round: CV.state.round, step: CV.state.step});
      overrides.clear();
      preview = result;
      renderPreview();
      msg.textContent = `${result.events.length} proposed events, ${result.rolls.length} dice rolled. `
        + "Override any result, then commit.";
    } catch (e) {
      const needs = e.data && e.data.needs;
      if (!needs) { msg.textContent = e.message; return; }
      clearPreview();
      msg.textContent = "";
      $("#gm-needs-text").textContent =
        `Enter 1 more d${needs.sides} roll for ${needs.purpose} (the step may ask for more after it).`;
      const input = $("#gm-needs-rolls");
      input.dataset.sides = needs.sides;
      $("#gm-needs").hidden = false;
      input.focus();
    }
  }

  $("#gm-preview").addEventListener("click", runPreview);
  $("#gm-preview-discard").addEventListener("click", () => { clearPreview(); $("#gm-preview-msg").textContent = ""; });

  $("#gm-needs").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = $("#gm-needs-rolls");
    const rolls = parseRolls(input.value);
    const sides = Number(input.dataset.sides);
    const msg = $("#gm-preview-msg");
    if (rolls.some((r) => r > sides)) { msg.textContent = `A d${sides} rolls 1 to ${sides}.`; return; }
    // The server keeps one list of entered rolls per step: the new ones go after those already entered.
    $("#gm-needs").hidden = true;  // until the preview says whether it needs more
    if (await enterRolls([...(CV.state.entered_rolls || []), ...rolls], msg)) {
      input.value = "";
      await runPreview();
    } else {
      $("#gm-needs").hidden = false;
    }
  });

  function overrideForm(event, item) {
    const id = `gm-ov-${event.index}`;
    const current = overrides.get(event.index);
    const payload = el("textarea", {id: `${id}-payload`, rows: 4, spellcheck: "false", class: "json"});
    payload.value = JSON.stringify(current ? current.payload : event.payload, null, 1);
    const reason = el("input", {id: `${id}-reason`, maxlength: 2000, autocomplete: "off"});
    reason.value = current ? current.reason : "";
    const msg = el("p", {class: "msg", role: "status", "aria-live": "polite"});
    const form = el("form", {class: "stack gm-override", "aria-label": `Override event #${event.index}`},
      el("div", {class: "field"}, el("label", {for: payload.id}, "New payload (JSON)"), payload),
      el("div", {class: "field"}, el("label", {for: reason.id}, "Reason (the civilization concerned reads it)"), reason),
      el("div", {class: "row"},
        el("button", {type: "submit"}, "Keep this override"),
        el("button", {type: "button", class: "secondary", onclick: () => {
          overrides.delete(event.index);
          renderPreview();
          $("#gm-preview-msg").textContent = `Override of #${event.index} removed.`;
        }}, "Remove override")),
      msg);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      let parsed;
      try { parsed = JSON.parse(payload.value); } catch (e) { msg.textContent = `Not valid JSON: ${e.message}`; return; }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
        msg.textContent = "The payload is a JSON object ({…})."; return;
      }
      if (!reason.value.trim()) { msg.textContent = "Give a reason; the civilization concerned reads it."; return; }
      overrides.set(event.index, {payload: parsed, reason: reason.value.trim()});
      renderPreview();
      $("#gm-preview-msg").textContent = `Override of #${event.index} kept; commit to apply it.`;
    });
    item.append(form);
    payload.focus();
  }

  function renderPreview() {
    if (!preview) return;
    const overridable = (event) => !["StepResolved", "DiceRolled"].includes(event.type);
    $("#gm-preview-events").replaceChildren(...preview.events.map((event) => {
      const changed = overrides.get(event.index);
      // The line is the server's wording of the proposed event; an override shows in the payload beneath it.
      const item = el("li", {"data-index": event.index, "data-type": event.type, class: changed ? "overridden" : null},
        el("div", {class: "line"}, `#${event.index} ${event.description}`),
        el("div", {class: "meta"},
          el("span", {class: `badge vis-${event.visibility}`}, visibilityLabel(event)),
          changed ? el("span", {class: "badge overridden"}, `overridden: ${changed.reason}`) : null),
        el("div", {class: "payload"}, changed ? `Now: ${readable(changed.payload)}` : readable(event.payload)));
      if (overridable(event)) {
        item.append(el("button", {type: "button", class: "secondary",
          "aria-label": `Override #${event.index} ${event.type}`,
          onclick: (ev) => { ev.currentTarget.remove(); overrideForm(event, item); }}, "Override"));
      }
      return item;
    }));
    $("#gm-preview-rolls").replaceChildren(...(preview.rolls.length ? preview.rolls.map((r) =>
      el("li", {}, `d${r.sides} for ${r.purpose}: ${r.result}`)) : [el("li", {class: "muted"}, "No dice.")]));
    $("#gm-override-count").textContent = overrides.size
      ? `${overrides.size} override${overrides.size === 1 ? "" : "s"} will be committed.` : "No overrides.";
    $("#gm-preview-box").hidden = false;
  }

  $("#gm-commit").addEventListener("click", async () => {
    if (!preview) return;
    const body = {
      overrides: [...overrides.entries()].map(([index, o]) => ({index, payload: o.payload, reason: o.reason})),
      preview_digest: preview.digest,
    };
    const msg = $("#gm-preview-msg");
    $("#gm-commit").disabled = true;
    if (!(await advance(body, msg))) $("#gm-commit").disabled = false;
  });

  // --- members: the GM removes a player or spectator, after saying what it does ------------------------------------

  function memberRow(member) {
    const civ = member.civ_id ? civName(member.civ_id) : null;
    const who = `${member.username}${civ ? ` (${civ})` : ""}`;
    const confirmBox = el("div", {class: "stack gm-member-confirm", hidden: true, role: "group",
      "aria-label": `Confirm removing ${member.username}`},
    el("p", {class: "warn"}, `Remove ${who}? They lose access to this campaign at once, open pages included`
      + (civ ? `; ${civ} stays in the world and the chronicle without a player.` : ".")),
    el("div", {class: "row"},
      el("button", {type: "button", class: "danger", onclick: async (ev) => {
        const msg = $("#gm-members-msg");
        const button = ev.currentTarget;
        button.disabled = true;
        try {
          await CV.http.delete(CV.api(`members/${member.user_id}/`));
          msg.textContent = `${who} was removed from the campaign.`;
          await CV.refreshState();
        } catch (e) {
          msg.textContent = `${who} was not removed: ${e.message}`;
          button.disabled = false;
        }
      }}, `Yes, remove ${member.username}`),
      el("button", {type: "button", class: "secondary", onclick: () => { confirmBox.hidden = true; }}, "Cancel")));
    return el("li", {"data-member": member.user_id},
      el("div", {class: "row"}, el("strong", {}, member.username), " ",
        el("span", {class: "badge"}, member.role), civ ? ` ${civ}` : "",
        member.role === "gm" ? null : el("button", {type: "button", class: "secondary",
          "aria-label": `Remove ${member.username}`, onclick: () => {
            confirmBox.hidden = false;
            confirmBox.querySelector("button").focus();
          }}, "Remove")),
      confirmBox);
  }

  function renderMembers(state) {
    const members = state.members || [];
    const shown = $("#gm-members").dataset.shown;
    const key = JSON.stringify(members);
    if (shown === key) return;  // an open confirmation survives the state's redraws
    $("#gm-members").dataset.shown = key;
    $("#gm-members").replaceChildren(...members.map(memberRow));
  }

  // --- orders in, notes ------------------------------------------------------------------------------------------

  let ordersAsked = 0;
  // With the page's other reads after a burst of events (the catch-up changes steps in bursts): one request.
  function loadOrders() { CV.soon(readOrders); }
  async function readOrders() {
    const asked = ++ordersAsked;
    let orders;
    try { orders = await CV.read("orders/"); } catch (e) { return; }
    if (asked !== ordersAsked) return;  // a later read is on its way: an earlier answer may arrive after it
    const box = $("#gm-orders");
    if (!orders.length) {
      box.replaceChildren(el("p", {class: "muted"}, CV.state.step_kind === "orders"
        ? "No orders yet for this step." : "This step takes no orders."));
      return;
    }
    const byCiv = new Map();
    orders.forEach((o) => byCiv.set(o.civ_id, [...(byCiv.get(o.civ_id) || []), o]));
    box.replaceChildren(...[...byCiv.entries()].map(([civId, list]) => el("div", {class: "gm-civ-orders",
      "data-civ": civId},
    el("h4", {}, `${civName(civId)} (${list.length})`),
    el("ul", {}, ...list.map((o) => el("li", {"data-order": o.id}, o.description))))));
  }

  function addNote(note) {
    if (notesShown.has(note.seq)) return;
    notesShown.add(note.seq);
    const p = note.payload;
    const fromGm = p.from === "gm";
    const item = el("li", {"data-seq": note.seq, class: fromGm ? "from-gm" : "from-player"},
      el("div", {class: "meta"}, fromGm ? `You → ${civName(p.civ_id)}` : `${civName(p.civ_id)} (${p.author})`,
        p.order_id ? ` · about order #${p.order_id}` : ""),
      el("div", {}, p.text),
      fromGm ? null : el("button", {type: "button", class: "secondary", "aria-label": `Reply to ${civName(p.civ_id)}`,
        onclick: () => { $("#gm-note-civ").value = p.civ_id; $("#gm-note-text").focus(); }}, "Reply"));
    // Newest first, whichever of the REST list and the live events brought the note.
    const later = [...$("#gm-notes").children].find((li) => Number(li.dataset.seq) < note.seq);
    $("#gm-notes").insertBefore(item, later || null);
  }

  async function loadNotes() {
    try { (await CV.read("notes/")).forEach(addNote); } catch (e) { /* the live events fill in */ }
  }

  $("#gm-note-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const msg = $("#gm-note-msg");
    try {
      const note = await CV.http.post(CV.api("notes/"),
        {civ_id: Number($("#gm-note-civ").value), text: $("#gm-note-text").value});
      addNote(note);
      $("#gm-note-text").value = "";
      msg.textContent = `Note sent to ${civName(note.payload.civ_id)}.`;
    } catch (e) { msg.textContent = e.message; }
  });

  // The events that leave every civilization's view as it was: the steps' machinery, orders and readiness, notes,
  // deadlines and seats, the GM's own publishing. Whatever else a step logs changes the world (the log is its
  // record, and the GM reads all of it), so a step that logs none of it leaves the columns without a read.
  const VIEWS_UNCHANGED = new Set(["StepClosed", "StepResolved", "StepOpened", "RunOnStarted", "RunOnStopped",
    "DiceRolled", "DiceEntered", "OrderAccepted", "OrderWithdrawn", "CivilizationReady", "PhaseReadinessGiven",
    "PhaseReadinessCleared", "NoteSent", "GmRuling", "DeadlineSet", "DeadlineExtended", "DeadlinePassed",
    "PlayerNudged", "SeatHandedOver", "SeatTakenBack", "StandingsPublished", "BattlePublished", "VisibilityChanged",
    "MemberRemoved"]);

  CV.on("event", (event) => {
    if (event.type === "NoteSent") addNote(event);
    if (event.type === "OrderAccepted" || event.type === "OrderWithdrawn") loadOrders();
    if (!VIEWS_UNCHANGED.has(event.type) && !CV.catchingUp) loadViews();
  });
  // A history caught up (on reconnecting, on waking) may hold changes the columns have not shown.
  CV.on("caughtup", (seq) => { if (seq > CV.servedSeq) loadViews(); });

  // --- every civilization side by side ----------------------------------------------------------------------------

  function figure(label, key, value) {
    return el("div", {}, el("dt", {}, label), el("dd", {"data-figure": key}, String(value)));
  }

  function civColumn(civ, data) {
    const view = data.view;
    const planets = Object.fromEntries(view.planets.map((p) => [p.planet_id, p.name]));
    const civs = Object.fromEntries(view.civs.map((c) => [c.civ_id, c.name]));
    const f = data.figures_now;
    const byState = Object.entries(UNIT_STATES).map(([key, label]) =>
      [label, view.units.filter((u) => u.state === key)]);
    const map = el("div", {class: "gm-map"});
    const column = el("article", {class: "gm-civ", "data-civ": civ.id, "aria-labelledby": `gm-civ-${civ.id}`},
      el("h3", {id: `gm-civ-${civ.id}`}, civ.name),
      el("dl", {class: "gm-figures"}, figure("MU", "mu", f.mu), figure("Ore", "ore", f.ore),
        figure("Units", "units", f.units), figure("Colonies", "colonies", f.colonies),
        figure("Population", "population", f.population)),
      el("h4", {}, "Units by state"),
      el("ul", {}, ...byState.filter(([, list]) => list.length).map(([s, list]) => el("li", {"data-state": s},
        `${s}: ${list.length}`, el("span", {class: "muted"}, ` (${list.map((u) => u.name).join(", ")})`)))),
      el("h4", {}, "Colonies"),
      el("ul", {}, ...(view.colonies.length ? view.colonies.map((c) => el("li", {},
        `${planets[c.planet_id] || c.planet_id}: population ${c.population}${c.operational ? "" : " (building)"}`))
        : [el("li", {class: "muted"}, "No colonies.")])),
      el("h4", {}, "What it knows of others"),
      el("ul", {class: "gm-knows"}, ...(view.other_units.length || view.other_colonies.length ? [
        ...view.other_units.map((u) => el("li", {}, `${civs[u.civ_id] || u.civ_id}: ${u.name} (${u.design}) in ${u.sector_id}`)),
        ...view.other_colonies.map((c) => el("li", {},
          `${civs[c.civ_id] || c.civ_id}: colony on ${c.planet_id ? planets[c.planet_id] || c.planet_id : `an uncharted planet in ${c.sector_id}`}`)),
      ] : [el("li", {class: "muted"}, "Nothing yet.")])),
      map);
    CV.starmap(map, view, {label: `${civ.name}'s star map`});
    return column;
  }

  // Bursts of step changes (the catch-up replays every StepOpened of the log) coalesce into one load, read with
  // the page's other reads, and loads never overlap: a change during a load asks for one more afterwards.
  let viewsBusy = false;
  let viewsAgain = false;
  function loadViews() { CV.soon(runViews); }

  async function runViews() {
    if (viewsBusy) { viewsAgain = true; return; }
    viewsBusy = true;
    try {
      const columns = await Promise.all(CV.state.civilizations.map(async (civ) => {
        try {
          return civColumn(civ, await CV.read(`view/?civ=${civ.id}`));
        } catch (e) {
          return el("article", {class: "gm-civ", "data-civ": civ.id}, el("h3", {}, civ.name),
            el("p", {class: "muted"}, e.message));
        }
      }));
      $("#gm-civ-views").replaceChildren(...columns);
    } finally {
      viewsBusy = false;
      if (viewsAgain) { viewsAgain = false; runViews(); }
    }
  }

  $("#gm-standings-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const figures = [...document.querySelectorAll("#gm-standings-form input[name=figure]:checked")].map((i) => i.value);
    const msg = $("#gm-standings-msg");
    if (!figures.length) { msg.textContent = "Choose at least one figure."; return; }
    try {
      await CV.http.post(CV.api("standings/"), {figures});
      msg.textContent = "Standings published.";
    } catch (e) { msg.textContent = e.message; }
  });

  // --- the GM's end of the campaign: winners (or none), a reason, then a confirmation -------------------------------

  function renderEndWinners(state) {
    const box = $("#gm-end-winners");
    if (box.childElementCount === state.civilizations.length) return;
    const checked = new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
    box.replaceChildren(...state.civilizations.map((civ) => el("label", {},
      el("input", {type: "checkbox", name: "winner", value: civ.id, checked: checked.has(String(civ.id))}),
      ` ${civ.name}`)));
  }

  const endWinners = () => [...document.querySelectorAll("#gm-end-winners input:checked")].map((i) => Number(i.value));

  $("#gm-end-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const reason = $("#gm-end-reason").value.trim();
    if (!reason) { $("#gm-end-msg").textContent = "Say why the campaign ends; everyone reads it."; return; }
    const names = endWinners().map(civName);
    $("#gm-end-confirm-text").textContent = `End the campaign now, ${names.length
      ? `${names.join(" and ")} winning` : "with no winner"}? Nothing can be played or undone afterwards.`;
    $("#gm-end-msg").textContent = "";
    $("#gm-end-confirm").hidden = false;
    $("#gm-end-yes").focus();
  });
  $("#gm-end-no").addEventListener("click", () => { $("#gm-end-confirm").hidden = true; $("#gm-end").focus(); });
  $("#gm-end-yes").addEventListener("click", async () => {
    $("#gm-end-confirm").hidden = true;
    try {
      CV.state = await CV.http.post(CV.api("end/"), {winners: endWinners(), reason: $("#gm-end-reason").value.trim()});
      CV.render();
    } catch (e) { $("#gm-end-msg").textContent = e.message; }
  });

  // --- scenario, rulings -------------------------------------------------------------------------------------------

  $("#scenario-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const msg = $("#scenario-msg");
    const file = $("#scenario-file").files[0];
    if (!file) { msg.textContent = "Choose a scenario file first."; return; }
    msg.textContent = "Loading…";
    try {
      await CV.http.post(CV.api("scenario/"), {text: await file.text()});
      msg.textContent = "Scenario loaded.";
      CV.refreshState();
    } catch (e) { msg.textContent = e.message; }
  });

  $("#ruling-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const civ = $("#ruling-civ").value;
    try {
      await CV.http.post(CV.api("rulings/"), {civ_id: civ ? Number(civ) : null, text: $("#ruling-text").value});
      $("#ruling-msg").textContent = "Ruling posted.";
      $("#ruling-text").value = "";
    } catch (e) { $("#ruling-msg").textContent = e.message; }
  });

  loadNotes();
})();
