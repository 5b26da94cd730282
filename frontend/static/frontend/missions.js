// Personnel missions on the campaign page (issue 15), from GET missions/ (what the server lets this viewer read).
// The GM: the mission desk — every mission waiting for its report with its proposed rolls, Confirm in one click, a
// narration, an edit of the outcome with a reason — and each agent's crisis clock and conditions.
// A player: their agents, the odds of a mission before ordering it (GET missions/odds/), its order in Explore 12,
// their missions and reports, and the agents their counter-intelligence caught.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  const gm = $("#ms-gm");
  const player = $("#ms-player");
  if (!gm && !player) return;

  let data = null;
  function draw(answer) {
    data = answer;
    if (gm) renderDesk(); else renderPlayer();
  }

  const pct = (p) => `${Math.round(p * 100)}%`;
  function clock(agent) {
    return el("span", {class: "ms-clock", "data-crisis": agent.in_crisis},
      agent.in_crisis ? "crisis (clock run out)" : `${agent.clock}/${agent.clock_most} hours`);
  }
  function conditions(agent) {
    return agent.conditions.length ? agent.conditions.map((c) => c.name).join(", ") : "no conditions";
  }
  function agentLine(agent) {
    return el("li", {"data-agent": agent.unit_id},
      el("strong", {}, agent.name), ` (${agent.role_label}) — `, clock(agent), ` — ${conditions(agent)}`,
      agent.held_by ? " — held" : "");
  }

  // --- the GM's desk ----------------------------------------------------------------------------------------------
  function rolls(p) {
    if (p.success_faces === undefined) return el("p", {class: "muted"}, p.summary || "No roll.");
    const wrench = p.wrench.length ? `; Wrench: ${p.wrench.join(", ")}` : "";
    return el("div", {class: "ms-rolls"},
      el("p", {}, `${p.attribute} ${p.code} vs difficulty ${p.difficulty}d` +
        (p.adjustments.length ? ` (${p.adjustments.join(", ")})` : "") +
        (p.lacks_ability !== "none" ? ` (lacks the ability: ${p.lacks_ability})` : "") +
        ` -> ${p.dice_left} difficulty d10: [${p.success_faces.join(", ")}]`),
      el("p", {}, `Risk roll: [${p.risk_faces.join(", ")}] = ${p.risk_total} vs ${p.risk_target ?? "no risk"}` +
        ` (${p.risk_avoided ? "avoided" : "missed"}); Venture ${p.venture}${wrench}; ${p.venture_left} left ` +
        "for the Hammer"),
      el("p", {}, `Failure ${p.failure}: `, el("span", {class: "ms-grade", "data-grade": p.grade}, p.grade),
        p.fallout ? `; fallout ${p.fallout}, ${p.condition}` : "", `; clock ${p.clock_hours >= 0 ? "+" : ""}` +
        `${p.clock_hours} h`, p.caught ? "; CAUGHT by counter-intelligence" : ""));
  }
  async function rule(missionId, body, msg) {
    msg.textContent = "Saving…";
    try {
      const answer = await CV.http.post(CV.api(`missions/${missionId}/ruling/`), body);
      reads.shown(answer);
      draw(answer);
      $("#ms-msg").textContent = "Ruling recorded.";
    } catch (e) {
      msg.textContent = e.field ? `${e.field}: ${e.message}` : e.message;
    }
  }
  function missionCard(m) {
    const id = m.mission_id;
    const msg = el("p", {class: "msg", role: "alert"});
    const narration = el("textarea", {id: `ms-narrate-${id}`, rows: "2", "aria-label": "Narration"});
    narration.value = m.narration;
    const success = el("input", {type: "checkbox", id: `ms-success-${id}`, checked: m.proposal.success});
    const caught = el("input", {type: "checkbox", id: `ms-caught-${id}`, checked: m.proposal.caught,
      disabled: m.target_civ === null});
    const reason = el("input", {type: "text", id: `ms-reason-${id}`, "aria-label": "Reason for the edit"});
    return el("li", {"data-mission": id},
      el("h4", {}, `${m.label} — ${m.civ}'s ${m.agent.name}`, m.colony ? ` at ${m.colony}` : "",
        ` (round ${m.round}, ${m.status})`),
      rolls(m.proposal),
      el("p", {class: "muted"}, `Success: ${m.success_text}`),
      el("div", {class: "row"},
        el("button", {type: "button", class: "ms-confirm", onclick: () => rule(id, {action: "confirm"}, msg)},
          "Confirm")),
      el("div", {class: "field"}, el("label", {for: `ms-narrate-${id}`}, "Narrate (the sender reads it)"), narration),
      el("div", {class: "row"}, el("button", {type: "button", class: "ms-narrate",
        onclick: () => rule(id, {action: "narrate", narration: narration.value}, msg)}, "Narrate")),
      el("details", {},
        el("summary", {}, "Edit the outcome"),
        el("label", {}, success, " Success"), " ", el("label", {}, caught, " Caught"),
        el("div", {class: "field"}, el("label", {for: `ms-reason-${id}`}, "Reason"), reason),
        el("button", {type: "button", onclick: () => rule(id, {action: "edit", success: success.checked,
          caught: caught.checked, reason: reason.value, narration: narration.value}, msg)}, "Edit outcome")),
      msg);
  }
  function renderDesk() {
    gm.hidden = !data.enabled && !data.missions.length;
    $("#ms-missions").replaceChildren(...data.missions.map(missionCard));
    $("#ms-none").hidden = data.missions.length > 0;
    $("#ms-agents").replaceChildren(...data.agents.map(agentLine));
  }

  // --- a player's agents and missions -----------------------------------------------------------------------------
  function fill(select, options) {
    const before = select.value;
    select.replaceChildren(...options.map(([value, label]) => el("option", {value}, label)));
    if (options.some(([value]) => String(value) === before)) select.value = before;
  }
  function chosenAgent() { return data.agents.find((a) => String(a.unit_id) === $("#ms-agent").value); }
  async function showOdds() {
    const agent = chosenAgent();
    const box = $("#ms-odds");
    if (!agent) { box.replaceChildren(); return; }
    fill($("#ms-colony"), [["", "(none: a survey)"], ...agent.colonies_here.map((c) => [c.colony_id, c.name])]);
    const colony = $("#ms-colony").value;
    try {
      const odds = await CV.http.get(CV.api(`missions/odds/?unit_id=${agent.unit_id}&mission=` +
        `${encodeURIComponent($("#ms-mission").value)}${colony ? `&colony_id=${colony}` : ""}`));
      box.replaceChildren(
        el("p", {}, `${odds.attribute} ${odds.code} against ${odds.difficulty}d: ${odds.dice_left} difficulty ` +
          `dice left; success ${pct(odds.success)} before Venture; risk roll reaching ${odds.risk_base}: ` +
          `${pct(odds.risk_avoided)}.`),
        el("p", {class: "muted"}, `Success: ${odds.success_text}`),
        el("p", {class: "muted"}, `Failure: ${odds.failure_text}`));
    } catch (e) {
      box.textContent = e.message;
    }
  }
  // "colony: population 10, operational true, units 0; figures: mu 40, ..." from the report's findings.
  const findings = (found) => Object.entries(found).map(([what, figures]) =>
    `${what}: ${Object.entries(figures).map(([k, v]) => `${k} ${v}`).join(", ")}`).join("; ");
  function report(m) {
    if (!m.report) return el("span", {class: "muted"}, " — awaiting the report (Explore 4)");
    const r = m.report;
    return el("span", {}, " — ", el("span", {class: "ms-grade", "data-grade": r.grade}, r.grade),
      r.caught ? "; the agent was caught" : "", r.narration ? `. ${r.narration.replace(/\.$/, "")}` : "",
      Object.keys(r.outcome.findings || {}).length ? `. Findings: ${findings(r.outcome.findings)}` : "");
  }
  function orderable() {
    const ordering = CV.state.step === "explore.12" && CV.state.status === "open";
    $("#ms-order").disabled = !ordering;
    $("#ms-order").title = ordering ? "" : "Missions are ordered in Explore 12.";
  }
  function renderPlayer() {
    player.hidden = !data.enabled && !data.agents.length;
    $("#ms-my-agents").replaceChildren(...data.agents.map(agentLine));
    $("#ms-no-agents").hidden = data.agents.length > 0;
    const free = data.agents.filter((a) => a.state === "operational" && !a.carried_by && !a.held_by);
    $("#ms-odds-form").hidden = !free.length;
    fill($("#ms-agent"), free.map((a) => [a.unit_id, a.name]));
    fill($("#ms-mission"), data.catalogue.map((m) => [m.key, m.label]));
    orderable();
    $("#ms-my-missions").replaceChildren(...data.missions.map((m) =>
      el("li", {"data-mission": m.mission_id}, `${m.label} — ${m.agent}`, m.colony ? ` at ${m.colony}` : "",
        ` (round ${m.round})`, report(m))));
    $("#ms-caught").replaceChildren(...(data.caught.length ? data.caught.map((c) =>
      el("li", {}, `${c.agent}, an agent of ${c.from}, at ${c.colony} (${c.label})`)) :
      [el("li", {class: "muted"}, "Nobody so far.")]));
    if (free.length) showOdds();
  }
  if (player) {
    ["#ms-agent", "#ms-mission", "#ms-colony"].forEach((sel) => $(sel).addEventListener("change", (ev) => {
      if (ev.target.id !== "ms-colony") $("#ms-colony").value = "";
      showOdds();
    }));
    $("#ms-odds-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const msg = $("#ms-player-msg");
      ["agent", "mission", "colony"].forEach((f) => { $(`#ms-${f}-error`).textContent = ""; });
      const colony = $("#ms-colony").value;
      const payload = {unit_id: Number($("#ms-agent").value), mission: $("#ms-mission").value};
      if (colony) payload.colony_id = Number(colony);
      msg.textContent = "Sending…";
      try {
        await CV.http.post(CV.api("orders/"), {round: CV.state.round, step: CV.state.step, kind: "Mission", payload,
          idempotency_key: `mission-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`},
        {idempotent: true});
        msg.textContent = "Mission ordered: its dice are rolled when the GM resolves Explore 12.";
      } catch (e) {
        const field = {"payload.unit_id": "agent", "payload.mission": "mission", "payload.colony_id": "colony"}[e.field];
        if (field) $(`#ms-${field}-error`).textContent = e.message;
        msg.textContent = e.message;
      }
    });
  }

  // An unchanged answer is not drawn again (keeps what the GM types).
  const reads = CV.panelReads({
    fetch: () => CV.read("missions/"),
    draw,
    fail: (e) => { (gm ? $("#ms-msg") : $("#ms-player-msg")).textContent = e.message; },
    changes: ["MissionProposed", "MissionAdjudicated", "MissionReported", "AgentCaught", "AgentRecruited",
      "AgentTrained", "CargoLoaded", "CargoUnloaded", "UnitArrived", "SettingsInForce"],
    stateKey: (state) => `${state.round}:${state.step}:${state.status}`,
  });
  if (player) CV.on("state", orderable);
  reads.now();
})();
