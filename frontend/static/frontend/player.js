// The player's campaign page: the empire overview, the star map, the orders the server says are legal now,
// the private thread with the GM, "since you were away" and the charts of the civilization's figures.
// Everything comes from the API (GET view/, orders/, legal-orders/, notes/, away/) and is kept up to date from the
// live event stream and the answers to the player's own requests; nothing is guessed on the client.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  const svg = CV.svg;

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
  const fmt = (n) => Number(n).toLocaleString("en");
  const plural = (n, one, many) => `${fmt(n)} ${n === 1 ? one : many || `${one}s`}`;

  // Rounds until arrival: Explore 1 spends the Move Rate each round, Explore 2 lands a unit with none left.
  function etaRounds(unit) {
    const rate = names.moveRates[unit.design_id];
    return rate > 0 ? Math.ceil(unit.eta_left / rate) : null;
  }

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
    if (kind === "yard") return `yard work on ${unitName(Number(id))}`;  // a repair or refit (yards.js)
    if (kind === "survey") return `surveying ${poiName(id)}`;
    return {cargo: "loading or unloading cargo", salvage: "salvaging junk"}[kind] || task;
  }

  // What a unit is doing, and the Ore in its hold (loaded in Expand 1, given in Explore 11), if any.
  function unitDetail(unit, projectsByUnit) {
    const hold = unit.ore ? `${fmt(unit.ore)} Ore in the hold` : "";
    return [unitActivity(unit, projectsByUnit), hold].filter(Boolean).join(" · ");
  }

  function unitActivity(unit, projectsByUnit) {
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

  // --- finding a unit among thousands: a filter, groups drawn when opened, matches a page at a time --------------
  const FOUND_PAGE = 50;  // matching rows drawn at once; "Show more" draws the next page
  const unitFilter = {words: [], design: "", state: ""};
  const filtering = () => Boolean(unitFilter.words.length || unitFilter.design || unitFilter.state);
  const openGroups = new Map();  // the groups the player opened or closed (without a filter), kept across redraws
  let shownUnit = null;  // the unit whose card is open

  // Every word typed is in the unit's name, design or place ("Star 4,5 (sector 4,5)").
  function matches(u) {
    if (!filtering()) return true;
    if ((unitFilter.design && u.design_id !== unitFilter.design) || (unitFilter.state && u.state !== unitFilter.state)) {
      return false;
    }
    const text = `${u.name} ${designName(u.design_id)} ${place(u.sector_id, u.poi_id)}`.toLowerCase();
    return unitFilter.words.every((word) => text.includes(word));
  }

  function unitRows(units, projectsByUnit) {
    return units.map((u) => el("tr", {"data-unit": u.unit_id},
      el("th", {scope: "row"}, el("button", {type: "button", class: "link", "aria-controls": "unit-card",
        onclick: () => showUnit(u.unit_id)}, u.name)),
      el("td", {}, designName(u.design_id)),
      el("td", {}, place(u.sector_id, u.poi_id)),
      el("td", {}, unitDetail(u, projectsByUnit))));
  }

  // A group of units in one state. Without a filter a big group starts closed and draws its rows when opened;
  // with one, it lists its matches (out of `total`) a page at a time.
  function unitGroup(key, title, units, total, projectsByUnit) {
    const tbody = el("tbody");
    const table = el("table", {class: "units"},
      el("caption", {class: "sr-only"}, `${title} units`),
      el("thead", {}, el("tr", {},
        el("th", {scope: "col"}, "Name"), el("th", {scope: "col"}, "Design"), el("th", {scope: "col"}, "Where"),
        el("th", {scope: "col"}, key === "en_route" ? "Course" : key === "engaged" ? "Task" : ""))),
      tbody);
    const more = el("button", {type: "button", class: "secondary show-more", hidden: true});
    const details = el("details", {class: "unit-group", "data-state": key},
      el("summary", {}, `${title} `, el("span", {class: "badge"},
        units.length === total ? fmt(total) : `${fmt(units.length)} of ${fmt(total)}`)),
      el("div", {class: "table-scroll"}, table), more);
    let drawn = 0;
    const draw = (upTo) => {
      if (upTo <= drawn) return;
      tbody.append(...unitRows(units.slice(drawn, upTo), projectsByUnit));
      drawn = Math.min(upTo, units.length);
      const left = units.length - drawn;
      more.hidden = left === 0;
      more.textContent = `Show ${fmt(Math.min(left, FOUND_PAGE))} more (${fmt(left)} not shown)`;
    };
    const paged = filtering();
    more.addEventListener("click", () => draw(drawn + FOUND_PAGE));
    details.addEventListener("toggle", () => {
      if (!paged) openGroups.set(key, details.open);
      if (details.open) draw(paged ? FOUND_PAGE : units.length);
    });
    if (paged || (openGroups.get(key) ?? total <= OPEN_GROUP_LIMIT)) {
      details.open = true;
      draw(paged ? FOUND_PAGE : units.length);
    }
    return details;
  }

  function renderUnits() {
    const v = view;
    const projectsByUnit = new Map(v.projects.map((p) => [p.unit_id, p]));
    const byState = new Map(UNIT_STATES.map(([key]) => [key, {all: 0, found: []}]));
    v.units.forEach((u) => {
      const group = byState.get(u.state);
      if (!group) return;
      group.all += 1;
      if (matches(u)) group.found.push(u);
    });
    const groups = UNIT_STATES.filter(([key]) => byState.get(key).found.length)
      .map(([key, title]) => unitGroup(key, title, byState.get(key).found, byState.get(key).all, projectsByUnit));
    const found = [...byState.values()].reduce((sum, g) => sum + g.found.length, 0);
    $("#unit-groups").replaceChildren(...(groups.length ? groups
      : [el("p", {class: "muted"}, v.units.length ? "No unit matches." : "No units.")]));
    $("#unit-filter-count").textContent = !filtering() || !found ? ""
      : found === 1 ? "1 unit matches." : `${fmt(found)} units match.`;
    // The filter's choices: the designs and states the civilization has.
    const designs = [...new Set(v.units.map((u) => u.design_id))].sort();
    fillSelect($("#unit-design"), "All designs", designs.map((d) => [d, designName(d)]));
    fillSelect($("#unit-state"), "All states", UNIT_STATES.filter(([key]) => byState.get(key).all));
    $("#unit-filter").hidden = v.units.length <= OPEN_GROUP_LIMIT && !filtering();
    renderUnitCard();
  }

  function fillSelect(select, none, choices) {
    const keep = select.value;
    select.replaceChildren(new Option(none, ""), ...choices.map(([value, label]) => new Option(label, value)));
    select.value = choices.some(([value]) => value === keep) ? keep : "";
  }

  let filterTimer = null;
  $("#unit-filter").addEventListener("input", () => {
    clearTimeout(filterTimer);
    // Typing redraws once the fingers pause, not at every key.
    filterTimer = setTimeout(() => {
      unitFilter.words = $("#unit-find").value.trim().toLowerCase().split(/\s+/).filter(Boolean);
      unitFilter.design = $("#unit-design").value;
      unitFilter.state = $("#unit-state").value;
      if (view) renderUnits();
    }, 150);
  });
  $("#unit-filter").addEventListener("submit", (ev) => ev.preventDefault());

  // --- one unit's card: its figures, and a course for it when it can be given one ----------------------------------
  function showUnit(unitId) {
    shownUnit = unitId;
    renderUnitCard();
    $("#unit-card").scrollIntoView({block: "nearest"});
    $("#unit-card-h").focus();
  }

  function renderUnitCard() {
    const card = $("#unit-card");
    const unit = shownUnit === null ? null : view.units.find((u) => u.unit_id === shownUnit);
    card.hidden = !unit;
    if (!unit) return;
    const abilities = (view.design_abilities || {})[unit.design_id] || {};
    const rate = names.moveRates[unit.design_id];
    const can = [abilities.armed && "fights", abilities.ftl && "jumps (FTL drive)",
      abilities.colonize && "founds colonies", abilities.cargo_capacity && `carries ${fmt(abilities.cargo_capacity)} cargo`,
      abilities.construction_bp && `builds (${fmt(abilities.construction_bp)} BP)`,
      abilities.terraform_tp && `terraforms (${fmt(abilities.terraform_tp)} TP)`, abilities.salvage && "salvages"]
      .filter(Boolean);
    const projectsByUnit = new Map(view.projects.map((p) => [p.unit_id, p]));
    const figures = [
      ["Design", abilities.name || designName(unit.design_id), "design"],
      ["State", (UNIT_STATES.find(([key]) => key === unit.state) || [null, unit.state])[1], "state"],
      ["Where", place(unit.sector_id, unit.poi_id), "where"],
      ["Move Rate", rate ? `${fmt(rate)} MP a round` : "does not move", "move-rate"],
      ["Can", can.join(", ") || "nothing special", "abilities"],
      ["Doing", unitDetail(unit, projectsByUnit) || "—", "doing"],
    ];
    const course = courseForms.find((c) => c.offers(unit.unit_id));
    card.replaceChildren(
      el("h4", {id: "unit-card-h", tabindex: "-1"}, unit.name),
      el("dl", {class: "unit-figures"}, ...figures.map(([term, value, key]) => el("div", {"data-unit-figure": key},
        el("dt", {}, term), el("dd", {}, value)))),
      el("div", {class: "row"},
        course && !$("#legal-orders").hidden ? el("button", {type: "button", onclick: () => course.forUnit(unit.unit_id)},
          `Plot a course for ${unit.name}`) : null,
        el("button", {type: "button", class: "secondary", onclick: () => { shownUnit = null; card.hidden = true; }},
          "Close")));
  }

  function progress(label, done, needed, extra) {
    return el("li", {class: "project"},
      el("span", {}, `${label}: ${fmt(done)}/${fmt(needed)} ${extra}`),
      el("progress", {max: needed, value: Math.min(done, needed), "aria-label": label}));
  }

  // A mine's project (Expand 6, BuildMine) builds no unit: it is named by its planet.
  function mineText(project, v) {
    const mine = v.mines.find((m) => m.mine_id === project.mine_id);
    return mine ? `Building a mine on ${planetName(mine.planet_id)}` : "Building a mine";
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
      ...v.mines.filter((m) => m.planet_id === c.planet_id).map((m) =>
        el("span", {class: "badge", "data-mine": m.mine_id},
          m.operational ? `mine: ${fmt(m.output)} Ore a quarter` : "mine being built")),
      c.occupied_by ? el("span", {class: "badge warn"}, `occupied by ${civName(c.occupied_by)}`) : null))
      : [el("li", {class: "muted"}, "No colonies.")]));

    renderUnits();

    const projects = [
      ...v.projects.filter((p) => !p.completed).map((p) => progress(p.unit_id === null ? mineText(p, v)
        : `Building ${unitName(p.unit_id)} (${designName(p.design_id)}) at ${poiName(p.poi_id)}`, p.bp_done, p.bp_needed, "BP")),
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
    CV.starmap($("#player-map"), v, {label: "Your star map: charted sectors, places, your units and others seen",
                                     onPick: pickOnMap});
    const box = $("#map-list-box");
    if (box.open) renderMapList(v);
  }
  $("#map-list-box").addEventListener("toggle", (ev) => { if (ev.target.open && view) renderMapList(view); });

  // --- charts -------------------------------------------------------------------------------------------------
  const CHARTS = [["mu", "Treasury (MU)"], ["ore", "Ore"], ["units", "Units"], ["colonies", "Colonies"],
                  ["population", "Population"]];

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
      svg("svg", {viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${id}-t ${id}-d`},
        svg("title", {id: `${id}-t`}, title),
        svg("desc", {id: `${id}-d`}, desc),
        svg("line", {x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis"}),
        svg("line", {x1: L, y1: T, x2: L, y2: H - B, class: "axis"}),
        svg("text", {x: L - 4, y: T + 4, class: "tick end"}, fmt(max)),
        svg("text", {x: L - 4, y: H - B, class: "tick end"}, "0"),
        ...(first === last ? [svg("text", {x: x(first), y: H - 6, class: "tick mid"}, `Round ${first}`)]
          : [svg("text", {x: L, y: H - 6, class: "tick"}, `R${first}`),
             svg("text", {x: W - R, y: H - 6, class: "tick end"}, `R${last}`)]),
        svg("polyline", {points: points.join(" "), class: "line"}),
        ...rows.map((r) => svg("circle", {cx: x(r.round), cy: y(r[key] || 0), r: 3, class: "dot"}))),
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
  // view/ leaves the map (Sectors, places, planets) to map/ and says which version of it is the player's now
  // (`map_version`, which the map carries too): the page reads map/ only when the map it holds is another version
  // (on the first load with the view, and again if they were not of the same moment). The view every panel reads
  // is the two together.
  let heldMap = null;
  async function loadView() {
    try {
      const [body, first] = await Promise.all([CV.read("view/"), heldMap ? null : CV.http.get(CV.api("map/"))]);
      heldMap = first || heldMap;
      if (heldMap.map_version !== body.map_version) heldMap = await CV.http.get(CV.api("map/"));
      view = Object.assign(body.view, heldMap);
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
    }
  }
  // Events come in bursts (a step's results): one fetch after the burst, with the page's other reads.
  function refreshView() { CV.soon(loadView); }

  // --- orders -------------------------------------------------------------------------------------------------
  // The server's offers (legal-orders/) and this step's orders (orders/) are read once a step; after that the page
  // keeps them from the answers to its own requests and from the live events of the player's other devices.
  let offers = [];
  const myOrders = new Map();  // this step's orders by id
  const orderTexts = new Map();  // every order seen, so a note can say which one it is about
  const sending = new Set();  // orders on their way: their OrderAccepted event may come before the answer
  let ordersLoad = Promise.resolve();
  let ordersPointer = null;
  let ordersOpen = null;

  const pointer = () => `${CV.state.round}:${CV.state.step}`;

  const SEQUENCE_STOPS = 4;  // stops a sequence field shows at once (a fleet's waypoints)
  // Each field type's control, and how to read it: undefined leaves the field out of the order.
  const WIDGETS = {
    choice(field, id) {
      const select = el("select", {id, name: field.name, required: field.required},
        field.required ? null : new Option("— none —", ""),
        ...field.choices.map((c) => new Option(c.label, JSON.stringify(c.value))));
      return [select, () => (select.value === "" ? undefined : JSON.parse(select.value))];
    },
    multichoice(field, id) {
      const boxes = field.choices.map((c, i) => el("input", {type: "checkbox", id: `${id}-${i}`,
        value: JSON.stringify(c.value)}));
      const set = el("fieldset", {class: "checks", id}, el("legend", {}, field.label),
        ...field.choices.map((c, i) => el("label", {for: boxes[i].id}, boxes[i], ` ${c.label}`)));
      return [set, () => {
        const chosen = boxes.filter((b) => b.checked).map((b) => JSON.parse(b.value));
        return chosen.length || field.required ? chosen : undefined;
      }];
    },
    // Picks in order (a fleet's waypoints): one select a stop, the stops left empty left out.
    sequence(field, id) {
      const stops = [...Array(Math.min(field.max || SEQUENCE_STOPS, SEQUENCE_STOPS)).keys()].map((i) =>
        el("select", {id: i ? `${id}-${i}` : id, "aria-label": `${field.label}: stop ${i + 1}`},
          new Option("— none —", ""), ...field.choices.map((c) => new Option(c.label, JSON.stringify(c.value)))));
      const set = el("fieldset", {class: "sequence stack"}, el("legend", {}, field.label),
        ...stops.map((stop, i) => el("label", {for: stop.id}, `Stop ${i + 1} `, stop)));
      return [set, () => {
        const chosen = stops.filter((s) => s.value !== "").map((s) => JSON.parse(s.value));
        return chosen.length || field.required ? chosen : undefined;
      }];
    },
    integer(field, id) {
      const input = el("input", {id, name: field.name, type: "number", inputmode: "numeric", step: "1",
        min: field.min, max: field.max, required: field.required});
      return [input, () => (input.value === "" ? undefined : Number(input.value))];
    },
    text(field, id) {
      const area = el("textarea", {id, name: field.name, rows: "3", maxlength: field.max_length,
        required: field.required});
      return [area, () => (area.value.trim() === "" ? undefined : area.value)];
    },
  };

  // --- the price of an order, before it is sent ------------------------------------------------------------------
  // The server quotes the order as filled in (order-price/): the price and odds come from the functions the step
  // that carries it out charges and rolls with, so the figure shown is the one charged. MU are paid when the order
  // is carried out, Build Points and Ore as the work goes on, a research project's MU a round at each roll.
  const RESOURCES = [["mu", "MU"], ["bp", "BP"], ["ore", "Ore"]];
  const amountText = (amounts) => RESOURCES.filter(([key]) => amounts[key])
    .map(([key, unit]) => `${fmt(amounts[key])} ${unit}`).join(", ");
  const percent = (share) => `${Math.round(share * 1000) / 10}%`;
  const priced = (offer) => Boolean(offer.have || offer.cost
    || offer.fields.some((f) => (f.choices || []).some((c) => c.cost)));

  // The odds as the resolution rolls them: a research roll's chance, a mission's success and risk.
  function oddsText(odds) {
    if (!odds) return "";
    if (odds.chance !== undefined) return `. Next roll: ${odds.chance}% (${odds.base}% + ${odds.bonus}% stations and scientists)`;
    return `. Odds: ${odds.attribute} ${odds.code} against ${odds.difficulty} difficulty dice: success `
      + `${percent(odds.success)}; the risk roll reaches ${odds.risk_base} ${percent(odds.risk_avoided)} of the time`;
  }

  // "costs 40 MU, 10 BP, 10 Ore — you have 1,250 MU, 40 Ore": the server's quote of the order as chosen, and what
  // the offer says the civilization has to spend (its treasury, the Ore at the site).
  function quoteText(quote, have) {
    const cost = quote.cost;
    const now = amountText(cost);
    const round = cost.mu_each_round ? `${fmt(cost.mu_each_round)} MU a round, paid as each roll is made` : "";
    const text = now && round ? `costs ${now} now, then ${round}` : now ? `costs ${now}` : round ? `costs ${round}`
      : "costs nothing";
    return `${text} — you have ${amountText(have || quote.have) || "nothing to spend"}${oddsText(quote.odds)}`;
  }

  // Asks the quote once the choice settles, for a form whose required fields are filled in and that the player has
  // touched: a step's forms, as drawn, cost no request.
  function priceWatcher(box, send) {
    let timer = null;
    let asked = "";
    return (offer, chosen, touched) => {
      const filled = offer.fields.every((f) => !f.required || chosen[f.name] !== undefined);
      const query = priced(offer) && filled ? JSON.stringify({kind: offer.kind, payload: chosen}) : "";
      if (query === asked) return;
      clearTimeout(timer);
      asked = touched ? query : "";
      box.classList.remove("warn");
      send.removeAttribute("aria-describedby");
      box.hidden = !priced(offer);
      box.textContent = !priced(offer) || (filled && touched) ? "" : filled ? "Choose to see its price."
        : "Fill in the order to see its price.";
      if (!asked) return;
      timer = setTimeout(async () => {
        box.textContent = "Working out the price…";
        try {
          const quote = await CV.http.post(CV.api("order-price/"), JSON.parse(query));
          if (asked === query) box.textContent = quoteText(quote, offer.have);
        } catch (e) {
          if (asked !== query) return;
          box.textContent = `It would be refused: ${e.message}`;
          box.classList.add("warn");
          send.setAttribute("aria-describedby", box.id);
        }
      }, 250);
    };
  }

  // --- destinations: by name (filtered), on the star map, with the ETA ----------------------------------------------
  const FILTER_FROM = 20;  // choices from which a destination list gets a type-to-filter box
  const courseForms = [];  // the open Plot a Course forms, which a click on the star map fills in

  // A long choice list gets a filter box: typing keeps the options whose names match (the chosen one stays).
  function filterBox(select, field, id) {
    const input = el("input", {id: `${id}-filter`, type: "search", autocomplete: "off",
      placeholder: "Type part of a name", "aria-controls": id});
    const count = el("span", {class: "muted", "aria-live": "polite"});
    input.addEventListener("input", () => {
      // The matches only; the one chosen stays chosen if it matches, else the first match is.
      const words = input.value.trim().toLowerCase();
      const keep = select.value;
      const shown = field.choices.filter((c) => !words || c.label.toLowerCase().includes(words));
      select.replaceChildren(...(field.required ? [] : [new Option("— none —", "")]),
        ...shown.map((c) => new Option(c.label, JSON.stringify(c.value))));
      select.value = keep;
      if (select.value !== keep && shown.length) select.value = JSON.stringify(shown[0].value);
      select.dispatchEvent(new Event("change", {bubbles: true}));
      count.textContent = words ? (shown.length ? plural(shown.length, "match", "matches") : "No match.") : "";
    });
    return el("div", {class: "field"}, el("label", {for: input.id}, "Find by name"), input, count);
  }

  // The ETA of the course chosen, from the server's course rule, fetched once the choice settles.
  function etaWatcher(box) {
    let timer = null;
    let asked = "";
    return (payload) => {
      const {unit_id: unit, sector_id: sector, poi_id: poi} = payload;
      const query = unit === undefined || sector === undefined ? ""
        : `unit_id=${unit}&sector_id=${encodeURIComponent(sector)}` + (poi ? `&poi_id=${encodeURIComponent(poi)}` : "");
      if (query === asked) return;  // asked already (or on its way)
      clearTimeout(timer);
      asked = query;
      if (!query) { box.textContent = ""; return; }
      timer = setTimeout(async () => {
        box.textContent = "Working out the ETA…";
        box.classList.remove("warn");
        try {
          const eta = await CV.http.get(CV.api(`course-eta/?${query}`));
          if (asked !== query) return;
          box.textContent = `ETA: ${plural(eta.rounds, "round")} (${fmt(eta.mp)} MP) — arrives ${eta.eta}, round ${eta.round}.`;
        } catch (e) {
          if (asked !== query) return;
          box.textContent = `No course: ${e.message}`;
          box.classList.add("warn");
        }
      }, 250);
    };
  }

  // Returns the server's refusal (an error with its readable reason and field), or null when it was accepted.
  async function submitOrder(kind, payload, msg) {
    const key = (crypto.randomUUID && crypto.randomUUID()) || `${Date.now()}-${Math.random()}`;
    msg.textContent = "Sending…";
    // The idempotency key makes a re-send after a dropped connection safe: the order is stored once.
    const request = CV.http.post(CV.api("orders/"),
      {round: CV.state.round, step: CV.state.step, kind, payload, idempotency_key: key}, {idempotent: true});
    sending.add(request);
    try {
      keepOrder(await request);
      renderOrders();
      await loadOrders();
      say(kind, msg, "Order accepted: you can withdraw it until the step closes.");
      return null;
    } catch (e) {
      msg.textContent = `Refused: ${e.message}`;
      return e;
    } finally { sending.delete(request); }
  }

  // Once an order is given or withdrawn the offers are read again, as the server finds them after this step's
  // orders: a builder set to work is not offered twice (issue 36). The forms are drawn anew, so what happened is
  // said in the new form of the kind used; when that kind is no longer offered, the form used stays with only its
  // heading and what happened, until the forms are drawn again.
  function say(kind, msg, text) {
    const used = msg.closest("form");
    const now = [...$("#legal-orders").querySelectorAll("form.order-kind")].find((f) => f.dataset.kind === kind);
    if (used && !used.isConnected && !now) {
      used.querySelectorAll(":scope > :not(h3, p.msg)").forEach((part) => part.remove());
      $("#legal-orders").append(used);
    }
    (msg.isConnected ? msg : now.querySelector("p.msg")).textContent = text;
  }

  // A Point of Interest is chosen in the destination Sector: its list follows the Sector chosen, and one left
  // from another Sector is let go (issue 36: "no Point of Interest morgan in Sector 2,0").
  function poisFollowSector(inputs) {
    const sector = inputs.find((i) => i.field.name === "sector_id" && i.field.type === "choice");
    const poi = inputs.find((i) => i.field.name === "poi_id" && i.field.type === "choice");
    if (!sector || !poi) return () => {};
    let shownFor;
    return () => {
      const where = sector.read();
      if (where === shownFor) return;
      shownFor = where;
      const keep = poi.control.value;
      const here = poi.field.choices.filter((c) => (names.pois.get(c.value)?.sector_id ?? where) === where);
      poi.control.replaceChildren(...(poi.field.required ? [] : [new Option("— none —", "")]),
        ...here.map((c) => new Option(c.label, JSON.stringify(c.value))));
      poi.control.value = here.some((c) => JSON.stringify(c.value) === keep) ? keep : "";
    };
  }

  let formCount = 0;
  // One form per kind of order: pick what it is for among the server's offers (thousands of units stay one
  // select, not thousands of forms), then fill in that offer's fields, each drawn from its type and label, with
  // its price and what the civilization has; a refusal is shown next to the field the server names.
  function kindForm(kindOffers) {
    const n = ++formCount;
    const first = kindOffers[0];
    const course = first.kind === "PlotCourse";
    const msg = el("p", {class: "msg", id: `order-${n}-msg`, role: "status", "aria-live": "polite"});
    const about = el("p", {class: "muted"});
    const fieldBox = el("div", {class: "stack"});
    const price = el("p", {class: "price", id: `order-${n}-price`, "aria-live": "polite"});
    const eta = el("p", {class: "eta", id: `order-${n}-eta`, "aria-live": "polite"});
    const watchEta = course ? etaWatcher(eta) : null;
    const send = el("button", {type: "submit"}, first.label);
    const watchPrice = priceWatcher(price, send);
    const picker = kindOffers.length > 1
      ? el("select", {id: `order-${n}-offer`}, ...kindOffers.map((o, i) => new Option(o.title, String(i)))) : null;
    const current = () => kindOffers[picker ? Number(picker.value) : 0];
    let inputs = [];
    let followSector = () => {};

    const values = () => {
      const out = {...current().payload};
      inputs.forEach(({field, read}) => { const v = read(); if (v !== undefined) out[field.name] = v; });
      return out;
    };
    const clearProblems = () => inputs.forEach(({control, problem}) => {
      control.removeAttribute("aria-invalid");
      problem.textContent = "";
      problem.hidden = true;
    });
    // The price (and odds) and the ETA follow the selection, each as the server works it out, once the player
    // touches the form: forms drawn anew (each step, after each order) ask the server nothing.
    const update = (touched = false) => {
      followSector();
      const chosen = values();
      send.disabled = false;
      watchPrice(current(), chosen, touched);
      if (watchEta && touched) watchEta(chosen);
    };
    const draw = () => {
      const offer = current();
      about.replaceChildren(...(picker ? [] : [el("strong", {}, offer.title), " "]), offer.description);
      inputs = offer.fields.map((field) => {
        const id = `order-${n}-${field.name}`;
        const [control, read] = WIDGETS[field.type](field, id);
        const problem = el("p", {class: "field-problem", id: `${id}-problem`, role: "alert", hidden: true});
        const filter = field.type === "choice" && field.choices.length >= FILTER_FROM ? filterBox(control, field, id) : null;
        const box = ["multichoice", "sequence"].includes(field.type) ? el("div", {class: "field"}, control, problem)
          : el("div", {class: "field"}, el("label", {for: id}, field.label), control, problem);
        return {field, control, read, problem, box: filter ? el("div", {class: "stack"}, filter, box) : box};
      });
      fieldBox.replaceChildren(...inputs.map((input) => input.box));
      followSector = poisFollowSector(inputs);
      update();
    };
    if (picker) picker.addEventListener("change", () => { clearProblems(); draw(); });
    ["input", "change", "focusin"].forEach((type) => fieldBox.addEventListener(type, () => update(true)));
    draw();

    const form = el("form", {class: "order-kind stack", "data-kind": first.kind, "aria-labelledby": `order-${n}-h`,
      novalidate: true,  // each field's problem is said next to it, in the server's words
      onsubmit: async (ev) => {
        ev.preventDefault();
        const offer = current();
        clearProblems();
        send.disabled = true;
        const refused = await submitOrder(offer.kind, values(), msg);
        update();
        if (refused) {
          // The field the server names is marked, and described by the refusal, next to it.
          const named = inputs.find((i) => `payload.${i.field.name}` === refused.field);
          if (named) {
            named.problem.textContent = refused.message;
            named.problem.hidden = false;
            named.control.setAttribute("aria-invalid", "true");
            named.control.setAttribute("aria-describedby", named.problem.id);
            named.control.focus();
          }
        } else {
          inputs.filter((i) => i.field.type === "text").forEach((i) => { i.control.value = ""; });
        }
      }},
    el("h3", {id: `order-${n}-h`}, first.label, " ",
      el("span", {class: "badge"}, kindOffers.length === 1 ? "1 offer" : `${fmt(kindOffers.length)} offers`)),
    picker ? el("div", {class: "field"}, el("label", {for: picker.id}, "Choose"), picker) : null,
    about,
    fieldBox,
    price,
    course ? eta : null,
    el("div", {class: "row"}, send),
    msg);

    // A Sector (or a place in it) picked on the star map: the first offer that can go there takes it. A unit
    // picked in the list (its card's "Plot a course"): the offer that moves it, with the unit chosen.
    if (course) {
      const set = (name, value) => {
        const input = inputs.find((i) => i.field.name === name);
        if (!input) return;
        const option = JSON.stringify(value);
        if (![...input.control.options].some((o) => o.value === option)) {
          const filter = form.querySelector(`#${input.control.id}-filter`);
          if (filter) { filter.value = ""; filter.dispatchEvent(new Event("input")); }
        }
        input.control.value = value === null ? "" : option;
      };
      const choose = (offer) => { if (offer !== current()) { picker.value = String(kindOffers.indexOf(offer)); draw(); } };
      const moves = (unitId) => (offer) => offer.payload?.unit_id === unitId
        || offer.fields.some((f) => f.name === "unit_id" && f.choices.some((c) => c.value === unitId));
      courseForms.push({form,
        offers: (unitId) => kindOffers.some(moves(unitId)),
        forUnit(unitId) {
          const at = moves(unitId)(current()) ? current() : kindOffers.find(moves(unitId));
          if (!at) return;
          choose(at);
          set("unit_id", unitId);
          msg.textContent = `A course for ${unitName(unitId)}: choose its destination.`;
          update(true);
          form.scrollIntoView({block: "center"});
          inputs.find((i) => i.field.name === "sector_id").control.focus();
        },
        pick(sector, poi) {
          const can = (offer) => {
            const field = offer.fields.find((f) => f.name === "sector_id");
            return field && field.choices.some((c) => c.value === sector);
          };
          const at = can(current()) ? current() : kindOffers.find(can);
          if (!at) {
            msg.textContent = `Sector ${sector} is not a destination your units can choose now.`;
            form.scrollIntoView({block: "nearest"});
            return;
          }
          choose(at);
          set("sector_id", sector);
          followSector();  // the Points of Interest of that Sector to choose among
          set("poi_id", poi && at.fields.some((f) => f.name === "poi_id" && f.choices.some((c) => c.value === poi)) ? poi : null);
          msg.textContent = `Destination from the map: ${poi ? `${poiName(poi)}, ` : ""}Sector ${sector}.`;
          update(true);
          form.scrollIntoView({block: "center"});
          inputs.find((i) => i.field.name === "sector_id").control.focus();
        }});
    }
    return form;
  }

  // A click on the star map (a Sector or a place in it) fills the Plot a Course form, when there is one.
  function pickOnMap(sector, poi) {
    if (courseForms.length && !$("#legal-orders").hidden) courseForms[0].pick(sector, poi);
  }

  function noteForm(order) {
    const id = `order-note-${order.id}`;
    const msg = el("span", {class: "msg", role: "status"});
    const text = el("textarea", {id, rows: 2, required: true});
    const form = el("form", {class: "stack order-note", hidden: true, onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        addNote(await CV.http.post(CV.api("notes/"), {text: text.value, order_id: order.id}));
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
    const text = orderTexts.get(order.id);
    return el("li", {"data-order": order.id},
      el("div", {class: "order-text"}, text),
      el("div", {class: "row"},
        open ? el("button", {type: "button", class: "secondary", "aria-label": `Withdraw ${text}`,
          onclick: async () => {
            try {
              await CV.http.delete(CV.api(`orders/${order.id}/`));
              if (myOrders.delete(order.id)) renderOrders();
              await loadOrders();  // what it committed is offered again
            } catch (e) { $("#order-msg").textContent = e.message; }
          }}, "Withdraw") : null,
        el("button", {type: "button", class: "secondary", "aria-expanded": "false",
          "aria-label": `Note to GM about ${text}`,
          onclick: (ev) => {
            note.hidden = !note.hidden;
            ev.currentTarget.setAttribute("aria-expanded", String(!note.hidden));
            if (!note.hidden) note.querySelector("textarea").focus();
          }}, "Note to GM")),
      note);
  }

  function renderOrders() {
    ordersOpen = CV.state.status === "open";
    const orders = [...myOrders.values()].sort((a, b) => a.id - b.id);
    $("#my-orders").replaceChildren(...(orders.length ? orders.map((o) => myOrder(o, ordersOpen))
      : [el("li", {class: "muted"}, "No orders given in this step yet.")]));
  }

  // An order of this step (the server takes orders for the open step only), from an answer or a read.
  function keepOrder(order) {
    orderTexts.set(order.id, order.description);
    myOrders.set(order.id, order);
  }

  // legal-orders/ sends a choice list several fields share once, in the field with its `choices_id`; the others
  // say `choices_ref`. Every form reads `field.choices`, so the lists are put back here, in one place.
  function withChoices(legal) {
    const shared = new Map();
    legal.forEach((o) => o.fields.forEach((f) => { if (f.choices_id) shared.set(f.choices_id, f.choices); }));
    legal.forEach((o) => o.fields.forEach((f) => { if (f.choices_ref) f.choices = shared.get(f.choices_ref); }));
    return legal;
  }

  // Once a step: the offers and the orders already given (by this page or another of the player's devices).
  function loadOrders() {
    const wanted = pointer();
    ordersPointer = wanted;
    ordersLoad = Promise.all([CV.read("orders/"), CV.read("legal-orders/")])
      .then(([orders, legal]) => {
        if (wanted !== pointer()) return;  // the step moved on meanwhile; its own load follows
        offers = withChoices(legal);
        myOrders.clear();
        orders.forEach(keepOrder);
        const kinds = new Map();
        offers.forEach((o) => { if (!kinds.has(o.kind)) kinds.set(o.kind, []); kinds.get(o.kind).push(o); });
        courseForms.length = 0;
        $("#legal-orders").replaceChildren(...[...kinds.values()].map(kindForm));
        $("#legal-orders").dataset.pointer = wanted;  // the step these forms are for
        renderOrders();  // an empty list says so
        if (view) renderUnitCard();  // a course for the unit shown, or none now
      })
      .catch(() => { ordersPointer = null; /* the next state tries again */ });
    return ordersLoad;
  }

  // An order given or withdrawn live: this page's own are known from their answers (which read the offers again);
  // another device's or the bot's are read, with the offers they change: a unit it set to work is not offered here.
  async function orderEvent(event) {
    if (event.type === "OrderWithdrawn") {
      if (myOrders.delete(event.payload.order_id)) { renderOrders(); CV.soon(loadOrders); }
      return;
    }
    await Promise.allSettled([ordersLoad, ...sending]);
    if (!myOrders.has(event.payload.order_id) && `${event.round}:${event.step}` === pointer()) CV.soon(loadOrders);
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
    const notes = await CV.read("notes/");
    notes.forEach(addNote);
    $("#notes").setAttribute("aria-live", "polite");  // announce new notes, not the whole thread on load
  }

  $("#note-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      addNote(await CV.http.post(CV.api("notes/"), {text: $("#note-text").value}));
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
  const AWAY_LINES = 8;  // readable lines per group; the counts cover the rest
  let awaySeq = 0;
  let lastSeenSent = 0;

  function markSeen(seq, keepalive) {
    if (seq <= lastSeenSent) return;
    lastSeenSent = seq;
    CV.http.post(CV.api("seen/"), {seq}, {keepalive}).catch(() => { /* the next visit shows these events again */ });
  }

  // The chronicle's events, grouped; the steps' machinery only counts the steps resolved.
  function renderAway(events) {
    const steps = events.filter((e) => e.type === "StepResolved").length;
    const news = events.filter(CV.events.isChronicle);
    const grouped = AWAY_GROUPS.map(([title, types]) => [title, news.filter((e) => types.includes(e.type))])
      .filter(([, list]) => list.length);
    const known = new Set(AWAY_GROUPS.flatMap(([, types]) => types));
    const other = news.filter((e) => !known.has(e.type));
    if (other.length) grouped.push(["Other news", other]);
    if (!grouped.length) return false;
    $("#away-summary").textContent = `${plural(steps, "step")} resolved and ${plural(news.length, "event")} for you since your last visit`
      + (events.length >= 200 ? " (the first 200 shown; the chronicle has the rest)." : ".");
    $("#away-groups").replaceChildren(...grouped.map(([title, list]) => el("section", {class: "away-group", "aria-label": title},
      el("h3", {}, `${title} `, el("span", {class: "badge"}, fmt(list.length))),
      el("ul", {}, ...list.slice(-AWAY_LINES).map((e) => CV.events.line(e))),
      list.length > AWAY_LINES ? el("p", {class: "muted"}, `…and ${fmt(list.length - AWAY_LINES)} earlier.`) : null)));
    $("#away").hidden = false;
    return true;
  }

  async function loadAway() {
    const away = await CV.read("away/");
    awaySeq = away.events.reduce((m, e) => Math.max(m, e.seq), away.last_seen);
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
          await CV.http.post(CV.api(`battle-choices/${choice.id}/`),
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
    const choices = await CV.read("battle-choices/");
    const open = choices.filter((c) => c.answered_at === null && new Date(c.deadline) > new Date());
    $("#battle-choice-list").replaceChildren(...open.map(choiceCard));
    $("#battle-choices").hidden = open.length === 0;
  }

  // --- wiring -------------------------------------------------------------------------------------------------
  // The empire and the orders come first; the panels, "since you were away" and the thread with the GM are read
  // once they are on screen.
  let releasePanels = null;
  CV.panelsAfter = new Promise((resolve) => { releasePanels = resolve; });
  let started = false;
  CV.on("state", (state) => {
    if (ordersPointer !== pointer()) {
      if (ordersPointer !== null) $("#order-msg").textContent = "";  // said of the last step
      // A new step's offers and orders come with the rest the step sets off reading (the view, the panels).
      if (started) { ordersPointer = pointer(); CV.soon(loadOrders); } else loadOrders();
    }
    const open = state.step_kind === "orders" && state.status === "open";
    document.body.classList.toggle("orders-open", open);  // on a phone, "Your orders" comes first (player.css)
    $("#legal-orders").hidden = !open;
    $("#order-actions").hidden = !open;
    if (view) renderUnitCard();
    const note = $("#no-orders");
    note.hidden = open;
    note.textContent = state.status !== "open" ? "This step is closed: the GM is resolving it."
      : state.step_kind === "gm_ruling" ? "The rules leave this step to the GM, who may post a ruling to you."
      : "No orders in this step: it is resolved for every civilization at once.";
    if (ordersOpen !== null && ordersOpen !== (state.status === "open")) renderOrders();  // Withdraw comes and goes
    renderReady(state);
    if (!started) {
      started = true;
      Promise.allSettled([loadView(), ordersLoad]).then(() => {
        releasePanels();
        loadAway().catch(() => { /* shown on the next visit */ });
        loadNotes().catch(() => { /* loaded again on the next note event */ });
        loadChoices().catch(() => { /* loaded again on the next choice event */ });
      });
    }
  });

  // The world changes when a step resolves or is undone, and with what the chronicle tells; orders, readiness and
  // the steps' machinery leave it as it is, so they cost no read. The history replayed on opening the page is
  // already in the first view (read after the page was served).
  const WORLD_CHANGES = new Set(["StepOpened", "StepUndone"]);
  CV.on("event", (event) => {
    if (event.type === "NoteSent") addNote(event);
    if (event.type === "BattleChoiceAsked" || event.type === "BattleChoiceAnswered") {
      loadChoices().catch(() => { /* loaded again on the next choice event */ });
    }
    if ((event.type === "OrderAccepted" || event.type === "OrderWithdrawn") && !CV.catchingUp) {
      orderEvent(event).catch(() => { /* the next step reads the orders again */ });
    }
    if ((CV.events.isChronicle(event) || WORLD_CHANGES.has(event.type)) && event.seq > CV.servedSeq) refreshView();
    // A design saved on the designer page can be built at once: the offers are read again to list it.
    if (event.type === "DesignSaved" && event.seq > CV.servedSeq && !CV.catchingUp) CV.soon(loadOrders);
  });

  $("#ready").addEventListener("click", async () => {
    const msg = $("#order-msg");
    try {
      await CV.http.post(CV.api("ready/"), {round: CV.state.round, step: CV.state.step});
      msg.textContent = "You are marked ready.";
      const me = CV.state.civilizations.find((c) => c.id === CV.state.viewer.civ_id);
      if (me) { me.ready = true; CV.render(); }
    } catch (e) { msg.textContent = e.message; }
  });
})();
