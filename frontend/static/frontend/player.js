// The player's campaign page: the empire overview, the star map, the orders the server says are legal now,
// the private thread with the GM, "since you were away" and the charts of the civilization's figures.
// Everything comes from the API (GET view/, orders/, legal-orders/, notes/, away/) and is refreshed from the
// live event stream; nothing is guessed on the client.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  const SVG = "http://www.w3.org/2000/svg";

  // --- names ----------------------------------------------------------------------------------------------------
  // The latest view, indexed, so event lines and orders can name units, places and civilizations.
  const names = {units: new Map(), pois: new Map(), planets: new Map(), civs: new Map(), moveRates: {}};
  let view = null;

  function index(v) {
    names.units = new Map([...v.units, ...v.other_units].map((u) => [u.unit_id, u]));
    names.pois = new Map(v.pois.map((p) => [p.poi_id, p]));
    names.planets = new Map(v.planets.map((p) => [p.planet_id, p]));
    names.civs = new Map(v.civs.map((c) => [c.civ_id, c.name]));
    names.moveRates = v.move_rates || {};
  }
  const unitName = (id) => (names.units.get(id) || {}).name || `unit #${id}`;
  const poiName = (id) => (id ? (names.pois.get(id) || {}).name || id : null);
  const planetName = (id) => (names.planets.get(id) || {}).name || id;
  const civName = (id) => names.civs.get(id) || `civilization #${id}`;
  const place = (sector, poi) => (poi ? `${poiName(poi)} (sector ${sector})` : `sector ${sector}`);
  const designName = (id) => id.replace(/^starter-/, "").replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  const kindTitle = (kind) => kind.replace(/([a-z])([A-Z])/g, "$1 $2");
  const fmt = (n) => Number(n).toLocaleString("en");
  const plural = (n, one, many) => `${fmt(n)} ${n === 1 ? one : many || `${one}s`}`;

  // Rounds until arrival: Explore 1 spends the Move Rate each round, Explore 2 lands a unit with none left.
  function etaRounds(unit) {
    const rate = names.moveRates[unit.design_id];
    return rate > 0 ? Math.ceil(unit.eta_left / rate) : null;
  }

  // --- event lines for the engine's events (the core describes the campaign's own) ------------------------------
  Object.assign(CV.describe, {
    UnitMoved: (p) => `${unitName(p.unit_id)} moved ${p.mp} MP; ${p.eta_left} MP to go.`,
    UnitArrived: (p) => `${unitName(p.unit_id)} arrived at ${place(p.sector_id, p.poi_id)}.`,
    UnitReleased: (p) => `${unitName(p.unit_id)} is free again (${p.task} done).`,
    CoursePlotted: (p) => `${unitName(p.unit_id)} set course for ${place(p.sector_id, p.poi_id)} (${p.eta} MP).`,
    DetectionUpdated: (p) => `Sensors: ${plural(p.units.length, "unit")} and ${plural(p.colonies.length, "colony", "colonies")} of others in view.`,
    CloseScanned: (p) => `Close scan: ${plural(p.planets.length, "planet")} surveyed, ${plural(p.units.length, "unit")} seen.`,
    SkirmishDeclared: (p) => `${civName(p.attacker_civ)} declared a skirmish on ${civName(p.defender_civ)} in sector ${p.sector_id}.`,
    SkirmishOpened: () => "A skirmish opened.",
    SkirmishCancelled: () => "A skirmish was called off.",
    SkirmishBegan: () => "A skirmish began.",
    UnitEvaded: (p) => `${unitName(p.unit_id)} evaded the skirmish.`,
    SkirmishFought: (p) => `A skirmish was fought: ${plural(p.outcomes.filter((o) => o.destroyed).length, "unit")} destroyed.`,
    VictorDeclared: (p) => `${civName(p.victor_civ)} won the skirmish.`,
    UnitWrecked: (p) => `${unitName(p.unit_id)} was wrecked in sector ${p.sector_id}.`,
    UnitCaptured: (p) => `${unitName(p.unit_id)} was captured by ${civName(p.civ_id)}.`,
    ColonyOccupied: (p) => `Colony #${p.colony_id} was occupied by ${civName(p.civ_id)}.`,
    ColonyDestroyed: (p) => `Colony #${p.colony_id} was destroyed.`,
    SpaceJunkCreated: (p) => `${fmt(p.junk)} junk drifts in sector ${p.sector_id}.`,
    MessageDelivered: (p) => `Message from ${civName(p.from_civ)} to ${civName(p.to_civ)}: ${p.text}`,
    GiftDelivered: (p) => `Gift from ${civName(p.from_civ)} to ${civName(p.to_civ)}: ${p.mu} MU, ${p.ore} Ore.`,
    CargoLoaded: (p) => `${unitName(p.unit_id)} loaded ${p.ore} Ore.`,
    CargoUnloaded: (p) => `${unitName(p.unit_id)} unloaded ${p.ore} Ore.`,
    ColonyFounded: (p) => `A colony was founded on ${planetName(p.planet_id)} (population ${p.population}).`,
    ColonyOperational: (p) => `Colony #${p.colony_id} is operational.`,
    ConstructionStarted: (p) => `Construction of ${p.name} started at ${poiName(p.poi_id)} (${p.mu} MU).`,
    ConstructionAdvanced: (p) => `Construction #${p.project_id} advanced ${p.bp} BP.`,
    ConstructionCompleted: (p) => `Construction #${p.project_id} completed.`,
    ConstructionHalted: (p) => `Construction #${p.project_id} halted${p.reason ? `: ${p.reason}` : "."}`,
    UnitCompleted: (p) => `${unitName(p.unit_id)} is complete and operational.`,
    TerraformingStarted: (p) => `Terraforming of ${planetName(p.planet_id)} started (${p.mu} MU).`,
    TerraformingAdvanced: (p) => `Terraforming #${p.project_id} advanced ${p.tp} TP${p.starved ? " (short of Ore)" : ""}.`,
    TerraformingCompleted: (p) => `Terraforming #${p.project_id} completed.`,
    TerraformingMadePermanent: (p) => `${planetName(p.planet_id)} is now viable.`,
    OreMined: (p) => `${p.ore} Ore mined on ${planetName(p.planet_id)}.`,
    ColonyGrew: (p) => `Colony #${p.colony_id} grew to ${fmt(p.population)}.`,
    TaxesCollected: (p) => `${fmt(p.mu)} MU of taxes collected.`,
    TradeOccurred: (p) => `Trade between ${civName(p.civ_a)} and ${civName(p.civ_b)}.`,
    TradeTaxesCollected: (p) => `${fmt(p.mu)} MU of trade taxes collected.`,
    SalvageCollected: (p) => `${unitName(p.unit_id)} salvaged ${p.ore} Ore.`,
    SpecialResourceProduced: (p) => `${p.amount} ${p.resource} produced.`,
  });

  // --- the empire overview ------------------------------------------------------------------------------------
  const UNIT_STATES = [
    ["operational", "Operational"], ["en_route", "En Route"], ["engaged", "Engaged"],
    ["under_construction", "Under Construction"], ["destroyed", "Destroyed"],
  ];
  const OPEN_GROUP_LIMIT = 30;  // bigger groups start closed and are drawn when opened, so 5,000 units load fast

  // An Engaged unit's task ("construction:7", "terraform:8", "occupy:20", "cargo", "salvage"), readably.
  function taskText(task) {
    if (!task) return "—";
    const [kind, id] = task.split(":");
    const project = view && id ? view.projects.find((p) => p.project_id === Number(id)) : null;
    const terraform = view && id ? view.terraforming.find((t) => t.project_id === Number(id)) : null;
    if (kind === "construction" && project) return `building ${unitName(project.unit_id)}`;
    if (kind === "terraform" && terraform) return `terraforming ${planetName(terraform.planet_id)}`;
    if (kind === "occupy") return `occupying colony #${id}`;
    return {cargo: "loading or unloading cargo", salvage: "salvaging junk"}[kind] || task;
  }

  function unitDetail(unit, projectsByUnit) {
    if (unit.state === "en_route") {
      const rounds = etaRounds(unit);
      return `→ ${place(unit.destination_sector, unit.destination_poi)} · ETA ${unit.eta_left} MP`
        + (rounds === null ? "" : ` (about ${plural(rounds, "round")})`);
    }
    if (unit.state === "engaged") return `Task: ${taskText(unit.task)}`;
    if (unit.state === "under_construction") {
      const project = projectsByUnit.get(unit.unit_id);
      return project ? `${project.bp_done}/${project.bp_needed} BP` : "";
    }
    return unit.carried_by ? `In the hold of ${unitName(unit.carried_by)}` : "";
  }

  function unitRows(units, projectsByUnit) {
    return units.map((u) => el("tr", {"data-unit": u.unit_id},
      el("th", {scope: "row"}, u.name),
      el("td", {}, designName(u.design_id)),
      el("td", {}, place(u.sector_id, u.poi_id)),
      el("td", {}, unitDetail(u, projectsByUnit))));
  }

  function unitGroup(key, title, units, projectsByUnit, wasOpen) {
    const tbody = el("tbody");
    const table = el("table", {class: "units"},
      el("caption", {class: "sr-only"}, `${title} units`),
      el("thead", {}, el("tr", {},
        el("th", {scope: "col"}, "Name"), el("th", {scope: "col"}, "Design"), el("th", {scope: "col"}, "Where"),
        el("th", {scope: "col"}, key === "en_route" ? "Course" : key === "engaged" ? "Task" : ""))),
      tbody);
    const details = el("details", {class: "unit-group", "data-state": key},
      el("summary", {}, `${title} `, el("span", {class: "badge"}, fmt(units.length))),
      el("div", {class: "table-scroll"}, table));
    let drawn = false;
    const draw = () => { if (!drawn) { drawn = true; tbody.append(...unitRows(units, projectsByUnit)); } };
    details.addEventListener("toggle", () => { if (details.open) draw(); });
    if (wasOpen ?? units.length <= OPEN_GROUP_LIMIT) { details.open = true; draw(); }
    return details;
  }

  function progress(label, done, needed, extra) {
    return el("li", {class: "project"},
      el("span", {}, `${label}: ${fmt(done)}/${fmt(needed)} ${extra}`),
      el("progress", {max: needed, value: Math.min(done, needed), "aria-label": label}));
  }

  function renderEmpire(body) {
    const v = body.view;
    const now = body.figures_now;
    const ore = v.ore_stocks.reduce((sum, s) => sum + s.ore, 0);
    $("#empire-msg").hidden = true;
    $("#empire").setAttribute("aria-busy", "false");
    $("#empire-figures").replaceChildren(...[
      ["Treasury", `${fmt(v.civ.mu)} MU`, "mu"], ["Ore in stock", fmt(ore), "ore"], ["Units", fmt(now.units), "units"],
      ["Colonies", fmt(now.colonies), "colonies"], ["Population", fmt(now.population), "population"],
    ].map(([term, value, key]) => el("div", {"data-figure": key}, el("dt", {}, term), el("dd", {}, value))));
    $("#ore-sites").replaceChildren(...(v.ore_stocks.length ? v.ore_stocks.map((s) => el("li", {},
      `${poiName(s.poi_id)}: ${fmt(s.ore)} Ore`)) : [el("li", {class: "muted"}, "No Ore in stock.")]));
    $("#colonies").replaceChildren(...(v.colonies.length ? v.colonies.map((c) => el("li", {"data-colony": c.colony_id},
      el("strong", {}, planetName(c.planet_id)),
      ` — population ${fmt(c.population)}, ${fmt(c.legal_citizens)} legal citizens`,
      c.operational ? null : el("span", {class: "badge"}, "not yet operational"),
      c.occupied_by ? el("span", {class: "badge warn"}, `occupied by ${civName(c.occupied_by)}`) : null))
      : [el("li", {class: "muted"}, "No colonies.")]));

    const projectsByUnit = new Map(v.projects.map((p) => [p.unit_id, p]));
    const opened = new Map([...document.querySelectorAll("#unit-groups details")].map((d) => [d.dataset.state, d.open]));
    const byState = new Map();
    v.units.forEach((u) => { if (!byState.has(u.state)) byState.set(u.state, []); byState.get(u.state).push(u); });
    const groups = UNIT_STATES.filter(([key]) => byState.has(key))
      .map(([key, title]) => unitGroup(key, title, byState.get(key), projectsByUnit, opened.get(key)));
    $("#unit-groups").replaceChildren(...(groups.length ? groups : [el("p", {class: "muted"}, "No units.")]));

    const projects = [
      ...v.projects.filter((p) => !p.completed).map((p) => progress(
        `Building ${unitName(p.unit_id)} (${designName(p.design_id)}) at ${poiName(p.poi_id)}`, p.bp_done, p.bp_needed, "BP")),
      ...v.terraforming.filter((t) => !t.completed).map((t) => progress(
        `Terraforming ${planetName(t.planet_id)}${t.starved ? " (short of Ore)" : ""}`, t.tp_done, t.tp_needed, "TP")),
    ];
    $("#projects").replaceChildren(...(projects.length ? projects : [el("li", {class: "muted"}, "Nothing under way.")]));
  }

  // --- the star map and its list ------------------------------------------------------------------------------
  const LIST_NAMES = 12;  // names listed per sector before "and N more"

  function namesLine(label, items) {
    if (!items.length) return null;
    const shown = items.slice(0, LIST_NAMES).join(", ");
    return el("div", {}, `${label}: ${shown}${items.length > LIST_NAMES ? `, and ${fmt(items.length - LIST_NAMES)} more` : ""}`);
  }

  function renderMapList(v) {
    const bySector = new Map(v.sectors.map((s) => [s.sector_id, {junk: s.junk, pois: [], own: [], other: []}]));
    const at = (sector) => {
      if (!bySector.has(sector)) bySector.set(sector, {junk: null, pois: [], own: [], other: []});
      return bySector.get(sector);
    };
    v.pois.forEach((p) => at(p.sector_id).pois.push(`${p.name} (${p.kind.replace(/_/g, " ")})`));
    v.units.filter((u) => !u.carried_by && u.state !== "destroyed").forEach((u) => at(u.sector_id).own.push(
      u.state === "en_route" ? `${u.name} (bound for sector ${u.destination_sector})` : u.name));
    v.other_units.forEach((u) => at(u.sector_id).other.push(`${u.name} (${civName(u.civ_id)})`));
    const rows = [...bySector.entries()].filter(([, s]) => s.pois.length || s.own.length || s.other.length || s.junk)
      .map(([sector, s]) => el("li", {"data-sector": sector}, el("strong", {}, `Sector ${sector}`),
        namesLine("Places", s.pois), namesLine("Your units", s.own), namesLine("Others seen", s.other),
        s.junk ? el("div", {}, `Junk: ${fmt(s.junk)}`) : null));
    $("#map-list").replaceChildren(...(rows.length ? rows : [el("li", {class: "muted"}, "Nothing charted yet.")]));
  }

  function renderMap(v) {
    CV.starmap($("#player-map"), v, {label: "Your star map: charted sectors, places, your units and others seen"});
    const box = $("#map-list-box");
    if (box.open) renderMapList(v);
  }
  $("#map-list-box").addEventListener("toggle", (ev) => { if (ev.target.open && view) renderMapList(view); });

  // --- charts -------------------------------------------------------------------------------------------------
  const CHARTS = [["mu", "Treasury (MU)"], ["ore", "Ore"], ["units", "Units"], ["colonies", "Colonies"],
                  ["population", "Population"]];

  function svgNode(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, v));
    node.append(...children);
    return node;
  }

  // The rounds' figures as recorded at each round's start, with the current round's live figures last.
  function series(body) {
    const rows = body.figures.filter((f) => f.round !== CV.state.round).sort((a, b) => a.round - b.round);
    return [...rows, {round: CV.state.round, ...body.figures_now}];
  }

  function lineChart(key, title, rows) {
    const W = 260, H = 120, L = 44, R = 10, T = 10, B = 24;
    const values = rows.map((r) => r[key] || 0);
    const max = Math.max(1, ...values);
    const first = rows[0].round, last = rows[rows.length - 1].round;
    const x = (round) => (last === first ? L + (W - L - R) / 2 : L + (round - first) / (last - first) * (W - L - R));
    const y = (value) => T + (1 - value / max) * (H - T - B);
    const id = `chart-${key}`;
    const points = rows.map((r) => `${x(r.round).toFixed(1)},${y(r[key] || 0).toFixed(1)}`);
    const desc = `${title} by round: ${rows.map((r) => `round ${r.round}: ${fmt(r[key] || 0)}`).join("; ")}.`;
    return el("figure", {class: "chart", "data-chart": key},
      svgNode("svg", {viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${id}-t ${id}-d`},
        svgNode("title", {id: `${id}-t`}, title),
        svgNode("desc", {id: `${id}-d`}, desc),
        svgNode("line", {x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis"}),
        svgNode("line", {x1: L, y1: T, x2: L, y2: H - B, class: "axis"}),
        svgNode("text", {x: L - 4, y: T + 4, class: "tick end"}, fmt(max)),
        svgNode("text", {x: L - 4, y: H - B, class: "tick end"}, "0"),
        ...(first === last ? [svgNode("text", {x: x(first), y: H - 6, class: "tick mid"}, `Round ${first}`)]
          : [svgNode("text", {x: L, y: H - 6, class: "tick"}, `R${first}`),
             svgNode("text", {x: W - R, y: H - 6, class: "tick end"}, `R${last}`)]),
        svgNode("polyline", {points: points.join(" "), class: "line"}),
        ...rows.map((r) => svgNode("circle", {cx: x(r.round), cy: y(r[key] || 0), r: 3, class: "dot"}))),
      el("figcaption", {}, `${title}: ${fmt(values[values.length - 1])}`));
  }

  function renderCharts(body) {
    const rows = series(body);
    $("#charts").replaceChildren(...CHARTS.map(([key, title]) => lineChart(key, title, rows)));
    $("#figures-table").replaceChildren(
      el("caption", {class: "sr-only"}, "Your figures by round"),
      el("thead", {}, el("tr", {}, el("th", {scope: "col"}, "Round"),
        ...CHARTS.map(([, title]) => el("th", {scope: "col"}, title)))),
      el("tbody", {}, ...rows.map((r) => el("tr", {}, el("th", {scope: "row"}, String(r.round)),
        ...CHARTS.map(([key]) => el("td", {}, fmt(r[key] || 0)))))));
  }

  // --- loading the view, on load and after each new event -------------------------------------------------------
  let viewTimer = null;
  let firstView = null;
  // Orders and "since you were away" name units from the view: they wait for the first load (or its failure).
  const viewReady = new Promise((resolve) => { firstView = resolve; });
  async function loadView() {
    try {
      const body = await CV.request("GET", CV.api("view/"));
      view = body.view;
      index(view);
      renderEmpire(body);
      renderMap(view);
      renderCharts(body);
      // A mark in the browser's performance timeline: how long a page takes to show the empire.
      if (!document.body.dataset.empire) performance.mark("cv:empire-rendered");
      document.body.dataset.empire = "ready";
    } catch (e) {
      $("#empire-msg").hidden = false;
      $("#empire-msg").textContent = `Your empire could not be loaded: ${e.message}`;
    } finally { firstView(); }
  }
  function refreshView(delay = 150) {
    clearTimeout(viewTimer);
    // Events come in bursts (a step's results): one fetch after the burst.
    viewTimer = setTimeout(loadView, delay);
  }

  // --- orders -------------------------------------------------------------------------------------------------
  // An order keeps its idempotency key until the server acknowledges it, so a re-send after a dropped
  // connection is stored once.
  async function sendOrder(body) {
    for (let attempt = 0; ; attempt++) {
      try { return await CV.request("POST", CV.api("orders/"), body); }
      catch (e) {
        if (!(e instanceof TypeError) || attempt >= 4) throw e;  // TypeError: the network failed, retry
        await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
      }
    }
  }

  // Returns the server's refusal (its readable reason), or null when the order was accepted.
  async function submitOrder(kind, payload, msg) {
    const key = (crypto.randomUUID && crypto.randomUUID()) || `${Date.now()}-${Math.random()}`;
    msg.textContent = "Sending…";
    try {
      await sendOrder({round: CV.state.round, step: CV.state.step, kind, payload, idempotency_key: key});
      msg.textContent = "Order accepted: you can withdraw it until the step closes.";
      loadOrders();
      return null;
    } catch (e) {
      msg.textContent = `Refused: ${e.message}`;
      return e.message;
    }
  }

  const choiceLabel = (name) => name.replace(/_id$/, "").replace(/_/g, " ");
  const choiceText = (name, value) => {
    if (value === null) return "— none —";
    if (name === "poi_id") return poiName(value);
    if (name === "planet_id") return planetName(value);
    if (name.endsWith("civ_id")) return civName(value);
    if (name.endsWith("unit_id")) return unitName(value);
    return String(value);
  };
  const cleanLabel = (label) => label.replace(/\*/g, "");

  // What an offer is about when the server names no unit: its fixed fields, readably.
  function offerText(legal) {
    if (legal.label !== legal.kind) return cleanLabel(legal.label);
    const fixed = Object.entries(legal.payload).map(([name, value]) => `${choiceLabel(name)} ${choiceText(name, value)}`);
    return fixed.join(", ") || kindTitle(legal.kind);
  }

  let formCount = 0;
  // One form per kind of order: pick what it is for (a unit, a target) among the server's offers, then the
  // choices that offer allows; thousands of units stay one select, not thousands of forms.
  function kindForm(kind, offers) {
    const n = ++formCount;
    const msg = el("p", {class: "msg", role: "status", "aria-live": "polite"});
    const choices = el("div", {class: "row choices"});
    const offerSelect = el("select", {id: `offer-${n}`, name: "offer"},
      ...offers.map((legal, i) => new Option(offerText(legal), String(i))));
    const current = () => offers[Number(offerSelect.value)];
    const drawChoices = () => {
      choices.replaceChildren(...Object.entries(current().choices).map(([name, values]) => {
        const id = `choice-${n}-${name}`;
        return el("div", {class: "field"}, el("label", {for: id}, choiceLabel(name)),
          el("select", {id, name, "data-choice": name},
            ...values.map((v) => new Option(choiceText(name, v), JSON.stringify(v)))));
      }));
    };
    offerSelect.addEventListener("change", drawChoices);
    drawChoices();
    const form = el("form", {class: "order-kind stack", "data-kind": kind, onsubmit: async (ev) => {
      ev.preventDefault();
      const button = form.querySelector("button");
      button.disabled = true;
      const payload = {...current().payload};
      choices.querySelectorAll("select").forEach((s) => { payload[s.name] = JSON.parse(s.value); });
      await submitOrder(kind, payload, msg);
      button.disabled = false;
    }},
    el("h3", {}, kindTitle(kind), " ", el("span", {class: "badge"}, offers.length === 1 ? "1 offer" : `${fmt(offers.length)} offers`)),
    el("div", {class: "field", hidden: offers.length === 1 && offers[0].label === kind},
      el("label", {for: `offer-${n}`}, offers[0].payload.unit_id !== undefined ? "Unit" : "For"), offerSelect),
    choices,
    el("div", {class: "row"}, el("button", {type: "submit"}, `Order ${kindTitle(kind)}`)),
    msg);
    return form;
  }

  function orderText(order) {
    const p = order.payload;
    if (order.kind === "Declare") return `Declare: ${p.text}`;
    const parts = Object.entries(p).filter(([, value]) => value !== null).map(([name, value]) => (name === "unit_id"
      ? unitName(value) : `${choiceLabel(name)} ${Array.isArray(value) ? value.map((u) => unitName(u)).join(", ") : choiceText(name, value)}`));
    return `${kindTitle(order.kind)}: ${parts.join(", ")}`;
  }

  function noteForm(order) {
    const id = `order-note-${order.id}`;
    const msg = el("span", {class: "msg", role: "status"});
    const text = el("textarea", {id, rows: 2, required: true});
    const form = el("form", {class: "stack order-note", hidden: true, onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const note = await CV.request("POST", CV.api("notes/"), {text: text.value, order_id: order.id});
        addNote(note);
        text.value = "";
        form.hidden = true;
        msg.textContent = "";
      } catch (e) { msg.textContent = e.message; }
    }},
    el("label", {for: id}, `Note to the GM about this order`), text,
    el("div", {class: "row"}, el("button", {type: "submit"}, "Send note"), msg));
    return form;
  }

  function myOrder(order, open) {
    const note = noteForm(order);
    return el("li", {"data-order": order.id},
      el("div", {class: "order-text"}, orderText(order)),
      el("div", {class: "row"},
        open ? el("button", {type: "button", class: "secondary", "aria-label": `Withdraw ${orderText(order)}`,
          onclick: async () => {
            try { await CV.request("DELETE", CV.api(`orders/${order.id}/`)); loadOrders(); }
            catch (e) { $("#order-msg").textContent = e.message; }
          }}, "Withdraw") : null,
        el("button", {type: "button", class: "secondary", "aria-expanded": "false",
          "aria-label": `Note to GM about ${orderText(order)}`,
          onclick: (ev) => {
            note.hidden = !note.hidden;
            ev.currentTarget.setAttribute("aria-expanded", String(!note.hidden));
            if (!note.hidden) note.querySelector("textarea").focus();
          }}, "Note to GM")),
      note);
  }

  const orderTexts = new Map();  // this step's orders, so a note can say which one it is about
  let ordersSeq = 0;
  async function loadOrders() {
    const mine = ++ordersSeq;
    const [orders, legal] = await Promise.all([
      CV.request("GET", CV.api("orders/")), CV.request("GET", CV.api("legal-orders/"))]);
    await viewReady;
    if (mine !== ordersSeq) return;  // a newer load is under way
    const open = CV.state.status === "open";
    orders.forEach((o) => orderTexts.set(o.id, orderText(o)));
    const kinds = new Map();
    legal.filter((l) => l.kind !== "Declare").forEach((l) => {
      if (!kinds.has(l.kind)) kinds.set(l.kind, []);
      kinds.get(l.kind).push(l);
    });
    // Keep a form the player is filling in when the list refreshes for someone else's event.
    const box = $("#legal-orders");
    const signature = JSON.stringify(legal);
    if (box.dataset.signature !== signature) {
      box.dataset.signature = signature;
      box.replaceChildren(...[...kinds.entries()].map(([kind, offers]) => kindForm(kind, offers)));
    }
    $("#my-orders").replaceChildren(...(orders.length ? orders.map((o) => myOrder(o, open))
      : [el("li", {class: "muted"}, "No orders given in this step yet.")]));
  }

  function renderReady(state) {
    const me = state.civilizations.find((c) => c.id === state.viewer.civ_id) || {};
    const ordersStep = state.step_kind === "orders" && state.status === "open";
    const button = $("#ready");
    button.disabled = Boolean(me.ready);
    button.textContent = me.ready ? "Marked ready" : "Mark ready";
    $("#ready-state").textContent = !ordersStep ? ""
      : me.ready ? `You are ready (${plural(me.orders || 0, "order")}). You can still change your orders until the step closes.`
      : `Not ready yet · ${plural(me.orders || 0, "order")} given.`;
    $("#ready-state").dataset.ready = me.ready ? "yes" : "no";
  }

  // --- notes to the GM ----------------------------------------------------------------------------------------
  const noteSeqs = new Set();
  function addNote(event) {
    if (noteSeqs.has(event.seq)) return;
    noteSeqs.add(event.seq);
    const p = event.payload;
    const fromGm = p.from === "gm";
    $("#notes").append(el("li", {class: fromGm ? "from-gm" : "from-me", "data-seq": event.seq},
      el("div", {class: "who"}, fromGm ? "GM" : `You (${p.author})`,
        p.order_id ? el("span", {class: "badge"}, `about order #${p.order_id}`
          + (orderTexts.has(p.order_id) ? ` (${orderTexts.get(p.order_id)})` : "")) : null),
      el("div", {}, p.text)));
  }

  async function loadNotes() {
    const notes = await CV.request("GET", CV.api("notes/"));
    notes.forEach(addNote);
    $("#notes").setAttribute("aria-live", "polite");  // announce new notes, not the whole thread on load
  }

  $("#note-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      addNote(await CV.request("POST", CV.api("notes/"), {text: $("#note-text").value}));
      $("#note-text").value = "";
      $("#note-msg").textContent = "Sent.";
    } catch (e) { $("#note-msg").textContent = e.message; }
  });

  // --- since you were away ------------------------------------------------------------------------------------
  const AWAY_GROUPS = [
    ["Movements and arrivals", ["UnitArrived", "CoursePlotted", "UnitMoved", "UnitReleased"]],
    ["Battles", ["SkirmishDeclared", "SkirmishOpened", "SkirmishCancelled", "SkirmishBegan", "UnitEvaded",
                 "SkirmishFought", "VictorDeclared", "UnitWrecked", "UnitCaptured", "ColonyOccupied",
                 "ColonyDestroyed", "SpaceJunkCreated"]],
    ["Discoveries", ["DetectionUpdated", "CloseScanned"]],
    ["GM rulings and notes", ["GmRuling", "ResultOverridden", "StepUndone", "NoteSent"]],
    ["Your economy", ["TaxesCollected", "TradeTaxesCollected", "TradeOccurred", "OreMined", "ColonyGrew",
                      "ColonyFounded", "ColonyOperational", "ConstructionStarted", "ConstructionAdvanced",
                      "ConstructionCompleted", "ConstructionHalted", "UnitCompleted", "TerraformingStarted",
                      "TerraformingAdvanced", "TerraformingCompleted", "TerraformingMadePermanent", "CargoLoaded",
                      "CargoUnloaded", "SalvageCollected", "SpecialResourceProduced"]],
    ["Diplomacy", ["MessageDelivered", "GiftDelivered"]],
  ];
  const STEP_BOOKKEEPING = new Set(["StepClosed", "StepOpened", "DiceRolled", "DiceEntered"]);
  const AWAY_LINES = 8;  // readable lines per group; the counts cover the rest
  let awaySeq = 0;
  let lastSeenSent = 0;

  function markSeen(seq, keepalive) {
    if (seq <= lastSeenSent) return;
    lastSeenSent = seq;
    fetch(CV.api("seen/"), {method: "POST", credentials: "same-origin", keepalive,
      headers: {"Content-Type": "application/json", "X-CSRFToken": CV.csrf}, body: JSON.stringify({seq})})
      .catch(() => { /* the next visit shows these events again */ });
  }

  function renderAway(events) {
    const steps = events.filter((e) => e.type === "StepResolved").length;
    const grouped = AWAY_GROUPS.map(([title, types]) => [title, events.filter((e) => types.includes(e.type))])
      .filter(([, list]) => list.length);
    const known = new Set(AWAY_GROUPS.flatMap(([, types]) => types));
    const other = events.filter((e) => !known.has(e.type) && !STEP_BOOKKEEPING.has(e.type) && e.type !== "StepResolved");
    if (other.length) grouped.push(["Other news", other]);
    if (!grouped.length) return false;
    const total = grouped.reduce((n, [, list]) => n + list.length, 0);
    $("#away-summary").textContent = `${plural(steps, "step")} resolved and ${plural(total, "event")} for you since your last visit`
      + (events.length >= 200 ? " (the first 200 shown; the chronicle has the rest)." : ".");
    $("#away-groups").replaceChildren(...grouped.map(([title, list]) => {
      const counts = new Map();
      list.forEach((e) => counts.set(e.type, (counts.get(e.type) || 0) + 1));
      return el("section", {class: "away-group", "aria-label": title},
        el("h3", {}, `${title} `, el("span", {class: "badge"}, fmt(list.length))),
        el("p", {class: "muted"}, [...counts.entries()].map(([type, n]) => `${kindTitle(type)} × ${n}`).join(" · ")),
        el("ul", {}, ...list.slice(-AWAY_LINES).map((e) => el("li", {"data-type": e.type}, CV.text(e)))),
        list.length > AWAY_LINES ? el("p", {class: "muted"}, `…and ${fmt(list.length - AWAY_LINES)} earlier.`) : null);
    }));
    $("#away").hidden = false;
    return true;
  }

  async function loadAway() {
    const away = await CV.request("GET", CV.api("away/"));
    awaySeq = away.events.reduce((m, e) => Math.max(m, e.seq), away.last_seen);
    await viewReady;
    if (!renderAway(away.events)) markSeen(awaySeq, false);
  }

  $("#away-dismiss").addEventListener("click", () => {
    $("#away").hidden = true;
    markSeen(Math.max(awaySeq, CV.state.last_seq || 0), false);
    $("#empire-h").setAttribute("tabindex", "-1");
    $("#empire-h").focus();
  });
  // Leaving the page: everything up to now has been on screen (live), so the next visit starts from here.
  window.addEventListener("pagehide", () => markSeen(Math.max(awaySeq, CV.state.last_seq || 0), true));

  // --- choices during a battle ---------------------------------------------------------------------------------
  // Asked live (BattleChoiceAsked) while Exterminate 4 waits; the server checks who answers and the deadline.
  const CHOICE_TEXT = {
    none: "Make no offer", surrender: "Offer surrender", terms: "Offer terms", accept: "Accept", refuse: "Refuse",
    fight_on: "Fight on", flee: "Flee",
  };
  const CHOICE_QUESTION = {
    offer: "Your fleet is winning. Offer the enemy a chance to surrender, or peace under your terms?",
    answer: "The enemy offers a settlement. Accept it?",
    withdrawal: "Your fleet is losing. Fight on, flee, or surrender?",
  };

  function choiceCard(choice) {
    const msg = el("p", {class: "msg", role: "status", "aria-live": "polite"});
    const termsId = `choice-terms-${choice.id}`;
    const terms = choice.kind === "offer"
      ? el("div", {class: "field"}, el("label", {for: termsId}, "Your terms (for “Offer terms”)"),
        el("textarea", {id: termsId, rows: "2"}))
      : null;
    const detail = choice.kind === "answer"
      ? el("p", {}, `Offered: ${choice.detail.kind}${choice.detail.terms ? ` — “${choice.detail.terms}”` : ""}`)
      : choice.kind === "withdrawal" ? el("p", {}, `Your fleet's endurance left: ${choice.detail.percent_left}%`)
      : null;
    const card = el("div", {class: "battle-choice", "data-choice-id": choice.id},
      el("p", {}, el("strong", {}, `Skirmish ${choice.skirmish_id}: `), CHOICE_QUESTION[choice.kind]),
      detail,
      el("p", {class: "muted"}, `Answer by ${new Date(choice.deadline).toLocaleString()}.`),
      terms,
      el("div", {class: "row"}, ...choice.allowed.map((value) => el("button", {type: "button", onclick: async () => {
        card.querySelectorAll("button").forEach((b) => { b.disabled = true; });
        try {
          await CV.request("POST", CV.api(`battle-choices/${choice.id}/`),
            {choice: value, terms: terms ? terms.querySelector("textarea").value : ""});
          loadChoices();
        } catch (e) {
          msg.textContent = e.message;
          card.querySelectorAll("button").forEach((b) => { b.disabled = false; });
        }
      }}, CHOICE_TEXT[value] || value))),
      msg);
    return card;
  }

  async function loadChoices() {
    const choices = await CV.request("GET", CV.api("battle-choices/"));
    const open = choices.filter((c) => c.answered_at === null && new Date(c.deadline) > new Date());
    $("#battle-choice-list").replaceChildren(...open.map(choiceCard));
    $("#battle-choices").hidden = open.length === 0;
  }

  // --- wiring -------------------------------------------------------------------------------------------------
  let started = false;
  let shownStep = null;
  CV.on("state", (state) => {
    const step = `${state.round}:${state.step}`;
    if (shownStep !== null && shownStep !== step) $("#order-msg").textContent = "";  // said of the last step
    shownStep = step;
    const open = state.step_kind === "orders" && state.status === "open";
    $("#order-form").hidden = !open;
    $("#legal-orders").hidden = !open;
    const note = $("#no-orders");
    note.hidden = open;
    note.textContent = state.status !== "open" ? "This step is closed: the GM is resolving it."
      : state.step_kind === "gm_ruling" ? "The rules leave this step to the GM, who may post a ruling to you."
      : "No orders in this step: it is resolved for every civilization at once.";
    renderReady(state);
    if (!started) {
      started = true;
      refreshView(0);
      loadNotes().catch(() => { /* loaded again on the next note event */ });
      loadAway().catch(() => { /* shown on the next visit */ });
      loadChoices().catch(() => { /* loaded again on the next choice event */ });
    }
    loadOrders().catch(() => { /* shown again on the next state */ });
  });

  CV.on("event", (event) => {
    if (event.type === "NoteSent") addNote(event);
    if (event.type === "BattleChoiceAsked" || event.type === "BattleChoiceAnswered") {
      loadChoices().catch(() => { /* loaded again on the next choice event */ });
    }
    if (!STEP_BOOKKEEPING.has(event.type) || event.type === "StepOpened") refreshView();
  });

  $("#order-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (await submitOrder("Declare", {text: $("#order-text").value}, $("#order-msg")) === null) $("#order-text").value = "";
  });
  $("#ready").addEventListener("click", async () => {
    const msg = $("#order-msg");
    try {
      await CV.request("POST", CV.api("ready/"), {round: CV.state.round, step: CV.state.step});
      msg.textContent = "You are marked ready.";
      CV.refreshState();
    } catch (e) { msg.textContent = e.message; }
  });
})();
