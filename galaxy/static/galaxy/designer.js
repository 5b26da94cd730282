// The unit designer: every edit asks the server for the design's cost and problems (the engine's own numbers),
// so the page never prices a design by rules of its own.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("designer-data").textContent);
  const api = (path) => `/api/campaigns/${data.campaign_id}/${path}`;
  const form = document.getElementById("design-form");
  const $ = (sel) => document.querySelector(sel);
  const STATS = ["sensors", "signature", "movement_rate", "targeting", "evasion", "hp"];
  const COUNTS = ["construction_bp", "terraform_tp", "cargo_capacity", "mining", "cloak", "research"];
  const FLAGS = ["colonize", "salvage", "ftl"];
  let designs = data.designs;
  let previewSeq = 0;
  let timer = null;
  let lastProblems = [];

  const http = window.CV.http;

  function componentRow(list, types, kind, value) {
    const item = document.createElement("li");
    const select = document.createElement("select");
    select.setAttribute("aria-label", `${kind} type`);
    for (const type of types) select.add(new Option(type, type));
    select.value = value.type || types[0];
    const amount = document.createElement("input");
    amount.type = "number"; amount.step = "0.5"; amount.min = "0"; amount.max = "10";
    amount.value = value.amount;
    amount.setAttribute("aria-label", kind === "weapon" ? "Average damage" : "Damage resistance");
    const remove = document.createElement("button");
    remove.type = "button"; remove.className = "secondary"; remove.textContent = "Remove";
    remove.addEventListener("click", () => { item.remove(); changed(); });
    item.append(select, amount, remove);
    list.append(item);
  }

  function components(list, key) {
    return [...list.children].map((li) => ({
      type: li.querySelector("select").value,
      [key]: Number(li.querySelector("input").value),
    }));
  }

  function collect() {
    const value = (name) => form.elements[name].value === "" ? null : Number(form.elements[name].value);
    const weapons = components($("#d-weapons"), "average_damage");
    const defenses = components($("#d-defenses"), "damage_resistance");
    const stats = Object.fromEntries(STATS.map((name) => [name, value(name)]));
    stats.weapons = weapons.length;
    stats.defenses = defenses.length;
    const specials = Object.fromEntries([
      ...COUNTS.map((name) => [name, value(name) || 0]),
      ...FLAGS.map((name) => [name, form.elements[name].checked]),
    ]);
    return {name: form.elements.name.value, scale: form.elements.scale.value, stats, weapons, defenses, specials,
            crew: value("crew") || 0};
  }

  function load(design) {
    form.elements.name.value = design.name;
    form.elements.scale.value = design.scale;
    for (const name of STATS) form.elements[name].value = design.stats[name];
    for (const name of COUNTS) form.elements[name].value = design.specials[name] || 0;
    for (const name of FLAGS) form.elements[name].checked = Boolean(design.specials[name]);
    form.elements.crew.value = design.crew || 0;
    $("#d-weapons").replaceChildren();
    $("#d-defenses").replaceChildren();
    for (const w of design.weapons) componentRow($("#d-weapons"), data.catalogue.weapon_types, "weapon",
                                                 {type: w.type, amount: w.average_damage});
    for (const d of design.defenses) componentRow($("#d-defenses"), data.catalogue.defense_types, "defense",
                                                  {type: d.type, amount: d.damage_resistance});
    changed();
  }

  const fmt = (n) => Number(n).toLocaleString("en");

  function show(result) {
    const cost = result.cost;
    $("#f-mu").textContent = fmt(cost.mu);
    $("#f-bp").textContent = fmt(cost.build_points);
    $("#f-ore").textContent = fmt(cost.ore);
    $("#f-spaces").textContent = `${cost.spaces_used} of ${cost.hull_spaces}`;
    $("#f-fp").textContent = fmt(cost.fighting_power);
    $("#f-op").textContent = fmt(cost.offensive_potential);
    $("#f-end").textContent = fmt(cost.endurance);
    $("#f-init").textContent = fmt(cost.initiative);
    showProblems(result.problems);
  }

  function showProblems(problems) {
    lastProblems = problems;
    $("#f-problems").replaceChildren(...problems.map((p) => {
      const li = document.createElement("li");
      li.dataset.field = p.field;
      li.textContent = `${p.field}: ${p.reason}`;
      return li;
    }));
    const save = $("#save-design");
    if (save) save.disabled = problems.length > 0;
  }

  async function preview() {
    const seq = ++previewSeq;
    try {
      const result = await http.post(api("designs/preview"), collect());
      if (seq === previewSeq) show(result);
    } catch (error) {
      if (seq === previewSeq) showProblems([{field: error.field || "design", reason: error.message}]);
    }
  }

  function changed() {
    $("#d-weapons-count").textContent = $("#d-weapons").children.length;
    $("#d-defenses-count").textContent = $("#d-defenses").children.length;
    clearTimeout(timer);
    timer = setTimeout(preview, 120);
  }

  function renderList() {
    $("#design-list").replaceChildren(...designs.map((design) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button"; button.className = "link";
      button.textContent = `${design.name} (${design.scale.toLowerCase()}, ${fmt(design.cost.mu)} MU)`;
      button.addEventListener("click", () => load(design));
      li.append(button, design.owner_civ_id === null ? " · starter" : "");
      return li;
    }));
  }

  for (const scale of data.catalogue.scales) {
    form.elements.scale.add(new Option(`${scale.title} (×${fmt(scale.multiplier)})`, scale.key));
  }
  form.elements.scale.addEventListener("change", () => {
    // "Start from a scale": the weakest unit of that scale, keeping the name and the components.
    const basic = data.catalogue.scales.find((s) => s.key === form.elements.scale.value).basic;
    for (const name of STATS) form.elements[name].value = basic.stats[name];
    changed();
  });
  form.addEventListener("input", changed);
  $("#add-weapon").addEventListener("click", () => {
    componentRow($("#d-weapons"), data.catalogue.weapon_types, "weapon", {amount: 1});
    changed();
  });
  $("#add-defense").addEventListener("click", () => {
    componentRow($("#d-defenses"), data.catalogue.defense_types, "defense", {amount: 1});
    changed();
  });
  const save = $("#save-design");
  if (save) {
    save.addEventListener("click", async () => {
      if (lastProblems.length) return;
      save.disabled = true;
      try {
        const saved = await http.post(api("designs/"), collect());
        designs = [...designs, saved];
        renderList();
        $("#design-msg").textContent = `Saved ${saved.name}.`;
      } catch (error) {
        $("#design-msg").textContent = error.message;
      } finally {
        save.disabled = lastProblems.length > 0;
      }
    });
  }
  renderList();
  const start = designs.find((d) => d.scale === "CORVETTE") || designs[0];
  load({...start, name: "New design"});
})();
