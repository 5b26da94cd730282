// The GM's galaxy setup: settings, generate or re-roll, the map as SVG (one path per kind of object, so a 70x70
// map stays a handful of elements), the proposed home worlds with their neighbourhoods, reviews, and Start.
(function () {
  "use strict";
  let setup = JSON.parse(document.getElementById("setup-data").textContent);
  const api = (path) => `/api/campaigns/${setup.campaign_id}/${path}`;
  const $ = (sel) => document.querySelector(sel);
  const svg = $("#galaxy-map");
  const {http, el, svg: svgNode} = window.CV;
  const SQRT3 = Math.sqrt(3);
  const KINDS = {
    O: ["Class O (blue)", "#8fb0ff"], B: ["Class B (blue-white)", "#b4c8ff"], A: ["Class A (white)", "#e6ecff"],
    F: ["Class F (yellow-white)", "#fff7d6"], G: ["Class G (yellow)", "#ffe066"], K: ["Class K (orange)", "#ffad5c"],
    M: ["Class M (red)", "#ff6b57"], binary: ["Binary", "#ffd27f"], nebula: ["Nebula", "#b57bff"],
    storm: ["Storm", "#4fd6c4"], "black hole": ["Black hole", "#ff4fa3"], anomaly: ["Anomaly", "#9aa3d0"],
    "": ["Deep space", "#555a7a"],
  };
  let view = null;
  let selected = null;

  const label = (col, row) => `${String(col).padStart(2, "0")}${String(row).padStart(2, "0")}`;
  // Column-first hex numbers, even-numbered columns half a hex lower (galaxy/engine/hexes.py).
  const centre = (col, row) => [1.5 * (col - 1), SQRT3 * ((row - 1) + 0.5 * ((col - 1) & 1))];

  function hexPath(col, row) {
    const [cx, cy] = centre(col, row);
    let d = "";
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 3 * i;
      d += `${i ? "L" : "M"}${(cx + Math.cos(a)).toFixed(2)} ${(cy + Math.sin(a)).toFixed(2)}`;
    }
    return d + "Z";
  }

  const kindOf = (point) => point[4] || point[3] || "";

  function drawMap() {
    svg.replaceChildren();
    if (!setup.generated) return;
    const w = 1.5 * (setup.width - 1) + 2, h = SQRT3 * (setup.height + 0.5);
    view = view || {x: -1, y: -1, w: Math.max(w, h) + 1, h: Math.max(w, h) + 1};
    applyView();
    const byKind = {};
    for (const point of setup.points) (byKind[kindOf(point)] ||= []).push(hexPath(point[0], point[1]));
    svg.append(svgNode("rect", {x: -1, y: -1, width: w + 1, height: h + 1, fill: "#05070f"}));
    for (const [kind, paths] of Object.entries(byKind)) {
      svg.append(svgNode("path", {d: paths.join(""), fill: (KINDS[kind] || KINDS[""])[1], "data-kind": kind}));
    }
    for (const home of setup.home_worlds) {
      const col = Number(home.hex.slice(0, home.hex.length / 2)), row = Number(home.hex.slice(home.hex.length / 2));
      const [cx, cy] = centre(col, row);
      svg.append(svgNode("circle", {cx, cy, r: 2.2, class: "home", "data-home": home.number}));
      svg.append(svgNode("text", {x: cx + 2.4, y: cy + 0.8, class: "home-label"}, String(home.number)));
    }
    if (selected) {
      const [cx, cy] = centre(selected[0], selected[1]);
      svg.append(svgNode("circle", {cx, cy, r: 1.1, class: "selected"}));
    }
    const counts = Object.entries(byKind).map(([k, v]) => [k, v.length]);
    $("#legend").replaceChildren(...counts.map(([kind, n]) => {
      const li = document.createElement("li");
      const dot = document.createElement("span");
      dot.style.background = (KINDS[kind] || KINDS[""])[1];
      li.append(dot, `${(KINDS[kind] || KINDS[""])[0]}: ${n}`);
      return li;
    }));
    $("#map-summary").textContent = `${setup.width}×${setup.height}, seed ${setup.seed}, ${setup.points.length} systems`;
  }

  function applyView() {
    svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
  }

  function toMap(event) {
    const box = svg.getBoundingClientRect();
    return [view.x + (event.clientX - box.left) / box.width * view.w,
            view.y + (event.clientY - box.top) / box.height * view.h];
  }

  // Pan by dragging, zoom with the wheel; a click without a drag picks the nearest system.
  let drag = null;
  svg.addEventListener("pointerdown", (event) => {
    drag = {x: event.clientX, y: event.clientY, view: {...view}, moved: false};
    svg.setPointerCapture(event.pointerId);
  });
  svg.addEventListener("pointermove", (event) => {
    if (!drag || !view) return;
    const box = svg.getBoundingClientRect();
    const dx = (event.clientX - drag.x) / box.width * view.w, dy = (event.clientY - drag.y) / box.height * view.h;
    if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) > 4) drag.moved = true;
    if (drag.moved) { view.x = drag.view.x - dx; view.y = drag.view.y - dy; applyView(); }
  });
  svg.addEventListener("pointerup", (event) => {
    if (drag && !drag.moved && setup.generated) pick(toMap(event));
    drag = null;
  });
  svg.addEventListener("wheel", (event) => {
    if (!view) return;
    event.preventDefault();
    const [mx, my] = toMap(event);
    const factor = event.deltaY > 0 ? 1.2 : 1 / 1.2;
    view = {x: mx - (mx - view.x) * factor, y: my - (my - view.y) * factor, w: view.w * factor, h: view.h * factor};
    applyView();
  }, {passive: false});

  async function pick([x, y]) {
    let best = null, bestDistance = 1.2;
    for (const point of setup.points) {
      const [cx, cy] = centre(point[0], point[1]);
      const d = Math.hypot(cx - x, cy - y);
      if (d < bestDistance) { best = point; bestDistance = d; }
    }
    if (!best) return;
    selected = best;
    drawMap();
    const hex = label(best[0], best[1]);
    const box = $("#system-detail");
    box.textContent = "Loading…";
    try {
      const system = await http.get(api(`galaxy/systems/${hex}/`));
      box.replaceChildren();
      const title = document.createElement("h3");
      title.textContent = `${system.kind} · hex ${system.hex}`;
      const list = document.createElement("ul");
      list.className = "list";
      for (const p of system.planets) {
        const li = document.createElement("li");
        li.textContent = `${p.star}${p.orbit} ${p.zone}: STEP ${p.step}, ${p.body}, life ${p.life}, max CP ` +
          `${p.max_output}${p.viable ? ", viable" : ""}${p.resources.length ? ", " + p.resources.join(", ") : ""}`;
        list.append(li);
      }
      const specials = document.createElement("p");
      specials.textContent = system.specials.length ? `Specials: ${system.specials.join("; ")}` : "";
      box.append(title, system.planets.length ? list : "No planets.", specials);
    } catch (error) {
      box.textContent = error.message;
    }
  }

  function renderHomes() {
    const body = $("#home-worlds tbody");
    body.replaceChildren(...(setup.home_worlds || []).map((home) => {
      const tr = document.createElement("tr");
      tr.dataset.home = home.number;
      const n = home.neighbourhood;
      for (const text of [home.number, home.hex, home.step, home.max_output, n.systems, n.viable_planets,
                          n.viable_output, n.hazards, home.nearest_capital ?? "–"]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      const td = document.createElement("td");
      const input = document.createElement("input");
      input.size = 5; input.placeholder = "CCRR";
      input.setAttribute("aria-label", `Move home world ${home.number} to hex`);
      const button = document.createElement("button");
      button.type = "button"; button.className = "secondary"; button.textContent = "Move";
      button.disabled = setup.started;
      button.addEventListener("click", async () => {
        try {
          setup = await http.post(api(`galaxy/home-worlds/${home.number}/`), {hex: input.value});
          $("#home-msg").textContent = `Home world ${home.number} moved to ${input.value}.`;
          render();
        } catch (error) {
          $("#home-msg").textContent = error.message;
        }
      });
      td.append(input, " ", button);
      tr.append(td);
      return tr;
    }));
  }

  function renderCivs() {
    $("#setup-civs").replaceChildren(...setup.civilizations.map((civ) => {
      const li = document.createElement("li");
      const s = civ.setup;
      const what = !s ? "no race or faction yet" : s.kind === "race"
        ? `race ${s.race.name} (STEP ${s.race.home_world}, ${s.ap_total} AP)` : `faction ${s.faction}`;
      li.append(`${civ.name}: ${what}${s ? ` · ${s.status}` : ""}${s && s.gm_comment ? ` · “${s.gm_comment}”` : ""} `);
      if (s && s.status !== "approved") {
        const approve = document.createElement("button");
        approve.type = "button"; approve.className = "secondary"; approve.textContent = "Approve";
        const back = document.createElement("button");
        back.type = "button"; back.className = "secondary"; back.textContent = "Send back";
        const review = async (ok) => {
          const comment = ok ? "" : window.prompt(`Why do you send ${civ.name}'s setup back?`) || "";
          try {
            await http.post(api(`civilizations/${civ.id}/review/`), {approve: ok, comment});
            setup = await http.get(api("galaxy/"));
            render();
          } catch (error) {
            $("#start-msg").textContent = error.message;
          }
        };
        approve.addEventListener("click", () => review(true));
        back.addEventListener("click", () => review(false));
        li.append(approve, " ", back);
      }
      return li;
    }));
  }

  // Each civilization's start: the campaign's default preset, and per civilization a preset whose treasury, Ore and
  // units the GM may change. A refusal names its field, which the form marks; nothing is saved then.
  function renderStarts() {
    const starts = setup.starts;
    const presetOptions = (chosen) => starts.presets.map((p) => el("option", {value: p.key, selected: p.key === chosen}, p.title));
    const choice = $("#start-default");
    choice.replaceChildren(...presetOptions(starts.default));
    choice.disabled = setup.started;
    choice.onchange = async () => {
      try {
        setup = await http.post(api("starts/"), {preset: choice.value});
        render();
        $("#start-default-msg").textContent = "Saved: civilizations without their own start get it.";
      } catch (error) {
        $("#start-default-msg").textContent = error.message;
      }
    };
    $("#civ-starts").replaceChildren(...setup.civilizations.map(civStartForm));
  }

  function civStartForm(civ) {
    const start = civ.start;
    const counts = Object.fromEntries(start.units.map((u) => [u.design_id, u.count]));
    const number = (name, label, value) => el("div", {class: "field"},
      el("label", {for: `start-${civ.id}-${name}`}, label),
      el("input", {id: `start-${civ.id}-${name}`, name, type: "number", min: 0, step: 1, value, inputmode: "numeric",
                   "data-field": name}));
    const units = el("fieldset", {class: "stats"}, el("legend", {}, "Units at the home system"),
      ...setup.starts.designs.map((d) => el("label", {},
        `${d.name} (${d.scale}, ${d.mu.toLocaleString("en")} MU)`,
        el("input", {type: "number", min: 0, step: 1, inputmode: "numeric", name: "count", "data-design": d.design_id,
                     value: counts[d.design_id] || 0}))));
    const message = el("p", {class: "msg", role: "status", "aria-live": "polite"});
    const preset = el("select", {id: `start-${civ.id}-preset`, name: "preset"},
      ...setup.starts.presets.map((p) => el("option", {value: p.key, selected: p.key === start.preset}, p.title)));
    const form = el("form", {class: "stack", "data-civ": civ.id, novalidate: true},
      el("h3", {}, civ.name),
      el("p", {class: "muted", "data-summary": ""},
        `${start.summary} · mine ${start.mine_output} Ore a quarter · survey within ${start.survey_radius} sectors` +
        (start.edited ? " · set by you" : " · the campaign's default")),
      el("div", {class: "settings-form"},
        el("div", {class: "field"}, el("label", {for: preset.id}, "Preset"), preset),
        number("mu", "Treasury (MU)", start.mu), number("ore", "Ore at the home system", start.ore)),
      units,
      el("div", {class: "row"},
        el("button", {type: "submit", disabled: setup.started}, "Save start"),
        el("button", {type: "button", class: "secondary", disabled: setup.started || !start.edited,
                      onclick: () => send({preset: null})}, "Back to the default")),
      message);
    // A new preset fills in its own figures, to be saved or changed first.
    preset.addEventListener("change", () => {
      const chosen = setup.starts.presets.find((p) => p.key === preset.value);
      const chosenCounts = Object.fromEntries(chosen.units.map((u) => [u.design_id, u.count]));
      form.elements.mu.value = chosen.mu;
      form.elements.ore.value = chosen.ore;
      form.querySelectorAll("[data-design]").forEach((input) => { input.value = chosenCounts[input.dataset.design] || 0; });
    });
    const whole = (input) => (input.value.trim() === "" ? null : Number(input.value));
    async function send(body) {
      form.querySelectorAll("[aria-invalid]").forEach((input) => input.removeAttribute("aria-invalid"));
      try {
        setup = await http.post(api(`civilizations/${civ.id}/start/`), body);
        render();
        const saved = document.querySelector(`#civ-starts form[data-civ="${civ.id}"] .msg`);
        if (saved) saved.textContent = "Saved: Start gives this.";
      } catch (error) {
        message.textContent = error.message;
        const unit = /^units\[(\d+)\]/.exec(error.field || "");
        const target = unit && body.units ? form.querySelector(`[data-design="${body.units[Number(unit[1])].design_id}"]`)
          : form.querySelector(`[data-field="${error.field}"]`);
        if (target) { target.setAttribute("aria-invalid", "true"); target.focus(); }
      }
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const listed = [...form.querySelectorAll("[data-design]")]
        .map((input) => ({design_id: input.dataset.design, count: whole(input)}))
        .filter((u) => u.count !== 0);
      send({preset: preset.value, mu: whole(form.elements.mu), ore: whole(form.elements.ore), units: listed});
    });
    form.querySelectorAll("input, select").forEach((input) => { input.disabled = setup.started; });
    return form;
  }

  function renderRaceItems() {
    const items = setup.race_items || [];
    $("#race-items").replaceChildren(...(items.length ? items : [null]).map((item) => {
      const li = document.createElement("li");
      li.textContent = item
        ? `${item.name} (${item.key}) · ${item.category} · ${item.ap} AP${item.max_levels > 1 ? ` per level, up to ${item.max_levels}` : ""}${item.note ? ` · ${item.note}` : ""}`
        : "None yet.";
      return li;
    }));
    $("#add-race-item").disabled = setup.started;
  }

  function render() {
    drawMap();
    renderHomes();
    renderCivs();
    renderStarts();
    renderRaceItems();
    $("#started-note").hidden = !setup.started;
    for (const button of ["#generate", "#reroll", "#start-campaign"]) $(button).disabled = setup.started;
    if (setup.generated) {
      const form = $("#galaxy-form");
      for (const name of ["width", "height", "star_density", "habitable_frequency", "resource_abundance"]) {
        form.elements[name].value = setup.settings[name];
      }
      form.elements.npc_aliens.checked = setup.settings.npc_aliens;
      form.elements.home_worlds.value = setup.home_world_count;
      form.elements.min_distance.value = setup.home_world_distance;
      form.elements.seed.value = setup.seed;
    }
  }

  async function generate(newSeed) {
    const form = $("#galaxy-form");
    const number = (name) => Number(form.elements[name].value);
    const body = {
      settings: {width: number("width"), height: number("height"), star_density: number("star_density"),
                 habitable_frequency: number("habitable_frequency"),
                 resource_abundance: number("resource_abundance"), npc_aliens: form.elements.npc_aliens.checked},
      seed: newSeed ? "" : form.elements.seed.value.trim(),
      home_worlds: number("home_worlds"), min_distance: number("min_distance"),
    };
    const buttons = [$("#generate"), $("#reroll")];
    buttons.forEach((b) => { b.disabled = true; });
    form.setAttribute("aria-busy", "true");
    $("#galaxy-msg").textContent = "Generating the galaxy…";
    $("#galaxy-msg").className = "msg busy";
    try {
      setup = await http.post(api("galaxy/generate/"), body);
      view = null;
      selected = null;
      $("#galaxy-msg").textContent = `Generated: ${setup.points.length} systems, ${setup.home_worlds.length} home worlds.`;
      render();
    } catch (error) {
      $("#galaxy-msg").textContent = error.message;
    } finally {
      form.removeAttribute("aria-busy");
      $("#galaxy-msg").className = "msg";
      buttons.forEach((b) => { b.disabled = setup.started; });
    }
  }

  $("#galaxy-form").addEventListener("submit", (event) => { event.preventDefault(); generate(false); });
  $("#reroll").addEventListener("click", () => generate(true));
  $("#race-item-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target.elements;
    const whole = (input) => (input.value.trim() === "" ? null : Number(input.value));
    try {
      await http.post(api("races/items/"), {
        key: form.key.value.trim(), name: form.name.value.trim(), category: form.category.value,
        ap: whole(form.ap), max_levels: whole(form.max_levels), note: form.note.value.trim(),
      });
      setup = await http.get(api("galaxy/"));
      render();
      $("#race-item-msg").textContent = "Added: the race builder offers it now.";
      event.target.reset();
    } catch (error) {
      $("#race-item-msg").textContent = error.message;
    }
  });

  $("#start-campaign").addEventListener("click", async () => {
    $("#start-campaign").disabled = true;
    try {
      await http.post(api("start/"), {});
      window.location.href = window.CV.campaignUrl;
    } catch (error) {
      $("#start-msg").textContent = error.message;
      $("#start-campaign").disabled = false;
    }
  });
  render();
})();
