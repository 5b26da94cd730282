// The race builder: the price list comes from the server, the total updates as you pick, and the server checks
// the whole design (requirements, exclusions, budget) when you submit it.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("civ-data").textContent);
  const catalogue = data.catalogue;
  const api = (path) => `/api/campaigns/${data.campaign_id}/${path}`;
  const $ = (sel) => document.querySelector(sel);
  const items = [...catalogue.items, ...catalogue.extra_items];
  const byKey = Object.fromEntries(items.map((item) => [item.key, item]));

  const http = window.CV.http;

  // Where the setup stands, in the server's words; once the campaign has started nothing can be submitted.
  function showStatus(setup) {
    $("#setup-status").textContent = setup.status_text;
    for (const button of document.querySelectorAll("#submit-race, #submit-faction")) button.disabled = setup.started;
  }

  // The GM approves, sends back or starts from another page: read again whenever the player comes back to this one.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    http.get(api(`civilizations/${data.mine.civ_id}/setup/`)).then(showStatus).catch(() => { /* kept as it was */ });
  });

  function picks() {
    return [...document.querySelectorAll("#race-items input[type=checkbox]:checked")].map((box) => {
      const levels = box.parentElement.querySelector("input[type=number]");
      return {key: box.value, levels: levels ? Number(levels.value) : 1};
    });
  }

  function total() {
    const step = $("#r-step").value.toUpperCase();
    let ap = [...step].reduce((sum, digit) => sum + (catalogue.step_ap[digit] ?? 0), 0);
    for (const pick of picks()) ap += byKey[pick.key].ap * pick.levels;
    $("#ap-total").textContent = ap;
    $("#ap-total").classList.toggle("over", ap > catalogue.budget);
  }

  function renderItems() {
    const groups = {};
    for (const item of items) (groups[item.category] ||= []).push(item);
    $("#race-items").replaceChildren(...Object.entries(groups).map(([category, list]) => {
      const box = document.createElement("fieldset");
      const legend = document.createElement("legend");
      legend.textContent = category;
      box.append(legend);
      for (const item of list) {
        const label = document.createElement("label");
        const check = document.createElement("input");
        check.type = "checkbox"; check.value = item.key;
        label.append(check, `${item.name} (${item.ap} AP${item.max_levels > 1 ? " a level" : ""})`);
        if (item.max_levels > 1) {
          const levels = document.createElement("input");
          levels.type = "number"; levels.min = 1; levels.max = item.max_levels; levels.value = 1;
          levels.setAttribute("aria-label", `${item.name} levels`);
          label.append(levels);
        }
        if (item.note) label.title = item.note;
        box.append(label);
      }
      return box;
    }));
  }

  function loadRace(race) {
    $("#r-name").value = race.name;
    $("#r-step").value = race.home_world;
    $("#r-desc").value = race.description || "";
    for (const box of document.querySelectorAll("#race-items input[type=checkbox]")) {
      const pick = race.picks.find((p) => p.key === box.value);
      box.checked = Boolean(pick);
      const levels = box.parentElement.querySelector("input[type=number]");
      if (levels) levels.value = pick ? pick.levels : 1;
    }
    total();
  }

  async function submit(body) {
    try {
      const result = await http.post(api("setup/"), body);
      showStatus(result);
      $("#setup-msg").textContent = "Submitted; the GM will approve it or send it back.";
    } catch (error) {
      $("#setup-msg").textContent = error.message;
    }
  }

  $("#budget").textContent = catalogue.budget;
  renderItems();
  $("#examples").append(...catalogue.examples.map((race) => {
    const button = document.createElement("button");
    button.type = "button"; button.className = "link"; button.textContent = race.name;
    button.addEventListener("click", () => loadRace(race));
    return button;
  }).flatMap((b) => [b, " "]));
  $("#race-items").addEventListener("input", total);
  $("#r-step").addEventListener("input", total);
  $("#submit-race").addEventListener("click", () => submit({kind: "race", race: {
    name: $("#r-name").value, home_world: $("#r-step").value, description: $("#r-desc").value, picks: picks()}}));
  for (const faction of catalogue.factions) $("#faction").add(new Option(faction.name, faction.key));
  const describeFaction = () => {
    const f = catalogue.factions.find((x) => x.key === $("#faction").value);
    $("#faction-info").textContent = `${f.traits.join(", ")}. Starting scores: ` +
      `${f.scores.map(([name, v]) => `${name} ${v > 0 ? "+" : ""}${v}`).join(", ")}. May not play ${f.forbidden}.` +
      (f.may_attack ? "" : " Never attacks, only defends.");
  };
  $("#faction").addEventListener("change", describeFaction);
  describeFaction();
  $("#submit-faction").addEventListener("click", () => submit({kind: "faction", faction: $("#faction").value}));
  const mine = data.mine.setup;
  if (mine && mine.kind === "race") loadRace(mine.race);
  if (mine && mine.kind === "faction") { $("#faction").value = mine.faction; describeFaction(); }
  showStatus(data.mine);
  total();
})();
