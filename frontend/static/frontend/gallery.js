// The spectator's gallery on the campaign page: the public chronicle round by round, the published battle
// reports, the public map and the standings the GM publishes. It reads only what the server gives a spectator
// (public events, public reports, the public map), and follows the core's event stream, so it stays live.
(function () {
  "use strict";
  const CV = window.CV;
  const $ = CV.$;
  const el = CV.el;
  // Events after which the battle list or the map may have changed (a delayed report opens at a step).
  const REFRESHING = new Set(["StepOpened", "StepUndone", "BattlePublished"]);
  // Each figure's heading, and a short one a phone shows instead (screen readers read the full one).
  const FIGURES = {mu: ["MU", "MU"], ore: ["Ore", "Ore"], units: ["Units", "Units"], colonies: ["Colonies", "Col."],
                   population: ["Population", "Pop."], score: ["Score", "Score"]};
  const figureHeading = (f) => {
    const [full, short] = FIGURES[f] || [f, f];
    return full === short ? full
      : [el("span", {class: "full"}, full), el("span", {class: "short", "aria-hidden": "true"}, short)];
  };
  const rounds = new Map();
  const standings = [];
  let mapView = null;
  let battles = [];

  // Rounds map one to one onto Fiscal Quarters, so any round's date follows from the page's first state.
  const anchor = {round: CV.state.round, quarter: CV.state.fiscal_quarter - 1, year: CV.state.year};
  function roundDate(round) {
    const q = anchor.quarter + (round - anchor.round);
    return `FQ${((q % 4) + 4) % 4 + 1} GSY ${anchor.year + Math.floor(q / 4)}`;
  }
  const campaignUrl = (suffix) => `/campaigns/${CV.state.id}/${suffix}`;

  // A round's section: its chronicle, and how far its steps have gone (a count, not a line per step).
  function roundBlock(round) {
    if (rounds.has(round)) return rounds.get(round);
    const id = `round-${round}`;
    const block = {
      lines: el("ol", {class: "chronicle-lines"}),
      none: el("p", {class: "muted"}, "Nothing of note yet: only the steps went by."),
      progress: el("p", {class: "muted step-progress"}, "The round has begun."),
      resolved: [],  // the seq of each StepResolved, so an undo takes its steps back off the count
    };
    block.section = el("section", {class: "round", id, "aria-labelledby": `${id}-h`, "data-round": round},
      el("h3", {id: `${id}-h`}, `Round ${round} · ${roundDate(round)}`),
      block.progress, block.lines, block.none);
    const container = $("#rounds");
    const older = [...container.children].find((s) => Number(s.dataset.round) < round);
    container.insertBefore(block.section, older || null);  // newest round first
    rounds.set(round, block);
    return block;
  }

  function addToChronicle(event) {
    const block = roundBlock(event.round);
    if (CV.events.isChronicle(event)) {
      block.lines.append(CV.events.line(event, {withRound: false}));
      block.none.hidden = true;
    } else if (event.type === "StepResolved") {
      block.resolved.push(event.seq);
      showProgress(block);
    }
  }

  function showProgress(block) {
    const n = block.resolved.length;
    block.progress.dataset.resolved = n;
    block.progress.textContent = n ? `${n} ${n === 1 ? "step" : "steps"} resolved.` : "The round has begun.";
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
      battles = await CV.read("battles/");
      error.hidden = true;
      renderBattles();
    } catch (e) { error.hidden = false; error.textContent = `The battle reports could not be loaded: ${e.message}`; }
  }

  async function loadMap() {
    try {
      const data = await CV.read("view/");
      mapView = data.map;
      CV.starmap($("#gallery-map"), mapView, {label: "Public map: Sectors and the Points of Interest known to all"});
      renderBattles();
    } catch (e) {
      $("#gallery-map").replaceChildren(el("p", {class: "error"}, `The map could not be loaded: ${e.message}`));
    }
  }

  // The list and the map are read together (one request), after a burst of events.
  function refreshSoon() { CV.soon(loadBattles); CV.soon(loadMap); }

  CV.on("event", (event) => {
    addToChronicle(event);
    if (event.type === "StandingsPublished") { standings.push(event); renderStandings(); }
    if (event.type === "StepUndone") {
      const undone = (seq) => seq > event.payload.undone_after_seq && seq < event.seq;
      document.querySelectorAll("#rounds li[data-seq]").forEach((li) => {
        if (undone(Number(li.dataset.seq))) li.classList.add("undone");
      });
      standings.forEach((e) => { if (undone(e.seq)) e.undone = true; });
      rounds.forEach((block) => {
        block.resolved = block.resolved.filter((seq) => !undone(seq));
        showProgress(block);
      });
      renderStandings();
    }
    if (REFRESHING.has(event.type)) refreshSoon();
    // Once the page is live (the catch-up is done), say what is new to screen readers, steps aside.
    if (document.body.dataset.live === "yes" && CV.events.isChronicle(event)) {
      $("#gallery-news").textContent = `Round ${event.round}: ${event.description}`;
    }
  });

  loadBattles();
  loadMap();
})();
