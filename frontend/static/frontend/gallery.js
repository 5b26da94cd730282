// The spectator's gallery on the campaign page: the public chronicle round by round, the published battle
// reports, the public map and the standings the GM publishes. It reads only what the server gives a spectator
// (public events, public reports, the public map), and follows the core's event stream, so it stays live.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  // Step bookkeeping: three events a step, folded away under each round so the story stays readable.
  const STEP_EVENTS = new Set(["StepClosed", "StepResolved", "StepOpened"]);
  // Events after which the battle list or the map may have changed (a delayed report opens at a step).
  const REFRESHING = new Set(["StepOpened", "StepUndone", "BattlePublished"]);
  // Each figure's heading, and a short one a phone shows instead (screen readers read the full one).
  const FIGURES = {mu: ["MU", "MU"], ore: ["Ore", "Ore"], units: ["Units", "Units"], colonies: ["Colonies", "Col."],
                   population: ["Population", "Pop."]};
  const figureHeading = (f) => {
    const [full, short] = FIGURES[f] || [f, f];
    return full === short ? full
      : [el("span", {class: "full"}, full), el("span", {class: "short", "aria-hidden": "true"}, short)];
  };
  const rounds = new Map();
  const standings = [];
  const publications = new Map();  // chronicle line -> its BattlePublished event
  let mapView = null;
  let battles = [];

  Object.assign(CV.describe, {
    BattlePublished: (p) => {
      const battle = battles.find((b) => b.id === p.battle_id);
      return `The Game Master published the report of the battle${battle ? ` at ${sectorName(battle.sector)}` : ""}.`;
    },
    CampaignStarted: (p) => `The campaign started (${p.date}) with ${p.civs} civilizations.`,
  });

  // Rounds map one to one onto Fiscal Quarters, so any round's date follows from the page's first state.
  const anchor = {round: CV.state.round, quarter: CV.state.fiscal_quarter - 1, year: CV.state.year};
  function roundDate(round) {
    const q = anchor.quarter + (round - anchor.round);
    return `FQ${((q % 4) + 4) % 4 + 1} GSY ${anchor.year + Math.floor(q / 4)}`;
  }
  const campaignUrl = (suffix) => `/campaigns/${CV.state.id}/${suffix}`;

  function roundBlock(round) {
    if (rounds.has(round)) return rounds.get(round);
    const id = `round-${round}`;
    const block = {
      lines: el("ol", {class: "chronicle-lines"}),
      none: el("p", {class: "muted"}, "Nothing of note yet: only the steps went by."),
      steps: el("ol", {class: "step-lines"}),
      count: el("span", {}),
    };
    block.section = el("section", {class: "round", id, "aria-labelledby": `${id}-h`, "data-round": round},
      el("h3", {id: `${id}-h`}, `Round ${round} · ${roundDate(round)}`),
      block.lines, block.none,
      el("details", {class: "steps"}, el("summary", {}, block.count), block.steps));
    const container = $("#rounds");
    const older = [...container.children].find((s) => Number(s.dataset.round) < round);
    container.insertBefore(block.section, older || null);  // newest round first
    rounds.set(round, block);
    return block;
  }

  function chronicleLine(event) {
    const item = el("li", {"data-seq": event.seq, "data-type": event.type, class: event.undone ? "undone" : null},
      el("span", {}, CV.text(event)));
    if (event.type === "BattlePublished") {
      item.dataset.battle = event.payload.battle_id;
      item.append(" ", el("a", {href: campaignUrl(`battles/${event.payload.battle_id}/`)}, "Read the report"));
      publications.set(item, event);
    }
    return item;
  }

  function addToChronicle(event) {
    const block = roundBlock(event.round);
    if (STEP_EVENTS.has(event.type)) {
      block.steps.append(chronicleLine(event));
      const resolved = block.steps.querySelectorAll("[data-type=StepResolved]").length;
      block.count.textContent = resolved === 0 ? "Step by step: the round has begun"
        : `Step by step: ${resolved} ${resolved === 1 ? "step" : "steps"} resolved`;
    } else {
      block.lines.append(chronicleLine(event));
      block.none.hidden = true;
    }
  }

  const number = (value) => (typeof value === "number" ? value.toLocaleString("en") : String(value ?? "–"));

  function standingsTable(event, caption) {
    const figures = event.payload.figures;
    return el("div", {class: "table-wrap", "data-seq": event.seq},
      el("table", {class: "standings"},
        el("caption", {}, caption),
        el("thead", {}, el("tr", {}, el("th", {scope: "col"}, "Civilization"),
          ...figures.map((f) => el("th", {scope: "col", class: "num"}, ...[figureHeading(f)].flat())))),
        el("tbody", {}, ...event.payload.rows.map((row) => el("tr", {},
          el("th", {scope: "row"}, row.name),
          ...figures.map((f) => el("td", {class: "num"}, number(row[f]))))))));
  }

  function renderStandings() {
    const current = standings.filter((e) => !e.undone);
    const latest = current[current.length - 1];
    $("#standings-latest").replaceChildren(latest
      ? standingsTable(latest, `Published for ${latest.payload.date} (round ${latest.payload.round})`)
      : el("p", {class: "muted"}, "The Game Master has not published any standings yet."));
    const earlier = current.slice(0, -1).reverse();
    $("#standings-earlier").hidden = earlier.length === 0;
    $("#standings-earlier-list").replaceChildren(...earlier.map((e) =>
      standingsTable(e, `${e.payload.date} (round ${e.payload.round})`)));
  }

  function sectorName(sectorId) {
    const names = ((mapView && mapView.pois) || []).filter((p) => p.sector_id === sectorId).map((p) => p.name);
    return names.length ? `${sectorId} (${names.join(", ")})` : sectorId;
  }

  function renderBattles() {
    // News of a publication names the battle's place once the reports (and the map's names) are in.
    publications.forEach((event, item) => { item.firstChild.textContent = CV.text(event); });
    $("#no-reports").hidden = battles.length > 0;
    $("#gallery-battles").replaceChildren(...battles.slice().reverse().map((b) => el("li", {"data-battle": b.id},
      el("a", {href: campaignUrl(`battles/${b.id}/`)}, `Battle at ${sectorName(b.sector)}`),
      el("span", {class: "muted"}, `Round ${b.round} · ${b.system_title} · ${b.ending}`),
      b.narrative ? el("p", {class: "narrative-snippet"}, b.narrative.length > 200
        ? `${b.narrative.slice(0, 200)}…` : b.narrative) : null)));
  }

  async function loadBattles() {
    const error = $("#reports-error");
    try {
      battles = await CV.request("GET", CV.api("battles/"));
      error.hidden = true;
      renderBattles();
    } catch (e) { error.hidden = false; error.textContent = `The battle reports could not be loaded: ${e.message}`; }
  }

  async function loadMap() {
    try {
      const data = await CV.request("GET", CV.api("view/"));
      mapView = data.map;
      CV.starmap($("#gallery-map"), mapView, {label: "Public map: Sectors and the Points of Interest known to all"});
      renderBattles();
    } catch (e) {
      $("#gallery-map").replaceChildren(el("p", {class: "error"}, `The map could not be loaded: ${e.message}`));
    }
  }

  let refreshTimer = null;
  function refreshSoon() {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => { loadBattles(); loadMap(); }, 200);
  }

  CV.on("event", (event) => {
    addToChronicle(event);
    if (event.type === "StandingsPublished") { standings.push(event); renderStandings(); }
    if (event.type === "StepUndone") {
      const undone = (seq) => seq > event.payload.undone_after_seq && seq < event.seq;
      document.querySelectorAll("#rounds li[data-seq]").forEach((li) => {
        if (undone(Number(li.dataset.seq))) li.classList.add("undone");
      });
      standings.forEach((e) => { if (undone(e.seq)) e.undone = true; });
      renderStandings();
    }
    if (REFRESHING.has(event.type)) refreshSoon();
    // Once the page is live (the catch-up is done), say what is new to screen readers, steps aside.
    if (document.body.dataset.live === "yes" && !STEP_EVENTS.has(event.type)) {
      $("#gallery-news").textContent = `Round ${event.round}: ${CV.text(event)}`;
    }
  });

  loadBattles();
  loadMap();
})();
