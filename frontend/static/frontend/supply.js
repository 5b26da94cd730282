// Supply and crew on the campaign page (issue 18), from GET supply/ (what the server lets this viewer read).
// A player: their crew pool, each unit's supply (in or out, its stress tag and failed checks), crew grade and the
// Attack it fights with (also as a badge on the unit's row in "Your empire"), and a switch that draws their supply
// grid's reach on their star map. The GM: every
// civilization's, and each one's grid on its map. A spectator: nothing (no grid is public).
(function () {
  "use strict";
  const UNITS_SHOWN = 200;  // a large fleet lists its units out of supply first, then this many in all

  function start() {
    const CV = window.CV;
    const $ = CV.$;
    const el = CV.el;
    const panel = $("#sp");
    if (!panel) return;
    let data = null;
    const layer = $("#sp-layer");
    const fmt = (n) => Number(n).toLocaleString();

    // While the switch is on, the player's map draws their grid, and each of the GM's civilization maps (inside its
    // [data-civ] column) that civilization's (starmap.js layers).
    function gridFor(container) {
      if (!layer.checked || !data) return null;
      if (data.role === "player") return container.id === "player-map" ? data.civs[0] : null;
      const host = container.closest("[data-civ]");
      return host ? data.civs.find((c) => String(c.civ_id) === host.dataset.civ) || null : null;
    }
    if (CV.starmap && CV.starmap.addLayer) {
      CV.starmap.addLayer((container) => {
        const civ = gridFor(container);
        return civ && {sectors: civ.grid, className: "supply-grid",
                       title: `${civ.name}'s supply grid: ${data.range} Sector round each colony and way station`};
      });
    }
    const redraw = () => CV.starmap && document.querySelectorAll("#player-map, .gm-map").forEach(
      (container) => CV.starmap.redrawLayers(container));
    layer.addEventListener("change", redraw);

    function unitLine(u) {
      const supply = u.in_supply === null ? null : u.in_supply
        ? el("span", {class: "sp-in"}, "in supply")
        : el("span", {class: "sp-out"}, `out of supply — stress ${u.stress}%` +
          (u.failures ? `, ${u.failures} failed check${u.failures > 1 ? "s" : ""}` : ""));
      const grade = u.grade ? el("span", {class: "sp-grade"}, `${u.grade} crew`) : null;
      return el("li", {"data-unit": u.unit_id, "data-in-supply": String(u.in_supply)},
        el("strong", {}, u.name), ` (${u.design}) · sector ${u.sector_id} · `, supply, " ", grade,
        u.attack_percent !== 100 ? ` · fights at ${u.attack_percent}% Attack` : "",
        u.battles ? ` · ${u.battles} battle${u.battles > 1 ? "s" : ""} survived` : "");
    }

    function civBlock(civ) {
      const figures = [];
      if (data.supply) figures.push(["Supply grid", `${fmt(civ.grid.length)} Sectors in ${civ.parts} part${civ.parts === 1 ? "" : "s"}`, "grid"]);
      if (data.crew) figures.push(["Crew pool", `${fmt(civ.crew_pool)} (+${fmt(civ.pool_growth)} a quarter)`, "pool"]);
      const out = civ.units.filter((u) => u.in_supply === false || u.stress);
      const shown = [...out, ...civ.units.filter((u) => !out.includes(u))].slice(0, UNITS_SHOWN);
      const more = civ.units.length - shown.length + (civ.unlisted_units || 0);
      const others = civ.other_units
        ? `${fmt(civ.other_units)} other unit${civ.other_units > 1 ? "s" : ""}` +
          (data.supply ? " in supply" : "") + (data.crew ? " with regular crews" : "")
        : null;
      return el("div", {"data-civ": civ.civ_id},
        data.role === "gm" ? el("h3", {}, civ.name) : null,
        el("dl", {class: "sp-figures"}, ...figures.map(([term, value, key]) =>
          el("div", {"data-figure": key}, el("dt", {}, term), el("dd", {}, value)))),
        data.supply ? el("p", {class: out.length ? "sp-out" : "muted"}, out.length
          ? `${fmt(out.length)} unit${out.length > 1 ? "s" : ""} out of supply or under stress`
          : "Every unit is in supply.") : null,
        el("ul", {class: "sp-units plain", "aria-label": `${civ.name}: units' supply and crews`}, ...shown.map(unitLine)),
        more > 0 ? el("p", {class: "muted"}, `and ${fmt(more)} more`) : null,
        others ? el("p", {class: "muted", "data-others": civ.other_units}, others) : null);
    }

    // Each unit's row in the empire's tables (player.js draws them, a group at a time) carries its supply and crew.
    function badgeText(u) {
      const parts = [];
      if (u.in_supply === false) parts.push(`out of supply, stress ${u.stress}%`);
      else if (u.stress) parts.push(`stress ${u.stress}%`);
      if (u.grade && u.grade !== "regular") parts.push(`${u.grade} crew`);
      return parts.join(" · ");
    }
    function decorate() {
      if (!data || data.role !== "player") return;
      const byId = new Map(data.civs[0].units.map((u) => [String(u.unit_id), u]));
      document.querySelectorAll("#unit-groups tr[data-unit]").forEach((row) => {
        const unit = byId.get(row.dataset.unit);
        const text = unit ? badgeText(unit) : "";
        let badge = row.querySelector(".sp-badge");
        if (!text) { if (badge) badge.remove(); return; }
        if (!badge) {
          badge = el("span", {class: "badge sp-badge"});
          row.lastElementChild.append(" ", badge);
        }
        badge.classList.toggle("warn", unit.in_supply === false);
        if (badge.textContent !== text) badge.textContent = text;
      });
    }
    const unitGroups = $("#unit-groups");
    if (unitGroups) new MutationObserver(decorate).observe(unitGroups, {childList: true, subtree: true});

    function render() {
      const on = data.supply || data.crew;
      panel.hidden = !on || data.role === "spectator";
      if (panel.hidden) return;
      const rules = [];
      if (data.supply) rules.push(`Supply: one Sector round each colony and way station; out of it a unit ` +
        (data.attrition ? "gains 10% stress a round and rolls against it at the round's end." : "is reported, without stress."));
      if (data.crew) rules.push("Crew: green −10%, veteran +10%, elite +20% Attack; new units and prizes draw from the pool.");
      $("#sp-rules").textContent = rules.join(" ");
      $("#sp-layer-box").hidden = !data.supply;
      $("#sp-layer-text").textContent = data.role === "gm" ? "Show each civilization's supply grid on its map"
        : "Show my supply grid's reach on the star map";
      $("#sp-civs").replaceChildren(...data.civs.map(civBlock));
      redraw();
      decorate();
    }

    CV.panelReads({
      fetch: () => CV.read("supply/"),
      draw: (answer) => { data = answer; render(); },
      fail: (e) => { $("#sp-msg").textContent = e.message; },
      changes: ["UnitOutOfSupply", "StressChecked", "UnitResupplied", "CrewPoolGrew", "CrewDrawn", "CrewPromoted",
        "BattleSurvived", "UnitArrived", "UnitMoved", "ColonyFounded", "ColonyOperational", "ColonyOccupied",
        "ColonyDestroyed", "UnitCaptured", "UnitCompleted", "SettingsInForce", "SettingsChanged"],
    }).now();
  }

  CV.afterScripts(start);
})();
