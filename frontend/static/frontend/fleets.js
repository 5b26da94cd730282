// Fleets on the campaign page (issue 18, movement orders), from GET fleets/ (what the server lets this viewer read).
// A player: each of their fleets — flagship, members and their Move Rates (the slowest marked: the fleet's speed),
// where it is or is heading and how long it has to go, its orders, each leg of its route with the ETA in MP and
// rounds, the craft aboard — and the routes drawn on their star map. The GM: every civilization's. Orders are given
// through the order forms (Form a fleet, Set a fleet's course, ...); "Form a fleet" takes the player there.
(function () {
  "use strict";

  function start() {
    const CV = window.CV;
    const $ = CV.$;
    const el = CV.el;
    const panel = $("#fl");
    if (!panel) return;
    let data = null;
    const layer = $("#fl-layer");
    const rounds = (n) => `${n} round${n === 1 ? "" : "s"}`;

    // The player's map draws every fleet's route: a line a leg, the waypoints' hexes.
    if (CV.starmap && CV.starmap.addLayer) {
      CV.starmap.addLayer((container) => {
        if (!layer.checked || !data || data.role !== "player" || container.id !== "player-map") return null;
        const legs = data.fleets.flatMap((f) => f.legs);
        if (!legs.length) return null;
        return {sectors: [...new Set(legs.map((l) => l.to))], lines: legs.map((l) => [l.from, l.to]),
                className: "fleet-route", title: "Your fleets' routes and waypoints"};
      });
    }
    const redraw = () => CV.starmap && CV.starmap.redrawLayers($("#player-map"));
    layer.addEventListener("change", redraw);

    $("#fl-form").addEventListener("click", () => {
      const form = document.querySelector('form[data-kind="FormFleet"]');
      if (form) {
        form.scrollIntoView({block: "start"});
        (form.querySelector("input, textarea, select") || form).focus();
        $("#fl-msg").textContent = "";
      } else {
        $("#fl-msg").textContent = "Fleets are formed in Explore 14 or Exterminate 10, from units that are " +
          "Operational and in no fleet.";
      }
    });

    function where(f) {
      if (f.heading) return `in transit from Sector ${f.sector_id} to Sector ${f.heading}: ${f.eta_left} MP to go ` +
        `(${rounds(f.rounds_left)})`;
      return `at Sector ${f.sector_id}`;
    }

    function fleetCard(f) {
      const slowest = Math.min(...f.members.map((m) => m.move_rate));
      const figures = [
        ["Flagship", f.flagship_name || "lost", "flagship"],
        ["Speed", `${f.speed} MP a round (the slowest member's)`, "speed"],
        ["Where", where(f), "where"],
        ["Orders", f.order + (f.target ? `: ${f.target}` : ""), "orders"],
      ];
      return el("article", {class: "fl-card", "data-fleet": f.fleet_id, "aria-labelledby": `fl-${f.fleet_id}-h`},
        el("h3", {id: `fl-${f.fleet_id}-h`}, f.name),
        el("dl", {class: "fl-figures"}, ...figures.map(([term, value, key]) =>
          el("div", {"data-figure": key}, el("dt", {}, term), el("dd", {}, value)))),
        f.waypoints.length ? el("p", {"data-figure": "waypoints"}, "Waypoints: ",
          f.waypoints.map((w) => `Sector ${w}`).join(" → ")) : null,
        f.legs.length ? el("ol", {class: "fl-legs", "aria-label": `${f.name}: route`},
          ...f.legs.map((l) => el("li", {"data-leg": `${l.from}>${l.to}`},
            `Sector ${l.from} → Sector ${l.to}: `,
            l.mp === null ? "cannot go (a member has no FTL drive)" : `ETA ${l.mp} MP, ${rounds(l.rounds)}`)))
          : el("p", {class: "muted"}, "No leg to go: it holds where it is."),
        el("ul", {class: "fl-members", "aria-label": `${f.name}: members`},
          ...f.members.map((m) => el("li", {"data-unit": m.unit_id},
            el("strong", {}, m.name), ` (${m.design}) · Move Rate ${m.move_rate}`,
            m.move_rate === slowest && f.members.length > 1 ? el("span", {class: "fl-slowest"}, " · slowest") : null,
            m.ftl ? "" : " · no FTL drive",
            m.unit_id === f.flagship ? " · flagship" : ""))),
        f.aboard.length ? el("p", {"data-figure": "aboard"}, "Aboard: ",
          f.aboard.map((u) => `${u.name} (${u.design})`).join(", ")) : null);
    }

    function render() {
      panel.hidden = !data.module || data.role === "spectator";
      if (panel.hidden) return;
      $("#fl-form").hidden = data.role !== "player";
      layer.parentElement.hidden = data.role !== "player";
      $("#fl-list").replaceChildren(...(data.fleets.length ? data.fleets.map(fleetCard)
        : [el("p", {class: "muted"}, "No fleet yet.")]));
      redraw();
    }

    CV.panelReads({
      fetch: () => CV.read("fleets/"),
      draw: (answer) => { data = answer; render(); },
      fail: (e) => { $("#fl-msg").textContent = e.message; },
      changes: ["FleetFormed", "FleetJoined", "FleetLeft", "FleetOrdered", "FleetSetOut", "FleetMoved",
        "WaypointReached", "TargetIntercepted", "FleetHeld", "CraftEmbarked", "CraftLaunched", "UnitArrived",
        "UnitWrecked", "UnitCaptured", "DetectionUpdated", "SettingsInForce", "SettingsChanged"],
    }).now();
  }

  CV.afterScripts(start);
})();
