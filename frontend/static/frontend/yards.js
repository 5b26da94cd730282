// Repair and refit at a yard on the campaign page (issue 18), from GET yards/ (what the server lets this viewer read).
// A player: each damaged unit with its hit points, what a repair costs and takes at every yard or repair ship in its
// Sector, the refits and scrapping its yards offer, the work under way; the surveys under way and the planet cards
// (STEP code, output, Ore, resources once surveyed). The orders themselves are the order forms of Expand 6 and 14.
// The GM: every civilization's. A spectator: nothing.
(function () {
  "use strict";

  function start() {
    const CV = window.CV;
    const $ = CV.$;
    const el = CV.el;
    const panel = $("#yd");
    if (!panel) return;
    let data = null;
    const fmt = (n) => Number(n).toLocaleString();
    const rounds = (n) => `${n} round${n === 1 ? "" : "s"}`;

    function hpBar(u) {
      return el("div", {class: "yd-hp", "data-hp": String(u.hp)},
        el("meter", {min: "0", max: String(u.max_hp), value: String(u.hp), "aria-label": `${u.name}'s hit points`}),
        el("span", {class: u.hp < u.max_hp ? "yd-damaged" : ""}, `${fmt(u.hp)} of ${fmt(u.max_hp)} hit points`));
    }

    function work(w) {
      const what = w.kind === "repair" ? `Under repair at ${w.yard}` : `Refitting as a ${w.design} at ${w.yard}`;
      const left = w.rounds_left === null ? "waiting for its yard" : `${rounds(w.rounds_left)} to go`;
      return el("p", {class: "yd-work", "data-work": w.kind}, `${what}: ${w.bp_done} of ${w.bp_needed} BP, ${left}.`);
    }

    function choices(title, key, lines) {
      if (!lines.length) return null;
      return el("div", {"data-choices": key}, el("strong", {}, title),
        el("ul", {class: "yd-choices"}, ...lines.map((line) => el("li", {}, line))));
    }

    function unitCard(u) {
      return el("li", {"data-unit": u.unit_id},
        el("strong", {}, u.name), ` (${u.design}) · sector ${u.sector_id}`,
        u.low_quality ? el("span", {class: "yd-damaged", "data-low-quality": "true"},
          " · low quality (crash-built: 10% failures under stress; a full refit mends it)") : null,
        hpBar(u),
        u.work ? work(u.work) : null,
        choices("Repair (Expand 6, “Repair a unit”)", "repair", u.repairs.map((r) =>
          `With ${r.yard}: ${fmt(r.mu)} MU now, ${r.bp} BP of work, ${rounds(r.rounds)}`)),
        choices("Refit (Expand 6, “Refit a unit”)", "refit", u.refits.map((r) => `At ${r.yard}: ${r.label}`)),
        choices("Scrap (Expand 6, “Scrap a unit”)", "scrap", u.scrap.map((s) =>
          `At ${s.yard}: returns ${fmt(s.ore)} Ore`)));
    }

    function planetCard(p) {
      const where = `${p.poi}, sector ${p.sector_id}`;
      if (!p.surveyed) {
        return el("li", {"data-planet": p.planet_id, "data-surveyed": "false"}, el("strong", {}, p.name), ` · ${where}`,
          el("div", {class: "yd-unsurveyed"}, "Not surveyed: a unit in the system can survey it (Explore 14)."));
      }
      const res = [p.strategic && `strategic: ${p.strategic}`, p.special && `special: ${p.special}`].filter(Boolean);
      return el("li", {"data-planet": p.planet_id, "data-surveyed": "true"}, el("strong", {}, p.name), ` · ${where}`,
        el("div", {}, `STEP ${p.step || "unknown"} · output ${fmt(p.max_output)} · Ore ${fmt(p.ore)}` +
          (p.viable ? " · viable" : "") + (res.length ? ` · ${res.join(", ")}` : "")));
    }

    function civBlock(civ) {
      const damaged = civ.units.filter((u) => u.hp < u.max_hp && !u.work);
      return el("div", {"data-civ": civ.civ_id},
        data.role === "gm" ? el("h3", {}, civ.name) : null,
        data.yards ? el("p", {class: damaged.length ? "yd-damaged" : "muted"}, damaged.length
          ? `${damaged.length} damaged unit${damaged.length > 1 ? "s" : ""} not yet under repair`
          : "No damaged unit waits for repair.") : null,
        data.yards ? el("ul", {class: "yd-units plain", "aria-label": `${civ.name}: units at yards`},
          ...civ.units.map(unitCard)) : null,
        civ.surveys.length ? el("p", {class: "yd-work"}, "Surveying: " +
          civ.surveys.map((s) => `${s.name} at ${s.poi}`).join("; ") + " (finished at the next Explore 6).") : null,
        data.survey ? el("h3", {}, "Planets") : null,
        data.survey ? el("ul", {class: "yd-planets plain", "aria-label": `${civ.name}: planet cards`},
          ...civ.planets.map(planetCard)) : null);
    }

    function render() {
      panel.hidden = !(data.yards || data.survey) || data.role === "spectator";
      if (panel.hidden) return;
      const rules = [];
      if (data.yards) rules.push("A yard (a Construction unit where you have a Suitable Site) or a repair ship " +
        `(${data.repair_ship_bp} BP a round) repairs a damaged unit for half the damaged share of its price; a refit ` +
        "costs the price difference, scrapping returns half the Ore. The work advances each Expand 8.");
      if (data.survey) rules.push("Colonizing needs a finished survey.");
      $("#yd-rules").textContent = rules.join(" ");
      $("#yd-civs").replaceChildren(...data.civs.map(civBlock));
    }

    CV.panelReads({
      fetch: () => CV.read("yards/"),
      draw: (answer) => { data = answer; render(); },
      fail: (e) => { $("#yd-msg").textContent = e.message; },
      changes: ["RepairStarted", "RefitStarted", "YardWorkAdvanced", "RepairCompleted", "RefitCompleted",
        "YardWorkAbandoned", "UnitScrapped", "SurveyStarted", "SurveyCompleted", "SurveyFailed", "SkirmishFought",
        "UnitArrived", "UnitCompleted", "CloseScanned", "ColonyFounded", "SettingsInForce", "SettingsChanged"],
    }).now();
  }

  CV.afterScripts(start);
})();
