// Ground war on the campaign page (issue 18), from GET ground-war/ (what the server lets this viewer read).
// Per colony: its terrain and the weather it may bring, the defenders (another's battalions only as far as the
// viewer detects them, and the levy of its cities), the viewer's battalions that could land and the odds of an
// invasion with all of them (win, stalemate, defeat), the occupation and its rebellion risk for the occupier.
// The last ground battles. The GM: every colony and the desk of worlds ordered destroyed (confirm or refuse, with a
// reason). The invasion itself is ordered with the generic order form ("Invade a colony", Exterminate 9).
(function () {
  "use strict";

  function start() {
    const CV = window.CV;
    const $ = CV.$;
    const el = CV.el;
    const panel = $("#gw");
    if (!panel) return;
    let data = null;
    const mods = (m) => `${m[0] ? `${m[0]} ranged AR` : "no AR change"}, ${m[1] ? `+${m[1]} ranged DR` : "no DR change"}`;

    function battalion(b) {
      return el("li", {"data-unit": b.unit_id},
        el("strong", {}, b.name), ` — ${b.type} (AR ${b.ar.join("/")}, DR ${b.dr.join("/")})`,
        b.carried_by ? ` in ${b.carried_by}'s hold` : "", b.task && b.task.startsWith("occupy:") ? " · occupying" : "");
    }

    function invasion(c) {
      const inv = c.invasion;
      if (!inv) return null;
      if (!inv.forces.length) return el("p", {class: "muted"}, "None of your battalions is in this system.");
      const odds = inv.odds;
      return el("div", {class: "gw-invasion"},
        el("h5", {}, "Your battalions here"),
        el("ul", {}, ...inv.forces.map(battalion)),
        el("p", {class: "gw-odds", "data-colony-odds": c.colony_id},
          el("span", {"data-odds": "win"}, `Win ${odds.win}%`),
          el("span", {"data-odds": "hold"}, `Both stand ${odds.hold}%`),
          el("span", {"data-odds": "lose"}, `Lose ${odds.lose}%`)),
        el("p", {class: "muted"}, "Odds with every battalion above landing, against the defenders you know of. ",
          inv.orbit_won ? "The orbit is yours: invade in Exterminate 9." : "Their armed ships hold the orbit: win a skirmish there first."));
    }

    function colonyCard(c) {
      const held = c.occupied_by ? `occupied by ${c.occupied_by}` : "free";
      const weather = c.weather.length ? el("p", {class: "muted"}, "Weather (1d6): 1-3 clear, 4-5 rain or dust (" +
        mods(c.weather[1].modifiers) + "), 6 storm (" + mods(c.weather[2].modifiers) + ").") : null;
      return el("li", {"data-colony": c.colony_id},
        el("h4", {}, `${c.planet} — ${c.owner}'s colony, ${held}`),
        el("p", {}, `Pop ${c.population} · ${c.cities} cit${c.cities === 1 ? "y" : "ies"} · terrain ${c.terrain_label}` +
          (c.terrain_modifiers[0] ? ` (${mods(c.terrain_modifiers)} for both sides)` : "") +
          (c.step ? ` · STEP ${c.step}` : "")),
        weather,
        el("div", {class: "gw-sides"},
          el("div", {},
            el("h5", {}, c.occupied_by ? `${c.occupied_by}'s garrison` : "Defenders"),
            el("ul", {"aria-label": `Defenders of ${c.planet}`}, ...c.defenders.map(battalion),
              c.levy ? el("li", {}, `the levy: ${c.levy} Militia (AR 2/2, DR 1/1)`) : null),
            !c.defenders.length && !c.levy ? el("p", {class: "muted"}, "No defender you know of.") : null),
          el("div", {}, invasion(c),
            c.others.length ? el("h5", {}, "Other battalions in the system") : null,
            c.others.length ? el("ul", {"aria-label": `Other battalions at ${c.planet}`}, ...c.others.map(battalion))
              : null)),
        c.rebellion_risk !== null ? el("p", {class: "gw-risk", "data-risk": c.rebellion_risk},
          `Rebellion risk ${c.rebellion_risk}% a quarter (garrison needed: ${c.garrison_needed} battalion` +
          `${c.garrison_needed === 1 ? "" : "s"}; each one short adds 30%).`) : null);
    }

    function battleLine(b) {
      const victor = b.victor === "invader" ? `${b.invader} won` : b.victor === "defender" ? `${b.defender} held`
        : "both sides still stand";
      return el("li", {"data-battle": b.seq},
        `${b.planet}: ${b.rebellion ? "rebellion" : "invasion"} by ${b.invader} against ${b.defender} — ` +
        `${b.terrain}, ${b.weather}, ${b.weeks} week${b.weeks === 1 ? "" : "s"}: ${victor}. ` +
        `Lost: ${b.invaders_lost.length} of the ${b.invaders.length} attacking, ` +
        `${b.defenders_lost.length + (b.levy_lost || 0)} of the defenders.`);
    }

    async function rule(id, confirm, reasonInput, msg) {
      msg.textContent = "Saving…";
      try {
        const answer = await CV.http.post(CV.api(`ground-war/destructions/${id}/ruling/`),
          {confirm, reason: reasonInput.value});
        reads.shown(answer);
        data = answer;
        render();
        $("#gw-msg").textContent = confirm ? "Destruction confirmed." : "Destruction refused.";
      } catch (e) {
        msg.textContent = e.message;
      }
    }

    function destructionCard(d) {
      const reason = el("input", {type: "text", id: `gw-reason-${d.destruction_id}`, "aria-label": "Reason"});
      const msg = el("p", {class: "msg", role: "alert"});
      return el("li", {"data-destruction": d.destruction_id},
        el("h4", {}, `${d.label}: ${d.planet} (${d.owner}) — ordered by ${d.civ}, round ${d.round}`),
        el("p", {}, `The rules ask for ${Number(d.damage).toLocaleString()} points of damage.`),
        data.role === "gm" ? el("div", {class: "field"}, el("label", {for: reason.id}, "Reason (the players read it)"), reason) : null,
        data.role === "gm" ? el("div", {class: "row"},
          el("button", {type: "button", class: "gw-confirm", onclick: () => rule(d.destruction_id, true, reason, msg)}, "Confirm"),
          el("button", {type: "button", class: "gw-refuse", onclick: () => rule(d.destruction_id, false, reason, msg)}, "Refuse"))
          : el("p", {class: "muted"}, "Waiting for the GM."),
        msg);
    }

    function render() {
      panel.hidden = !data.enabled || data.role === "spectator";
      if (panel.hidden) return;
      $("#gw-destructions").hidden = !data.destructions.length;
      $("#gw-destruction-list").replaceChildren(...data.destructions.map(destructionCard));
      $("#gw-colonies").replaceChildren(...data.colonies.map(colonyCard));
      $("#gw-none").hidden = data.colonies.length > 0;
      $("#gw-battles").replaceChildren(...(data.battles.length ? data.battles.map(battleLine)
        : [el("li", {class: "muted"}, "None yet.")]));
    }

    const reads = CV.panelReads({
      fetch: () => CV.read("ground-war/"),
      draw: (answer) => { data = answer; render(); },
      fail: (e) => { $("#gw-msg").textContent = e.message; },
      changes: ["GroundForcesRaised", "GroundBattleFought", "ColonyOccupied", "ColonyLiberated", "RebellionRolled",
        "RebelsRaised", "WorldDestructionProposed", "WorldDestructionRuled", "CargoLoaded", "CargoUnloaded",
        "UnitArrived", "DetectionUpdated", "VictorDeclared", "ColonyDestroyed", "ColonyGrew", "SettingsInForce"],
      stateKey: (state) => `${state.round}:${state.step}`,
    });
    reads.now();
  }

  CV.afterScripts(start);
})();
