// Trade routes and raids on the campaign page (Exploit 2), from GET trade-routes/ (what the server lets this viewer
// read). A player: the trade each partner should bring at the next Exploit 7 and how (neighbours, agreement, route)
// before they order anything; their routes — where they run, freighters and what each carries, escorts, this round's
// catches — drawn on their star map; the routes partners run to them; the route and raid events they saw (the
// raided read "raiders" unless they identified them). The GM: every route. Orders go through the order forms.
(function () {
  "use strict";

  function start() {
    const CV = window.CV;
    const $ = CV.$;
    const el = CV.el;
    const panel = $("#tr");
    if (!panel) return;
    let data = null;
    const layer = $("#tr-layer");
    const mu = (n) => `${n} MU`;

    // The routes on the player's map (the GM's maps: every route): a line a Sector, the Sectors' hexes tinted.
    if (CV.starmap && CV.starmap.addLayer) {
      CV.starmap.addLayer((container) => {
        if (!layer.checked || !data || !data.routes) return null;
        if (data.role === "player" && container.id !== "player-map") return null;
        const routes = [...data.routes, ...(data.partner_routes || [])];
        if (!routes.length) return null;
        const lines = routes.flatMap((r) => r.sectors.slice(1).map((s, i) => [r.sectors[i], s]));
        return {sectors: [...new Set(routes.flatMap((r) => r.sectors))], lines, className: "trade-route",
                title: "Trade routes"};
      });
    }
    const redraw = () => document.querySelectorAll("svg.starmap").forEach(
      (svg) => CV.starmap && CV.starmap.redrawLayers(svg.parentElement));
    layer.addEventListener("change", redraw);

    $("#tr-open").addEventListener("click", () => {
      const form = document.querySelector('form[data-kind="OpenTradeRoute"]');
      if (form) {
        form.scrollIntoView({block: "start"});
        (form.querySelector("input, textarea, select") || form).focus();
        $("#tr-msg").textContent = "";
      } else {
        $("#tr-msg").textContent = "Routes are opened in Exploit 2, from a colony with a free freighter (a hull " +
          "with a cargo hold) to a partner you do not trade with yet.";
      }
    });

    const figures = (rows) => el("dl", {class: "tr-figures"}, ...rows.filter(Boolean).map(([term, value, key]) =>
      el("div", {"data-figure": key}, el("dt", {}, term), el("dd", {}, value))));

    function partnerCard(p) {
      const how = p.at_war ? "at war: no trade" : p.level === "none" ? "no trade yet" : `${p.level} trade (${p.percent}%) — ${p.how}`;
      return el("article", {class: "tr-card", "data-partner": p.civ_id},
        el("h4", {}, p.name),
        figures([
          ["How", how, "how"],
          ["You gain", mu(p.mine), "mine"],
          ["They gain", mu(p.theirs), "theirs"],
          p.capacity_mu !== null ? ["The freighters carry at most", mu(p.capacity_mu), "capacity"] : null,
          p.intercepts ? ["Convoys caught this round", String(p.intercepts), "intercepts"] : null,
        ]),
        p.level === "none" && !p.at_war ? el("p", {class: "muted"},
          p.route_problem ? `No route: ${p.route_problem}` : "A route would open limited trade with them.") : null);
    }

    function routeCard(r, theirs) {
      const me = String(data.civ_id);
      const title = theirs ? `${r.civ_name}'s route: ${r.from} → ${r.to}` : `${r.from} → ${r.to} (${r.partner_name})`;
      return el("article", {class: "tr-card", "data-route": r.route_id},
        el("h4", {}, title),
        figures([
          ["Sectors", r.sectors.join(" → "), "sectors"],
          r.freighters ? ["Freighters", r.freighters.map((f) => `${f.name} (${mu(f.carries_mu)} a quarter)`).join(", ")
            || "none left", "freighters"] : null,
          r.escorts ? ["Escorts", r.escorts.map((e) => e.name).join(", ") || "none", "escorts"] : null,
          r.capacity_mu !== undefined ? ["Carries at most", `${mu(r.capacity_mu)} a quarter`, "capacity"] : null,
          data.role === "gm" ? ["Trade at the next Exploit 7", Object.values(r.income).map(mu).join(" and "), "income"]
            : ["Your trade at the next Exploit 7", mu(r.income[me] || 0), "income"],
        ]),
        r.intercepts ? el("p", {class: "tr-raided"},
          `Raided this round: ${r.intercepts} convoy(s) caught, a quarter of the trade lost each.`) : null);
    }

    function render() {
      panel.hidden = !data.enabled || data.role === "spectator";
      if (panel.hidden) return;
      $("#tr-cap").textContent = data.cap_percent;
      $("#tr-open").hidden = data.role !== "player";
      const partners = data.partners || [];
      $("#tr-partners-h").hidden = $("#tr-partners").hidden = data.role !== "player";
      $("#tr-partners").replaceChildren(...partners.map(partnerCard));
      const routes = [...data.routes.map((r) => routeCard(r, false)),
                      ...(data.partner_routes || []).map((r) => routeCard(r, true))];
      $("#tr-routes").replaceChildren(...(routes.length ? routes : [el("p", {class: "muted"}, "No route yet.")]));
      $("#tr-history").replaceChildren(...(data.history.length
        ? data.history.map((h) => el("li", {"data-type": h.type}, `Round ${h.round}: ${h.description}`))
        : [el("li", {class: "muted"}, "Nothing yet.")]));
      redraw();
    }

    CV.panelReads({
      fetch: () => CV.read("trade-routes/"),
      draw: (answer) => { data = answer; render(); },
      fail: (e) => { $("#tr-msg").textContent = e.message; },
      changes: ["TradeRouteOpened", "TradeRouteClosed", "RaidSwept", "CommerceRaided", "FreighterLost", "RaidRepelled",
        "TradeOccurred", "TaxesCollected", "TreatyAccepted", "TreatyBroken", "WarDeclared", "StanceSet",
        "ColonyFounded", "DetectionUpdated", "SettingsInForce", "SettingsChanged", "StepResolved"],
    }).now();
  }

  CV.afterScripts(start);
})();
